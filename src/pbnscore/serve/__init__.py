"""``pbnscore serve``: a local page to drop a night on (``pbnscore-gui``, in
:mod:`pbnscore.__main__`, starts it as the command line does).

A front end, as the command line is: the page sends a file and the choices
a scorer made, and the server answers each request by the one road
``pbnscore score`` takes (:mod:`pbnscore.pipeline`, called from
:mod:`pbnscore.serve._api`), behind the guards of
:mod:`pbnscore.serve._http`. The standard library's HTTP server is enough
for one local user (docs: "No command line: score a night in your
browser"); the page's HTML, CSS and JavaScript are package data in
``page/``, and talk to the server only through the small JSON API.

Files sent are kept in a temporary folder removed when the server stops;
nothing else is written.
"""

from __future__ import annotations

import errno
import ipaddress
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pbnscore.errors import PbnscoreError

if TYPE_CHECKING:
    from pbnscore.corrections import Corrections

LOOPBACK = "127.0.0.1"


def url_of(host: str, port: int) -> str:
    """The page's address: the loopback one where every address is served."""
    shown = LOOPBACK if host in ("", "0.0.0.0") else "[::1]" if host == "::" else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(
    host: str = LOOPBACK,
    port: int = 0,
    *,
    browser: bool = True,
    say: Callable[[str], None] = print,
    ready: Callable[[str], None] | None = None,
    chosen: Mapping[str, object] | None = None,
    corrections: Corrections | None = None,
) -> None:
    """Serve the page on ``host``:``port`` (0: an unused port) until
    interrupted, saying its address; open it in the default browser. The
    page starts with ``chosen`` (``{"method": ..., "options": {field:
    value as typed}}``); ``corrections`` apply to every file scored. A
    port in use is a :class:`PbnscoreError` of one line."""
    from pbnscore.serve._api import Store
    from pbnscore.serve._http import Server

    with tempfile.TemporaryDirectory(prefix="pbnscore-serve-", ignore_cleanup_errors=True) as kept:
        try:
            server = Server((host, port), Store(Path(kept), corrections), chosen)
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", None)):
                raise PbnscoreError(
                    f"port {port} on {host} is in use (another pbnscore serve?)"
                ) from None
            raise PbnscoreError(f"cannot serve on {host} port {port}: {exc.strerror}") from None
        with server:
            url = url_of(host, server.port)
            say(f"pbnscore serve: {url} (Ctrl-C to stop)")
            if ready is not None:
                ready(url)
            if browser:
                # In a thread: a text-mode browser would hold the terminal.
                threading.Thread(target=_open, args=(url, say), daemon=True).start()
            server.serve_forever()


def _open(url: str, say: Callable[[str], None]) -> None:
    """The page in the default browser; where there is none, one line
    saying to open it by hand (the server goes on)."""
    import webbrowser

    try:
        opened = webbrowser.open(url)
    except Exception:  # a browser that fails to start: its reason is its own
        opened = False
    if not opened:
        say(f"pbnscore serve: no browser could be opened: open {url} yourself")


__all__ = ["serve"]
