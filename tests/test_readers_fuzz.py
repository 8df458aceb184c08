"""Every reader of outside input (saved matches, IDs, transcripts) raises only ValueError on bad
input: never AttributeError, TypeError, OverflowError, RecursionError... (issue 12, item 18)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavli.formats import ids, matchio, matfile, savefile
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition
from tavli.games.portes import Position

READERS = {
    "matchio.from_gnubg_id": matchio.from_gnubg_id,
    "matchio.from_gnubg_id(2)": lambda x: matchio.from_gnubg_id(x, x),
    "matchio.from_xgid": matchio.from_xgid,
    "matchio.from_mat": matchio.from_mat,
    "savefile.loads": savefile.loads,
    "savefile.from_document": savefile.from_document,
    "Position.from_id": Position.from_id,
    "PlakotoPosition.from_id": PlakotoPosition.from_id,
    "FevgaPosition.from_id": FevgaPosition.from_id,
    "ids.decode_match_id": ids.decode_match_id,
    "ids.decode_xgid": ids.decode_xgid,
    "ids.parse_xgid": ids.parse_xgid,
    "matchio.decode_ids": matchio.decode_ids,
    "matfile.read_mat": matfile.read_mat,
}

ODD = [None, 0, 1.5, float("inf"), True, [], {}, ["a"], {"format": "tavli-match"}, b"4HPwATDgc/ABMA", object()]


@pytest.mark.parametrize("name", sorted(READERS))
@pytest.mark.parametrize("value", ODD, ids=repr)
def test_odd_values_raise_value_error(name: str, value) -> None:
    with pytest.raises(ValueError):
        READERS[name](value)


def test_from_gnubg_id_of_none() -> None:
    with pytest.raises(ValueError):
        matchio.from_gnubg_id(None)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(READERS)), st.text(max_size=80))
def test_random_text_only_raises_value_error(name: str, text: str) -> None:
    try:
        READERS[name](text)
    except ValueError:
        pass


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(READERS)), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/:=-", max_size=60))
def test_id_like_text_only_raises_value_error(name: str, text: str) -> None:
    try:
        READERS[name](text)
    except ValueError:
        pass
