"""The coach's jobs, as the page's worker runs them: a request (a JSON-ready dict naming the job and
carrying the match as its save document, :func:`tavli.formats.savefile.to_document`) in, a
JSON-ready dict out. :func:`job_steps` is a steps generator (:mod:`tavli.steps`: it yields between
units of work of a few milliseconds, now and then a float in [0, 1], the share done, never
decreasing); :func:`run_job` runs one to the end.

* ``{"job": "hint", "save": doc}``: for the player to act in that match now
  ``{"variant", "player", "dice": [a, b] | None, "plays": [PLAY, ...], "forced": bool,
  "cube": CUBE | None}``; PLAY = ``{"text", "moves": [[from, to], ...], "equity", "loss"}``
  (single-die hops in the mover's numbering; at most five, best first, ``loss`` = the best's
  equity minus this one's), empty before the roll and when the roll has one legal play only
  (then ``"forced": true``); during a turn the plays are of the whole roll, from the turn's
  start; ``"depth": 2`` (optional) asks for the stronger, slower hint (the best three plays
  valued at 2-ply, :mod:`tavli.coach.hints`; seconds in the page). CUBE (Portes with the cube in play, before the roll when the player may double, or
  when doubled): ``{"kind": "double" | "take", "action": "no-double" | "double-take" |
  "double-pass" | "too-good" | "take" | "pass", "no_double", "double_take", "double_pass",
  "text"}``, the equities from the doubler's side (:mod:`tavli.coach.cube_hint`).
* ``{"job": "analyse", "save": doc, "games": [numbers] | None}``: the analysis of those games
  (None: every game so far) by :mod:`tavli.coach.analysis`.
* ``{"job": "play", "save": doc, "level": name}``: the computer's play of that level for the
  player to move (:mod:`tavli.coach.play`; the page's Grandmaster thinks this way).

A request that cannot be served (not a dict, an unknown job, a save that cannot be read, games
that are not in the match) gets ``{"error": "a clear message"}``; a job never raises.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from ..ai.context import MatchContext
from ..formats.savefile import from_document
from ..match import Match
from ..phase import Phase
from .analysis import analyse_steps
from .cube_hint import CubeKind, cube_hint_steps
from .hints import best_plays_steps
from .judge import Scale, judge_steps
from .play import PlayError, play_steps

JobSteps = Generator[float | None, None, dict[str, Any]]


class JobError(ValueError):
    """A request that cannot be served; its message is the answer's ``"error"``."""


def job_steps(request: dict[str, Any]) -> JobSteps:
    """Run the job of ``request`` (module docstring), yielding between slices of work (``None``,
    or the share done as a float in [0, 1]); returns the JSON-ready answer."""
    try:
        if not isinstance(request, dict):
            raise JobError("a coach request is an object with a \"job\"")
        name = request.get("job")
        job = JOBS.get(name) if isinstance(name, str) else None
        if job is None:
            raise JobError(f"unknown coach job {name!r}: one of {', '.join(sorted(JOBS))}")
        match = _match(request.get("save"))
        return (yield from job(match, request))
    except JobError as error:
        return {"error": str(error)}
    except Exception as error:  # a job never raises: the worker answers every request
        return {"error": f"the coach failed: {type(error).__name__}: {error}"}


def run_job(request: dict[str, Any]) -> dict[str, Any]:
    """:func:`job_steps` run to the end."""
    steps = job_steps(request)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: dict[str, Any] = stop.value
            return result


def _match(document: Any) -> Match:
    if document is None:
        raise JobError("the request carries no saved match (\"save\")")
    try:
        return from_document(document)
    except ValueError as error:
        raise JobError(f"the saved match cannot be read: {error}") from None


# --- hint ----------------------------------------------------------------------------------------


def hint_steps(match: Match, request: dict[str, Any]) -> JobSteps:
    """The hint job (module docstring)."""
    depth = request.get("depth") or 1
    if depth not in (1, 2) or isinstance(depth, bool):
        raise JobError("a hint's \"depth\" is 1 (the default) or 2 (slower, stronger)")
    player = match.to_act
    answer: dict[str, Any] = {"variant": match.game_variant, "player": player, "dice": None, "plays": [],
                              "forced": False, "cube": None}
    if player is None:
        return answer
    context = MatchContext.of(match, player)
    judge = yield from judge_steps(context)
    turn = match.turn
    if turn is not None:
        answer["dice"] = list(turn.dice)
        if len(turn.plays) <= 1:
            answer["forced"] = True
        else:
            hints = yield from best_plays_steps(
                judge, turn.position, turn.dice, Scale.of(context), plays=turn.plays, depth=depth)
            answer["plays"] = [h.to_dict() for h in hints]
    elif match.phase in (Phase.ROLL, Phase.CUBE) and match.game_variant == "portes":
        kind = CubeKind.DOUBLE if match.phase == Phase.ROLL else CubeKind.TAKE
        cube = yield from cube_hint_steps(judge, match.position_for(player), context, kind)
        answer["cube"] = cube.to_dict() if cube is not None else None
    return answer


# --- analyse -------------------------------------------------------------------------------------


def analyse_job_steps(match: Match, request: dict[str, Any]) -> JobSteps:
    """The analyse job (module docstring): yields its progress."""
    games = request.get("games")
    if games is not None and (not isinstance(games, list) or not all(_is_int(n) for n in games)):
        raise JobError("\"games\" is a list of game numbers, or null for every game")
    try:
        analysis = yield from analyse_steps(match, games)
    except ValueError as error:
        raise JobError(str(error)) from None
    return analysis.to_dict()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def play_job_steps(match: Match, request: dict[str, Any]) -> JobSteps:
    """The play job (:mod:`tavli.coach.play`): the computer's play, chosen in the worker."""
    try:
        return (yield from play_steps(match, request))
    except PlayError as error:
        raise JobError(str(error)) from None


JOBS: dict[str, Callable[[Match, dict[str, Any]], JobSteps]] = {
    "hint": hint_steps, "analyse": analyse_job_steps, "play": play_job_steps}
