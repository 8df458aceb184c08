"""Which module may import which: the layering of tavli/ and web/, read from the source (AST).

Every ``import`` and ``from ... import`` of a module counts, at module level, inside functions
(lazy imports) and under ``if TYPE_CHECKING`` alike; relative imports are resolved. ``from pkg
import name`` is an import of ``pkg.name`` when that is a module of the tree, else of ``pkg``.
Importing a module also runs its parent packages' ``__init__``; those implicit imports are not
edges (``tavli/__init__.py`` imports its submodules only on demand, PEP 562).

The rules:

- ``tavli`` never imports ``web`` or the browser (``js``, ``pyodide``, ``pyscript``);
- ``tavli.match`` and ``tavli.game``, and every module of ``tavli`` they import (transitively),
  never import ``tavli.formats``;
- only ``tavli.games.registry`` imports more than one game (``tavli.games.portes``, ``plakoto``,
  ``fevga``), and no module of ``tavli.games`` imports another game's module;
- only the modules under ``web.browser`` import the browser;
- no import cycles among the modules of ``tavli``: module-level and lazy imports are edges (a lazy
  import only postpones the cycle to the first call), imports under ``if TYPE_CHECKING`` are not
  (they never run: that guard is how a type-only back reference is written).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tavli", "web")
EXCLUDED_DIRS = {"vendor", "__pycache__"}

BROWSER = ("js", "pyodide", "pyscript")
GAMES = ("tavli.games.portes", "tavli.games.plakoto", "tavli.games.fevga")
REGISTRY = "tavli.games.registry"
FORMATS = "tavli.formats"
BROWSER_LAYER = "web.browser"


@dataclass(frozen=True)
class Import:
    """One import statement's target, as seen from the importing module."""

    target: str
    line: int
    lazy: bool  # inside a function
    type_only: bool  # under ``if TYPE_CHECKING``


Graph = dict[str, list[Import]]


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root`` by dotted name (a package by its own name)."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if EXCLUDED_DIRS.intersection(parts):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(body: list[ast.stmt], lazy: bool, type_only: bool) -> Iterator[tuple[ast.stmt, bool, bool]]:
    """Every import statement in ``body``, nested ones included, with where it sits."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, lazy, type_only
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _statements(node.body, True, type_only)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.body, lazy, True)
            yield from _statements(node.orelse, lazy, type_only)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, None) or ():
                    if isinstance(child, ast.stmt):
                        yield from _statements([child], lazy, type_only)
                    elif isinstance(child, ast.ExceptHandler | ast.match_case):
                        yield from _statements(child.body, lazy, type_only)


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        return list(dict.fromkeys(alias.name for alias in node.names))
    base = node.module or ""
    if node.level:
        package = module if is_package else module.rpartition(".")[0]
        anchor = package.split(".")
        if node.level > 1:
            anchor = anchor[:-(node.level - 1)]
        base = ".".join(anchor + ([base] if base else []))
    targets = {}  # one per module, in order
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        targets[submodule if submodule in known else base] = None
    return list(targets)


def import_graph(root: Path, packages: Iterable[str] = PACKAGES) -> Graph:
    """Each module's imports (of anything: the standard library, the browser, the tree)."""
    files = module_files(root, packages)
    known = set(files)
    graph: Graph = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        graph[module] = [
            Import(target, node.lineno, lazy, type_only)
            for node, lazy, type_only in _statements(tree.body, False, False)
            for target in _targets(node, module, is_package, known)
        ]
    return graph


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _where(module: str, imp: Import) -> str:
    return f"{module}:{imp.line} imports {imp.target}"


def tavli_imports_no_web_or_browser(graph: Graph) -> list[str]:
    return [_where(m, imp) for m, imports in graph.items() if _within(m, "tavli") for imp in imports
            if any(_within(imp.target, p) for p in ("web", *BROWSER))]


def match_and_game_import_no_formats(graph: Graph) -> list[str]:
    """Every import of ``tavli.formats`` reached from ``tavli.match`` or ``tavli.game``."""
    seen: set[str] = set()
    todo = [m for m in ("tavli.match", "tavli.game") if m in graph]
    found = []
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        for imp in graph.get(module, ()):
            if _within(imp.target, FORMATS):
                found.append(_where(module, imp))
            elif _within(imp.target, "tavli"):
                todo.append(imp.target)
    return found


def games_imported_apart(graph: Graph) -> list[str]:
    """Modules but the registry importing two games or more; a game module importing another's."""
    found = []
    for module, imports in graph.items():
        if module == REGISTRY:
            continue
        games = {game for imp in imports for game in GAMES if _within(imp.target, game)}
        own = {game for game in GAMES if _within(module, game)}
        if _within(module, "tavli.games") and games - own:
            found.append(f"{module} imports {sorted(games - own)}")
        elif len(games) > 1:
            found.append(f"{module} imports {sorted(games)}")
    return found


def browser_imports_outside(graph: Graph, allowed: Iterable[str] = ()) -> list[str]:
    allowed = set(allowed)
    return [_where(m, imp) for m, imports in graph.items()
            if not _within(m, BROWSER_LAYER) and m not in allowed for imp in imports
            if any(_within(imp.target, p) for p in BROWSER)]


def import_cycles(graph: Graph, package: str = "tavli", allowed: Iterable[tuple[str, str]] = ()) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    allowed = set(allowed)
    edges = {m: sorted({imp.target for imp in imports if imp.target in graph and _within(imp.target, package)
                        and not imp.type_only and (m, imp.target) not in allowed} - {m})
             for m, imports in graph.items() if _within(m, package)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in edges:
        if module not in index:
            visit(module)
    return cycles


@pytest.fixture(scope="module")
def graph() -> Graph:
    return import_graph(ROOT)


# The web layer's rooms, lowest first: a module may import its own room's and lower rooms' modules.
WEB_LAYERS = ("web.model", "web.view", "web.control", "web.browser")


def web_layers_broken(graph: Graph) -> list[str]:
    """Imports of a higher room of the web layer than the importer's own (model < view < control
    < browser): the model knows no view, the views no controller, only the browser the page."""
    def rank(name: str) -> int | None:
        return next((i for i, layer in enumerate(WEB_LAYERS) if _within(name, layer)), None)

    found = []
    for module, imports in graph.items():
        own = rank(module)
        if own is None:
            continue
        for imp in imports:
            other = rank(imp.target)
            if other is not None and other > own:
                found.append(_where(module, imp))
    return found


def test_the_graph_sees_every_kind_of_import(graph):
    assert len(graph) > 40
    assert "tavli.ai.players" in {imp.target for imp in graph["tavli.ai"]}
    assert any(imp.lazy for imports in graph.values() for imp in imports)
    assert any(imp.type_only for imp in graph["tavli"])


def test_tavli_imports_neither_web_nor_the_browser(graph):
    assert tavli_imports_no_web_or_browser(graph) == []


def test_match_and_game_import_no_formats(graph):
    assert match_and_game_import_no_formats(graph) == []


def test_only_the_registry_imports_all_games(graph):
    assert games_imported_apart(graph) == []


def test_only_web_browser_imports_the_browser(graph):
    assert browser_imports_outside(graph) == []


def test_the_web_rooms_import_downwards_only(graph):
    assert web_layers_broken(graph) == []


def test_no_import_cycles_in_tavli(graph):
    assert import_cycles(graph, "tavli") == []


# The checker itself, on small trees written for the purpose.

def write_tree(root: Path, files: dict[str, str]) -> Graph:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for package in {Path(name).parts[0] for name in files}:
        for directory in [root / package, *(p for p in (root / package).rglob("*") if p.is_dir())]:
            (directory / "__init__.py").touch()
    return import_graph(root, sorted({Path(name).parts[0] for name in files}))


def test_relative_lazy_and_type_only_imports_are_resolved(tmp_path):
    graph = write_tree(tmp_path, {
        "tavli/games/base.py": "",
        "tavli/games/portes.py": (
            "from typing import TYPE_CHECKING\n"
            "from . import base\n"
            "from .base import Step\n"
            "from .. import match\n"
            "if TYPE_CHECKING:\n"
            "    from ..formats import savefile\n"
            "def f():\n"
            "    import tavli.game as g\n"
            "    try:\n"
            "        from ...web import app\n"
            "    except ImportError:\n"
            "        pass\n"
        ),
        "tavli/match.py": "", "tavli/game.py": "", "tavli/formats/savefile.py": "", "web/app.py": "",
    })
    seen = {(imp.target, imp.lazy, imp.type_only) for imp in graph["tavli.games.portes"]}
    assert {("typing", False, False), ("tavli.games.base", False, False), ("tavli.match", False, False),
            ("tavli.formats.savefile", False, True), ("tavli.game", True, False), ("web.app", True, False)} <= seen
    assert graph["tavli.games"] == []


def test_tavli_importing_web_or_the_browser_is_caught(tmp_path):
    graph = write_tree(tmp_path, {
        "tavli/a.py": "def f():\n    from web import dom\n",
        "tavli/b.py": "import json\nfrom pyodide.ffi import to_js\n",
        "web/dom.py": "",
    })
    assert tavli_imports_no_web_or_browser(graph) == ["tavli.a:2 imports web.dom", "tavli.b:2 imports pyodide.ffi"]


def test_formats_reached_from_match_or_game_are_caught(tmp_path):
    graph = write_tree(tmp_path, {
        "tavli/match.py": "from . import game\n",
        "tavli/game.py": "from .scoring import X\n",
        "tavli/scoring.py": "def f():\n    from .formats import matfile\n",
        "tavli/formats/matfile.py": "from ..match import Match\n",
        "tavli/cli.py": "from tavli.formats import matfile\n",
    })
    assert match_and_game_import_no_formats(graph) == ["tavli.scoring:2 imports tavli.formats.matfile"]


def test_a_module_importing_two_games_is_caught(tmp_path):
    games = {f"tavli/games/{g}.py": "from .base import X\n" for g in ("base", "portes", "plakoto", "fevga")}
    graph = write_tree(tmp_path, {
        **games,
        "tavli/games/registry.py": "from . import fevga, plakoto, portes\n",
        "tavli/games/fevga.py": "from .plakoto import pinned\n",
        "tavli/game.py": "from .games import portes\ndef f():\n    from .games.plakoto import P\n",
        "tavli/cli.py": "from .games.portes import P\n",
    })
    assert games_imported_apart(graph) == [
        "tavli.game imports ['tavli.games.plakoto', 'tavli.games.portes']",
        "tavli.games.fevga imports ['tavli.games.plakoto']",
    ]


def test_the_browser_imported_outside_web_browser_is_caught(tmp_path):
    graph = write_tree(tmp_path, {
        "web/browser/app.py": "from pyscript import document\nimport js\n",
        "web/model/prefs.py": "def load():\n    from js import localStorage\n",
        "web/old.py": "from pyscript import window\n",
        "web/view/render.py": "import json\n",
    })
    assert browser_imports_outside(graph) == ["web.model.prefs:2 imports js", "web.old:1 imports pyscript"]
    assert browser_imports_outside(graph, {"web.old"}) == ["web.model.prefs:2 imports js"]


def test_import_cycles_are_caught_lazy_ones_too(tmp_path):
    graph = write_tree(tmp_path, {
        "tavli/a.py": "from . import b\n",
        "tavli/b.py": "def f():\n    from .c import x\n",
        "tavli/c.py": "import tavli.a\n",
        "tavli/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .e import y\n",
        "tavli/e.py": "from .d import z\n",
        "tavli/f.py": "from .f import itself\n",
    })
    assert import_cycles(graph) == [["tavli.a", "tavli.b", "tavli.c"]]
    assert import_cycles(graph, allowed={("tavli.b", "tavli.c")}) == []


def test_a_web_room_importing_a_higher_one_is_caught(tmp_path):
    graph = write_tree(tmp_path, {
        "web/__init__.py": "", "web/model/__init__.py": "", "web/view/__init__.py": "",
        "web/control/__init__.py": "", "web/browser/__init__.py": "",
        "web/model/keeping.py": "def f():\n    from web.view import dialogs\n",
        "web/view/dialogs.py": "from web.model import keeping\n",
        "web/control/present.py": "from web.view import dialogs\n",
        "web/browser/app.py": "from web.control import present\n",
    })
    assert web_layers_broken(graph) == ["web.model.keeping:2 imports web.view.dialogs"]
