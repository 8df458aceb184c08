"""tavli.options, the choices the page offers, equal the engine's own (drift is caught here)."""

from tavli import clock, matchsetup, options, scoring
from tavli.ai import players
from tavli.games import fevga


def test_variants_and_rotation_are_the_matchs() -> None:
    assert options.VARIANTS == matchsetup.VARIANTS
    assert options.ROTATION == matchsetup.ROTATION
    assert options.DEFAULT_VARIANT == options.VARIANTS[0]


def test_game_options_are_the_matchs_with_fevgas_values() -> None:
    assert options.GAME_OPTIONS == matchsetup.OPTIONS
    assert options.FIRST_CHECKER == fevga.FIRST_CHECKER
    assert options.PRIME == fevga.PRIME
    assert options.MOTHER_POINTS == matchsetup.OPTIONS["mother_points"][1]


def test_levels_are_the_computers() -> None:
    assert options.LEVELS == tuple(players.LEVELS)
    assert options.DEFAULT_LEVEL in options.LEVELS


def test_rule_presets_clock_modes_and_lengths() -> None:
    assert options.RULE_PRESETS == scoring.PRESETS
    assert options.CLOCK_MODES == clock.MODES
    assert options.MAX_LENGTH == matchsetup.MAX_LENGTH
    assert max(options.LENGTHS) <= options.MAX_LENGTH and options.DEFAULT_LENGTH in options.LENGTHS
    assert set(options.TAVLI_LENGTHS) <= set(options.LENGTHS)
    assert options.VARIANT_LENGTH in options.TAVLI_LENGTHS
