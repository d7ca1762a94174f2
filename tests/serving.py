"""``pbnscore serve`` started as a scorer starts it, for the serve tests:
its own process, its address read from the line it prints, its temporary
folder found under a TMPDIR of the test's own."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import attrs

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = "pbnscore serve: "


@attrs.define
class Served:
    """A running ``pbnscore serve`` process and what was seen of it."""

    process: subprocess.Popen[str]
    url: str
    tmp: Path  # the TMPDIR it was given: its temporary folder is made in it
    bodies: list[bytes] = attrs.field(factory=list)  # every answer read

    @property
    def port(self) -> int:
        port = urlsplit(self.url).port
        assert port is not None
        return port

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, bytes, http.client.HTTPMessage]:
        """(status, body, headers) of one request; the body is kept."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=dict(headers or {}))
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        self.bodies.append(data)
        return response.status, data, response.headers

    def post(self, path: str, request: object, **headers: str) -> tuple[int, Any]:
        status, data, _ = self.request(
            "POST",
            path,
            json.dumps(request).encode(),
            {"Content-Type": "application/json", **headers},
        )
        return status, data

    def check(self, path: Path, name: str | None = None) -> dict[str, Any]:
        status, data, _ = self.request(
            "POST", "/api/check", path.read_bytes(), {"X-Pbnscore-Name": name or path.name}
        )
        assert status == 200, data
        found: dict[str, Any] = json.loads(data)
        return found

    def stop(self, signum: int = signal.SIGTERM) -> tuple[int, str]:
        """Stop it by ``signum``: (exit status, what it said on stderr)."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        _, err = self.process.communicate(timeout=60)
        return self.process.returncode, err

    def folders(self) -> list[Path]:
        """Its temporary folders (one while it runs, none once stopped)."""
        return sorted(self.tmp.glob("pbnscore-serve-*"))


def start(tmp: Path, *words: str, pythonpath: Sequence[Path] = ()) -> Served:
    """``pbnscore serve --no-browser WORDS``, with TMPDIR ``tmp``; once it
    says its address."""
    tmp.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "TMPDIR": str(tmp), "TEMP": str(tmp), "TMP": str(tmp)}
    paths = [*map(str, pythonpath), str(ROOT / "src"), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    process = subprocess.Popen(
        [sys.executable, "-m", "pbnscore", "serve", "--no-browser", *words],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith(URL_LINE):
        process.kill()
        _, err = process.communicate()
        raise AssertionError(f"serve did not start: {line!r} {err!r}")
    return Served(process, line[len(URL_LINE) :].split()[0], tmp)
