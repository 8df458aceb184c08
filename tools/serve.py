"""Serve the repository root as a static site on 127.0.0.1 (standard library only).

``make play`` runs this; the browser tests import :func:`make_server` from it, so the game and its
tests are served the same way. It is a plain static host: what works here works on any static host
under any sub-path, provided that host sends ``.wasm`` as ``application/wasm`` and ``.mjs`` as
JavaScript (module scripts are refused with any other type).

Like a static host it sends ``Last-Modified`` and answers a conditional request
(``If-Modified-Since``) with ``304 Not Modified``; with ``Cache-Control: no-cache`` the browser
keeps each file in its HTTP cache and revalidates it at every use. A ``request_log`` (a callable)
gets a :class:`Sent` for every answered request: what the browser really downloaded (the tests
and bench/boot.py count the bytes of a visit with it).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = "/build/python.tar.gz"  # the browser's Python, packed by tools/pyscript_files.py
_rebuilding = threading.Lock()

# Types the page depends on, set here rather than trusting the host's mimetypes database.
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".gz": "application/gzip",  # a file, not a Content-Encoding: the page inflates it itself
    ".svg": "image/svg+xml",
    ".map": "application/json",
}


class Sent(NamedTuple):
    """One answered request: its path (below the site's sub-path, query included), status, the
    bytes written to the socket (headers and body), and its place in the order the requests arrived
    in (0, 1, ...; a server's own count). The log gets them as the answers end, which under load is
    not always the order they were asked in: a short answer's thread may be held up past a later
    request's whole answer."""

    path: str
    status: int
    size: int
    arrival: int = 0


class Arrivals:
    """Numbers a server's requests in the order they arrive (from its threads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.count = 0

    def take(self) -> int:
        with self._lock:
            self.count += 1
            return self.count - 1


class _Counted:
    """The connection's output stream, counting the bytes written."""

    def __init__(self, raw) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str):
        return getattr(self.raw, name)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types above, no caching, optional silence, and an optional sub-path
    (``prefix``, e.g. ``/games/tavli/``) under which the directory appears, as on a shared host."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    quiet = False
    prefix = "/"
    rebuild = True  # repack the Python archive, if a source changed, when the page asks for it
    request_log: Callable[[Sent], None] | None = None
    arrivals = Arrivals()
    _status = 0
    _arrival = 0

    def setup(self) -> None:
        super().setup()
        self.wfile = _Counted(self.wfile)

    def parse_request(self) -> bool:
        self._arrival = self.arrivals.take()  # the request line has just been read
        return super().parse_request()

    def handle_one_request(self) -> None:
        self._status, start = 0, self.wfile.count
        super().handle_one_request()
        log = type(self).request_log
        if log is not None and self._status:
            log(Sent(self.path, self._status, self.wfile.count - start, self._arrival))

    def log_request(self, code="-", size="-") -> None:
        if isinstance(code, int):  # an int or HTTPStatus from send_response
            self._status = int(code)
        super().log_request(code, size)

    def send_head(self):
        if self.prefix != "/":
            if not self.path.startswith(self.prefix):
                self.send_error(404, "outside the site's sub-path")
                return None
            self.path = "/" + self.path[len(self.prefix):]
        if self.rebuild and self.path.split("?")[0] == ARCHIVE:
            _rebuild_archive()
        return super().send_head()

    def end_headers(self) -> None:
        # Always revalidate: a developer editing Python sees the new file on reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature fixed by base
        if not self.quiet:
            super().log_message(format, *args)


def _rebuild_archive() -> None:
    """Repack the Python archive if a source changed, so that an edit shows on the next reload
    (a plain static host serves whatever ``make`` built)."""
    with _rebuilding:
        subprocess.run([sys.executable, str(ROOT / "tools" / "pyscript_files.py")], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def normalize_prefix(prefix: str) -> str:
    """``"games/tavli"`` -> ``"/games/tavli/"``; ``""`` or ``"/"`` -> ``"/"``."""
    inner = prefix.strip("/")
    return f"/{inner}/" if inner else "/"


def make_server(host: str = "127.0.0.1", port: int = 0, *, quiet: bool = True,
                directory: Path = ROOT, prefix: str = "/", rebuild: bool = True,
                request_log: Callable[[Sent], None] | None = None) -> http.server.ThreadingHTTPServer:
    """A threading static server over ``directory`` at URL path ``prefix``; ``port=0`` picks a
    free port. ``rebuild=False`` serves the archives as built, as a static host would (no check of
    the sources, ~0.15 s of a process, at each request for the archive). ``request_log`` is
    called (from the server's threads) with a :class:`Sent` for each request answered; the
    server's ``arrivals`` (:class:`Arrivals`) counts the requests arrived so far."""
    arrivals = Arrivals()
    handler_class = type("SiteHandler", (Handler,), {"quiet": quiet, "prefix": normalize_prefix(prefix),
                                                     "rebuild": rebuild, "arrivals": arrivals,
                                                     "request_log": staticmethod(request_log) if request_log else None})
    handler = functools.partial(handler_class, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.arrivals = arrivals  # type: ignore[attr-defined]
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="serve under this URL sub-path")
    parser.add_argument("--quiet", action="store_true", help="no request log")
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, quiet=args.quiet, prefix=args.prefix)
    host, port = server.server_address[:2]
    path = normalize_prefix(args.prefix)
    print(f"http://{host}:{port}{path if path != '/' else ''}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
