"""What goes in and out of the page besides the save: a Portes match as a ``.mat`` transcript
(GNU Backgammon's "import mat"), its position as GNU Backgammon's Position ID and Match ID and
eXtreme Gammon's XGID, and the same read back. Pure Python, no browser imports: the browser part
is :mod:`web.browser.exchange`; the formats themselves are :mod:`tavli.formats.matchio`.

Reading never changes anything by itself and never lets an exception through but
:class:`ImportProblem`: ``key`` (an i18n key: what is wrong, in the player's language) and
``detail`` (the reader's own words, in English). Input is bounded: a file over
:data:`MAX_MAT_BYTES`, one that is not text, more than :data:`MAX_ID_CHARS` pasted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tavli.events import SetUp

# A 25-point match played out (40 games) takes 53 kB and 1.4 s to replay in CPython on a loaded
# machine; the replay runs on the page's thread, so a file three times that is refused.
MAX_MAT_BYTES = 160_000
MAX_ID_CHARS = 2_000
MAT_ACCEPT = ".mat,.txt,text/plain"


class ImportProblem(ValueError):
    """A file or a pasted ID that cannot be read: ``key`` says why in the player's language
    (``io_err_*`` in the catalogues), ``detail`` in the reader's words."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key
        self.detail = detail


# --- out -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exports:
    """What the match offers: its IDs (None where the formats do not apply) and why not
    (``ids_why``/``mat_why``: i18n keys, "" where available)."""

    position_id: str | None = None
    match_id: str | None = None
    xgid: str | None = None
    ids_why: str = ""
    mat_why: str = ""


def exports(match: Any) -> Exports:
    """The IDs of ``match`` as it stands and whether its ``.mat`` can be written: Portes matches
    only (not Plakoto, Fevga, a Tavli match), and a match set up from IDs has no transcript."""
    from tavli.formats import matchio

    if not match.backgammon:
        return Exports(ids_why="io_why_not_portes", mat_why="io_why_not_portes")
    mat_why = "io_why_set_up" if any(isinstance(e, SetUp) for e in match.log) else ""
    try:
        return Exports(matchio.position_id(match), matchio.match_id(match), matchio.xgid(match), "", mat_why)
    except ValueError:  # a state the IDs cannot hold (e.g. a cube past 2^15): said, not raised
        return Exports(ids_why="io_why_no_ids", mat_why=mat_why)


def mat_names(names: tuple[str, str]) -> tuple[str, str]:
    """The players' names as a ``.mat`` can hold them (no ``:``, no line breaks; never empty)."""
    out = []
    for n, name in enumerate(names, 1):
        clean = " ".join(re.sub(r"[:\x00-\x1f\x7f]", " ", str(name)).split())
        out.append(clean[:40] or f"Player {n}")
    return out[0], out[1]


def mat_text(match: Any, names: tuple[str, str]) -> str:
    """The match's ``.mat`` transcript (:func:`exports` says whether there is one)."""
    from tavli.formats import matchio

    return matchio.to_mat(match, mat_names(names))


def mat_file_name(year: int, month: int, day: int, hour: int, minute: int) -> str:
    """``tavli-2026-12-01-1530.mat``: the download's name at that (local) time."""
    return f"tavli-{year:04d}-{month:02d}-{day:02d}-{hour:02d}{minute:02d}.mat"


# --- in ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatFile:
    """A ``.mat`` file read: the ``match`` replayed and the players' ``names`` as it gives them."""

    match: Any
    names: tuple[str, str]


def mat_from_bytes(data: bytes) -> MatFile:
    """The match a ``.mat`` file holds (replayed: :func:`tavli.formats.matchio.from_mat`), with
    at least one move, and its players' names; :class:`ImportProblem` otherwise."""
    from tavli.formats import matchio
    from tavli.formats.matfile import read_mat

    if len(data) > MAX_MAT_BYTES:
        raise ImportProblem("io_err_too_big", f"{len(data)} bytes; at most {MAX_MAT_BYTES}")
    if b"\x00" in data:
        raise ImportProblem("io_err_binary", "the file holds NUL bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # older programs write names in Latin-1
    if sum(1 for c in text[:4096] if ord(c) < 32 and c not in "\t\r\n\f") > 8:
        raise ImportProblem("io_err_binary", "the file holds control characters")
    try:
        match = matchio.from_mat(text)
        names = read_mat(text).players
    except ValueError as error:
        raise ImportProblem("io_err_not_mat", str(error)) from None
    except Exception as error:  # a reader's slip on hostile input is still a bad file, not a crash
        raise ImportProblem("io_err_not_mat", f"{type(error).__name__}: {error}") from None
    if not any(event.type == "game" for event in match.log) or not any(
            event.type in ("play", "double") for event in match.log):
        raise ImportProblem("io_err_no_games", "no game with a move in it")
    return MatFile(match, (names[0], names[1]) if names else ("", ""))


_XGID = re.compile(r"(?:XGID=)?[-A-Pa-p]{26}(?::[^:\s]*){9}")
_B64 = r"[A-Za-z0-9+/]"
_POSITION_LINE = re.compile(rf"Position\s*ID\s*:?\s*({_B64}{{14}})", re.IGNORECASE)
_MATCH_LINE = re.compile(rf"Match\s*ID\s*:?\s*({_B64}{{12}})", re.IGNORECASE)
_PAIR = re.compile(rf"({_B64}{{14}}):({_B64}{{12}})")
_POSITION_ALONE = re.compile(rf"{_B64}{{14}}")


def match_from_ids(text: str, dice: Any = None) -> Any:
    """A Portes match starting where the pasted text says: an XGID, GNU Backgammon's
    ``PositionID:MatchID``, its "Position ID: ... Match ID: ..." lines, or a Position ID alone
    (money play, the first player on roll, before his roll); :class:`ImportProblem` otherwise.
    ``dice``: the new match's dice (a :class:`tavli.dice.DiceSource`)."""
    from tavli.formats import matchio
    from tavli.formats.ids import MatchState, encode_match_id

    if not isinstance(text, str) or not text.strip():
        raise ImportProblem("io_err_no_id")
    if len(text) > MAX_ID_CHARS:
        raise ImportProblem("io_err_bad_id", f"{len(text)} characters; at most {MAX_ID_CHARS}")
    text = text.strip()
    try:
        if (m := _XGID.search(text)) is not None:
            return matchio.from_xgid(m.group(0), dice=dice)
        position = _POSITION_LINE.search(text)
        state = _MATCH_LINE.search(text)
        if position is not None and state is not None:
            return matchio.from_gnubg_id(position.group(1), state.group(1), dice=dice)
        if (m := _PAIR.fullmatch(text)) is not None:
            return matchio.from_gnubg_id(m.group(1), m.group(2), dice=dice)
        if _POSITION_ALONE.fullmatch(text) is not None:
            return matchio.from_gnubg_id(text, encode_match_id(MatchState()), dice=dice)
        if position is not None:
            return matchio.from_gnubg_id(position.group(1), encode_match_id(MatchState()), dice=dice)
    except ValueError as error:
        raise ImportProblem("io_err_bad_id", str(error)) from None
    except Exception as error:  # hostile input: a bad ID all the same
        raise ImportProblem("io_err_bad_id", f"{type(error).__name__}: {error}") from None
    raise ImportProblem("io_err_bad_id", "neither an XGID nor GNU Backgammon's Position ID (and Match ID)")
