"""The page's web server: the standard library's, guarded for one local user.

Before any request is answered its ``Host`` must be the address served
(a page of another site that a DNS name was pointed at this machine cannot
talk to it: DNS rebinding), and a request that changes anything must come
from the page itself, by its ``Origin`` (a page of another site cannot post
to it: cross-site request forgery). A file sent is capped at the size
files are read from disk (:data:`pbnscore._bounded_read.MAX_INPUT_BYTES`), refused
by its declared length before a byte of it is read and read in bounded
pieces. Every error is one line to the page and one line to the log.
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import sys
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, BinaryIO
from urllib.parse import quote, unquote, urlsplit

from pbnscore import _bounded_read, registry
from pbnscore.errors import PbnscoreError, one_line
from pbnscore.serve import _api
from pbnscore.serve._api import Reply, refused

# The page's own files (package data), by the path they are served at.
PAGE = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/page.js": ("page.js", "text/javascript; charset=utf-8"),
    "/page.css": ("page.css", "text/css; charset=utf-8"),
}

# Every answer: never cached, never sniffed for another type.
COMMON_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# The page: never framed by another page (clickjacking).
PAGE_HEADERS = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'"}

WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def page_file(name: str) -> bytes:
    return (resources.files("pbnscore.serve") / "page" / name).read_bytes()


class Server(ThreadingHTTPServer):
    """The server: its files' store and the Host values it answers to."""

    daemon_threads = True
    # Windows lets a second socket bind a port in use where SO_REUSEADDR is
    # set: a second serve must fail there too.
    allow_reuse_address = os.name != "nt"

    def __init__(
        self,
        address: tuple[str, int],
        store: _api.Store,
        chosen: Mapping[str, object] | None = None,
    ) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.store = store
        self.chosen = chosen  # the page's first choices: serve's own -m and options
        self.host = address[0]

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def answers_to(self, host: str | None) -> bool:
        """Whether a request's ``Host`` names this server: its address or
        ``localhost`` with its port; served on every address, any address
        written as numbers (a name that is not localhost could be anyone's)."""
        if host is None:
            return False
        try:
            parts = urlsplit(f"//{host}")
            name, port = parts.hostname, parts.port
        except ValueError:
            return False
        if name is None or port != self.port:
            return False
        if name in ("localhost", self.host.lower().strip("[]")):
            return True
        if self.host in WILDCARDS:
            try:
                ipaddress.ip_address(name)
            except ValueError:
                return False
            return True
        return False

    def handle_error(self, request: object, client_address: object) -> None:
        """A failure outside a request's own handling (a connection reset):
        one line in the log, no traceback."""
        exc = sys.exc_info()[1]
        log(f"connection failed: {type(exc).__name__}: {one_line(str(exc))}")


def log(line: str) -> None:
    """One line in the log (standard error), where there is one."""
    if sys.stderr is not None:
        print(f"pbnscore serve: {line}", file=sys.stderr, flush=True)


class _Capped:
    """At most ``left`` bytes of ``stream``: a request's body."""

    def __init__(self, stream: BinaryIO, left: int) -> None:
        self.stream, self.left = stream, left

    def read(self, size: int = -1) -> bytes:
        wanted = self.left if size < 0 else min(size, self.left)
        data = self.stream.read(wanted) if wanted > 0 else b""
        self.left -= len(data)
        return data


class Handler(BaseHTTPRequestHandler):
    """One request: guarded, routed, answered in one piece."""

    server: Server
    protocol_version = "HTTP/1.1"
    server_version = "pbnscore"
    sys_version = ""
    timeout = 60  # a connection that sends nothing more is dropped

    def do_GET(self) -> None:
        if not self._host_allowed():
            return
        path = urlsplit(self.path).path
        if path in PAGE:
            name, media_type = PAGE[path]
            self._send(Reply(200, media_type, page_file(name)), PAGE_HEADERS)
        elif path == "/api/methods":
            self._answer(lambda: _api.methods(self.server.chosen))
        else:
            self._send(refused("no such page", 404))

    def do_POST(self) -> None:
        if not self._host_allowed() or not self._origin_allowed():
            return
        store = self.server.store
        path = urlsplit(self.path).path
        if path == "/api/check":
            name = unquote(self.headers.get("X-Pbnscore-Name", ""))
            data = self._body(_bounded_read.MAX_INPUT_BYTES, _api.own_name(name), "a results file")
            if data is not None:
                self._answer(lambda: _api.check(store, name, data))
            return
        routes: dict[str, Callable[[Mapping[str, Any]], Reply]] = {
            "/api/options": _api.option_state,
            "/api/score": lambda request: _api.score(store, request),
            "/api/explain": lambda request: _api.explain(store, request),
            "/api/season": lambda request: _api.season(store, request),
            "/api/zip": lambda request: _api.zipped(store, request),
        }
        route = routes.get(path)
        if route is None:
            self._send(refused("no such request", 404))
            return
        request = self._json()
        if request is not None:
            self._answer(lambda: route(request))

    # -- the guards -------------------------------------------------------------

    def _host_allowed(self) -> bool:
        if self.server.answers_to(self.headers.get("Host")):
            return True
        self._refuse(403, "refused: the Host is not the address served")
        return False

    def _origin_allowed(self) -> bool:
        origin = self.headers.get("Origin")
        own = f"http://{self.headers.get('Host', '')}".lower()
        if origin is None:
            # Browsers send an Origin with every POST; a request without one
            # is no other site's page, unless the browser says it is.
            allowed = self.headers.get("Sec-Fetch-Site") in (None, "same-origin", "none")
        else:
            allowed = origin.lower() == own
        if not allowed:
            self._refuse(403, "refused: the request comes from another site")
        return allowed

    def _body(self, cap: int, source: str, what: str) -> bytes | None:
        """The request's body, refused (413) by its declared length past
        ``cap`` without reading it; read in bounded pieces."""
        length = self.headers.get("Content-Length")
        if length is None or not length.strip().isdigit():
            self._refuse(411, "refused: the request gives no length")
            return None
        if int(length) > cap:
            self._refuse(413, f"{source}: over {cap >> 20} MiB: too large to be {what}")
            return None
        try:
            return _bounded_read.read_limited(_Capped(self.rfile, int(length)), source, what, cap)  # type: ignore[arg-type]
        except PbnscoreError as exc:
            self._refuse(413, str(exc))
            return None

    def _json(self) -> Mapping[str, Any] | None:
        media_type = self.headers.get("Content-Type", "").partition(";")[0].strip().lower()
        if media_type != "application/json":
            self._refuse(415, "refused: send JSON (Content-Type: application/json)")
            return None
        data = self._body(_api.MAX_REQUEST_BYTES, "the request", "a request")
        if data is None:
            return None
        try:
            request = json.loads(data)
        except (ValueError, UnicodeDecodeError, RecursionError):
            # RecursionError: nested deeper than the parser goes ([[[... a
            # megabyte deep), which would otherwise drop the connection unanswered.
            self._refuse(400, "refused: the request is not JSON")
            return None
        if not isinstance(request, dict):
            self._refuse(400, "refused: the request is not a JSON object")
            return None
        return request

    def _refuse(self, status: int, line: str) -> None:
        log(f"{self.command} {one_line(urlsplit(self.path).path)}: {line}")
        # The rest of the request is not read: the connection cannot carry another.
        self.close_connection = True
        self._send(refused(line, status), {"Connection": "close"})

    # -- answering ------------------------------------------------------------

    def _answer(self, make: Callable[[], Reply]) -> None:
        """``make()``'s reply; an error it raises as one line (400 for what
        the scorer can put right, 500 for a bug), never a traceback."""
        try:
            reply = make()
        except PbnscoreError as exc:
            line = one_line(str(exc))
            log(line)
            reply = refused(line, 400)
        except registry.PluginFault as exc:
            line = one_line(str(exc))
            log(line)
            reply = refused(line, 500)
        except Exception as exc:  # a bug: one line, not a traceback
            line = f"internal error: {type(exc).__name__}: {one_line(str(exc))}"
            log(line)
            reply = refused(line, 500)
        self._send(reply)

    def _send(self, reply: Reply, extra: Mapping[str, str] | None = None) -> None:
        folder = self.server.store.folder
        body = _api.temporary_free(reply.body, folder)
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.media_type)
        self.send_header("Content-Length", str(len(body)))
        for header, value in {**COMMON_HEADERS, **(extra or {})}.items():
            self.send_header(header, value)
        if reply.filename is not None:
            self.send_header(
                "Content-Disposition", f"attachment; filename*=UTF-8''{quote(reply.filename)}"
            )
        if reply.warnings:
            said = json.dumps(list(reply.warnings), ensure_ascii=False)
            self.send_header("X-Pbnscore-Warnings", quote(_api.temporary_free_text(said, folder)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Requests answered are not logged: errors are, a line each (:func:`log`)."""
