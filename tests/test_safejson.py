"""tavli.safejson: JSON from untrusted text, bounded in size and depth before parsing."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tavli import safejson


def test_reads_ordinary_json() -> None:
    text = json.dumps({"a": [1, 2.5, None, True, "x[{\"]"], "b": {"c": []}})
    assert safejson.loads(text) == json.loads(text)
    assert safejson.loads(text.encode("utf-8")) == json.loads(text)


@pytest.mark.parametrize("text", ["[" * 10000, "[" * 100 + "]" * 100, '{"a":' * 50 + "1" + "}" * 50])
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(ValueError, match="deep"):
        safejson.loads(text)


def test_depth_ignores_brackets_inside_strings() -> None:
    text = json.dumps(["[" * 1000, "\\\"[[[[", {"k]": "{{{{"}])
    assert safejson.nesting_depth(text) == 2
    assert safejson.loads(text)[0] == "[" * 1000


def test_depth_at_the_bound_is_read() -> None:
    depth = safejson.MAX_DEPTH
    assert safejson.loads("[" * depth + "]" * depth) is not None


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"points": -Infinity}', "1e999", "[-1e400]"])
def test_non_finite_numbers_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        safejson.loads(text)


def test_too_long_is_refused() -> None:
    with pytest.raises(ValueError, match="too long"):
        safejson.loads("[" + "1," * 60 + "1]", max_chars=100)
    with pytest.raises(ValueError, match="too long"):
        safejson.loads(b" " * 500, max_chars=100)


@pytest.mark.parametrize("value", [None, 3, 2.5, [], {}, object()])
def test_non_text_is_refused(value) -> None:
    with pytest.raises(ValueError):
        safejson.loads(value)


@pytest.mark.parametrize("text", ["", "{", '{"a": 1', '"unclosed', "[1,]", "Z" * 4000, "1" * 5000, b"\xff\xfe"])
def test_malformed_text_is_a_value_error(text) -> None:
    with pytest.raises(ValueError):
        safejson.loads(text)


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300), st.text(alphabet='[]{}",:\\0123456789.eE+-ntrufalsNIiy ', max_size=400)))
def test_garbage_only_ever_raises_value_error(text) -> None:
    try:
        safejson.loads(text)
    except ValueError:
        pass


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=30,
)


@settings(max_examples=200)
@given(json_values)
def test_round_trips_what_json_writes(value) -> None:
    text = json.dumps(value)
    assume(safejson.nesting_depth(text) <= safejson.MAX_DEPTH)
    assert safejson.loads(text) == value
