"""A :class:`~tavli.match.Match` in the formats other programs read: GNU Backgammon's Position ID
and Match ID, eXtreme Gammon's XGID (:mod:`tavli.formats.ids`), and Jellyfish ``.mat``
transcripts (:mod:`tavli.formats.matfile`). They describe Portes matches only: for the other games
the functions raise :class:`~tavli.match.MatchError`, and :func:`position_id` gives the game's own
position ID (:meth:`tavli.games.plakoto.PlakotoPosition.position_id`, :meth:`tavli.games.fevga.FevgaPosition.position_id`).

* IDs describe one moment of a match. Writing one is exact for everything an ID holds; reading one
  gives a match that starts there (its log opens with a ``setup`` event), either before the
  opening roll or in a game in play: a finished game cannot be loaded from an ID. The rules come
  from the caller (default: International, with the ID's Jacoby flag in money play).
* A ``.mat`` transcript holds the games: rolls and plays, doubles, takes, drops and the points
  each game was won by. Refused resignation offers, the order of tied opening rolls and the
  clock are not in it. Reading one replays every game through the match's checked actions, so a
  transcript that breaks the rules is refused with the reason. The rules travel in ``; [Rules]``
  and ``; [Options]`` tags that other programs skip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from ..dice import DiceSource, SecureDice
from ..events import Doubled, Dropped, Event, GameStarted, GameWon, Played, SetUp, Took
from ..games.base import Outcome, Termination
from ..games.portes import Position
from ..match import Match
from ..matchsetup import MAX_CUBE, VARIANT_TITLES
from ..phase import Phase
from ..scores import MatchError
from ..scoring import Rules
from .ids import (
    GAME_DROPPED,
    GAME_NONE,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    MatchState,
    decode_match_id,
    encode_match_id,
    encode_xgid,
    parse_xgid,
)
from .matfile import (
    DOUBLE,
    DROP,
    ROLL,
    TAKE,
    WIN,
    MatAction,
    MatGame,
    MatRecord,
    read_mat,
    write_mat,
)
from .matmoves import format_mat_moves, mat_play

_OPTIONS = ("cube", "crawford", "jacoby", "backgammons", "minimize_waste", "resign_offers")


# --- IDs --------------------------------------------------------------------------------------------


def match_state(match: Match) -> MatchState:
    """The :class:`~tavli.formats.ids.MatchState` (what a GNU Backgammon Match ID holds) of
    ``match`` as it stands (Portes matches only: :class:`~tavli.match.MatchError` otherwise)."""
    _portes_only(match, "a GNU Backgammon match state")
    game = match.game
    phase = match.phase
    if phase == Phase.OPENING:
        game_state = GAME_NONE
    elif phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and match.result is not None:
        reason = match.result.reason
        game_state = GAME_OVER if reason == Termination.BEAR_OFF else GAME_DROPPED if reason == Termination.DROP else GAME_RESIGNED
    else:
        game_state = GAME_PLAYING
    to_act = match.to_act
    return MatchState(
        cube_value=match.cube,
        cube_owner=-1 if match.cube_owner is None else match.cube_owner,
        player_on_roll=game.on_roll,
        crawford=match.crawford,
        game_state=game_state,
        turn=game.on_roll if to_act is None else to_act,
        doubled=phase == Phase.CUBE,
        resign=int(match.resign_offer) if match.resign_offer is not None else 0,
        dice=(game.dice[0], game.dice[1]) if game.dice is not None else (0, 0),
        match_length=match.length or 0,
        score=(match.scores[0], match.scores[1]),
        jacoby=match.rules.jacoby,
    )


def position_on_roll(match: Match) -> Position:
    """The checkers at the start of the turn, seen from the player on roll (GNU's ``fMove``)."""
    position = match.game.position_for(match.game.on_roll)
    assert isinstance(position, Position)
    return position


def match_id(match: Match) -> str:
    """GNU Backgammon's 12-character Match ID of the match as it stands (Portes matches only:
    :class:`~tavli.match.MatchError` otherwise)."""
    _portes_only(match, "a GNU Backgammon Match ID")
    return encode_match_id(match_state(match))


def position_id(match: Match) -> str:
    """The Position ID of the checkers at the start of the turn, seen from the player on roll:
    GNU Backgammon's for Portes, the game's own for Plakoto and Fevga."""
    return str(match.game.position_for(match.game.on_roll).position_id())


def gnubg_id(match: Match) -> str:
    """``"PositionID:MatchID"``, as GNU Backgammon shows them together (Portes matches only)."""
    _portes_only(match, "a GNU Backgammon ID")
    return f"{position_id(match)}:{match_id(match)}"


def xgid(match: Match) -> str:
    """eXtreme Gammon's XGID of the match as it stands (Portes matches only)."""
    _portes_only(match, "an XGID")
    return encode_xgid(position_on_roll(match), match_state(match))


def from_gnubg_id(
    ids: str, match_id: str | None = None, *, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any
) -> Match:
    """A match starting where ``"PositionID:MatchID"`` (or the two given apart) says: before
    the opening roll or in a game in play. ``ValueError`` with the reason otherwise."""
    if match_id is None:
        position, state = decode_ids(ids)
    else:
        position, state = Position.from_id(ids), decode_match_id(match_id)
    return from_ids(position, state, rules, dice, **options)


def from_xgid(text: str, *, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any) -> Match:
    """A match starting at the game in play an XGID describes; ``ValueError`` otherwise."""
    position, state = decode_xgid(text)
    return from_ids(position, state, rules, dice, **options)


def from_ids(position: Position, state: MatchState, rules: Rules | None, dice: DiceSource | None, **options: Any) -> Match:
    """A match starting at ``position`` (seen from ``state.player_on_roll``) and ``state``."""
    length = state.match_length or None
    if rules is None:
        rules = Rules.international(jacoby=state.jacoby) if length is None else Rules.international()
    match = Match(length, rules, dice, **options)
    setup(match, position, state)
    return match


def replay(log: Sequence[Event], length: int | None = 1, rules: Rules | None = None, **options: Any) -> Match:
    """:meth:`Match.replay <tavli.match.Match.replay>` of a log that may start with a ``setup``
    event (a match read from GNU Backgammon IDs)."""
    return Match.replay(log, length, rules, setup=_setup_event, **options)


def _setup_event(match: Match, event: SetUp) -> None:
    setup(match, Position.from_id(event.position), decode_match_id(event.match_id))


def _portes_only(match: Match, what: str) -> None:
    if not match.backgammon:
        raise MatchError(f"{what} describes Portes (backgammon) matches only, not {VARIANT_TITLES[match.variant]}")


def setup(match: Match, position: Position, state: MatchState) -> None:
    """Put a freshly made ``match`` into ``position`` and ``state``; ``ValueError`` if the match's
    rules cannot have it. The match's log starts again with a ``setup`` event."""
    if not match.backgammon:
        raise MatchError("GNU Backgammon IDs describe Portes matches only")
    if state.game_state not in (GAME_NONE, GAME_PLAYING):
        raise MatchError("only a game about to start or in play can be set up from an ID, not a finished one")
    length = state.match_length or None
    if length != match.length:
        raise MatchError(f"the ID is for a {'money game' if length is None else f'{length}-point match'}")
    if state.cube_value > MAX_CUBE:
        raise MatchError(f"the cube goes up to {MAX_CUBE}, the ID has it at {state.cube_value}")
    if state.cube_value > 1 or state.cube_owner != -1 or state.doubled:
        if not match.rules.cube or match.length == 1:
            raise MatchError("the ID has the cube in play where these rules have none")
    if (state.cube_value > 1) != (state.cube_owner != -1):
        raise MatchError("a cube that has been turned has an owner, a centred cube is at 1")
    if state.crawford and (length is None or not match.rules.crawford or max(state.score) != length - 1):
        raise MatchError("a Crawford game comes only in a match, with a player one point short of the target")
    if state.crawford and (state.cube_value > 1 or state.doubled):
        raise MatchError("there is no doubling in the Crawford game")
    if length is not None and max(state.score) >= length:
        raise MatchError("the match is already over at that score")
    player = state.player_on_roll
    rolled = state.dice != (0, 0)
    if state.game_state == GAME_NONE:
        if position != Position.initial() or rolled or state.doubled or state.resign:
            raise MatchError("before the opening roll the checkers are at the start and nothing is offered")
    elif sum(position.player) == 0 or sum(position.opponent) == 0:
        raise MatchError("a game in play has checkers on both sides")
    if state.doubled and (rolled or state.resign or state.turn != 1 - player):
        raise MatchError("a double is offered before rolling, to the other player")
    if state.doubled and state.cube_owner not in (-1, player):
        raise MatchError("only the cube's owner (or either player while it is in the middle) may double")
    if state.resign:
        if rolled or state.turn != 1 - player:
            raise MatchError("a resignation is offered before rolling, to the other player")
        if not match.rules.resign_offers or Outcome(state.resign) not in match.rules.resign_levels():
            raise MatchError("that resignation cannot be offered under these rules")
    if not state.doubled and not state.resign and state.turn != player:
        raise MatchError("the player to act is the player on roll")
    crawford_played = state.crawford or (length is not None and length > 1 and max(state.score) == length - 1)
    if not (match.rules.cube and match.rules.crawford):
        crawford_played = state.crawford
    if state.game_state == GAME_NONE:
        phase = Phase.OPENING
    else:
        phase = Phase.MOVE if rolled else Phase.CUBE if state.doubled else Phase.RESIGN if state.resign else Phase.ROLL
    scores = (state.score[0], state.score[1])
    match.restore(replace(
        match.snapshot(),
        phase=phase,
        scores=scores,
        cube=state.cube_value,
        cube_owner=None if state.cube_owner == -1 else state.cube_owner,
        crawford=state.crawford,
        crawford_played=crawford_played,
        resign_offer=Outcome(state.resign) if phase == Phase.RESIGN else None,
        on_roll=player if phase != Phase.OPENING else 0,
        position=position if player == 0 else position.swap(),
        dice=state.dice if rolled else None,
        log=(
            SetUp(position.position_id(), encode_match_id(state)),
            GameStarted(1, scores, state.crawford),
        ),
    ))


# --- .mat -----------------------------------------------------------------------------------------


def to_mat(match: Match, names: tuple[str, str] = ("Player 0", "Player 1")) -> str:
    """The match's games as a Jellyfish ``.mat`` transcript (as GNU Backgammon exports;
    Portes matches only: :class:`~tavli.match.MatchError` otherwise)."""
    _portes_only(match, "a .mat transcript")
    return write_mat(mat_record(match, names))


def mat_record(match: Match, names: tuple[str, str] = ("Player 0", "Player 1")) -> MatRecord:
    if not match.backgammon:
        raise MatchError("a .mat transcript describes Portes (backgammon) matches only")
    if any(isinstance(event, SetUp) for event in match.log):
        raise MatchError("a match set up from a position has no transcript from the start")
    rules = match.rules
    options = ",".join(f"{name}={'on' if getattr(rules, name) else 'off'}" for name in _OPTIONS)
    record = MatRecord(
        match.length or 0,
        (names[0], names[1]),
        tags=[("Site", "Tavli"), ("Rules", rules.name), ("Options", options)],
    )
    game: MatGame | None = None
    seen_by_0 = Position.initial()
    for event in match.log:
        if isinstance(event, GameStarted):
            game = MatGame(event.scores[0], event.scores[1])
            record.games.append(game)
            seen_by_0 = Position.initial()
        elif game is None:
            continue
        elif isinstance(event, Played):
            view = seen_by_0 if event.player == 0 else seen_by_0.swap()
            moves = list(event.moves)
            text = format_mat_moves(view, moves)
            game.actions.append(MatAction(event.player, ROLL, (event.dice, text)))
            after = _after(view, moves)
            seen_by_0 = after if event.player == 0 else after.swap()
        elif isinstance(event, Doubled):
            game.actions.append(MatAction(event.player, DOUBLE, event.cube))
        elif isinstance(event, Took):
            game.actions.append(MatAction(event.player, TAKE, None))
        elif isinstance(event, Dropped):
            game.actions.append(MatAction(event.player, DROP, None))
        elif isinstance(event, GameWon):
            assert event.result.winner is not None  # a draw is a GameDrawn
            game.actions.append(MatAction(event.result.winner, WIN, event.result.points))
    return record


def from_mat(text: str, *, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any) -> Match:
    """A match replayed from a ``.mat`` transcript (the rules from its tags unless given);
    ``ValueError`` naming the game and the reason when it does not replay."""
    record = read_mat(text)
    if rules is None:
        rules = _rules_from_tags(record.tags)
    feed = _Feed()
    match = Match(record.match_length or None, rules, feed, **options)
    for number, game in enumerate(record.games, 1):
        try:
            if number > 1:
                if match.phase != Phase.GAME_OVER:
                    raise ValueError("the game before it did not end" if match.phase != Phase.MATCH_OVER else "the match was already over")
                match.next_game()
            if [game.score0, game.score1] != match.scores:
                raise ValueError(f"the score is {match.scores[0]}-{match.scores[1]}, the transcript says {game.score0}-{game.score1}")
            _replay_game(match, game, feed)
        except ValueError as error:
            raise ValueError(f"game {number}: {error}") from None
    match.dice.source = dice if dice is not None else SecureDice()
    return match


def _replay_game(match: Match, game: MatGame, feed: _Feed) -> None:
    for action in game.actions:
        player, kind, payload = action
        if match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and kind != WIN:
            raise MatchError(f"the game is over, then player {player} does more")
        if kind == ROLL:
            (a, b), moves = cast(tuple[tuple[int, int], str], payload)
            if match.phase == Phase.OPENING:
                if a == b:
                    raise MatchError("an opening roll cannot be a double")
                high, low = max(a, b), min(a, b)
                feed.values += [high, low] if player == 0 else [low, high]
                match.roll()
                if match.game.on_roll != player:
                    raise MatchError("the opening roll is played by the player with the higher die")
            else:
                feed.values += [a, b]
                match.roll(player=player)
            dice = match.game.dice
            assert dice is not None
            turn = match.turn
            if moves == "" and turn is not None and turn.length > 0:
                continue  # rolled, then resigned: the win that follows says so
            play = mat_play(match.game.position, dice, moves, minimize_waste=match.rules.minimize_waste)
            match.play(play, player=player)
        elif kind == DOUBLE:
            match.double(player=player)
            if match.cube * 2 != payload:
                raise MatchError(f"the cube goes to {match.cube * 2}, not {payload}")
        elif kind == TAKE:
            match.take(player=player)
        elif kind == DROP:
            match.drop(player=player)
        elif kind == WIN:
            _replay_win(match, player, cast(int, payload))


def _replay_win(match: Match, winner: int, points: int) -> None:
    if match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and match.result is not None:
        result = match.result
        if result.winner != winner or result.points != points:
            raise MatchError(
                f"the game gives player {result.winner} {result.points} point(s), "
                f"the transcript says player {winner} wins {points}"
            )
        return
    loser = 1 - winner
    rules = match.rules
    needed = match.needs(winner)
    levels = [lv for lv in rules.resign_levels() if int(rules.counted(lv, cube=match.cube, money=match.money)) * match.cube == points]
    if needed is not None and points == needed and (match.phase == Phase.OPENING or not levels):
        match.resign_match(loser)  # the match was resigned (or lost on time)
        return
    if not rules.resign_offers and match.phase == Phase.ROLL and match.game.on_roll == loser:
        level = match.resign_options()[0]
        if int(rules.counted(level, cube=match.cube, money=match.money)) * match.cube == points:
            match.offer_resignation(player=loser)
            return
    if levels:
        level = levels[0]
        if rules.resign_offers and match.phase == Phase.ROLL and match.game.on_roll == loser and level in match.resign_options():
            match.offer_resignation(level, player=loser)
            if match.resign_offer is not None:  # offered, not accepted at once
                match.accept_resignation(player=winner)
            return
        match.concede(loser, level)
        return
    if points == 2 * match.cube and match.phase != Phase.OPENING:
        match.concede(loser, Outcome.GAMMON, reason=Termination.TIMEOUT)
        return
    raise MatchError(f"player {winner} cannot win {points} point(s) here (cube at {match.cube})")


class _Feed:
    """Dice given just before each roll, while a transcript is replayed."""

    def __init__(self) -> None:
        self.values: list[int] = []

    def die(self) -> int:
        if not self.values:
            raise ValueError("the transcript has no dice for this roll")
        return self.values.pop(0)


def _rules_from_tags(tags: list[tuple[str, str]]) -> Rules:
    found = dict(tags)
    name = found.get("Rules", "international")
    options: dict[str, bool] = {}
    for item in found.get("Options", "").split(","):
        if not item.strip():
            continue
        key, _, value = item.partition("=")
        key = key.strip()
        if key not in _OPTIONS or value.strip() not in ("on", "off"):
            raise ValueError(f"the transcript's rule option {item.strip()!r} is not one of ours")
        options[key] = value.strip() == "on"
    return Rules.preset(name, **options)


def _after(position: Position, moves: list[tuple[int, int]]) -> Position:
    """The checkers after ``moves`` (single-die hops in the order played), still seen from the
    mover."""
    me, opp = list(position.player), list(position.opponent)
    for start, end in moves:
        me[start - 1] -= 1
        if end:
            if opp[24 - end] == 1:
                opp[24 - end] = 0
                opp[24] += 1
            me[end - 1] += 1
    return Position(tuple(me), tuple(opp))


def decode_ids(text: str) -> tuple[Position, MatchState]:
    """``"PositionID:MatchID"`` (as GNU Backgammon shows them) read into its parts; ``ValueError``
    for anything else (not a string included)."""
    if not isinstance(text, str):
        raise ValueError("expected 'PositionID:MatchID' as text, e.g. 4HPwATDgc/ABMA:cAkAAAAAAAAA")
    position_text, sep, match_text = text.strip().partition(":")
    if not sep:
        raise ValueError("expected 'PositionID:MatchID', e.g. 4HPwATDgc/ABMA:cAkAAAAAAAAA")
    return Position.from_id(position_text), decode_match_id(match_text)


def decode_xgid(text: str) -> tuple[Position, MatchState]:
    parsed = parse_xgid(text)
    return parsed.position, parsed.state
