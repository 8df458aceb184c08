"""Jellyfish ``.mat`` match transcripts, as GNU Backgammon writes ("export match mat") and reads
("import mat") them.

The layout follows GNU Backgammon's ``ExportMatchMat``/``ExportGameJF`` (``export.c``)::

    ; [Site "Tavli"]                          optional header tags, then a blank line
                                              (GNU bg writes the blank line even with no tags)
     5 point match                            " %d point match" then a blank line; 0 = money

     Game 1
     Alice : 0                      Bob : 0   " %-31s%s : %d": "name0 : score0" padded to 31
      1)                             52: 13/11 6/1      player 1 opened: empty left column
      2) 64: 24/18 13/9              Doubles => 2       row "%3d) %-27s " then the right entry
      3)  Takes                      ...
                                      Wins 2 points     winner in the right column (col. 34)

Each row holds player 0's entry on the left (padded to column 33) and player 1's on the right.
Entries are ``"52: 13/11 6/1 "`` (the dice, then one hop per die in the order played, each
followed by a space except the fourth; just ``"52: "`` when no checker moves), ``" Doubles =>
4"``, ``" Takes"``, ``" Drops"``. ``"Wins N point(s)"`` ends a game: at column 6 when player 0
wins, column 34 when player 1 does; after a drop it follows the Drops entry. GNU Backgammon writes
a resignation exactly like a win ("Wins N points" after the last entry) and does not write
"and the match" (Jellyfish does; :func:`read_mat` accepts it, :func:`write_mat` adds it on request).

Move notation inside a ``.mat`` (``FormatMovePlain`` in ``format.c``): points in the mover's own
numbering, the bar is ``25`` and bearing off is ``0`` (never ``bar``/``off``), each single-die hop
is written separately (``24/18 18/13``, doubles as four hops), and ``*`` follows a hop that lands
where an opposing checker stood before the move, unless an earlier hop of the same play already
landed there. :func:`read_mat` also accepts ``bar``/``off``, joined hops (``24/13``, ``24/18*/13``)
and counts (``8/4(2)``), as GNU Backgammon's importer does, and normalises ``bar``/``off`` to 25/0.

A game record is a list of :class:`MatAction` ``(player, kind, payload)``:

========  ====================================  =======================================
kind      payload                               written as
========  ====================================  =======================================
"roll"    ``(dice, moves)``: ``((5, 2), "13/11 6/1")``; ``""`` = no checker moved
"double"  the cube value after doubling (2, 4..)  ``Doubles => 4``
"take"    None                                  ``Takes``
"drop"    None                                  ``Drops``
"win"     points won (int); ``player`` = winner  ``Wins 2 points``
========  ====================================  =======================================

A "roll" with no move is either a roll that could not be played or a roll after which the player
resigned: the text is the same, and only a replay can tell (GNU Backgammon's importer checks for
legal moves). Neither can the text tell a resignation from a game won on the board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from .games.base import Play
from .games.portes import Position, legal_plays
from .notation import format_play, parse_moves

__all__ = [
    "MatAction", "MatGame", "MatRecord", "ROLL", "DOUBLE", "TAKE", "DROP", "WIN",
    "read_mat", "write_mat", "format_mat_moves", "play_to_mat", "mat_play",
    "mat_to_notation", "notation_to_mat", "normalize_mat_moves",
]

ROLL = "roll"
DOUBLE = "double"
TAKE = "take"
DROP = "drop"
WIN = "win"
KINDS = (ROLL, DOUBLE, TAKE, DROP, WIN)

_LEFT_WIDTH = 33  # "%3d) %-27s "
_WIN_LEFT = " " * 6
_WIN_RIGHT = " " * 34
_RIGHT_COLUMN = 20  # on reading: an entry starting at or after this column is player 1's


class MatAction(NamedTuple):
    """One thing a player did: see the module docstring for ``kind`` and ``payload``."""

    player: int
    kind: str
    payload: object = None


@dataclass
class MatGame:
    """One game: the score before it and what happened."""

    score0: int
    score1: int
    actions: list[MatAction] = field(default_factory=list)


@dataclass
class MatRecord:
    """A whole ``.mat`` file. ``tags`` are the header's ``; [Name "value"]`` lines in order,
    ``comments`` its other comment lines."""

    match_length: int
    players: tuple[str, str]
    games: list[MatGame] = field(default_factory=list)
    tags: list[tuple[str, str]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


# --- move notation -----------------------------------------------------------------------------

_HOP_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:off|\d{1,2})\*?)+)(\(\d\))?$", re.IGNORECASE)


def normalize_mat_moves(text: str) -> str:
    """Check ``.mat`` move text and normalise it: single spaces, ``bar``→25, ``off``→0.

    Raises ``ValueError`` on text that is not move notation. ``""`` (no move) stays ``""``."""
    if not isinstance(text, str):
        raise ValueError(f"move text must be a string, got {text!r}")
    tokens = []
    for token in text.split():
        m = _HOP_TOKEN.match(token)
        if not m:
            raise ValueError(f"{token!r} is not a move like 13/8, 25/22* or 6/0")
        token = re.sub(r"(?i)^bar", "25", token)
        token = re.sub(r"(?i)/off", "/0", token)
        for a, b in _pairs(token):
            if not (0 <= b < a <= 25):
                raise ValueError(f"{token!r} does not move toward home (points 25..0)")
        tokens.append(token)
    return " ".join(tokens)


def _pairs(token: str) -> list[tuple[int, int]]:
    points = [int(p.rstrip("*")) for p in re.sub(r"\(\d\)$", "", token).split("/")]
    return list(zip(points, points[1:]))


def format_mat_moves(position: Position, moves: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    """``.mat`` text for single-die hops ``(from, to)`` (25 = bar, 0 = off) played in ``position``
    (seen from the mover), in the order given, as GNU Backgammon's ``FormatMovePlain`` writes
    them: ``*`` where an opposing checker stood before the move, unless an earlier hop landed there."""
    parts = []
    landed: list[int] = []
    for start, end in moves:
        if not (0 <= end < start <= 25):
            raise ValueError(f"({start}, {end}) is not a hop toward home")
        text = f"{start}/{end}"
        if end and position.opponent[24 - end] and end not in landed:
            text += "*"
        landed.append(end)
        parts.append(text)
    return " ".join(parts)


def play_to_mat(play: Play) -> str:
    """``.mat`` text of a legal play (its single-die hops in the order played)."""
    return format_mat_moves(play.position, play.moves)


def mat_play(position: Position, dice: tuple[int, int], text: str, *, minimize_waste: bool = False) -> Play:
    """The legal play of ``dice`` in ``position`` that ``text`` describes.

    ``text`` may be ``.mat`` notation (``25/22* 6/0``) or GNU notation (``bar/22* 6/off``,
    ``24/13``, ``8/4(2)``); joined hops are matched by the position they reach. ``""`` matches only
    when no checker can move. Raises ``ValueError`` when no legal play fits.
    """
    hops = parse_moves(text)
    me, opp = list(position.player), list(position.opponent)
    for start, end in hops:
        if me[start - 1] <= 0:
            raise ValueError(f"{text!r}: no checker on {'the bar' if start == 25 else start} to move")
        me[start - 1] -= 1
        if end:
            there = opp[24 - end]
            if there >= 2:
                raise ValueError(f"{text!r}: point {end} is closed")
            if there == 1:
                opp[24 - end] = 0
                opp[24] += 1
            me[end - 1] += 1
    reached = Position(tuple(opp), tuple(me))
    for play in legal_plays(position, dice, minimize_waste=minimize_waste):
        if play.result == reached:
            return play
    raise ValueError(f"{text or 'no move'!r} is not a legal play of {dice[0]}{dice[1]} here")


def mat_to_notation(position: Position, dice: tuple[int, int], text: str) -> str:
    """GNU notation (``tavli.notation``) of the play written ``text`` in a ``.mat``."""
    play = mat_play(position, dice, text)
    return format_play(play.position, play.moves)


def notation_to_mat(position: Position, dice: tuple[int, int], text: str) -> str:
    """``.mat`` text of the play written ``text`` in GNU notation."""
    return play_to_mat(mat_play(position, dice, text))


# --- writing -----------------------------------------------------------------------------------


def write_mat(record: MatRecord, *, and_the_match: bool = False) -> str:
    """The ``.mat`` text of ``record``, laid out as GNU Backgammon exports it.

    ``and_the_match`` appends " and the match" to the win that ends the match (Jellyfish style).
    Raises ``ValueError`` on a record that cannot be written.
    """
    _check_record(record)
    out: list[str] = []
    for name, value in record.tags:
        out.append(f'; [{name} "{value}"]\n')
    if record.comments:
        out.append("\n")
        out.extend(f"; {line}\n" for line in record.comments)
    out.append("\n")
    out.append(f" {record.match_length} point match\n\n")
    name0, name1 = record.players
    for number, game in enumerate(record.games, 1):
        out.append(f" Game {number}\n")
        out.append(" " + f"{name0} : {game.score0}".ljust(31) + f"{name1} : {game.score1}\n")
        out.append(_write_game(record, game, number, and_the_match))
    return "".join(out)


def _write_game(record: MatRecord, game: MatGame, number: int, and_the_match: bool) -> str:
    out: list[str] = []
    slot = 0  # gnubg's i: even = left column (player 0), odd = right column (player 1)
    actions = game.actions
    for k, action in enumerate(actions):
        player, kind, payload = action
        if kind == WIN:
            text = _wins(payload, and_the_match and _ends_match(record, game, player, payload))
            line_open = slot % 2 == 1
            if player == 0:
                out.append(("\n" if line_open else "") + _WIN_LEFT + text + "\n\n")
            else:
                out.append((" " if line_open else _WIN_RIGHT) + text + "\n\n")
            return "".join(out)
        if slot == 0 and player == 1:
            out.append("  1)".ljust(_LEFT_WIDTH))
            slot = 1
        if kind == ROLL:
            dice, moves = payload
            hops = moves.split()
            entry = f"{dice[0]}{dice[1]}: " + "".join(h + (" " if i < 3 else "") for i, h in enumerate(hops))
        elif kind == DOUBLE:
            entry = f" Doubles => {payload}"
        elif kind == TAKE:
            entry = " Takes"
        else:  # DROP: the win that must follow is written with it
            win = actions[k + 1]
            text = _wins(win.payload, and_the_match and _ends_match(record, game, win.player, win.payload))
            if slot % 2:
                out.append(" Drops\n" + _WIN_LEFT + text + "\n\n")
            else:
                out.append(f"{slot // 2 + 1:3d}) " + (" Drops" + " " * 23 + text).ljust(27) + " \n\n")
            return "".join(out)
        if slot % 2:
            out.append(entry + "\n")
        else:
            out.append(f"{slot // 2 + 1:3d}) " + entry.ljust(27) + " ")
        slot += 1
    if slot % 2:
        out.append("\n")  # an unfinished game: close the open row
    out.append("\n")
    return "".join(out)


def _wins(points: int, match: bool) -> str:
    return f"Wins {points} point{'' if points == 1 else 's'}" + (" and the match" if match else "")


def _ends_match(record: MatRecord, game: MatGame, player: int, points: int) -> bool:
    if not record.match_length:
        return False
    before = game.score0 if player == 0 else game.score1
    return before + points >= record.match_length


def _check_record(record: MatRecord) -> None:
    if not isinstance(record, MatRecord):
        raise ValueError(f"expected a MatRecord, got {type(record).__name__}")
    if not isinstance(record.match_length, int) or isinstance(record.match_length, bool) or record.match_length < 0:
        raise ValueError(f"match_length must be a whole number >= 0, got {record.match_length!r}")
    if not isinstance(record.players, tuple) or len(record.players) != 2:
        raise ValueError("players must be a pair of names")
    for name in record.players if record.games else ():
        if not isinstance(name, str) or not name.strip() or name != name.strip() or ":" in name or "\n" in name:
            raise ValueError(f"a player name must be non-empty text without ':', line breaks or "
                             f"outer spaces, got {name!r}")
    for tag in record.tags:
        if (not isinstance(tag, tuple) or len(tag) != 2 or not re.fullmatch(r"\w+", str(tag[0]))
                or not isinstance(tag[1], str) or '"' in tag[1] or "\n" in tag[1]):
            raise ValueError(f"a tag is (Name, value) with a one-word name and a one-line value "
                             f"without '\"', got {tag!r}")
    for line in record.comments:
        if not isinstance(line, str) or "\n" in line:
            raise ValueError(f"a comment is one line of text, got {line!r}")
    for number, game in enumerate(record.games, 1):
        try:
            _check_game(game)
        except ValueError as exc:
            raise ValueError(f"game {number}: {exc}") from None


def _check_game(game: MatGame) -> None:
    if not isinstance(game, MatGame):
        raise ValueError(f"expected a MatGame, got {type(game).__name__}")
    for score in (game.score0, game.score1):
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            raise ValueError(f"scores are whole numbers >= 0, got {score!r}")
    state = _GameState()
    for n, action in enumerate(game.actions, 1):
        try:
            if not isinstance(action, tuple) or len(action) != 3:
                raise ValueError(f"an action is (player, kind, payload), got {action!r}")
            player, kind, payload = action
            if player not in (0, 1) or isinstance(player, bool):
                raise ValueError(f"player must be 0 or 1, got {player!r}")
            if kind == ROLL:
                if not isinstance(payload, tuple) or len(payload) != 2:
                    raise ValueError(f"a roll's payload is (dice, moves), got {payload!r}")
                dice, moves = payload
                if (not isinstance(dice, tuple) or len(dice) != 2
                        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)):
                    raise ValueError(f"dice are two values 1..6, got {dice!r}")
                if normalize_mat_moves(moves) != moves:
                    raise ValueError(f"moves must be normalised .mat text (normalize_mat_moves), got {moves!r}")
            elif kind in (DOUBLE, WIN):
                if not isinstance(payload, int) or isinstance(payload, bool) or payload < 1:
                    raise ValueError(f"a {kind}'s payload is a whole number >= 1, got {payload!r}")
            elif kind in (TAKE, DROP):
                if payload is not None:
                    raise ValueError(f"a {kind} has no payload, got {payload!r}")
            else:
                raise ValueError(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
            state.add(player, kind, payload)
        except ValueError as exc:
            raise ValueError(f"action {n}: {exc}") from None
    if state.after_drop:
        raise ValueError("a drop must be followed by the opponent's win")


class _GameState:
    """Checks the order of a game's actions, for both writing and reading."""

    def __init__(self) -> None:
        self.last: int | None = None
        self.cube = 1
        self.doubled_by: int | None = None
        self.after_drop: int | None = None  # the player who dropped
        self.over = False

    def add(self, player: int, kind: str, payload: object) -> None:
        if self.over:
            raise ValueError("the game is already over")
        if kind == WIN:
            if self.after_drop is not None and player == self.after_drop:
                raise ValueError(f"player {player} dropped and cannot win")
            self.over = True
            self.after_drop = None
            return
        if self.after_drop is not None:
            raise ValueError("a drop must be followed by the opponent's win")
        if self.last is not None and player == self.last:
            raise ValueError(f"player {player} acts twice in a row")
        if self.doubled_by is not None and kind not in (TAKE, DROP):
            raise ValueError("a double must be answered by a take or a drop")
        if kind in (TAKE, DROP):
            if self.doubled_by is None:
                raise ValueError(f"a {kind} must answer a double")
            if kind == DROP:
                self.after_drop = player
            self.doubled_by = None
        elif kind == DOUBLE:
            if payload != self.cube * 2:
                raise ValueError(f"the cube is at {self.cube}: a double turns it to {self.cube * 2}, not {payload}")
            self.cube *= 2
            self.doubled_by = player
        self.last = player


# --- reading -----------------------------------------------------------------------------------

_MATCH_LINE = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE_LINE = re.compile(r"^\s*(\S(?:[^:]*\S)?)\s*:\s*(\d+)\s+(\S(?:[^:]*\S)?)\s*:\s*(\d+)\s*$")
_ROW_LINE = re.compile(r"^(\s*\d+\))(.*)$")
_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]$')
_ENTRY_START = re.compile(
    r"\d\d:|\b(?:doubles|takes?|drops?|wins|beavers|raccoons|resigns?)\b", re.IGNORECASE
)
_ROLL_ENTRY = re.compile(r"^([1-6])([1-6]):\s*(.*)$")
_DOUBLE_ENTRY = re.compile(r"^doubles\s*=>\s*(\d+)$", re.IGNORECASE)
_WIN_ENTRY = re.compile(r"^wins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?\.?$", re.IGNORECASE)


def read_mat(text: str) -> MatRecord:
    """Read a ``.mat`` transcript; raise ``ValueError`` naming the line of anything malformed.

    Whitespace is free except where columns carry meaning: an entry (or "Wins") starting at or
    after column 20 of its line is player 1's, before it player 0's.
    """
    if not isinstance(text, str):
        raise ValueError("a .mat transcript is text")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    tags: list[tuple[str, str]] = []
    comments: list[str] = []
    index = 0
    match_length: int | None = None
    while index < len(lines):
        raw = lines[index]
        index += 1
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            body = stripped[1:].strip()
            tag = _TAG.match(body)
            if tag:
                tags.append((tag.group(1), tag.group(2)))
            elif body:
                comments.append(body)
            continue
        m = _MATCH_LINE.match(raw)
        if not m:
            raise ValueError(f"line {index}: expected ' N point match', got {stripped!r}")
        match_length = int(m.group(1))
        break
    if match_length is None:
        raise ValueError("no ' N point match' line: this is not a .mat transcript")

    players: tuple[str, str] | None = None
    games: list[MatGame] = []
    game: MatGame | None = None
    state: _GameState | None = None
    expect_score = False
    for number in range(index, len(lines)):
        raw = lines[number].expandtabs(8).rstrip()
        line_no = number + 1
        stripped = raw.strip()
        if not stripped:
            continue
        try:
            if _GAME_LINE.match(raw):
                if expect_score:
                    raise ValueError("a game has no score line")
                expect_score = True
                continue
            if expect_score:
                m = _SCORE_LINE.match(raw)
                if not m:
                    raise ValueError(f"expected the score line 'Name : 0   Name : 0', got {stripped!r}")
                names = (m.group(1), m.group(3))
                if players is None:
                    players = names
                elif names != players:
                    raise ValueError(f"the players were {players[0]} and {players[1]}, "
                                     f"here {names[0]} and {names[1]}")
                game = MatGame(int(m.group(2)), int(m.group(4)))
                games.append(game)
                state = _GameState()
                expect_score = False
                continue
            if stripped[0] in ";#":
                if re.match(r"[;#]\s*Set Pos", stripped, re.IGNORECASE):
                    raise ValueError("position set-up lines ('; Set Pos=') are not supported")
                continue  # a comment inside a game
            if game is None or state is None:
                raise ValueError(f"expected ' Game N', got {stripped!r}")
            row = _ROW_LINE.match(raw)
            if row:
                offset = len(row.group(1))
                rest = row.group(2)
            else:
                offset, rest = 0, raw
            entries = _split_entries(rest, offset)
            if not entries:
                raise ValueError(f"cannot read {stripped!r}")
            if not row and any(not e[1].lower().startswith("wins") for e in entries):
                raise ValueError(f"a line without a move number holds only 'Wins N points', got {stripped!r}")
            slots: list[int] = []  # the players whose entries this row has held
            for column, entry in entries:
                if entry.lower().startswith("wins"):
                    action = _read_win(entry, 1 if column >= _RIGHT_COLUMN else 0)
                else:
                    if not slots:
                        player = 1 if column >= _RIGHT_COLUMN else 0
                    elif slots == [0]:
                        player = 1
                    else:
                        raise ValueError(f"a row holds at most two entries: {stripped!r}")
                    slots.append(player)
                    action = _read_entry(entry, player)
                    if action is None:
                        continue
                state.add(action.player, action.kind, action.payload)
                game.actions.append(action)
        except ValueError as exc:
            raise ValueError(f"line {line_no}: {exc}") from None
    if expect_score:
        raise ValueError("the last game has no score line")
    for n, g in enumerate(games, 1):
        if g.actions and g.actions[-1].kind == DROP:
            raise ValueError(f"game {n}: a drop must be followed by the opponent's win")
    if players is None:
        players = ("", "")
    return MatRecord(match_length, players, games, tags, comments)


def _split_entries(rest: str, offset: int) -> list[tuple[int, str]]:
    starts = [m.start() for m in _ENTRY_START.finditer(rest)]
    entries = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(rest)
        entries.append((offset + start, rest[start:end].strip()))
    leading = rest[: starts[0]] if starts else rest
    if leading.strip():
        raise ValueError(f"cannot read {leading.strip()!r}")
    return entries


def _read_entry(entry: str, player: int) -> MatAction | None:
    m = _ROLL_ENTRY.match(entry)
    if m:
        moves = m.group(3).strip()
        if moves.lower().startswith("cannot move") or set(moves) <= {"?"}:
            moves = ""  # XG's ways of writing a roll that was not played
        if moves.lower().startswith("illegal play"):
            raise ValueError("Snowie 'Illegal play' entries are not supported")
        return MatAction(player, ROLL, ((int(m.group(1)), int(m.group(2))), normalize_mat_moves(moves)))
    low = entry.lower()
    m = _DOUBLE_ENTRY.match(entry)
    if m:
        return MatAction(player, DOUBLE, int(m.group(1)))
    if low.startswith("doubles"):
        raise ValueError(f"expected 'Doubles => N', got {entry!r}")
    if low in ("takes", "take"):
        return MatAction(player, TAKE, None)
    if low in ("drops", "drop"):
        return MatAction(player, DROP, None)
    if low.startswith("resign"):
        return None  # GNU Backgammon ignores these too: the "Wins" line says what happened
    if low.startswith(("beavers", "raccoons")):
        raise ValueError("beavers and raccoons are not supported")
    raise ValueError(f"cannot read {entry!r}")


def _read_win(entry: str, player: int) -> MatAction:
    m = _WIN_ENTRY.match(entry)
    if not m:
        raise ValueError(f"expected 'Wins N points', got {entry!r}")
    points = int(m.group(1))
    if points < 1:
        raise ValueError("a game is won for at least one point")
    return MatAction(player, WIN, points)
