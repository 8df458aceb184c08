"""tavli.options is the one list of the match's choices: the engine's modules take theirs from it (a
module that writes its own copy again is caught here) and the computer's levels match it."""

from tavli import clock, matchsetup, options, scoring
from tavli.ai import players
from tavli.games import fevga


def test_variants_and_rotation_are_the_matchs() -> None:
    assert matchsetup.VARIANTS is options.VARIANTS
    assert matchsetup.ROTATION is options.ROTATION
    assert options.DEFAULT_VARIANT == options.VARIANTS[0]


def test_game_options_are_the_matchs_with_fevgas_values() -> None:
    assert matchsetup.OPTIONS is options.GAME_OPTIONS
    assert fevga.FIRST_CHECKER is options.FIRST_CHECKER
    assert fevga.PRIME is options.PRIME
    assert options.MOTHER_POINTS == matchsetup.OPTIONS["mother_points"][1]


def test_levels_are_the_computers() -> None:
    assert options.LEVELS == tuple(players.LEVELS)
    assert options.DEFAULT_LEVEL in options.LEVELS


def test_rule_presets_clock_modes_and_lengths() -> None:
    assert scoring.PRESETS is options.RULE_PRESETS
    assert clock.MODES is options.CLOCK_MODES
    assert matchsetup.MAX_LENGTH == options.MAX_LENGTH
    assert max(options.LENGTHS) <= options.MAX_LENGTH and options.DEFAULT_LENGTH in options.LENGTHS
    assert set(options.TAVLI_LENGTHS) <= set(options.LENGTHS)
    assert options.VARIANT_LENGTH in options.TAVLI_LENGTHS
