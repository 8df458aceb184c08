"""The project's scripts (bench/, tools/) loaded as modules, for the tests of their parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str | None = None) -> ModuleType:
    """The script at ``relative`` (to the repository's root, e.g. ``"bench/cube.py"``) run as a
    module named ``name`` (by default its folder and stem: ``bench_cube``), registered in
    ``sys.modules`` first (its dataclasses look their module up there)."""
    path = ROOT / relative
    name = name or f"{path.parent.name}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
