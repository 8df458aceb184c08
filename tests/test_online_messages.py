"""The online protocol's messages and terms: every kind round trips, anything else is refused clearly."""

from __future__ import annotations

import json

import pytest

from tavli.online.errors import ProtocolError
from tavli.online.messages import (
    MAX_BYTES,
    Accept,
    Act,
    Action,
    Bye,
    Check,
    Do,
    Forfeit,
    Hello,
    Pong,
    Reveal,
    Start,
    action_from_dict,
    chain_next,
    decode,
    encode,
)
from tavli.online.terms import Terms

S = "5" * 64
TERMS = Terms("tavli", 5, "greek", "blitz", {"mother_points": 1, "first_checker": "quarter", "prime": "open"}, 20.0)

MESSAGES = [
    Hello(1, "Νίκος", "host", 0, "", 1, S, 12.5),
    Hello(1, "", "guest", 12, "0123456789abcdef", 7, S, 0.0),
    Pong(12.5, 3.25),
    Start(TERMS, "Ana"),
    Accept(),
    Act(0, "", Action(Do.OPENING, 1.5, k=1, secret=S, commit=S)),
    Act(4, "0123456789abcdef", Action(Do.PLAY, 20.25, dice=(6, 6), moves=((24, 18), (24, 18), (13, 7), (13, 7)))),
    Act(5, "0123456789abcdef", Action(Do.PLAY, 21.0, dice=(2, 1), moves=())),
    Act(6, "0123456789abcdef", Action(Do.RESIGN, 22.0, level="gammon")),
    Act(7, "0123456789abcdef", Action(Do.FORFEIT, 23.0, reason=Forfeit.ABANDONED)),
    *(Act(8, "0123456789abcdef", Action(do, 24.0)) for do in (Do.DOUBLE, Do.TAKE, Do.DROP, Do.ACCEPT_RESIGN,
                                                              Do.REFUSE_RESIGN, Do.NEXT_GAME, Do.CLAIM, Do.RESIGN_MATCH)),
    Reveal(3, S, S),
    Check(9, "0123456789abcdef", "4HPwATDgc/ABMA", "0123456789abcdef"),
    Bye(""),
    Bye("dice"),
]


@pytest.mark.parametrize("msg", MESSAGES, ids=lambda m: m.type)
def test_every_message_round_trips_as_compact_json(msg):
    text = encode(msg)
    assert decode(text) == msg
    assert ", " not in text and json.loads(text)["type"] == msg.type


def _bad(**change):
    data = json.loads(encode(Act(3, "0123456789abcdef", Action(Do.PLAY, 9.5, dice=(3, 1), moves=((8, 5), (6, 5))))))
    data.update(change)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


@pytest.mark.parametrize("text, says", [
    ("x" * (MAX_BYTES + 1), "bytes"),
    ('{"type":"hello"' + " " * MAX_BYTES + "}", "bytes"),
    ("not json", "JSON"),
    ("[1, 2]", "object with a type"),
    ('{"type":"gossip"}', "unknown kind"),
    ('{"type":"accept","extra":1}', "unknown"),
    (_bad(do="teleport"), "unknown action"),
    (_bad(seq=-1), "seq"),
    (_bad(seq=True), "seq"),
    (_bad(seq=...), "seq"),
    (_bad(chain="xyz"), "chain"),
    (_bad(at="soon"), "at"),
    (_bad(at=1e300), "at"),
    (_bad(dice=[7, 1]), "dice"),
    (_bad(dice=[1]), "dice"),
    (_bad(moves=[[8, 5]] * 5), "moves"),
    (_bad(moves=[[30, 5]]), "move"),
    (_bad(level="single"), "unknown"),
    ('{"type":"act","seq":0,"chain":"","do":"roll","at":1,"k":1,"secret":"zz","commit":"' + S + '"}', "secret"),
    ('{"type":"act","seq":0,"chain":"","do":"resign","at":1,"level":"quadruple"}', "resignation"),
    ('{"type":"act","seq":0,"chain":"","do":"forfeit","at":1,"reason":"bored"}', "reason"),
    ('{"type":"hello","v":1,"name":"a\\u0000b","role":"host","seq":0,"chain":"","roll":1,"commit":"' + S + '","sent":1}', "name"),
    ('{"type":"hello","v":1,"name":"a","role":"king","seq":0,"chain":"","roll":1,"commit":"' + S + '","sent":1}', "role"),
    ('{"type":"start","name":"a","terms":{"variant":"chess"}}', "terms"),
    ('{"type":"reveal","roll":0,"secret":"' + S + '","commit":"' + S + '"}', "roll"),
    ('{"type":"act","seq":0,"chain":"","do":"play","at":NaN,"dice":[1,2],"moves":[]}', "JSON"),
])
def test_anything_else_is_refused_with_what_is_wrong(text, says):
    with pytest.raises(ProtocolError, match=says):
        decode(text)


def test_the_chain_hash_follows_every_action_and_who_made_it():
    a = Action(Do.DOUBLE, 1.0)
    first = chain_next("", 0, a)
    assert len(first) == 16 and first != chain_next("", 1, a) != chain_next("", 0, Action(Do.DOUBLE, 1.001))
    assert chain_next(first, 0, a) != first
    assert action_from_dict(Action(Do.PLAY, 2.0, dice=(1, 2), moves=((3, 1),)).fields()).moves == ((3, 1),)


def test_terms_round_trip_and_make_the_match_they_describe():
    assert Terms.from_dict(TERMS.to_dict()) == TERMS
    match = TERMS.make_match(dice=None)
    assert (match.variant, match.length, match.options["mother_points"], match.rules.resign_offers) == ("tavli", 5, 1, False)
    assert match.clock is not None and match.clock.mode == "blitz" and match.clock.move_time == pytest.approx(11 / 20)
    assert Terms("portes", None, "international", "off").make_match(dice=None).money


@pytest.mark.parametrize("change, says", [
    ({"variant": "chess"}, "game"),
    ({"length": 0}, "points"),
    ({"length": None}, "money"),
    ({"length": True}, "points"),
    ({"rules": "house"}, "rules"),
    ({"clock": "sand"}, "clock"),
    ({"options": {"prime": "sometimes"}}, "prime"),
    ({"options": {"mother_points": 2, "colour": "red"}}, "unknown option"),
    ({"options": []}, "options"),
    ({"clock_speed": 0}, "speed"),
    ({"clock_speed": "fast"}, "speed"),
    ({"extra": 1}, "dict of"),
])
def test_terms_from_the_peer_are_checked(change, says):
    data = TERMS.to_dict() | change
    with pytest.raises(ProtocolError, match=says):
        Terms.from_dict(data)
