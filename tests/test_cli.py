"""The command line: whole bot matches written as .mat and JSON, and `show`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tavli.cli import main
from tavli.formats import matchio, savefile
from tavli.match import Match

ROOT = Path(__file__).resolve().parents[1]


def test_a_whole_match_is_written_in_both_formats(tmp_path, capsys):
    mat, saved = tmp_path / "out.mat", tmp_path / "out.json"
    code = main(["match", "--length", "5", "--rules", "international", "--seed", "7",
                 "--players", "beginner,beginner", "--mat", str(mat), "--json", str(saved)])
    assert code == 0
    out = capsys.readouterr().out
    assert "match to 5: player" in out and out.count("game ") >= 1
    match = savefile.loads(saved.read_text())
    assert match.is_over() and max(match.scores) == 5
    from_mat = matchio.from_mat(mat.read_text())
    assert from_mat.scores == match.scores and from_mat.winner == match.winner
    assert "beginner (0) : 0" in mat.read_text()


def test_the_same_seed_plays_the_same_match(tmp_path):
    texts = []
    for name in ("a.json", "b.json"):
        assert main(["match", "--length", "3", "--seed", "11", "--quiet", "--json", str(tmp_path / name)]) == 0
        texts.append((tmp_path / name).read_text())
    assert texts[0] == texts[1]


def test_money_play_for_a_number_of_games(tmp_path, capsys):
    saved = tmp_path / "money.json"
    assert main(["match", "--games", "3", "--rules", "greek", "--seed", "2", "--json", str(saved)]) == 0
    assert "money play" in capsys.readouterr().out
    match = savefile.loads(saved.read_text())
    assert match.money and match.game_number == 3 and match.is_over()


def test_show_prints_the_final_position_and_score(tmp_path, capsys):
    saved, mat = tmp_path / "m.json", tmp_path / "m.mat"
    main(["match", "--length", "3", "--seed", "5", "--quiet", "--json", str(saved), "--mat", str(mat)])
    capsys.readouterr()
    assert main(["show", str(saved)]) == 0
    shown = capsys.readouterr().out
    match = savefile.loads(saved.read_text())
    assert f"score: {match.scores[0]}-{match.scores[1]} (to 3)" in shown
    assert "off: X" in shown and "XGID=" in shown and "winner: player" in shown
    assert main(["show", str(mat)]) == 0
    assert f"score: {match.scores[0]}-{match.scores[1]}" in capsys.readouterr().out


def test_errors_are_reported_not_raised(tmp_path, capsys):
    assert main(["match", "--players", "beginner,wizard"]) == 1
    assert "unknown player" in capsys.readouterr().err
    assert main(["match", "--length", "40"]) == 1
    assert "1..25" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    assert main(["show", str(bad)]) == 1
    assert "not a saved match" in capsys.readouterr().err
    assert main(["show", str(tmp_path / "missing.json")]) == 1


def test_python_dash_m_tavli_runs():
    result = subprocess.run([sys.executable, "-m", "tavli", "match", "--length", "1", "--seed", "3", "--quiet"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "match to 1" in result.stdout


def test_variant_options_and_neural_players(tmp_path, capsys):
    """--mother-points reaches the match (kept in the saved JSON); a level name plays."""
    out = tmp_path / "m.json"
    code = main(["match", "--game", "plakoto", "--length", "1", "--mother-points", "1", "--seed", "3",
                 "--players", "expert,beginner", "--json", str(out), "--quiet"])
    assert code == 0
    saved = json.loads(out.read_text())
    assert saved["options"] == {"mother_points": 1}
    assert "1" in capsys.readouterr().out


def test_an_option_of_another_game_is_an_error(capsys):
    assert main(["match", "--game", "plakoto", "--prime", "free"]) == 1
    assert "prime is an option of Fevga" in capsys.readouterr().err
    assert main(["match", "--players", "wizard,beginner"]) == 1
    assert "unknown player" in capsys.readouterr().err


def _saved_match_text() -> str:
    match = Match(3, seed=2)
    match.roll()
    match.play(match.turn.plays[0])
    return savefile.dumps(match)


@pytest.mark.parametrize(
    "mangle, words",
    [
        (lambda t: t.replace('"cube": 1,', '"cube": Infinity,', 1), "Infinity"),
        (lambda t: t.replace('"scores": [0, 0]', '"scores": [1e999, 0]', 1), "too large"),
        (lambda t: t.replace('"results": []', '"results": [{"winner": 0, "outcome": "single", "counted": "single", "cube": 1, "points": Infinity, "reason": "bear-off"}]', 1), "Infinity"),
        (lambda t: "[" * 100000, "deep"),
        (lambda t: t[: len(t) // 2], "not valid JSON"),
    ],
)
def test_show_reports_a_bad_save_in_one_line(tmp_path, capsys, mangle, words):
    bad = tmp_path / "bad.json"
    bad.write_text(mangle(_saved_match_text()), encoding="utf-8")
    assert main(["show", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tavli: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and ".mat" not in err and "transcript" not in err
    assert words in err


def test_show_reads_a_mat_that_is_not_json(tmp_path, capsys):
    bad = tmp_path / "bad.mat"
    bad.write_text("this is not a transcript\n", encoding="utf-8")
    assert main(["show", str(bad)]) == 1
    assert capsys.readouterr().err.startswith("tavli: ")


def test_show_refuses_a_huge_dice_count_at_once(tmp_path, capsys):
    """``dice.drawn`` of 10**9 once hung ``show`` (a seeded source advanced that many times)."""
    bad = tmp_path / "bad.json"
    bad.write_text(_saved_match_text().replace('"drawn": ', '"drawn": 1000000000', 1), encoding="utf-8")
    assert main(["show", str(bad)]) == 1
    assert "dice thrown" in capsys.readouterr().err
