"""``pbnscore serve`` on a shared or hostile network, and its JSON API.

One server process for the module, started as a scorer starts it
(:mod:`serving`); each test talks to it as a browser, or another site's
page, would. What it must refuse: a Host that is not its address (DNS
rebinding), a post from another site's page (CSRF), a file over the cap
(before reading it). What it must keep: the temporary folder's path out of
every answer, its listening to this machine only, one line for each error,
and the command line's own messages for options.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest

import serving
from pbnscore import batch
from pbnscore.serve._api import own_name, words

ROOT = Path(__file__).resolve().parent.parent
PBN = ROOT / "fixtures" / "pbn" / "mitchell-pairs.pbn"
USEBIO = ROOT / "fixtures" / "usebio" / "mitchell-pairs.xml"
BROKEN = b'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT>'
POSIX = pytest.mark.skipif(os.name != "posix", reason="signals are sent the POSIX way")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[serving.Served]:
    running = serving.start(tmp_path_factory.mktemp("serve") / "tmp")
    try:
        yield running
    finally:
        running.stop()


def cli(*words: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "pbnscore", *words]
    return subprocess.run(command, capture_output=True, cwd=cwd, env=env, check=False)


def test_a_host_that_is_not_the_address_served_is_refused(served: serving.Served) -> None:
    """DNS rebinding: another site's name pointed at 127.0.0.1 gets 403, on
    the page and on the API alike; the served address and localhost do not."""
    for path in ("/", "/api/methods"):
        status, data, _ = served.request(
            "GET", path, headers={"Host": f"evil.example:{served.port}"}
        )
        assert status == 403, path
        assert json.loads(data) == {"error": "refused: the Host is not the address served"}
    status, _, _ = served.request("GET", "/", headers={"Host": "127.0.0.1:1"})
    assert status == 403  # another port is another origin
    for host in (served.host, f"localhost:{served.port}"):
        assert served.request("GET", "/", headers={"Host": host})[0] == 200


def test_a_post_from_another_site_is_refused(served: serving.Served) -> None:
    """CSRF: a request that changes something, with another site's Origin
    (or a sandboxed page's "null"), gets 403 and is not acted on; the page's
    own Origin is answered."""
    for origin in ("http://evil.example", "null", f"http://localhost:{served.port + 1}"):
        status, data, _ = served.request(
            "POST",
            "/api/check",
            PBN.read_bytes(),
            {"Origin": origin, "X-Pbnscore-Name": PBN.name},
        )
        assert status == 403, origin
        assert json.loads(data) == {"error": "refused: the request comes from another site"}
    status, _, _ = served.request(
        "POST", "/api/check", b"x", {"Sec-Fetch-Site": "cross-site", "X-Pbnscore-Name": "a.pbn"}
    )
    assert status == 403
    status, data, _ = served.request(
        "POST",
        "/api/check",
        PBN.read_bytes(),
        {"Origin": f"http://{served.host}", "X-Pbnscore-Name": PBN.name},
    )
    assert status == 200 and json.loads(data)["name"] == PBN.name


def test_an_upload_over_the_cap_is_refused_unread(served: serving.Served) -> None:
    """A file declared over the cap files are read from disk with gets 413
    at once: the server does not wait for a body it will not read (none is
    sent here past three bytes; reading it whole would hang until the
    client's timeout)."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as connection:
        head = (
            f"POST /api/check HTTP/1.1\r\nHost: {served.host}\r\n"
            f"Content-Length: {batch.MAX_INPUT_BYTES + 1}\r\nX-Pbnscore-Name: big.pbn\r\n\r\n"
        )
        connection.sendall(head.encode() + b"abc")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line.startswith(b"HTTP/1.1 413 ")  # its phrase is 3.13's "Content Too Large"
    body = json.loads(rest.partition(b"\r\n\r\n")[2])
    assert body == {"error": "big.pbn: over 64 MiB: too large to be a results file"}
    # At the cap is no refusal of size: read, and checked as any file.
    status, _, _ = served.request("POST", "/api/check", b"%", {"X-Pbnscore-Name": "tiny.pbn"})
    assert status == 200


def test_it_listens_on_this_machine_only(served: serving.Served) -> None:
    """Without --host it serves 127.0.0.1 alone: the URL it prints says so,
    and (Linux) the kernel's table of listening sockets agrees, and another
    loopback address of the machine is refused."""
    assert served.url == f"http://127.0.0.1:{served.port}/"
    table = Path("/proc/net/tcp")
    if not table.exists():
        pytest.skip("no /proc/net/tcp to read the listening address from")
    listening = [
        line.split()[1]
        for line in table.read_text().splitlines()[1:]
        if line.split()[3] == "0A"  # LISTEN
    ]
    ours = [address for address in listening if int(address.split(":")[1], 16) == served.port]
    assert ours == ["0100007F:" + f"{served.port:04X}"]
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.2", served.port), timeout=10).close()


def test_check_lines_name_the_file_by_its_own_name(served: serving.Served) -> None:
    """The lines are `pbnscore check`'s for the file, by the name it was
    sent under: a folder in that name is dropped."""
    found = served.check(PBN, name="C:\\Users\\me\\Desktop\\mitchell-pairs.pbn")
    expected = cli("check", PBN.name, cwd=PBN.parent).stdout.decode().splitlines()
    assert found["name"] == "mitchell-pairs.pbn"
    assert found["lines"] == expected
    assert (found["ok"], found["kind"], found["method"]) == (True, "pairs", "butler")


def test_an_unreadable_file_is_one_line_with_its_own_name(served: serving.Served) -> None:
    """A USEBIO file cut short: one line, `pbnscore check`'s, naming it."""
    status, data, _ = served.request(
        "POST", "/api/check", BROKEN, {"X-Pbnscore-Name": "broken.xml"}
    )
    found = json.loads(data)
    assert status == 200 and found["ok"] is False
    assert found["lines"] == ["broken.xml:2: Premature end of data in tag EVENT line 2"]


def test_scored_output_is_what_score_writes(served: serving.Served) -> None:
    """The one road: the bytes served are `pbnscore score`'s for the same
    method and options (USEBIO with its reader profile too)."""
    key = served.check(USEBIO)["file"]
    for method, options, to, extra in (
        ("butler", {"preset": "compscore"}, "usebio", []),
        ("cross-imps", {}, "html", []),
        ("butler", {"datum": "trimmed-mean", "drop": "2"}, "csv", []),
        ("butler", {}, "usebio", ["--usebio-for", "cobalt"]),
    ):
        request = {"file": key, "method": method, "options": options, "to": to}
        if extra:
            request["usebio_for"] = extra[1]
        status, data, headers = served.request(
            "POST",
            "/api/score",
            json.dumps(request).encode(),
            {"Content-Type": "application/json"},
        )
        assert status == 200, data
        flags = [f"--{field.replace('_', '-')}={value}" for field, value in options.items()]
        line = ["score", USEBIO.name, "-m", method, *flags, "--to", to, *extra]
        assert data == cli(*line, cwd=USEBIO.parent).stdout
        assert headers["Content-Disposition"].endswith(
            "mitchell-pairs." + ("xml" if to == "usebio" else to)
        )


@pytest.mark.parametrize(
    ("options", "flags"),
    [
        ({"imp_cap": "0"}, ["--imp-cap", "0"]),
        ({"drop": "2"}, ["--drop", "2"]),
        ({"preset": "kops"}, ["--preset", "kops"]),
        ({"normalise": "total"}, ["--normalise", "total"]),
        ({"datum": "sideways"}, ["--datum", "sideways"]),
    ],
    ids=["out-of-range", "does-not-apply", "another-method-s-preset", "not-its-option", "choice"],
)
def test_a_refused_option_is_the_command_line_s_message(
    served: serving.Served, options: dict[str, str], flags: list[str]
) -> None:
    """A bad value, or an option that does not apply, is refused with the
    message `pbnscore score` gives (without its `(pbnscore score --help)`)."""
    key = served.check(PBN)["file"]
    request = {"file": key, "method": "butler", "options": options, "to": "usebio"}
    status, data = served.post("/api/score", request)
    said = cli("score", PBN.name, "-m", "butler", *flags, cwd=PBN.parent).stderr.decode()
    assert status == 400
    assert said == f"pbnscore score: {json.loads(data)['error']} (pbnscore score --help)\n"


def test_options_that_do_not_apply_are_said(served: serving.Served) -> None:
    """--drop applies to a trimmed mean only: not offered under the default
    datum, offered once trimmed-mean is chosen."""
    _, data = served.post("/api/options", {"method": "butler", "options": {}})
    assert json.loads(data)["error"] is None
    assert json.loads(data)["applies"]["drop"] is False
    _, data = served.post(
        "/api/options", {"method": "butler", "options": {"datum": "trimmed-mean"}}
    )
    assert json.loads(data)["applies"]["drop"] is True


def test_explain_season_and_zip(served: serving.Served) -> None:
    """A board explained as `pbnscore explain` says it; two files as one
    season; two files scored into a zip named as batch names them."""
    import io
    import zipfile

    first, second = served.check(PBN)["file"], served.check(USEBIO)["file"]
    status, data = served.post(
        "/api/explain", {"file": first, "method": "butler", "board": 1, "pair": "1"}
    )
    assert status == 200
    line = ["explain", PBN.name, "--board", "1", "--pair", "1", "-m", "butler"]
    assert data == cli(*line, cwd=PBN.parent).stdout
    status, data = served.post("/api/season", {"files": [first, second], "method": "butler"})
    assert status == 200 and data.startswith(b"<!DOCTYPE html>")
    status, data = served.post(
        "/api/zip", {"files": [first, second], "method": "butler", "to": ["usebio", "json"]}
    )
    assert status == 200
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    # Both stems are mitchell-pairs: each keeps its whole name.
    assert sorted(names) == [
        "mitchell-pairs.pbn.json",
        "mitchell-pairs.pbn.xml",
        "mitchell-pairs.xml.json",
        "mitchell-pairs.xml.xml",
    ]


def test_errors_are_one_line_and_never_a_temporary_path(served: serving.Served) -> None:
    """Every answer the module has read holds no path of the temporary
    folder (nor of TMPDIR); an error is a JSON object of one line."""
    key = served.check(PBN)["file"]
    for path, request in (
        ("/api/score", {"file": "nope", "method": "butler"}),
        ("/api/score", {"file": key, "method": "no-such-method"}),
        ("/api/score", {"file": key, "method": "butler", "to": "docx"}),
        ("/api/explain", {"file": key, "method": "butler", "board": 0}),
        ("/api/explain", {"file": key, "method": "butler", "board": 99}),
        ("/api/season", {"files": []}),
    ):
        status, data = served.post(path, request)
        assert status == 400, (path, request, data)
        error = json.loads(data)["error"]
        assert "\n" not in error and "Traceback" not in error
    status, data, _ = served.request("POST", "/api/score", b"{", {"Content-Type": "text/plain"})
    assert status == 415
    assert served.folders(), "the temporary folder is made under TMPDIR"
    for body in served.bodies:
        assert str(served.tmp).encode() not in body
        assert b"pbnscore-serve-" not in body


def test_own_name_drops_any_folder() -> None:
    """The name a page sends is a label: never a path to a folder."""
    assert own_name("../../etc/passwd") == "passwd"
    assert own_name("C:\\night\\club.pbn") == "club.pbn"
    assert own_name("") == "unnamed"


def test_a_request_is_the_command_line_s_words() -> None:
    """What the page chose is read as the words a scorer types."""
    line, method = words(
        {"method": "butler", "options": {"preset": "compscore", "double": True, "halve": False}},
        "usebio",
    )
    assert method == "butler"
    assert line == [
        "score",
        "FILE",
        "-m",
        "butler",
        "--preset=compscore",
        "--double",
        "--no-halve",
        "--to=usebio",
    ]


@POSIX
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_and_sigterm_stop_it_cleanly(tmp_path: Path, signum: int, status: int) -> None:
    """Stopped, it exits 130 (Ctrl-C) or 143 (SIGTERM) with one line, no
    traceback, and its temporary folder (a file sent is in it) is gone."""
    running = serving.start(tmp_path / "tmp")
    running.check(PBN)
    assert len(running.folders()) == 1
    code, err = running.stop(signum)
    assert code == status
    assert err.count("\n") == 1 and "Traceback" not in err
    assert running.folders() == []


def test_a_second_serve_on_the_same_port_is_one_line(
    served: serving.Served, tmp_path: Path
) -> None:
    """The port is taken: one line, exit 1, nothing left behind."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "pbnscore", "serve", "--no-browser", "--port", str(served.port)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == (
        f"pbnscore: port {served.port} on 127.0.0.1 is in use (another pbnscore serve?)\n"
    )
    assert list(tmp_path.glob("pbnscore-serve-*")) == []


def test_another_host_is_served_with_a_warning(tmp_path: Path) -> None:
    """--host other than loopback: served, with a warning that others can
    use the page; a Host of numbers with its port is answered."""
    running = serving.start(tmp_path / "tmp", "--host", "0.0.0.0")
    try:
        status, _, _ = running.request("GET", "/", headers={"Host": f"10.1.2.3:{running.port}"})
        assert status == 200
        status, _, _ = running.request("GET", "/", headers={"Host": f"evil.example:{running.port}"})
        assert status == 403
    finally:
        _, err = running.stop()
    assert "warning: serving on 0.0.0.0: anyone who can reach this machine" in err


def test_pbnscore_gui_is_a_gui_script_starting_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyproject declares pbnscore-gui among the gui-scripts (no console
    window on Windows); it runs `pbnscore serve` with its own words, and
    without a standard output (pythonw) it still starts."""
    import tomllib

    import pbnscore.cli
    from pbnscore import __main__

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["gui-scripts"] == {"pbnscore-gui": "pbnscore.__main__:gui"}
    seen: list[list[str]] = []
    monkeypatch.setattr(pbnscore.cli, "main", lambda words: seen.append(words) or 0)  # type: ignore[func-returns-value]
    monkeypatch.setattr(sys, "argv", ["pbnscore-gui", "--port", "8080"])
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(SystemExit) as exited:
        __main__.gui()
    assert exited.value.code == 0
    assert seen == [["serve", "--port", "8080"]]
    assert sys.stdout is not None


@pytest.mark.parametrize(
    "name", ["pbnscore.desktop", "pbnscore-shortcuts.ps1", "pbnscore.applescript"]
)
def test_each_launcher_starts_pbnscore_gui(name: str) -> None:
    """The launchers the tutorial sets up (examples/serve) start pbnscore-gui,
    and the tutorial names each."""
    assert "pbnscore-gui" in (ROOT / "examples" / "serve" / name).read_text(encoding="utf-8")
    assert name in (ROOT / "docs" / "tutorials" / "serve.md").read_text(encoding="utf-8")


def test_serve_s_own_method_options_are_the_page_s_first_choices(tmp_path: Path) -> None:
    """`serve -m butler --preset compscore --double`: the page is told them;
    a bad one is refused as score refuses it, before anything is served."""
    running = serving.start(tmp_path / "tmp", "-m", "butler", "--preset", "compscore", "--double")
    try:
        status, data, _ = running.request("GET", "/api/methods")
    finally:
        running.stop()
    assert status == 200
    assert json.loads(data)["chosen"] == {
        "method": "butler",
        "options": {"preset": "compscore", "double": True},
    }
    refused = cli("serve", "--no-browser", "-m", "butler", "--imp-cap", "0", cwd=tmp_path)
    assert refused.returncode == 2
    assert refused.stderr.decode() == (
        "pbnscore serve: --imp-cap takes a whole number from 1 to 100, not '0' "
        "(pbnscore serve --help)\n"
    )


def test_serve_s_corrections_apply_to_the_night_they_name(tmp_path: Path) -> None:
    """`serve --corrections NIGHT.corrections.csv`: night NIGHT scored on
    the page is what `score --corrections` writes (serve scores every night
    sent to it, so the file says its night: docs/reference/corrections.md)."""
    rulings = tmp_path / f"{USEBIO.stem}.corrections.csv"
    rulings.write_bytes((ROOT / "fixtures" / "corrections" / "mitchell-pairs.csv").read_bytes())
    running = serving.start(tmp_path / "tmp", "--corrections", str(rulings))
    try:
        key = running.check(USEBIO)["file"]
        request = {"file": key, "method": "butler", "to": "text"}
        status, data, headers = running.request(
            "POST", "/api/score", json.dumps(request).encode(), {"Content-Type": "application/json"}
        )
    finally:
        running.stop()
    assert status == 200
    line = ["score", USEBIO.name, "-m", "butler", "--to", "text", "--corrections", str(rulings)]
    expected = cli(*line, cwd=USEBIO.parent).stdout
    assert data == expected
    assert b"misinformation" in data  # the ruling's reason: the corrections were applied
    said = json.loads(unquote(headers["X-Pbnscore-Warnings"]))
    assert said == cli(*line, cwd=USEBIO.parent).stderr.decode().splitlines()


def test_the_page_s_files_are_package_data() -> None:
    """Each file of the page is matched by pyproject's package-data, so a
    wheel carries it (an installed pbnscore serves the same page)."""
    import fnmatch
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = declared["tool"]["setuptools"]["package-data"]["pbnscore"]
    package = ROOT / "src" / "pbnscore"
    page = sorted((package / "serve" / "page").iterdir())
    assert {path.name for path in page} >= {"index.html", "page.js", "page.css"}
    for path in page:
        name = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


def test_the_oldest_file_is_forgotten_past_the_limit(tmp_path: Path) -> None:
    """The server keeps the last MAX_FILES files sent: the oldest is
    forgotten, its bytes removed, and asking for it is one line."""
    from pbnscore.serve._api import MAX_FILES, RequestError, Store

    store = Store(tmp_path)
    keys = [store.put(f"night-{n}.pbn", b"%", "butler") for n in range(MAX_FILES + 1)]
    with pytest.raises(RequestError, match="no such file: send it again"):
        store.get(keys[0])
    assert store.get(keys[-1]).name == f"night-{MAX_FILES}.pbn"
    assert len(list(tmp_path.iterdir())) == MAX_FILES


@pytest.mark.parametrize("opening", ["[", '{"a":'], ids=["arrays", "objects"])
def test_json_nested_past_any_parser_is_one_line_400(served: serving.Served, opening: str) -> None:
    """A request nested 100,000 deep (small: 500 kB) got an empty reply,
    the connection dropped by the parser's RecursionError; now it is the
    one-line 400 of any request that is not JSON, and the server answers
    the next request."""
    closing = "]" if opening == "[" else "}"
    body = (opening * 100_000 + "1" + closing * 100_000).encode()
    status, data, _ = served.request(
        "POST", "/api/score", body, {"Content-Type": "application/json"}
    )
    assert status == 400
    assert json.loads(data) == {"error": "refused: the request is not JSON"}
    assert served.request("GET", "/", headers={"Host": served.host})[0] == 200
