"""The page's JSON API: what a request asks for, answered by the one road.

Each function here takes what the page sent (a file's bytes and its own
name, or a small JSON object) and returns a :class:`Reply`; none of them
knows about HTTP, so that the same page can one day call them in the
browser itself (docs: "The page's JSON API"). The options a request gives
are read by the command line's own parser, as the words a scorer would
type: an option that does not apply, or a bad value, is refused with the
command line's message, from the same code.
"""

from __future__ import annotations

import io
import json
import os
import secrets
import threading
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from pbnscore import _bounded_read, outputs, pipeline, registry
from pbnscore._records import attrs
from pbnscore.errors import PbnscoreError, UsageError, one_line, shown
from pbnscore.formats import USEBIO_READERS

if TYPE_CHECKING:
    from pbnscore.corrections import Corrections

# A JSON request is a few options: far under this.
MAX_REQUEST_BYTES = 1 << 20
# Files kept for the page at once; the oldest is forgotten past this.
MAX_FILES = 64
# What a download is sent as.
MEDIA_TYPES = {
    "usebio": "application/xml",
    "pbn": "text/plain; charset=utf-8",
    "json": "application/json",
    "text": "text/plain; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
}


class RequestError(PbnscoreError):
    """A request the page should not have sent (no such file, a field of the
    wrong kind): its one line, status 400."""


@attrs.frozen
class Reply:
    """An answer: its status, media type and bytes (and the name the
    browser saves it under, for a download)."""

    status: int
    media_type: str
    body: bytes
    filename: str | None = None
    warnings: tuple[str, ...] = ()  # a file scored in spite of these, a line each


def answer(document: object, status: int = 200) -> Reply:
    """A JSON reply."""
    body = json.dumps(document, ensure_ascii=False).encode("utf-8")
    return Reply(status, "application/json", body)


def refused(line: str, status: int = 400) -> Reply:
    """An error as the page shows it: one line."""
    return answer({"error": line}, status)


# -- the files the page has sent -----------------------------------------------


@attrs.frozen
class Upload:
    """One file the page sent: its own name, where its bytes are kept (in
    the temporary folder, never shown), and the method its event gets by
    default (None where it could not be read)."""

    name: str
    path: Path
    default_method: str | None


class Store:
    """The files sent, kept in ``folder`` (a temporary folder the server
    removes at exit) under names of their own, never the page's; and the
    director's rulings applied to each as it is read (``serve
    --corrections``)."""

    def __init__(self, folder: Path, corrections: Corrections | None = None) -> None:
        self.folder = folder
        self.corrections = corrections
        self._files: dict[str, Upload] = {}
        self._lock = threading.Lock()

    def put(self, name: str, data: bytes, default_method: str | None) -> str:
        key = secrets.token_hex(8)
        path = self.folder / key
        path.write_bytes(data)
        with self._lock:
            self._files[key] = Upload(name, path, default_method)
            while len(self._files) > MAX_FILES:
                oldest = self._files.pop(next(iter(self._files)))
                oldest.path.unlink(missing_ok=True)
        return key

    def get(self, key: object) -> Upload:
        with self._lock:
            found = self._files.get(key) if isinstance(key, str) else None
        if found is None:
            raise RequestError("no such file: send it again")
        return found


def own_name(sent: str) -> str:
    """The file's own name as the page sent it, without any folder: a
    label for lines and downloads, never a path to open."""
    name = PurePath(sent.replace("\\", "/")).name.strip()
    return name or "unnamed"


# -- the one road -----------------------------------------------------------------


def road(upload: Upload, settings: pipeline.Settings) -> pipeline.Outcome:
    """One file sent, read, checked, scored and rendered in every format of
    ``settings.to``, exactly as ``pbnscore score`` does: the one road
    (:func:`pbnscore.pipeline.run`), by the file's own name."""
    return pipeline.run(upload.path.read_bytes(), upload.name, settings)


# -- methods and options ---------------------------------------------------------


def methods(chosen: Mapping[str, object] | None = None) -> Reply:
    """Every registered method (plug-ins too) with its options and presets,
    as ``pbnscore methods`` lists them; the output formats; the USEBIO
    reader profiles; what ``pbnscore serve``'s own command line chose
    (``{"method": ..., "options": {...}}``, the page's first choices). A
    plug-in that fails to load is a line in ``broken``."""
    from pbnscore.cli._flags import flags_of
    from pbnscore.strategies._base import Preset

    listed: list[dict[str, Any]] = []
    broken: list[str] = []
    for entry, loaded in registry.load_all():
        if isinstance(loaded, registry.PluginError):
            broken.append(str(loaded))
            continue
        try:
            flags = flags_of(loaded)
        except Exception as exc:  # a plug-in's Options may be broken in any way
            broken.append(f"{entry.name}: its options cannot be read: {type(exc).__name__}")
            continue
        presets = getattr(loaded, "presets", None)
        listed.append(
            {
                "name": entry.name,
                "description": str(loaded.description),
                "origin": "built-in" if entry.name in registry.BUILTINS else "plug-in",
                "options": [
                    {
                        "field": flag.field,
                        "flag": flag.flag,
                        "kind": "switch" if flag.switch else "choice" if flag.choices else "value",
                        "choices": list(flag.choices or ()),
                        "default": flag.shown_default,
                        "help": flag.help,
                        "needs": flag.needs,
                    }
                    for flag in flags
                ],
                "presets": [
                    {"name": name, "sets": preset.flags(), "source": preset.source}
                    for name, preset in (presets.items() if isinstance(presets, Mapping) else ())
                    if isinstance(preset, Preset)
                ],
            }
        )
    formats = {name: {"extension": output.extension} for name, output in outputs.FORMATS.items()}
    return answer(
        {
            "methods": listed,
            "broken": broken,
            "formats": formats,
            "usebio_for": USEBIO_READERS,
            "max_file_bytes": _bounded_read.MAX_INPUT_BYTES,
            "chosen": dict(chosen or {"method": None, "options": {}}),
        }
    )


def words(request: Mapping[str, Any], to: str) -> tuple[list[str], str | None]:
    """The ``pbnscore score`` command line a request stands for, and its
    method: ``{"method": "butler", "options": {"preset": "compscore"}}`` is
    ``score FILE -m butler --preset=compscore``. A switch is given as true
    (or false, for one on by default)."""
    method = request.get("method") or None
    given = request.get("options") or {}
    if method is not None and not isinstance(method, str):
        raise RequestError("method must be a name")
    if not isinstance(given, Mapping):
        raise RequestError("options must be an object of option names and values")
    line = ["score", "FILE"]
    if method is not None:
        line += ["-m", method]
    from pbnscore.strategies._base import flag_name

    for field, value in given.items():
        if not isinstance(field, str) or not field.isidentifier():
            raise RequestError(f"not an option: {shown(str(field))}")
        flag = flag_name(field)
        if value is True:
            line.append(flag)
        elif value is False:
            line.append(f"--no-{flag[2:]}")
        elif isinstance(value, str | int | float) and value != "":
            line.append(f"{flag}={value}")
        elif value not in (None, ""):
            raise RequestError(f"{flag} takes a word or a number")
    line.append(f"--to={to}")
    reader = request.get("usebio_for")
    if reader not in (None, "", "standard"):
        line.append(f"--usebio-for={reader}")
    return line, method


def as_typed(value: object) -> object:
    """An option's value as the page sends it: as typed on the command
    line (a switch as true or false)."""
    import enum

    if isinstance(value, bool):
        return value
    return value.value if isinstance(value, enum.Enum) else str(value)


def settings_of(
    request: Mapping[str, Any], to: str | Sequence[str], default_method: str | None
) -> pipeline.Settings:
    """How ``pbnscore score`` with the request's method and options would
    read, score and write (the format ``to``, or each of several as
    ``batch`` writes them): read by the command line's parser, so that an
    option refused there is refused here with the same message."""
    from pbnscore.cli import _parser, _score
    from pbnscore.cli._usage import method_named

    formats = (to,) if isinstance(to, str) else tuple(to)
    line, method = words(request, formats[0])
    if method is None:
        method = default_method
    elif method not in registry.BUILTINS:
        method = method_named(method, registry.entries())
    if method is not None and "-m" not in line:
        line[2:2] = ["-m", method]
    # Parsed as score's line: the score command's module handed over as
    # pbnscore.cli._commands hands it (the help lines are not shown here).
    command_line = _parser.Line(line, {_score.NAME: ""}, _score)
    args, flags = _parser.parse_with_method(command_line, method)
    return _parser.settings(args, flags, method, formats)


def _settings(
    store: Store, request: Mapping[str, Any], to: str | Sequence[str], upload: Upload
) -> pipeline.Settings:
    """:func:`settings_of` for one of the files sent, with serve's
    corrections (a file sent has no folder: nothing beside it)."""
    settings = settings_of(request, to, upload.default_method)
    return attrs.evolve(settings, corrections=store.corrections, beside=False)


def option_state(request: Mapping[str, Any]) -> Reply:
    """Which of a method's options apply under the choices made so far
    (one that does not is not offered), and the command line's message
    where the choices are refused."""
    from pbnscore import _scoring
    from pbnscore.strategies._base import Applies, with_preset

    method = request.get("method")
    if not isinstance(method, str):
        raise RequestError("method must be a name")
    strategy = registry.get(method)
    error = None
    given: Mapping[str, object] = {}
    try:
        given = settings_of(request, outputs.DEFAULT, None).options
        options = _scoring.checked_options(strategy, given)
    except PbnscoreError as exc:
        error = one_line(str(exc))
        options = strategy.Options(**with_preset(strategy, {}))
    applies = {}
    for field in attrs.fields(strategy.Options):
        rule = field.metadata.get("applies")
        applies[field.name] = not isinstance(rule, Applies) or bool(rule.test(options))
    return answer({"applies": applies, "error": error})


# -- check, score, explain, season, batch -------------------------------------------


def check(store: Store, name: str, data: bytes) -> Reply:
    """What ``pbnscore check`` says of a file, a line each, by its own name;
    the file is kept for the requests that follow."""
    from pbnscore import validate
    from pbnscore._scoring import default_method
    from pbnscore.cli._check import lines

    name = own_name(name)
    try:
        event, problems = validate.read_and_check(data, name)
    except PbnscoreError as exc:
        line = pipeline.describe(exc, name)
        return answer({"file": None, "name": name, "lines": [line], "ok": False})
    said, failed = lines(event, problems, name)
    if event is None:  # nothing could be read: nothing to score
        return answer({"file": None, "name": name, "lines": said, "ok": False})
    key = store.put(name, data, default_method(event))
    return answer(
        {
            "file": key,
            "name": name,
            "lines": said,
            "ok": not failed,
            "kind": event.kind.value,
            "method": default_method(event),
        }
    )


def _one(store: Store, request: Mapping[str, Any]) -> Upload:
    return store.get(request.get("file"))


def _to(request: Mapping[str, Any]) -> str:
    to = request.get("to", "html")
    if to not in outputs.FORMATS:
        raise RequestError(f"to must be one of {', '.join(outputs.FORMATS)}")
    return str(to)


def download_name(name: str, to: str) -> str:
    """``night.pbn`` scored to USEBIO downloads as ``night.xml``."""
    return f"{PurePath(name).stem or 'scored'}.{outputs.FORMATS[to].extension}"


def score(store: Store, request: Mapping[str, Any]) -> Reply:
    """One file scored and written in the format asked for, as ``pbnscore
    score FILE -m METHOD [OPTIONS] --to FORMAT`` writes it."""
    upload = _one(store, request)
    to = _to(request)
    done = road(upload, _settings(store, request, to, upload))
    document, said = done.documents[to], tuple(done.shown_warnings())
    return Reply(200, MEDIA_TYPES[to], document, download_name(upload.name, to), said)


def explain(store: Store, request: Mapping[str, Any]) -> Reply:
    """How one board (and one pair's points) came about, as ``pbnscore
    explain`` says it."""
    from pbnscore._explaining import BOARD
    from pbnscore._explaining import explain as explained
    from pbnscore.report import explain as report

    upload = _one(store, request)
    board, pair = request.get("board"), request.get("pair") or None
    if isinstance(board, str) and board.strip().isdigit():
        board = int(board)
    if not isinstance(board, int) or isinstance(board, bool):
        raise UsageError("--board must be a whole number")
    BOARD.checked("--board", board, text=False)
    if pair is not None and not isinstance(pair, str):
        raise RequestError("pair must be a pair's number")
    settings = _settings(store, request, "text", upload)
    event = pipeline.read(upload.path.read_bytes(), upload.name, settings)
    method = settings.method or upload.default_method
    options: dict[str, Any] = dict(settings.options)
    found = explained(event, board, method, **options)
    return Reply(200, MEDIA_TYPES["text"], report.render(found, pair).encode("utf-8"))


def _several(store: Store, request: Mapping[str, Any]) -> list[Upload]:
    keys = request.get("files")
    if not isinstance(keys, list) or not keys:
        raise RequestError("files must be a list of the files sent")
    return [store.get(key) for key in keys]


def season(store: Store, request: Mapping[str, Any]) -> Reply:
    """One ranking over several files, as ``pbnscore season`` makes it."""
    from pbnscore.report import season as report
    from pbnscore.seasons import season as combined

    uploads = _several(store, request)
    to = request.get("to", "html")
    if to not in report.FORMATS:
        raise RequestError(f"to must be one of {', '.join(report.FORMATS)}")
    settings = _settings(store, request, "usebio", uploads[0])
    events = [pipeline.read(u.path.read_bytes(), u.name, settings) for u in uploads]
    options: dict[str, Any] = dict(settings.options)
    ranked = combined(events, settings.method, **options)
    return Reply(200, MEDIA_TYPES[to], report.render(ranked, to).encode("utf-8"), f"season.{to}")


def zipped(store: Store, request: Mapping[str, Any]) -> Reply:
    """Several files each scored in each format asked for, as ``pbnscore
    batch`` names them, in one zip; a file that fails is a line in
    ``failed.txt`` inside it, the others are there."""
    uploads = _several(store, request)
    formats = request.get("to") or ["usebio"]
    if not isinstance(formats, list) or any(to not in outputs.FORMATS for to in formats):
        raise RequestError(f"to must be a list of {', '.join(outputs.FORMATS)}")
    stems = [PurePath(upload.name).stem for upload in uploads]
    buffer = io.BytesIO()
    failed: list[str] = []
    formats = list(dict.fromkeys(formats))
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for upload, stem in zip(uploads, stems, strict=True):
            # As batch names them: a stem two files share keeps each whole name.
            base = upload.name if stems.count(stem) > 1 else stem
            # One road per file, rendering every format asked for; a bad
            # option refuses the whole request, not each file.
            settings = _settings(store, request, formats, upload)
            try:
                done = road(upload, settings)
            except PbnscoreError as exc:
                failed.append(pipeline.describe(exc, upload.name))
                continue
            for to, document in done.documents.items():
                archive.writestr(f"{base}.{outputs.FORMATS[to].extension}", document)
        if failed:
            archive.writestr("failed.txt", "".join(f"{line}\n" for line in failed))
    return Reply(200, "application/zip", buffer.getvalue(), "scored.zip")


def temporary_free(body: bytes, folder: Path) -> bytes:
    """``body`` with no path of the temporary folder in it: a last guard,
    as every line names a file by its own name."""
    for spelt in {str(folder), os.path.realpath(folder)}:
        for raw in (spelt.encode("utf-8"), json.dumps(spelt)[1:-1].encode("utf-8")):
            body = body.replace(raw, b"<temporary folder>")
    return body


def temporary_free_text(text: str, folder: Path) -> str:
    """:func:`temporary_free` of a text."""
    return temporary_free(text.encode("utf-8"), folder).decode("utf-8")
