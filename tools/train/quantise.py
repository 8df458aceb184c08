"""Write the shipped nets (``tavli/ai/data/*.bin``: first layers in 11-bit fixed point with a scale
per input, 12-bit for Portes: :data:`DTYPES`) from the full-precision nets that training writes (``tools/train/weights/*.bin``: float32,
the same data-file format, :func:`tavli.ai.evaluator.pack_nets`).

The float32 files stay out of the site (tools/pyscript_files.py ships ``tavli/ai/data/`` only):
they are what training resumes from (``train.py --init``, ``td_variant.py --resume``) and the
reference that ``bench/quantised.py`` and ``tests/test_quantised.py`` measure the shipped nets
against. train.py and td_variant.py call :func:`ship` after each save.

    python tools/train/quantise.py                 # all three nets, as shipped (DTYPES)
    python tools/train/quantise.py --dtype f2      # float16 instead (bench/quantised.py compares them)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from tavli.ai import datafile  # noqa: E402
from tavli.ai.evaluator import SHIPPED_DTYPE, W1_DTYPES, pack_nets, unpack_nets  # noqa: E402

WEIGHTS = Path(__file__).resolve().parent / "weights"
SCALE_AXIS = {"portes": 1, "plakoto": 0, "fevga": 0}  # the inputs: w1's columns (H x 204) or rows (units x H)
# The shipped form of each game's first layers: the smallest that plays as the float nets
# (bench/quantised.py). Portes' extended contact net (round 7 of issue 17) has columns whose
# largest weight coarsens q11's step for the rest: q11 moved its equities by 0.0023 on average, q12 by 0.0008.
DTYPES = {"portes": "q12", "plakoto": SHIPPED_DTYPE, "fevga": SHIPPED_DTYPE}


def master_path(name: str) -> Path:
    """The full-precision nets of game ``name`` (portes, plakoto, fevga)."""
    return WEIGHTS / f"{name}.bin"


def shipped_path(name: str) -> Path:
    return datafile.data_path(f"{name}.bin")


def quantised(name: str, dtype: str | None = None, master: Path | None = None) -> bytes:
    """The data file of game ``name``'s nets with first layers as ``dtype`` (default: its shipped
    form, :data:`DTYPES`), from ``master``."""
    dtype = dtype or DTYPES[name]
    source = master or master_path(name)
    nets, meta = unpack_nets(source.read_bytes(), str(source))
    return pack_nets(nets, meta, dtype=dtype, scale_axis=SCALE_AXIS[name])


def ship(name: str, master: Path | None = None, out: Path | None = None, dtype: str | None = None) -> Path:
    """Write the shipped file of ``name`` from its full-precision one; returns its path."""
    target = out or shipped_path(name)
    data = quantised(name, dtype, master)
    tmp = target.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)
    return target


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dtype", choices=W1_DTYPES, default=None, help="default: each game's DTYPES")
    ap.add_argument("names", nargs="*", default=list(SCALE_AXIS))
    args = ap.parse_args(argv)
    for name in args.names:
        path = ship(name, dtype=args.dtype)
        print(f"{master_path(name).name} ({master_path(name).stat().st_size} bytes) -> {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
