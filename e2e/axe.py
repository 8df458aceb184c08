"""axe-core in the browser tests: the pinned ``node_modules/axe-core/axe.min.js`` (package.json's
devDependencies) injected into a page, and its audit.

    from e2e.axe import audit

    assert audit(page) == []        # no serious or critical violation in the page as it is now

:func:`audit` runs ``axe.run`` over the whole document (what a modal ``<dialog>`` leaves inert
included: a screen reader can reach none of it, and axe skips what is hidden) and returns each
violation of impact ``serious`` or ``critical`` as a line: the rule, its help text, and the first
few elements it names (their selectors and axe's summary of what to fix).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = ("serious", "critical")
SHOWN_NODES = 4  # elements named per violation in a report

RUN = """async (impacts) => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter((v) => impacts.includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary || ''}))}));
}"""


def inject(page) -> None:
    """Add axe-core to ``page`` (once per document)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))


def violations(page) -> list[dict]:
    """The serious and critical violations axe finds in ``page`` now (axe's own records, trimmed)."""
    inject(page)
    return page.evaluate(RUN, list(SEVERE))


def audit(page, where: str = "") -> list[str]:
    """The serious and critical violations in ``page`` now, one line each (empty: none);
    ``where`` prefixes each line (the screen audited)."""
    lines = []
    for v in violations(page):
        nodes = "; ".join(f"{n['target']} ({' '.join(n['summary'].split())[:200]})" for n in v["nodes"][:SHOWN_NODES])
        more = f" (+{len(v['nodes']) - SHOWN_NODES} more)" if len(v["nodes"]) > SHOWN_NODES else ""
        lines.append(f"{where}{': ' if where else ''}{v['impact']} {v['id']}: {v['help']}: {nodes}{more}")
    return lines
