"""bench/paired.py: the pair-by-pair difference of two runs on the same dice."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.scripts import load_script

bp = load_script("bench/paired.py")


def test_shared_luck_cancels_pair_by_pair() -> None:
    luck = [0.9, -1.1, 0.4, -0.2, 1.5, -0.8]
    a = [x + 0.01 for x in luck]
    b = [x + 0.03 + (0.001 if i % 2 else -0.001) for i, x in enumerate(luck)]
    diff, ci, n = bp.paired(a, b)
    assert n == 6
    assert diff == pytest.approx(0.02)
    assert ci < 0.002  # the unpaired intervals would be ~0.8 wide


def test_only_the_common_pairs_count() -> None:
    assert bp.paired([0.0, 1.0, 2.0, 9.0], [1.0, 2.0, 3.0])[:1] == (1.0,)
    assert bp.paired([0.0, 1.0, 2.0, 9.0], [1.0, 2.0, 3.0])[2] == 3


def test_records_are_read_by_line_and_runs_must_share_dice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = {"level": "champion", "reference": "gnubg", "seed": 5, "adjusted_pairs": [0.1, -0.3, 0.2]}
    other = {**rec, "level": "grandmaster", "adjusted_pairs": [0.2, -0.1, 0.3]}
    f = tmp_path / "r.jsonl"
    f.write_text(json.dumps(rec) + "\n" + json.dumps(other) + "\n")
    assert bp.load(f"{f}:1")["level"] == "champion"
    assert bp.load(str(f))["level"] == "grandmaster"
    sys.argv = ["paired.py", f"{f}:1", f"{f}:2"]
    bp.main()
    assert "B - A: +0.133" in capsys.readouterr().out
    g = tmp_path / "s.jsonl"
    g.write_text(json.dumps({**other, "seed": 6}) + "\n")
    sys.argv = ["paired.py", f"{f}:1", str(g)]
    with pytest.raises(SystemExit, match="different dice"):
        bp.main()
    h = tmp_path / "none.jsonl"
    h.write_text(json.dumps({**rec, "adjusted_pairs": None}) + "\n")
    with pytest.raises(SystemExit, match="no per-pair"):
        bp.load(str(h))
