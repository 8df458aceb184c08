"""The command line: whole matches between built-in bots, and a look at a saved match.

    python -m tavli match --length 5 --rules international --seed 7 --players beginner,beginner \\
        --mat out.mat --json out.json
    python -m tavli match --games 10 --rules greek          # money play, ten games
    python -m tavli match --game tavli --length 5           # Portes, Plakoto, Fevga in turn
    python -m tavli match --game plakoto --mother-points 1 --players champion,beginner
    python -m tavli show out.json                           # final position and score

``match`` prints one line per game and the final score; ``--mat`` and ``--json`` write the match
as a Jellyfish transcript (Portes only) and as a saved match. ``--game`` picks the game: portes (the
default), plakoto, fevga, or tavli (the three in rotation); all but portes use the Greek rules;
``--mother-points``, ``--first-checker`` and ``--prime`` set the Plakoto and Fevga rule options
(:class:`tavli.match.Match`'s ``options``). ``--players`` names two players: ``beginner`` (the
heuristic bot) or a level of the neural opponent (``intermediate``, ``expert``, ``champion``, ``grandmaster``).
``show`` reads a saved match (JSON) or a ``.mat``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .ai.heuristic import BOTS
from .ai.player import Player
from .ai.players import make_player
from .formats import matchio, savefile
from .match import Match, MatchError
from .matchsetup import VARIANTS
from .phase import Phase
from .scoring import PRESETS, Rules


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except BrokenPipeError:
        return 0
    except (OSError, ValueError) as error:
        print(f"tavli: {_one_line(error)}", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 (a last resort: one line, never a traceback)
        print(f"tavli: unexpected {type(error).__name__}: {_one_line(error)}", file=sys.stderr)
        return 2


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())[:500]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tavli", description="Tavli: backgammon matches on the command line.")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("match", help="play a whole match between two built-in bots")
    target = play.add_mutually_exclusive_group()
    target.add_argument("--length", type=int, default=None, help="points to win the match (1..25; default 5)")
    target.add_argument("--games", type=int, default=None, help="money play: this many games, points tallied")
    play.add_argument(
        "--game", choices=VARIANTS, default="portes", help="the game: portes (default), plakoto, fevga or tavli (rotation)"
    )
    play.add_argument(
        "--rules", choices=PRESETS, default=None, help="rule preset (default international; greek for the other games)"
    )
    play.add_argument("--mother-points", type=int, choices=(2, 1), default=None,
                      help="Plakoto: a pinned mother wins 2 points (default) or 1")
    play.add_argument("--first-checker", choices=("pass", "quarter"), default=None,
                      help="Fevga: the first checker must pass the opponent's start (default) or reach his quarter")
    play.add_argument("--prime", choices=("open", "free"), default=None,
                      help="Fevga: a prime that shuts the opponent out must be opened (default) or may stay")
    play.add_argument("--seed", type=int, default=None, help="seed the dice (repeatable matches)")
    play.add_argument(
        "--players", default="beginner,beginner", help=f"two players, comma-separated ({', '.join(PLAYERS)})"
    )
    play.add_argument("--mat", type=Path, help="write the match as a .mat transcript")
    play.add_argument("--json", type=Path, help="write the match as a saved match (JSON)")
    play.add_argument("--quiet", action="store_true", help="print only the final score")
    play.set_defaults(run=_run_match)

    show = commands.add_parser("show", help="print the position and score of a saved match (.json or .mat)")
    show.add_argument("path", type=Path)
    show.set_defaults(run=_run_show)
    return parser


PLAYERS = (*BOTS, "intermediate", "expert", "champion", "grandmaster")


def _player(name: str, seed: int | None) -> Player:
    """A player by name: the heuristic ``beginner`` or a level of the neural opponent (whose nets
    load on its first decision)."""
    key = name.strip().lower()
    if key not in PLAYERS:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}")
    return make_player(key, seed=seed)


def play_match(
    match: Match, bots: Sequence[Player], *, on_game_end: Callable[[Match], object] | None = None,
    max_actions: int = 1_000_000,
) -> Match:
    """Let ``bots[0]`` and ``bots[1]`` play ``match`` to its end."""
    for _ in range(max_actions):
        if match.is_over():
            return match
        if match.phase == Phase.GAME_OVER:
            if on_game_end is not None:
                on_game_end(match)
            match.next_game()
            continue
        player = match.to_act if match.to_act is not None else 0
        if not bots[player].act(match, player):
            raise RuntimeError(f"bot {player} did nothing at {match.phase}")
    raise RuntimeError("the match did not end")


def _run_match(args: argparse.Namespace) -> int:
    names = [name.strip() for name in args.players.split(",")]
    if len(names) != 2:
        raise ValueError("--players takes two bot names separated by a comma")
    bots = [_player(name, None if args.seed is None else args.seed + i) for i, name in enumerate(names)]
    length = None if args.games is not None else (args.length if args.length is not None else 5)
    if args.mat and args.game != "portes":
        raise MatchError("a .mat transcript holds Portes matches only: use --json")
    preset = args.rules if args.rules is not None else ("international" if args.game == "portes" else "greek")
    chosen = {"mother_points": args.mother_points, "first_checker": args.first_checker, "prime": args.prime}
    options = {key: value for key, value in chosen.items() if value is not None}
    match = Match(length, Rules.preset(preset), seed=args.seed, games=args.games, variant=args.game, options=options)

    def report(m: Match) -> None:
        if not args.quiet and m.result is not None:
            print(_game_line(m))

    play_match(match, bots, on_game_end=report)
    report(match)
    print(_final_line(match, names))
    labels = (f"{names[0]} (0)", f"{names[1]} (1)") if names[0] == names[1] else (names[0], names[1])
    if args.mat:
        args.mat.write_text(matchio.to_mat(match, labels), encoding="utf-8")
    if args.json:
        args.json.write_text(savefile.dumps(match, indent=1), encoding="utf-8")
    return 0


def _run_show(args: argparse.Namespace) -> int:
    text = args.path.read_text(encoding="utf-8")
    # A saved match is a JSON object; a .mat transcript never starts with "{" (nor "[").
    if text.lstrip()[:1] in ("{", "["):
        match = savefile.loads(text)
    else:
        match = matchio.from_mat(text)
    print(show_text(match))
    return 0


def show_text(match: Match) -> str:
    """The position (player 0 as X, moving 24 -> 1), the score and the state of ``match``."""
    lines = [f"rules: {match.rules.describe()}", f"score: {match.score_text()}"]
    if not match.backgammon:
        lines.insert(0, f"game: {match.variant}" + (f" (now {match.game_variant})" if match.variant == "tavli" else ""))
    if match.cube > 1 or match.cube_owner is not None:
        lines.append(f"cube: {match.cube}, owned by player {match.cube_owner}")
    if match.crawford:
        lines.append("Crawford game")
    lines.append(f"phase: {match.phase}" + (f", player {match.to_act} to act" if match.to_act is not None else ""))
    if match.is_over():
        who = "nobody (a tie)" if match.winner is None else f"player {match.winner}"
        lines.append(f"winner: {who} ({match.end_reason})")
    elif match.result is not None:
        lines.append(f"last game: {_result_text(match)}")
    lines.append("position (X = player 0, O = player 1):")
    lines.append(match.position_for(0).diagram())
    if match.backgammon:
        lines.append(f"GNU ID: {matchio.gnubg_id(match)}")
        lines.append(matchio.xgid(match))
    else:
        lines.append(f"position ID: {matchio.position_id(match)}")
    return "\n".join(lines)


def _game_line(match: Match) -> str:
    game = f" ({match.game_variant})" if match.variant == "tavli" else ""
    return f"game {match.game_number}{game}: {_result_text(match)}; score {match.scores[0]}-{match.scores[1]}"


def _result_text(match: Match) -> str:
    result = match.result
    assert result is not None
    if result.winner is None:
        return "a draw (both mothers pinned), no points"
    how = {
        "bear-off": "bore off",
        "mother": "(mother pinned)",
        "drop": "(double dropped)",
        "resign": "(resignation)",
        "timeout": "(on time)",
        "resign-match": "(match resigned)",
    }.get(result.reason, result.reason)
    assert result.counted is not None  # (only a draw counts nothing)
    kind = result.counted.name.lower()
    return f"player {result.winner} wins {result.points} point{'s' if result.points != 1 else ''} {how}, a {kind} at cube {result.cube}"


def _final_line(match: Match, names: Sequence[str]) -> str:
    target = "money play" if match.length is None else f"match to {match.length}"
    if match.winner is None:
        return f"{target}: {match.scores[0]}-{match.scores[1]} after {match.game_number} games, a tie"
    return (
        f"{target}: player {match.winner} ({names[match.winner]}) wins "
        f"{match.scores[0]}-{match.scores[1]} after {match.game_number} games"
    )
