"""One-off check of tavli's Portes engine against GNU Backgammon (the ``gnubg`` PyPI bindings).

For N random positions (half met in random games from the start, half scattered at random, with
checkers on the bar and borne off) and every one of the 21 rolls, it compares:

* Position IDs: ``Position.position_id()`` with ``gnubg.position_id``, and both decoders;
* legal plays: the number of distinct results, and the results themselves. The bindings cut a move
  tuple short at its first bearing-off move (they keep only its start point), so a cut tuple is
  matched to any of our results that a legal continuation of its known moves reaches, and the
  whole is accepted only if gnubg's plays and ours pair off one to one (a bipartite matching);
* notation: ``str(play)`` with ``gnubg.move_tuple_to_string`` for the plays that are not cut.

Usage: ``pip install gnubg==1.1.0a16`` then ``python3 tools/crosscheck_gnubg.py [N] [--seed S]``.
Not part of the test suite: the tests never need gnubg.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import gnubg  # noqa: E402

from tavli.games.portes import (
    Position,  # noqa: E402
    legal_plays,  # noqa: E402
)

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


# --- positions -----------------------------------------------------------------------------------


def game_positions(rng: random.Random, count: int) -> list[Position]:
    """Positions met in random games from the start (every play equally likely)."""
    found: list[Position] = []
    while len(found) < count:
        position = Position.initial()
        while len(found) < count and sum(position.player) and sum(position.opponent):
            if rng.random() < 0.25:
                found.append(position)
            plays = sorted(legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6))),
                           key=lambda p: p.result.position_id())
            position = rng.choice(plays).result
    return found


def scattered_position(rng: random.Random) -> Position:
    """Checkers dropped at random: 1..15 a side, anywhere (the bar included), no point shared."""
    while True:
        mine = [0] * 25
        theirs = [0] * 25
        home_bias = rng.random() < 0.5  # half of them mostly in or near the home boards
        for side, other in ((mine, theirs), (theirs, mine)):
            for _ in range(rng.randint(1, 15)):
                for _ in range(50):
                    if home_bias and rng.random() < 0.8:
                        i = rng.randrange(0, 9)
                    else:
                        i = rng.randrange(0, 25)
                    if i == 24:
                        side[24] += 1
                        break
                    if not other[23 - i]:
                        side[i] += 1
                        break
        if sum(mine) and sum(theirs):
            return Position(tuple(mine), tuple(theirs))


# --- a plain move generator, only to finish gnubg's cut tuples -------------------------------------


def _single(me: list[int], opp: list[int], frm: int, die: int) -> tuple[list[int], list[int]] | None:
    """Move one checker from index ``frm`` (24 = bar) by ``die``, or None if the rules forbid it."""
    if not me[frm] or (me[24] and frm != 24):
        return None
    to = frm - die
    me2, opp2 = me[:], opp[:]
    me2[frm] -= 1
    if to >= 0:
        if opp[23 - to] >= 2:
            return None
        if opp[23 - to] == 1:
            opp2[23 - to] = 0
            opp2[24] += 1
        me2[to] += 1
        return me2, opp2
    if any(me[6:]):
        return None
    if to < -1 and any(me[frm + 1:6]):
        return None
    return me2, opp2


def _continue(me: list[int], opp: list[int], dice: list[int], moves: int) -> set[tuple]:
    """Every (player, opponent) reached by ``moves`` more legal moves using dice from ``dice``."""
    if moves == 0:
        return {(tuple(me), tuple(opp))}
    reached: set[tuple] = set()
    for k, die in enumerate(dice):
        if die in dice[:k]:
            continue
        rest = dice[:k] + dice[k + 1:]
        for frm in range(25):
            nxt = _single(me, opp, frm, die)
            if nxt is not None:
                reached |= _continue(nxt[0], nxt[1], rest, moves - 1)
    return reached


def _candidates(position: Position, dice: tuple[int, int], move: tuple[int, ...], used: int) -> set[tuple]:
    """Results (player, opponent, mover's side first) that gnubg's move tuple can stand for."""
    me, opp = list(position.player), list(position.opponent)
    pool = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    pairs = [(move[i], move[i + 1]) for i in range(0, len(move) - 1, 2)]
    for a, b in pairs:
        die = a - b
        pool.remove(die)
        nxt = _single(me, opp, a - 1, die)
        assert nxt is not None, f"gnubg move {a}/{b} is not legal by our plain rules"
        me, opp = nxt
    if len(move) % 2 == 0:  # not cut: no bearing off in it
        return {(tuple(me), tuple(opp))}
    start = move[-1]  # cut at a bearing-off move from ``start``
    reached: set[tuple] = set()
    for die in set(pool):
        if die < start:
            continue
        nxt = _single(me, opp, start - 1, die)
        if nxt is None:
            continue
        rest = list(pool)
        rest.remove(die)
        reached |= _continue(nxt[0], nxt[1], rest, used - len(pairs) - 1)
    return reached


def _perfect_matching(edges: list[set]) -> bool:
    """Whether each left node can be given a distinct right node from its set (Kuhn's algorithm)."""
    owner: dict = {}

    def augment(i: int, seen: set) -> bool:
        for r in edges[i]:
            if r in seen:
                continue
            seen.add(r)
            if r not in owner or augment(owner[r], seen):
                owner[r] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(edges)))


# --- the comparison ------------------------------------------------------------------------------


def check(position: Position, stats: Counter, problems: list[str]) -> None:
    board = (position.opponent, position.player)  # gnubg: (side not on roll, side on roll)
    pid = position.position_id()
    stats["positions"] += 1
    if gnubg.position_id(board) != pid:
        problems.append(f"ID {pid}: gnubg says {gnubg.position_id(board)}")
    if tuple(map(tuple, gnubg.position_from_id(pid))) != board:
        problems.append(f"ID {pid}: gnubg decodes it differently")
    if Position.from_id(pid) != position:
        problems.append(f"ID {pid}: does not round-trip")
    cube, ctx = gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 1, 0, 0.0)
    for dice in ROLLS:
        stats["rolls"] += 1
        ours = legal_plays(position, dice)
        theirs = [m["move"] for m in gnubg.find_best_moves(board, cube, ctx, dice)]
        label = f"{pid} {dice[0]}{dice[1]}"
        if len(ours) == 1 and not ours[0].steps:  # we pass
            if theirs:
                problems.append(f"{label}: we pass, gnubg has {len(theirs)} plays")
            else:
                stats["passes"] += 1
            continue
        results = {(p.result.opponent, p.result.player): p for p in ours}
        if len(results) != len(ours):
            problems.append(f"{label}: two of our plays reach the same position")
        if len(theirs) != len(ours):
            problems.append(f"{label}: {len(ours)} plays, gnubg {len(theirs)}")
            continue
        used = len(ours[0].steps)
        edges = []
        for move in theirs:
            edge = _candidates(position, dice, move, used) & results.keys()
            edges.append(edge)
            if len(move) % 2 == 0:
                stats["plays_exact"] += 1
                if not edge:
                    problems.append(f"{label}: gnubg's {move} is not among ours")
                    continue
                (key,) = edge
                text = gnubg.move_tuple_to_string(move, board)
                if text != str(results[key]):
                    stats["notation_differs"] += 1
                    if stats["notation_differs"] <= 10:
                        problems.append(f"{label}: notation ours {str(results[key])!r}, gnubg {text!r}")
                else:
                    stats["notation_same"] += 1
            else:
                stats["plays_cut"] += 1
        if not _perfect_matching(edges):
            problems.append(f"{label}: gnubg's plays and ours do not pair off")
        else:
            stats["rolls_matched"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description="Compare tavli's legal plays and IDs with gnubg's.")
    parser.add_argument("n", type=int, nargs="?", default=1000, help="positions (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = game_positions(rng, args.n - args.n // 2)
    positions += [scattered_position(rng) for _ in range(args.n // 2)]
    stats: Counter = Counter()
    problems: list[str] = []
    t0 = time.time()
    for position in positions:
        check(position, stats, problems)
    for line in problems[:40]:
        print("PROBLEM", line)
    print(f"{len(positions)} positions x 21 rolls in {time.time() - t0:.0f} s (gnubg {gnubg.version})")
    for key in sorted(stats):
        print(f"  {key}: {stats[key]}")
    print("OK: no differences" if not problems else f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
