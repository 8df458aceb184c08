"""A :class:`~tavli.match.Match` in the formats other programs read: GNU Backgammon's Position ID
and Match ID, eXtreme Gammon's XGID (:mod:`tavli.ids`), and Jellyfish ``.mat`` transcripts
(:mod:`tavli.matfile`).

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

from typing import TYPE_CHECKING, Any

from .dice import DiceSource, SecureDice
from .game import Game, Outcome
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
    format_mat_moves,
    mat_play,
    read_mat,
    write_mat,
)
from .position import Position
from .rules import Rules

if TYPE_CHECKING:
    from .match import Match

_OPTIONS = ("cube", "crawford", "jacoby", "backgammons", "minimize_waste", "resign_offers")


# --- IDs --------------------------------------------------------------------------------------------


def match_state(match: Match) -> MatchState:
    """The :class:`~tavli.ids.MatchState` of ``match`` as it stands."""
    game = match.game
    phase = match.phase
    if phase == "opening":
        game_state = GAME_NONE
    elif phase in ("game-over", "match-over") and match.result is not None:
        reason = match.result.reason
        game_state = GAME_OVER if reason == "bear-off" else GAME_DROPPED if reason == "drop" else GAME_RESIGNED
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
        doubled=phase == "cube",
        resign=int(match.resign_offer) if match.resign_offer is not None else 0,
        dice=tuple(game.dice) if game.dice is not None else (0, 0),
        match_length=match.length or 0,
        score=(match.scores[0], match.scores[1]),
        jacoby=match.rules.jacoby,
    )


def position_on_roll(match: Match) -> Position:
    """The checkers at the start of the turn, seen from the player on roll (GNU's ``fMove``)."""
    return match.game.position_for(match.game.on_roll)


def match_id(match: Match) -> str:
    return encode_match_id(match_state(match))


def position_id(match: Match) -> str:
    return position_on_roll(match).gnubg_id()


def xgid(match: Match) -> str:
    return encode_xgid(position_on_roll(match), match_state(match))


def from_ids(
    cls: type[Match], position: Position, state: MatchState, rules: Rules | None, dice: DiceSource | None, **options: Any
) -> Match:
    """A match starting at ``position`` (seen from ``state.player_on_roll``) and ``state``."""
    length = state.match_length or None
    if rules is None:
        rules = Rules.international(jacoby=state.jacoby) if length is None else Rules.international()
    match = cls(length, rules, dice, **options)
    setup(match, position, state)
    return match


def setup(match: Match, position: Position, state: MatchState) -> None:
    """Put a freshly made ``match`` into ``position`` and ``state``; ``ValueError`` if the match's
    rules cannot have it. The match's log starts again with a ``setup`` event."""
    from .match import MAX_CUBE, MatchError

    if getattr(match, "variant", "portes") != "portes":
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
    match.scores = [state.score[0], state.score[1]]
    match.cube = state.cube_value
    match.cube_owner = None if state.cube_owner == -1 else state.cube_owner
    match.crawford = state.crawford
    match.crawford_played = state.crawford or (length is not None and length > 1 and max(state.score) == length - 1)
    if not (match.rules.cube and match.rules.crawford):
        match.crawford_played = match.crawford
    match.log = [
        {"type": "setup", "position": position.gnubg_id(), "match_id": encode_match_id(state)},
        {"type": "game", "game": 1, "scores": list(match.scores), "crawford": match.crawford},
    ]
    if state.game_state == GAME_NONE:
        match.game = Game(match.dice, minimize_waste=match.rules.minimize_waste)
        match.phase = "opening"
        return
    match.game = Game(match.dice, minimize_waste=match.rules.minimize_waste, position=position, on_roll=player)
    if rolled:
        match.game.set_dice(state.dice)
        match.phase = "move"
    elif state.doubled:
        match.phase = "cube"
    elif state.resign:
        match.resign_offer = Outcome(state.resign)
        match.phase = "resign"
    else:
        match.phase = "roll"


# --- .mat -----------------------------------------------------------------------------------------


def to_mat(match: Match, names: tuple[str, str] = ("Player 0", "Player 1")) -> str:
    """The ``.mat`` transcript of ``match``'s games, from its log."""
    return write_mat(mat_record(match, names))


def mat_record(match: Match, names: tuple[str, str] = ("Player 0", "Player 1")) -> MatRecord:
    from .match import MatchError

    if getattr(match, "variant", "portes") != "portes":
        raise MatchError("a .mat transcript describes Portes (backgammon) matches only")
    if any(event["type"] == "setup" for event in match.log):
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
        kind = event["type"]
        if kind == "game":
            game = MatGame(event["scores"][0], event["scores"][1])
            record.games.append(game)
            seen_by_0 = Position.initial()
            continue
        if game is None:
            continue
        player = event.get("player")
        if kind == "play":
            view = seen_by_0 if player == 0 else seen_by_0.swap()
            moves = [tuple(m) for m in event["moves"]]
            text = format_mat_moves(view, moves)
            game.actions.append(MatAction(player, ROLL, (tuple(event["dice"]), text)))
            after = _after(view, moves)
            seen_by_0 = after if player == 0 else after.swap()
        elif kind == "double":
            game.actions.append(MatAction(player, DOUBLE, event["cube"]))
        elif kind == "take":
            game.actions.append(MatAction(player, TAKE, None))
        elif kind == "drop":
            game.actions.append(MatAction(player, DROP, None))
        elif kind == "win":
            game.actions.append(MatAction(event["winner"], WIN, event["points"]))
    return record


def from_mat(cls: type[Match], text: str, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any) -> Match:
    """A match replayed from a ``.mat`` transcript; ``ValueError`` with the game and the reason
    when it does not replay."""
    record = read_mat(text)
    if rules is None:
        rules = _rules_from_tags(record.tags)
    feed = _Feed()
    match = cls(record.match_length or None, rules, feed, **options)
    for number, game in enumerate(record.games, 1):
        try:
            if number > 1:
                if match.phase != "game-over":
                    raise ValueError("the game before it did not end" if match.phase != "match-over" else "the match was already over")
                match.next_game()
            if [game.score0, game.score1] != match.scores:
                raise ValueError(f"the score is {match.scores[0]}-{match.scores[1]}, the transcript says {game.score0}-{game.score1}")
            _replay_game(match, game, feed)
        except ValueError as error:
            raise ValueError(f"game {number}: {error}") from None
    match.dice.source = dice if dice is not None else SecureDice()
    return match


def _replay_game(match: Match, game: MatGame, feed: _Feed) -> None:
    from .match import MatchError

    for action in game.actions:
        player, kind, payload = action
        if match.phase in ("game-over", "match-over") and kind != WIN:
            raise MatchError(f"the game is over, then player {player} does more")
        if kind == ROLL:
            (a, b), moves = payload
            if match.phase == "opening":
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
            _replay_win(match, player, payload)


def _replay_win(match: Match, winner: int, points: int) -> None:
    from .match import MatchError

    if match.phase in ("game-over", "match-over") and match.result is not None:
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
    if needed is not None and points == needed and (match.phase == "opening" or not levels):
        match.resign_match(loser)  # the match was resigned (or lost on time)
        return
    if not rules.resign_offers and match.phase == "roll" and match.game.on_roll == loser:
        level = match.resign_options()[0]
        if int(rules.counted(level, cube=match.cube, money=match.money)) * match.cube == points:
            match.offer_resignation(player=loser)
            return
    if levels:
        level = levels[0]
        if rules.resign_offers and match.phase == "roll" and match.game.on_roll == loser and level in match.resign_options():
            match.offer_resignation(level, player=loser)
            if match.phase == "resign":
                match.accept_resignation(player=winner)
            return
        match._concede(loser, level)
        return
    if points == 2 * match.cube and match.phase != "opening":
        match._concede(loser, Outcome.GAMMON, reason="timeout")
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
    return Position.from_gnubg_id(position_text), decode_match_id(match_text)


def decode_xgid(text: str) -> tuple[Position, MatchState]:
    parsed = parse_xgid(text)
    return parsed.position, parsed.state
