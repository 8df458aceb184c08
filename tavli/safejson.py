"""JSON from untrusted text (a save, a pasted file, localStorage), parsed within bounds.

``json.loads`` recurses once per nested ``[`` or ``{``: ``'[' * 10000`` raises ``RecursionError``
under CPython and overflows the much smaller stack of Pyodide (the page dies). :func:`loads`
therefore refuses, BEFORE parsing,

* text longer than ``max_chars`` characters (default :data:`MAX_CHARS`, about the 5 MB a browser
  gives localStorage),
* nesting deeper than ``max_depth`` (default :data:`MAX_DEPTH`), counted over the brackets outside
  strings (a cheap scan done with regular expressions, so it is quick in Pyodide too),

and while parsing it refuses ``NaN``, ``Infinity``, ``-Infinity`` and numbers too large for a float
(``1e999``). Every refusal, and every malformed text, is a ``ValueError`` saying why — nothing else
escapes (no ``RecursionError``, ``TypeError``, ``OverflowError``, ``UnicodeDecodeError`` that is
not also a ``ValueError``).

    from tavli import safejson
    try:
        data = safejson.loads(text)
    except ValueError as error:
        ...  # tell the player; leave the text where it was
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

MAX_CHARS = 5_000_000
MAX_DEPTH = 32

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in ``text``, strings left out (an unclosed string counts as
    text). Not a validator: it only bounds what a parser would recurse into."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets))))


def loads(text: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``text`` (``str``, or UTF-8 ``bytes``); ``ValueError`` when it is not JSON,
    is longer than ``max_chars``, nests deeper than ``max_depth`` or holds a non-finite number."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars * 4:
            raise ValueError(f"the text is too long ({len(text)} bytes; at most {max_chars} characters)")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the text is not UTF-8") from None
    if not isinstance(text, str):
        raise ValueError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"the text is too long ({len(text)} characters; at most {max_chars})")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise ValueError(f"the JSON nests too deep ({depth} levels; at most {max_depth})")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:  # not reached within the bounds; kept so that nothing else escapes
        raise ValueError("the JSON nests too deep") from None
    except ValueError as error:  # json.JSONDecodeError, ours, int too long to convert
        raise ValueError(f"not valid JSON: {error}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


__all__ = ["MAX_CHARS", "MAX_DEPTH", "loads", "nesting_depth"]
