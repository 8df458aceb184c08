"""What goes in and out of the page (web.model.exchange): a played Portes match's ``.mat`` read back
and written again byte for byte, its IDs, the formats refused for the other games with the
reason, and every bad file or pasted ID refused as an ImportProblem with an i18n key (never
another exception), within the size limits."""

from __future__ import annotations

import pytest

from tavli import SeededDice
from tavli.formats import matchio
from tavli.match import Match
from web.model import exchange as X
from web.model.i18n import EN
from web.view import exchange as V


def played(seed: int = 5, turns: int = 30, length: int | None = 5) -> Match:
    """A Portes match played by the first legal play each turn, doubles taken."""
    match = Match(length, seed=seed)
    for _ in range(turns * 3):
        if match.phase in ("match-over",):
            break
        if match.phase == "game-over":
            match.next_game()
        elif match.phase in ("opening", "roll"):
            match.roll()
        elif match.phase == "move":
            match.play(match.turn.plays[0])
            if match.phase == "move":
                match.end_turn()
        elif match.phase == "cube":
            match.take()
    return match


def test_a_played_matchs_mat_reads_back_and_writes_again_byte_for_byte():
    match = played()
    names = ("Anna: the first", "Βασίλης\n")
    text = X.mat_text(match, names)
    assert " Anna the first : 0" in text and "Βασίλης : 0" in text  # ':' and line breaks cannot be in a .mat
    read = X.mat_from_bytes(text.encode("utf-8"))
    again = read.match
    assert read.names == X.mat_names(names)
    assert X.mat_text(again, X.mat_names(names)) == text
    assert [e.to_dict() for e in again.log if e.type == "play"] == [e.to_dict() for e in match.log if e.type == "play"]


def test_the_exports_of_portes_and_why_not_for_the_other_games():
    match = played(turns=3)
    ex = X.exports(match)
    assert (ex.position_id, ex.match_id, ex.xgid) == (
        matchio.position_id(match), matchio.match_id(match), matchio.xgid(match))
    assert ex.ids_why == ex.mat_why == ""
    for variant in ("plakoto", "fevga", "tavli"):
        other = X.exports(Match(3, variant=variant, seed=1))
        assert other.position_id is other.match_id is other.xgid is None
        assert other.ids_why == other.mat_why == "io_why_not_portes"
    from_ids = X.exports(X.match_from_ids(ex.xgid))
    assert from_ids.xgid == ex.xgid and from_ids.mat_why == "io_why_set_up"
    html = V.files(Exports_for("plakoto")).html
    assert html.count("disabled title=") == 7  # .mat, three fields, three copy buttons


def Exports_for(variant: str) -> X.Exports:
    return X.exports(Match(3, variant=variant, seed=1))


def test_the_download_is_named_for_the_time():
    assert X.mat_file_name(2026, 12, 1, 15, 3) == "tavli-2026-12-01-1503.mat"


PASTED = {
    "xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10",
    "xgid bare, spaces": "  -b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10 \n",
    "pair": "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "gnubg lines": "Position ID: 4HPwATDgc/ABMA\nMatch ID   : cAkAAAAAAAAA\n",
    "position alone": "4HPwATDgc/ABMA",
}


@pytest.mark.parametrize("name", PASTED)
def test_pasted_ids_give_a_portes_match_at_that_position(name):
    match = X.match_from_ids(PASTED[name], dice=SeededDice(3))
    assert match.variant == "portes" and match.log[0].type == "setup"
    assert matchio.position_id(match) == "4HPwATDgc/ABMA"
    assert match.phase in ("move", "roll")


BAD_IDS = {
    "empty": ("", "io_err_no_id"),
    "words": ("hello there", "io_err_bad_id"),
    "too long": ("4HPwATDgc/ABMA" * 200, "io_err_bad_id"),
    "checkers on the wrong bar": ("XGID=PPPPPPPPPPPPPPPPPPPPPPPPPP:0:0:1:52:0:0:0:7:10", "io_err_bad_id"),
    "too many checkers": ("XGID=-b----P-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10", "io_err_bad_id"),
    "no checkers": ("AAAAAAAAAAAAAA:cAkAAAAAAAAA", "io_err_bad_id"),
    "short match id": ("4HPwATDgc/ABMA:cAkAAAAAAAA", "io_err_bad_id"),
    "match too long": ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:99:10", "io_err_bad_id"),
    "a cube without owner": ("4HPwATDgc/ABMA:AAAAAAAAAAAA", "io_err_bad_id"),
}


TRUNCATED = X.mat_text(played(), ("A", "B"))
BAD_FILES = {
    "empty": (b"", "io_err_not_mat"),
    "binary": (bytes(range(256)), "io_err_binary"),
    "control characters": (b"\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0e\x0f 3 point match", "io_err_binary"),
    "json": (b'{"format": "tavli-match"}', "io_err_not_mat"),
    "huge": (b" 5 point match\n" + b"\n" * X.MAX_MAT_BYTES, "io_err_too_big"),
    "match of 99 points": (b" 99 point match\n\n Game 1\n A : 0                          B : 0\n", "io_err_not_mat"),
    "illegal move": (b" 3 point match\n\n Game 1\n A : 0                          B : 0\n  1) 52: 13/3\n",
                     "io_err_not_mat"),
    "a checker that is not there": (
        b" 3 point match\n\n Game 1\n A : 0                          B : 0\n  1) 52: 22/20 1/0\n", "io_err_not_mat"),
    "cut in the middle of a line": (TRUNCATED[: len(TRUNCATED) // 2].rsplit(":", 1)[0].encode(), "io_err_not_mat"),
    "no game": (b" 3 point match\n\n", "io_err_no_games"),
    "latin-1 garbage": (bytes(range(128, 256)) * 10, "io_err_not_mat"),
}


BAD = {**{f"id: {k}": (X.match_from_ids, *v) for k, v in BAD_IDS.items()},
       **{f"file: {k}": (X.mat_from_bytes, *v) for k, v in BAD_FILES.items()}}


@pytest.mark.parametrize("name", BAD)
def test_bad_ids_and_files_are_refused_with_a_reason(name):
    read, data, key = BAD[name]
    with pytest.raises(X.ImportProblem) as info:
        read(data)
    assert info.value.key == key and key in EN


def test_a_transcript_cut_between_games_is_still_a_match_to_review():
    text = TRUNCATED
    cut = text[: text.index(" Game 2")] if " Game 2" in text else text
    match = X.mat_from_bytes(cut.encode()).match
    assert any(e.type == "play" for e in match.log)
