"""Returning visits restore Pyodide from the memory snapshot that an earlier visit made
(web/snapshot.mjs, web/snapshot_worker.mjs, web/pyodide_early.mjs): ``<body data-boot>`` says which
boot ran. A snapshot that does not fit this visit's files, or whose bytes are damaged, is left
aside for the normal boot, with no error, and a fresh one is made; offline it works the same."""

from __future__ import annotations

import pytest

from e2e.board_hooks import catch_up, counts, expected, mirror, play_turn, thinking_log, wait_turn
from e2e.helpers import BOOT_TIMEOUT_MS, boot, settle
from e2e.sites import Site, site_copy
from e2e.test_offline import wait_until_controlled

QUERY = "seed=13&anim=0"

# The snapshot cache's entries (web/snapshot.mjs CACHE): each one's key header and size.
ENTRIES = """async () => {
  const cache = await caches.open('tavli-snapshot');
  const out = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    out.push({key: response.headers.get('x-tavli-key'), size: (await response.arrayBuffer()).byteLength});
  }
  return out;
}"""

# Rewrites the stored snapshot: ``key`` replaces its key header where given; ``spoil`` "flip"
# inverts 64 bytes in the middle of its bytes, "cut" drops their second half (headers kept).
REWRITE = """async ({key, spoil}) => {
  const cache = await caches.open('tavli-snapshot');
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const headers = new Headers(response.headers);
  if (key) headers.set('x-tavli-key', key);
  let bytes = new Uint8Array(await response.arrayBuffer());
  const middle = bytes.length >> 1;
  if (spoil === 'flip') for (let i = middle; i < middle + 64; i++) bytes[i] ^= 0xff;
  if (spoil === 'cut') bytes = bytes.slice(0, middle);
  await cache.put(request, new Response(bytes, {headers}));
}"""


def _visit_and_snapshot(page, base: str = "./") -> dict:
    """Open the game, let it make its snapshot; the one stored entry."""
    boot(page, QUERY, base=base)
    settle(page)
    assert page.evaluate("document.body.dataset.snapshot") == "stored"
    entries = page.evaluate(ENTRIES)
    assert len(entries) == 1 and entries[0]["size"] > 1_000_000
    return entries[0]


def _play_against_the_computer(page) -> None:
    """The person's opening move, the computer's reply, checked against a CPython mirror."""
    ctl = mirror(QUERY)
    play_turn(page, ctl)
    wait_turn(page)
    catch_up(ctl)
    assert counts(page) == expected(ctl)
    assert [e for e in thinking_log(page) if e["kind"] == "move"], "the computer did not play"


def test_a_returning_visit_restores_the_snapshot_and_plays(page):
    _visit_and_snapshot(page)
    assert page.evaluate("document.body.dataset.boot") == "fresh"
    boot(page, QUERY)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    assert page.evaluate("document.body.dataset.snapshot") is None  # nothing more to make
    _play_against_the_computer(page)


@pytest.mark.parametrize("change", [{"key": "0" * 64}, {"spoil": "flip"}, {"spoil": "cut"}],
                         ids=["other-files", "flipped", "truncated"])
def test_an_unfit_snapshot_gives_the_normal_boot_and_a_new_snapshot(page, change):
    made = _visit_and_snapshot(page)
    page.evaluate(REWRITE, {"key": None, "spoil": None, **change})
    boot(page, QUERY)
    assert page.evaluate("document.body.dataset.boot") == "fresh"
    settle(page)
    assert page.evaluate(ENTRIES) == [made]  # the same files: the same key, a sound snapshot again
    boot(page, QUERY)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"


def test_restores_offline(page, tmp_path):
    site = Site(site_copy(tmp_path), "/games/tavli/")
    try:
        boot(page, QUERY, base=site.url)
        wait_until_controlled(page)
        settle(page)
        assert page.evaluate("document.body.dataset.snapshot") == "stored"
    finally:
        site.stop()
    page.context.set_offline(True)
    page.goto(site.url + "?" + QUERY, wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    _play_against_the_computer(page)
