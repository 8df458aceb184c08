"""tools/serve.py's request log, which the service worker's tests read (e2e/sites.py): each answer
carries the order its request arrived in, since the answers are logged as they end."""

from __future__ import annotations

import threading
import time
import urllib.request
from pathlib import Path

from e2e.sites import Site
from tools.serve import Sent, make_server


def test_a_late_log_entry_keeps_its_requests_place(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a")
    (tmp_path / "b.txt").write_text("b" * 100_000)
    log: list[Sent] = []
    second_logged = threading.Event()

    def record(sent: Sent) -> None:
        if sent.path == "/a.txt":  # this answer's thread is held up past the next whole answer
            second_logged.wait(10)
        log.append(sent)
        if sent.path == "/b.txt":
            second_logged.set()

    server = make_server(directory=tmp_path, request_log=record)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        assert urllib.request.urlopen(base + "/a.txt").read() == b"a"  # noqa: S310 - loopback
        assert len(urllib.request.urlopen(base + "/b.txt").read()) == 100_000  # noqa: S310
        deadline = time.monotonic() + 10
        while len(log) < 2 and time.monotonic() < deadline:  # the held-up entry comes once /b.txt's is in
            time.sleep(0.01)
        assert [s.path for s in log] == ["/b.txt", "/a.txt"]
        assert sorted((s.arrival, s.path) for s in log) == [(0, "/a.txt"), (1, "/b.txt")]
        assert server.arrivals.count == 2
    finally:
        server.shutdown()
        server.server_close()


def test_a_site_lists_its_answers_in_the_order_asked(tmp_path: Path) -> None:
    site = Site(tmp_path)
    try:
        site.log.extend([Sent("/c", 200, 10, 2), Sent("/a", 304, 5, 0), Sent("/b", 200, 9, 1)])
        assert [s.path for s in site.sent()] == ["/a", "/b", "/c"]
        assert [s.path for s in site.sent(1)] == ["/b", "/c"]
        assert site.mark() == 0  # nothing has really arrived at this server
    finally:
        site.stop()
