"""GNU Backgammon Match IDs and eXtreme Gammon XGIDs, read and written as those programs do.

Match ID (GNU Backgammon manual, "A technical description of the Match ID"; ``matchid.c``)
------------------------------------------------------------------------------------------
A 9-byte key whose bits fill each byte from the least significant bit; the 12 characters are the
standard Base64 of those 9 bytes. Every field is stored least significant bit first:

=========  =====  ============================================================================
bits       width  field (``matchid.c`` name)
=========  =====  ============================================================================
0-3        4      log2 of the cube value (``nCube``)
4-5        2      cube owner: 0, 1, or 3 = centred (``fCubeOwner & 3``)
6          1      the player on roll, or who rolled, or who doubled (``fMove``)
7          1      this game is the Crawford game (``fCrawford``)
8-10       3      game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped (``gs``)
11         1      whose turn it is to act (``fTurn``): differs from ``fMove`` while deciding a
                  double or a resignation offer
12         1      a double is being offered (``fDoubled``)
13-14      2      resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon (``fResigned``)
15-17      3      first die (GNU Backgammon writes the larger die first), 0 = not rolled
18-20      3      second die
21-35      15     match length, 0 = money game (``nMatchTo``)
36-50      15     player 0's score
51-65      15     player 1's score
66         1      NOT the Jacoby rule (``!fJacoby``); not in the manual's table, only in the source
=========  =====  ============================================================================

The manual's worked example: score 2-4 in a 9-point match, player 0 owns a 2-cube, player 1 has
rolled 52: the key ``1000 00 1 0 100 1 0 00 101 010 100100000000000 010000000000000
001000000000000`` (each field written least significant bit first) is ``QYkqASAAIAAA``.

GNU Backgammon's reader (``MatchFromKey``) rejects dice above 6, a match length above 64
(``MAXSCORE``), a score above the match length, and the Crawford flag in a money game; so does
:func:`decode_match_id`, which also refuses a game state above 4 and a half-rolled pair of dice.

XGID (eXtreme Gammon; read by GNU Backgammon's ``SetXGID`` in ``set.c``)
-----------------------------------------------------------------------
``XGID=<26 chars>:<cube>:<cube position>:<turn>:<dice>:<score 1>:<score 2>:<rules>:<length>:<max>``

* Position: always from the side of player 1, "X" (the bottom player), in X's point numbering.
  Character 0 is O's bar, characters 1..24 are X's points 1..24, character 25 is X's bar. ``A``..``O``
  = that many X checkers, ``a``..``o`` = that many O checkers (on O's point ``25 - i``), ``-`` none.
  X is GNU Backgammon's player 1 and O its player 0.
* Cube: log2 of the value. Cube position: 1 = X (player 1) owns it, -1 = O (player 0), 0 centred.
* Turn: 1 = X, -1 = O. It names the player on roll (``fMove``), or the player who doubled.
* Dice: ``00`` not rolled, ``D`` a double has been offered (the other player must take or drop),
  otherwise the two dice. (``B``/``R``, beavers and raccoons, are not supported, as in GNU bg.)
* Score 1 is X's (player 1), score 2 is O's (player 0).
* Rules: in a match, 1 = this is the Crawford game, 0 = not; in a money game, bit 0 = Jacoby and
  bit 1 = beavers.
* Max cube: log2 of the money-play cube limit; GNU Backgammon ignores it, XG writes 10 (1024).

GNU Backgammon turns an XGID into a game in progress (game state 1) with no resignation offered,
and without the Jacoby rule in match play; :func:`decode_xgid` does the same.

Our :class:`~tavli.games.portes.Position` is seen from the player on roll, which is exactly what the
Position ID that accompanies a Match ID encodes (GNU Backgammon's board is kept from ``fMove``'s
side): pass the Position from the side of ``MatchState.player_on_roll``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import codec
from ..games.portes import CHECKERS, Position

__all__ = [
    "GAME_NONE", "GAME_PLAYING", "GAME_OVER", "GAME_RESIGNED", "GAME_DROPPED",
    "MAX_MATCH_LENGTH", "MatchState", "Xgid",
    "decode_match_id", "decode_xgid", "encode_match_id", "encode_xgid", "parse_xgid",
]

GAME_NONE = 0
GAME_PLAYING = 1
GAME_OVER = 2
GAME_RESIGNED = 3
GAME_DROPPED = 4

MAX_MATCH_LENGTH = 64  # GNU Backgammon's MAXSCORE: longer matches are refused when read
_MAX_SCORE = (1 << 15) - 1  # 15 bits, money-play scores
_MAX_CUBE_LOG = 15  # 4 bits



@dataclass(frozen=True, slots=True)
class MatchState:
    """Everything a GNU Backgammon Match ID holds. Players are 0 and 1 (XGID: 0 = O, 1 = X).

    ``player_on_roll`` is the player who is on roll, has rolled, or has doubled (``fMove``);
    ``turn`` is the player who must act now (``fTurn``), the other one while a double or a
    resignation is being decided. ``dice`` is ``(0, 0)`` before the roll. ``resign`` is the
    resignation on offer (0 none, 1 single, 2 gammon, 3 backgammon), offered by ``1 - turn``.
    ``jacoby`` defaults to True, GNU Backgammon's default and what the manual's examples decode to.
    """

    cube_value: int = 1
    cube_owner: int = -1
    player_on_roll: int = 0
    crawford: bool = False
    game_state: int = GAME_PLAYING
    turn: int = 0
    doubled: bool = False
    resign: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __post_init__(self) -> None:
        _require_int("cube_value", self.cube_value)
        if not (1 <= self.cube_value <= 1 << _MAX_CUBE_LOG) or self.cube_value & (self.cube_value - 1):
            raise ValueError(f"cube_value must be a power of two from 1 to 32768, got {self.cube_value}")
        if self.cube_owner not in (-1, 0, 1) or isinstance(self.cube_owner, bool):
            raise ValueError(f"cube_owner must be -1 (centred), 0 or 1, got {self.cube_owner!r}")
        for name in ("player_on_roll", "turn"):
            value = getattr(self, name)
            if value not in (0, 1) or isinstance(value, bool):
                raise ValueError(f"{name} must be 0 or 1, got {value!r}")
        for name in ("crawford", "doubled", "jacoby"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")
        _require_int("game_state", self.game_state)
        if not 0 <= self.game_state <= 4:
            raise ValueError(f"game_state must be 0..4, got {self.game_state}")
        _require_int("resign", self.resign)
        if not 0 <= self.resign <= 3:
            raise ValueError(f"resign must be 0..3, got {self.resign}")
        if not isinstance(self.dice, tuple) or len(self.dice) != 2:
            raise ValueError(f"dice must be a pair, got {self.dice!r}")
        for die in self.dice:
            _require_int("a die", die)
        if self.dice != (0, 0) and not all(1 <= d <= 6 for d in self.dice):
            raise ValueError(f"dice must be (0, 0) or two values 1..6, got {self.dice}")
        _require_int("match_length", self.match_length)
        if not 0 <= self.match_length <= MAX_MATCH_LENGTH:
            raise ValueError(f"match_length must be 0 (money) to {MAX_MATCH_LENGTH}, got {self.match_length}")
        if not isinstance(self.score, tuple) or len(self.score) != 2:
            raise ValueError(f"score must be a pair, got {self.score!r}")
        limit = self.match_length if self.match_length else _MAX_SCORE
        for s in self.score:
            _require_int("a score", s)
            if not 0 <= s <= limit:
                what = f"the match length {self.match_length}" if self.match_length else str(_MAX_SCORE)
                raise ValueError(f"a score must be 0 to {what}, got {s}")
        if self.crawford and not self.match_length:
            raise ValueError("a money game has no Crawford game")


def _require_int(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, got {value!r}")


# --- Match ID --------------------------------------------------------------------------------

_FIELDS = (  # (attribute, first bit, width) in key order
    ("cube", 0, 4), ("owner", 4, 2), ("move", 6, 1), ("crawford", 7, 1), ("state", 8, 3),
    ("turn", 11, 1), ("doubled", 12, 1), ("resign", 13, 2), ("die0", 15, 3), ("die1", 18, 3),
    ("length", 21, 15), ("score0", 36, 15), ("score1", 51, 15), ("no_jacoby", 66, 1),
)


def encode_match_id(state: MatchState) -> str:
    """The 12-character Match ID GNU Backgammon prints for ``state`` (larger die first)."""
    if not isinstance(state, MatchState):
        raise ValueError(f"expected a MatchState, got {type(state).__name__}")
    high, low = max(state.dice), min(state.dice)
    values = {
        "cube": state.cube_value.bit_length() - 1,
        "owner": state.cube_owner & 3,
        "move": state.player_on_roll,
        "crawford": int(state.crawford),
        "state": state.game_state,
        "turn": state.turn,
        "doubled": int(state.doubled),
        "resign": state.resign,
        "die0": high,
        "die1": low,
        "length": state.match_length,
        "score0": state.score[0],
        "score1": state.score[1],
        "no_jacoby": int(not state.jacoby),
    }
    key = 0
    for name, start, width in _FIELDS:
        key |= (values[name] & ((1 << width) - 1)) << start
    return codec.encode(key.to_bytes(9, "little"))


def decode_match_id(text: str) -> MatchState:
    """Read a Match ID; raise ``ValueError`` saying what is wrong with a malformed one."""
    key = int.from_bytes(codec.decode(text, 12, "Match ID"), "little")
    f = {name: (key >> start) & ((1 << width) - 1) for name, start, width in _FIELDS}
    if f["die0"] > 6 or f["die1"] > 6:
        raise ValueError(f"the Match ID gives dice {f['die0']}{f['die1']}: a die shows 1..6")
    if (f["die0"] == 0) != (f["die1"] == 0):
        raise ValueError(f"the Match ID gives dice {f['die0']}{f['die1']}: one rolled, one not")
    if f["state"] > 4:
        raise ValueError(f"the Match ID gives game state {f['state']}: only 0..4 exist")
    if f["length"] > MAX_MATCH_LENGTH:
        raise ValueError(f"the Match ID gives a {f['length']}-point match: at most {MAX_MATCH_LENGTH}")
    if f["length"]:
        for player in (0, 1):
            if f[f"score{player}"] > f["length"]:
                raise ValueError(
                    f"the Match ID gives player {player} {f[f'score{player}']} points "
                    f"in a {f['length']}-point match"
                )
    elif f["crawford"]:
        raise ValueError("the Match ID marks a Crawford game in money play")
    return MatchState(
        cube_value=1 << f["cube"],
        # GNU Backgammon reads any owner other than 0 and 1 (binary 10 or 11) as centred.
        cube_owner=f["owner"] if f["owner"] in (0, 1) else -1,
        player_on_roll=f["move"],
        crawford=bool(f["crawford"]),
        game_state=f["state"],
        turn=f["turn"],
        doubled=bool(f["doubled"]),
        resign=f["resign"],
        dice=(f["die0"], f["die1"]),
        match_length=f["length"],
        score=(f["score0"], f["score1"]),
        jacoby=not f["no_jacoby"],
    )


# --- XGID ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Xgid:
    """An XGID read in full: the position (from the side of ``state.player_on_roll``), the
    match state, and the two fields a Match ID has no room for."""

    position: Position
    state: MatchState
    beavers: bool = False
    max_cube_log: int = 10


_XGID_RE = re.compile(r"^(?:XGID=)?([-A-Pa-p]{26})((?::[^:]*){9})$")


def encode_xgid(position: Position, state: MatchState, *, beavers: bool = False, max_cube_log: int = 10) -> str:
    """The XGID of ``position`` (seen from ``state.player_on_roll``) and ``state``.

    An XGID cannot hold a resignation offer, the game state, or (in a match) the Jacoby flag: they
    are left out. In money play ``state.jacoby`` and ``beavers`` make the rules field.
    """
    if not isinstance(position, Position):
        raise ValueError(f"expected a Position, got {type(position).__name__}")
    if not isinstance(state, MatchState):
        raise ValueError(f"expected a MatchState, got {type(state).__name__}")
    if not isinstance(max_cube_log, int) or isinstance(max_cube_log, bool) or not 0 <= max_cube_log <= 15:
        raise ValueError(f"max_cube_log must be 0..15, got {max_cube_log!r}")
    if state.player_on_roll == 1:
        x, o = position.player, position.opponent
    else:
        x, o = position.opponent, position.player
    chars = ["-"] * 26
    if o[24]:
        chars[0] = chr(ord("a") + o[24] - 1)
    if x[24]:
        chars[25] = chr(ord("A") + x[24] - 1)
    for i in range(1, 25):
        if x[i - 1]:
            chars[i] = chr(ord("A") + x[i - 1] - 1)
        elif o[24 - i]:
            chars[i] = chr(ord("a") + o[24 - i] - 1)
    cube_position = {-1: 0, 0: -1, 1: 1}[state.cube_owner]
    turn = 1 if state.player_on_roll == 1 else -1
    dice = "D" if state.doubled else f"{state.dice[0]}{state.dice[1]}"
    if state.match_length:
        rules = int(state.crawford)
    else:
        rules = int(state.jacoby) | (2 if beavers else 0)
    fields = [
        "".join(chars),
        str(state.cube_value.bit_length() - 1),
        str(cube_position),
        str(turn),
        dice,
        str(state.score[1]),
        str(state.score[0]),
        str(rules),
        str(state.match_length),
        str(max_cube_log),
    ]
    return "XGID=" + ":".join(fields)


def decode_xgid(text: str) -> tuple[Position, MatchState]:
    """Read an XGID: ``(position seen from the player on roll, match state)``.

    Raises ``ValueError`` saying what is wrong with a malformed one.
    """
    parsed = parse_xgid(text)
    return parsed.position, parsed.state


def parse_xgid(text: str) -> Xgid:
    """Read an XGID in full (see :class:`Xgid`); ``ValueError`` on malformed input."""
    if not isinstance(text, str):
        raise ValueError("an XGID is a string such as XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10")
    m = _XGID_RE.match(text.strip())
    if not m:
        raise ValueError(
            "an XGID is 26 characters of -, A-P, a-p and nine fields separated by ':', "
            f"like XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10; got {text.strip()!r}"
        )
    board, rest = m.group(1), m.group(2)[1:].split(":")
    cube, cube_position, turn, dice, score_x, score_o, rules, length, max_cube = rest
    numbers = {}
    for name, value in (("cube", cube), ("cube position", cube_position), ("turn", turn),
                        ("score 1", score_x), ("score 2", score_o), ("rules", rules),
                        ("match length", length), ("max cube", max_cube)):
        if not re.fullmatch(r"-?\d{1,5}", value):
            raise ValueError(f"the XGID's {name} field must be a number, got {value!r}")
        numbers[name] = int(value)

    x = [0] * 25
    o = [0] * 25
    for i, c in enumerate(board):
        if c == "-":
            continue
        if c.isupper():
            if i == 0:
                raise ValueError("the XGID puts an X checker on O's bar (character 0)")
            x[24 if i == 25 else i - 1] = ord(c) - ord("A") + 1
        else:
            if i == 25:
                raise ValueError("the XGID puts an O checker on X's bar (character 25)")
            o[24 if i == 0 else 24 - i] = ord(c) - ord("a") + 1
    for name, side in (("X", x), ("O", o)):
        if sum(side) > CHECKERS:
            raise ValueError(f"the XGID gives {name} {sum(side)} checkers, more than {CHECKERS}")

    if not 0 <= numbers["cube"] <= _MAX_CUBE_LOG:
        raise ValueError(f"the XGID's cube field must be 0..15 (log2 of the value), got {numbers['cube']}")
    if numbers["cube position"] not in (-1, 0, 1):
        raise ValueError(f"the XGID's cube position must be -1, 0 or 1, got {numbers['cube position']}")
    if numbers["turn"] not in (-1, 1):
        raise ValueError(f"the XGID's turn must be 1 (X) or -1 (O), got {numbers['turn']}")
    move = 1 if numbers["turn"] == 1 else 0
    if dice == "D":
        doubled, rolled, turn_player = True, (0, 0), 1 - move
    elif re.fullmatch(r"[0-6]{2}", dice):
        doubled, rolled, turn_player = False, (int(dice[0]), int(dice[1])), move
    else:
        raise ValueError(f"the XGID's dice must be 00, two dice 1..6, or D (doubled), got {dice!r}")
    match_length = numbers["match length"]
    if not 0 <= match_length <= MAX_MATCH_LENGTH:
        raise ValueError(f"the XGID's match length must be 0 (money) to {MAX_MATCH_LENGTH}, got {match_length}")
    rules_value = numbers["rules"]
    if match_length:
        if rules_value not in (0, 1):
            raise ValueError(f"in a match the XGID's rules field is 0 or 1 (Crawford), got {rules_value}")
        crawford, jacoby, beavers = bool(rules_value), False, False
    else:
        if not 0 <= rules_value <= 3:
            raise ValueError(f"in money play the XGID's rules field is 0..3 (Jacoby, beavers), got {rules_value}")
        crawford, jacoby, beavers = False, bool(rules_value & 1), bool(rules_value & 2)
    if not 0 <= numbers["max cube"] <= 15:
        raise ValueError(f"the XGID's max cube must be 0..15 (log2), got {numbers['max cube']}")

    try:
        state = MatchState(
            cube_value=1 << numbers["cube"],
            cube_owner={1: 1, 0: -1, -1: 0}[numbers["cube position"]],
            player_on_roll=move,
            crawford=crawford,
            game_state=GAME_PLAYING,
            turn=turn_player,
            doubled=doubled,
            resign=0,
            dice=rolled,
            match_length=match_length,
            score=(numbers["score 2"], numbers["score 1"]),
            jacoby=jacoby,
        )
    except ValueError as exc:
        raise ValueError(f"the XGID does not describe a valid match state: {exc}") from None
    try:
        position = Position(tuple(x), tuple(o)) if move == 1 else Position(tuple(o), tuple(x))
    except ValueError as exc:
        raise ValueError(f"the XGID does not describe a valid position: {exc}") from None
    return Xgid(position, state, beavers, numbers["max cube"])
