"""Online play's invitations (web.model.invite) and relay lists (web.model.relays, the ``relays``
preference): what a link holds, what is refused and why."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.model import i18n
from web.model import prefs as P
from web.model.invite import Invite, InviteError, InviteProblem, has_invite, invite_url, new_invite, parse_invite
from web.model.relays import (
    DEFAULT_RELAYS,
    MAX_RELAYS,
    RelayError,
    RelayProblem,
    parse_relays,
    relays_in_use,
    relays_text,
)

ROOT = Path(__file__).resolve().parents[1]
ROOM = "0123456789abcdef0123456789abcdef"
KEY = "fedcba9876543210fedcba9876543210"


# --- invitations --------------------------------------------------------------------------------


def test_a_new_invite_is_two_random_128_bit_parts():
    a, b = new_invite(secrets.token_bytes), new_invite(secrets.token_bytes)
    for invite in (a, b):
        assert re.fullmatch(r"[0-9a-f]{32}", invite.room) and re.fullmatch(r"[0-9a-f]{32}", invite.key)
        assert invite.room != invite.key
    assert a != b


def test_new_invite_takes_its_bytes_from_the_source():
    chunks = iter([bytes(range(16)), bytes(range(16, 32))])
    invite = new_invite(lambda n: next(chunks))
    assert invite == Invite(bytes(range(16)).hex(), bytes(range(16, 32)).hex())
    with pytest.raises(ValueError):
        new_invite(lambda n: b"short")


@pytest.mark.parametrize("page", ["https://example.org/tavli/", "https://example.org/tavli/index.html?seed=3&mode=cpu",
                                  "http://127.0.0.1:8000/#play=old-link", "https://example.org/?x=1#frag"])
def test_the_link_is_the_page_without_query_or_fragment_then_the_invite(page):
    invite = Invite(ROOM, KEY)
    url = invite_url(page, invite)
    assert url == page.split("#")[0].split("?")[0] + f"#play={ROOM}-{KEY}"
    assert parse_invite(url) == invite


@pytest.mark.parametrize("text", [f"#play={ROOM}-{KEY}", f"play={ROOM}-{KEY}", f"  https://x.org/#play={ROOM.upper()}-{KEY}\n",
                                  f"https://x.org/a?b=1#lang=el&play={ROOM}-{KEY}"])
def test_parse_reads_a_link_a_fragment_or_its_text(text):
    assert parse_invite(text) == Invite(ROOM, KEY)
    assert has_invite(text)


@pytest.mark.parametrize("text", ["", "https://x.org/", "https://x.org/#", f"https://x.org/?play={ROOM}-{KEY}",
                                  "#other=1", None])
def test_no_invite_in_the_text(text):
    with pytest.raises(InviteError) as caught:
        parse_invite(text)
    assert caught.value.problem is InviteProblem.MISSING
    assert "#play=" in str(caught.value)
    assert not has_invite(text)


@pytest.mark.parametrize("value", ["", ROOM, f"{ROOM}{KEY}", f"{ROOM}-{KEY[:-1]}", f"{ROOM[:-1]}-{KEY}", f"{ROOM}-{KEY}0",
                                   f"{ROOM}-{KEY[:-1]}g", f"{ROOM}--{KEY}", f"{ROOM}-{KEY}-{KEY}", "<script>-x"])
def test_a_damaged_invite_is_refused_clearly(value):
    with pytest.raises(InviteError) as caught:
        parse_invite(f"https://x.org/#play={value}")
    assert caught.value.problem is InviteProblem.DAMAGED
    assert "damaged" in str(caught.value)
    assert has_invite(f"#play={value}")  # the page says so, rather than ignoring the link


def test_an_invite_cannot_be_made_of_anything_else():
    with pytest.raises(InviteError):
        Invite("x" * 32, KEY)
    with pytest.raises(InviteError):
        Invite(ROOM, KEY.upper())


@given(st.text(max_size=200))
def test_parse_never_fails_otherwise(text):
    try:
        invite = parse_invite(text)
    except InviteError:
        return
    assert parse_invite(invite_url("https://x.org/", invite)) == invite


# --- relays -------------------------------------------------------------------------------------


def test_the_defaults_are_trysteros():
    source = ROOT / "node_modules" / "@trystero-p2p" / "torrent" / "dist" / "index.mjs"
    if not source.is_file():
        pytest.skip("node_modules is not installed (npm ci)")
    listed = re.search(r"defaultRelayUrls = \[(.*?)\]", source.read_text(), re.S).group(1)
    assert tuple("wss://" + host for host in re.findall(r'"([^"]+)"', listed)) == DEFAULT_RELAYS


def test_parse_relays_reads_lines_spaces_and_commas():
    text = " wss://a.example.org\nws://127.0.0.1:8000 , WSS://b.example.org:443/announce?x=1\n\nwss://a.example.org "
    assert parse_relays(text) == ("wss://a.example.org", "ws://127.0.0.1:8000", "wss://b.example.org:443/announce?x=1")
    assert parse_relays("") == () and parse_relays(" \n ") == ()
    assert parse_relays("ws://[::1]:9000") == ("ws://[::1]:9000",)
    assert parse_relays(relays_text(DEFAULT_RELAYS)) == DEFAULT_RELAYS


@pytest.mark.parametrize(("text", "problem", "named"), [
    ("https://tracker.example.org", RelayProblem.NOT_WEBSOCKET, "https://tracker.example.org"),
    ("tracker.example.org", RelayProblem.NOT_WEBSOCKET, "tracker.example.org"),
    ("wss://ok.example.org\nudp://tracker.example.org:80", RelayProblem.NOT_WEBSOCKET, "udp://"),
    ("wss://", RelayProblem.BAD_ADDRESS, "wss://"),
    ("wss://-bad.example.org", RelayProblem.BAD_ADDRESS, "-bad"),
    ("wss://host:99999", RelayProblem.BAD_ADDRESS, "99999"),
    ("wss://host:port", RelayProblem.BAD_ADDRESS, "host:port"),
    ("wss://user@host", RelayProblem.BAD_ADDRESS, "user@host"),
    ("wss://h/" + "x" * 300, RelayProblem.BAD_ADDRESS, "wss://h/"),
])
def test_a_bad_relay_is_named(text, problem, named):
    with pytest.raises(RelayError) as caught:
        parse_relays(text)
    assert caught.value.problem is problem
    assert named in str(caught.value) and len(caught.value.url) <= 60


def test_at_most_eight_relays():
    urls = [f"wss://r{i}.example.org" for i in range(MAX_RELAYS + 1)]
    assert len(parse_relays("\n".join(urls[:MAX_RELAYS]))) == MAX_RELAYS
    assert len(parse_relays("\n".join(urls[:MAX_RELAYS] + urls[:2]))) == MAX_RELAYS  # repeats count once
    with pytest.raises(RelayError) as caught:
        parse_relays("\n".join(urls))
    assert caught.value.problem is RelayProblem.TOO_MANY and str(MAX_RELAYS) in str(caught.value)


def test_relays_in_use():
    assert relays_in_use(()) == DEFAULT_RELAYS
    assert relays_in_use(("ws://127.0.0.1:1",)) == ("ws://127.0.0.1:1",)


@pytest.mark.parametrize("code", ["en", "el", "bg"])
def test_every_problem_has_its_words(code):
    strings = i18n.catalogue(code)
    for problem in InviteProblem:
        assert strings[f"invite_{problem}"]
    for problem in RelayProblem:
        assert strings[f"relays_{problem}"].format(url="wss://x", n=MAX_RELAYS)


# --- the preference -----------------------------------------------------------------------------


def test_relays_are_kept_in_the_prefs():
    prefs = P.Prefs(relays=("ws://127.0.0.1:8000", "wss://tracker.example.org/announce"))
    assert P.loads(P.dumps(prefs)) == prefs
    assert P.Prefs().relays == () and P.loads(P.dumps(P.Prefs())).relays == ()
    assert P.loads(json.dumps({"relays": ["ws://127.0.0.1:5"]})).relays == ("ws://127.0.0.1:5",)  # as the e2e tests store it


@pytest.mark.parametrize("stored", ["wss://a.org", [1], ["https://a.org"], [f"wss://r{i}.org" for i in range(9)], None, {}])
def test_unusable_stored_relays_give_the_defaults_and_keep_the_rest(stored):
    prefs = P.loads(json.dumps({"format": "tavli-prefs", "sound": False, "relays": stored}))
    assert prefs.relays == () and prefs.sound is False
