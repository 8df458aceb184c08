"""The computer's data files (``tavli/ai/data/*.bin``): a small binary container of named arrays.

Layout (all little-endian)::

    b"TAVD"                magic
    uint16                 format version (:data:`VERSION`)
    uint32                 n, the length of the header
    n bytes                the header: UTF-8 JSON {"kind": str, "meta": {...}, "arrays": [...]}
    ...                    the arrays, back to back, in the header's order

Each entry of ``arrays`` is ``{"name": str, "dtype": str, "shape": [int, ...]}`` (the count is
the product of the shape; the offset, the sum of the sizes before it); ``dtype`` is one of
:data:`DTYPES` (``"f4"`` float32, ``"f2"`` float16, ``"i1"``/``"u1"`` 8-bit, ``"i2"``/``"u2"``
16-bit integers). Anything else in an entry (e.g. a quantisation scale's axis) is the caller's.

Read with :func:`read`, written with :func:`write`; only ``struct`` and ``json`` (the game runs on
Pyodide's core). The files travel to the browser in ``build/ai.zip`` (tools/pyscript_files.py) and
are unpacked at the same paths, so :func:`data_path` finds them there as here.
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MAGIC = b"TAVD"
VERSION = 1
DTYPES = {"f4": "f", "f2": "e", "i1": "b", "u1": "B", "i2": "h", "u2": "H"}  # -> struct code
_HEAD = struct.Struct("<4sHI")

Array = tuple[str, list[int], Sequence[float] | Sequence[int]]  # (dtype, shape, flat values)
Header = dict[str, Any]


class DataFileError(ValueError):
    """A data file that is not one of ours, of another version, or cut short."""


def data_path(name: str) -> Path:
    """Where the shipped data file ``name`` (e.g. ``"portes.bin"``) lives: ``tavli/ai/data/``."""
    return Path(__file__).resolve().parent / "data" / name


def _count(shape: Sequence[int]) -> int:
    return math.prod(shape)


def write(kind: str, meta: dict[str, Any], arrays: dict[str, Array], extra: dict[str, dict[str, Any]] | None = None) -> bytes:
    """The bytes of a data file of ``kind`` holding ``arrays`` (name -> (dtype, shape, flat
    values)); ``extra[name]`` adds fields to that array's header entry."""
    entries, blobs = [], []
    for name, (dtype, shape, values) in arrays.items():
        if dtype not in DTYPES:
            raise ValueError(f"{name}: unknown dtype {dtype!r}")
        if len(values) != _count(shape):
            raise ValueError(f"{name}: {len(values)} values for shape {shape}")
        entries.append({"name": name, "dtype": dtype, "shape": list(shape), **(extra or {}).get(name, {})})
        blobs.append(struct.pack(f"<{len(values)}{DTYPES[dtype]}", *values))
    head = json.dumps({"kind": kind, "meta": meta, "arrays": entries}, separators=(",", ":")).encode()
    return _HEAD.pack(MAGIC, VERSION, len(head)) + head + b"".join(blobs)


def read_header(data: bytes, kind: str, origin: str = "data file") -> tuple[Header, int]:
    """The header of ``data`` (checked: magic, version, ``kind``, sizes) and where its arrays start."""
    if len(data) < _HEAD.size:
        raise DataFileError(f"{origin}: too short for a data file")
    magic, version, n = _HEAD.unpack_from(data)
    if magic != MAGIC:
        raise DataFileError(f"{origin}: not a tavli data file")
    if version != VERSION:
        raise DataFileError(f"{origin}: format version {version}, this reader knows {VERSION}")
    try:
        header = json.loads(data[_HEAD.size : _HEAD.size + n])
    except ValueError as error:
        raise DataFileError(f"{origin}: damaged header ({error})") from None
    if not isinstance(header, dict) or header.get("kind") != kind:
        raise DataFileError(f"{origin}: holds {header.get('kind') if isinstance(header, dict) else None!r}, not {kind!r}")
    start = _HEAD.size + n
    try:
        end = max((at + size for at, size in layout(header, start).values()), default=start)
    except (KeyError, TypeError, ValueError) as error:
        raise DataFileError(f"{origin}: damaged header ({error!r})") from None
    if len(data) != end:
        raise DataFileError(f"{origin}: {len(data)} bytes, the header says {end}")
    return header, start


def layout(header: Header, start: int) -> dict[str, tuple[int, int]]:
    """Where each array of ``header`` lies: ``{name: (byte offset, byte size)}``, the first at ``start``."""
    out = {}
    for item in header["arrays"]:
        size = _count(item["shape"]) * struct.calcsize(DTYPES[item["dtype"]])
        out[item["name"]] = (start, size)
        start += size
    return out


def read(data: bytes, kind: str, origin: str = "data file") -> tuple[Header, dict[str, Sequence[Any]]]:
    """``(header, {name: flat values})`` of a data file of ``kind`` (a tuple, or ``bytes`` for
    ``"u1"``); :class:`DataFileError` if it is not one."""
    header, start = read_header(data, kind, origin)
    places = layout(header, start)
    arrays: dict[str, Sequence[Any]] = {}
    for item in header["arrays"]:
        code = DTYPES[item["dtype"]]
        at, size = places[item["name"]]
        arrays[item["name"]] = data[at : at + size] if code == "B" else struct.unpack_from(f"<{_count(item['shape'])}{code}", data, at)
    return header, arrays


def zigzag(value: int) -> int:
    """A signed integer as an unsigned one, small either way: 0, -1, 1, -2... -> 0, 1, 2, 3..."""
    return (value << 1) ^ (value >> 63)


def planes(values: Sequence[int]) -> tuple[list[int], list[int]]:
    """Signed integers (zigzag codes below 2**16) as a low and a high byte plane: deflate packs
    small values much better so (the high bytes nearly all 0) than as interleaved int16."""
    codes = [zigzag(v) for v in values]
    if codes and max(codes) >> 16:
        raise ValueError("a value too large for two byte planes")
    return [c & 255 for c in codes], [c >> 8 for c in codes]


def unplanes(low: bytes, high: bytes | None = None) -> list[int]:
    """The signed integers of :func:`planes` (``high`` None: all high bytes 0)."""
    if high is None:
        return [(z >> 1) ^ -(z & 1) for z in low]
    return [((lo | hi << 8) >> 1) ^ -(lo & 1) for lo, hi in zip(low, high)]


def entry(header: Header, name: str) -> dict[str, Any]:
    """The header's entry for array ``name``."""
    for item in header["arrays"]:
        if item["name"] == name:
            return dict(item)
    raise DataFileError(f"no array {name!r}")
