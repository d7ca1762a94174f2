"""``pbnscore watch FOLDER --out-dir DIR``: score each results file as the
scoring program saves it (:mod:`pbnscore.watch`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pbnscore import batch, outputs, watch
from pbnscore.cli import _io, _parser, _season
from pbnscore.cli._flags import default_methods, flags_of_method, merged
from pbnscore.errors import ParseError, PbnscoreError, UsageError

if TYPE_CHECKING:
    from pbnscore.seasons import EventFigures

NAME = "watch"
DESCRIPTION = (
    "Watch FOLDER and score each *.pbn, *.xml and *.bws file saved there, once it has "
    "stopped changing, into DIR/<file name>.<ext> as batch names it; a file whose "
    "bytes were scored already is not scored again. Runs until Ctrl-C; --once scores "
    "what is there and exits."
)
METHOD_OPTIONS = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, metavar="FOLDER", help="the folder to watch")
    parser.add_argument(
        "--out-dir",
        required=True,
        type=Path,
        metavar="DIR",
        help="where the outputs go (inside FOLDER is fine, FOLDER itself is not)",
    )
    parser.add_argument(
        "--recursive", action="store_true", help="its subfolders too (kept below DIR)"
    )
    parser.add_argument(
        "--settle",
        type=_seconds,
        default=watch.DEFAULT_SETTLE,
        metavar="S",
        help="score a file once its size and time have not changed for S seconds "
        f"(default: {watch.DEFAULT_SETTLE:g})",
    )
    parser.add_argument(
        "--poll",
        type=_interval,
        metavar="S",
        help="look for changes every S seconds instead of the system's file events "
        "(network shares that send none)",
    )
    parser.add_argument("--once", action="store_true", help="score what is there, then exit")
    parser.add_argument(
        "--log",
        type=Path,
        metavar="FILE",
        help="append the lines to FILE (dated) instead of stderr",
    )
    season = parser.add_argument_group("season page")
    season.add_argument(
        "--season",
        metavar="FILE",
        help="rewrite this season page (.html, .txt, .json, .csv) after each night",
    )
    _season.add_ranking_arguments(season)
    _parser.add_output_arguments(parser, several="each in DIR")
    _parser.add_from_argument(parser)
    _parser.add_event_arguments(parser)
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="say only what went wrong, no line per night"
    )


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}")
    return value


def _interval(text: str) -> float:
    """An argparse type: a number of seconds above 0 (0 would look all the time)."""
    value = _seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"not a number of seconds above 0: {text!r}")
    return value


def run(command_line: _parser.Line, method: str | None) -> int:
    # As batch: without -m only the options every default method takes.
    flags = flags_of_method(method) if method else merged(default_methods(), shared_only=True)
    args = _parser.parse(command_line, flags, method)
    formats = tuple(dict.fromkeys(args.to or [outputs.DEFAULT]))
    config = watch.Config(
        folder=args.folder,
        out_dir=args.out_dir,
        settings=_parser.for_nights(_parser.settings(args, flags, method, formats), "watch", None),
        recursive=args.recursive,
        settle=args.settle,
        season=_season_page(args),
        ignored=(args.log,) if args.log else (),
    )
    _check(config, args)
    log = _log(args)
    try:
        return watch.watch(config, log, poll=args.poll, once=args.once)
    finally:
        log.close()


def _season_page(args: argparse.Namespace) -> watch.SeasonPage | None:
    if args.season is None:
        given = [flag for flag in ("by", "best") if getattr(args, flag)]
        given += ["min_events"] if args.min_events else []
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise UsageError(f"{flag} applies to the --season page: name one")
        return None
    output: str = args.season  # as given: Path("out/") would drop what says a folder
    _io.refuse_a_folder(output, "watch --season")
    to = _io.format_of(output, _season.FORMATS, "text", "season")

    def render(nights: Sequence[EventFigures]) -> watch.Page:
        from pbnscore.report import season as season_report

        lines: list[str] = []
        ranked, _ = _season.ranking(nights, args, output, say=lines.append)
        if ranked is None:
            return watch.Page(None, lines)
        document = season_report.render(ranked, to).encode("utf-8")
        return watch.Page(document, [*lines, *ranked.warnings], len(ranked.events))

    return watch.SeasonPage(Path(output), render)


def _check(config: watch.Config, args: argparse.Namespace) -> None:
    """Usage errors found before watching: the output folder is the watched
    one, under any name (every output would be an input), or no folder; a
    file of the watch's own (the season page, the log, the state file)
    that is another of them, an input or an output."""
    if watch.same_place(config.folder, config.out_dir):
        raise UsageError(
            "--out-dir must not be the watched folder: each output would be scored as a night",
            source=str(config.out_dir),
        )
    try:
        there, folder = config.folder.exists(), config.folder.is_dir()
    except OSError as exc:  # a folder on its way cannot be searched: said as batch says it
        raise ParseError(exc.strerror or str(exc), source=str(config.folder)) from exc
    if there and not folder:
        raise UsageError("is not a folder", source=str(config.folder))
    if args.once and not folder:
        raise UsageError("no such folder", source=str(config.folder))
    batch.plan([], config.out_dir, config.settings.to)  # an out-dir that is a file
    _check_own_files(config, args.log)
    _check_rulings(config, args)


def _check_rulings(config: watch.Config, args: argparse.Namespace) -> None:
    """Neither --season nor --log is a file of rulings: the one
    ``--corrections`` (or another option) names, or a night's
    ``NIGHT.corrections.csv`` (docs/reference/corrections.md)."""
    read = _io.option_files(args)
    for path in (config.season.path if config.season else None, args.log):
        if path is None:
            continue
        if path.name.endswith(watch.CORRECTIONS_SUFFIX):
            read.append(str(path))
        _io.refuse_over_option_files(str(path), read)


def _check_own_files(config: watch.Config, log: Path | None) -> None:
    """No two outputs of one run share a name, and none is an
    input: --season and --log each name a file of their own."""
    own: list[tuple[str, Path]] = [("the watch's state file", config.state_path)]
    if config.season is not None:
        own.append(("the --season page", config.season.path))
    if log is not None:
        own.append(("the --log file", log))
    for index, (_, path) in enumerate(own[1:], start=1):
        for other, taken in own[:index]:
            if _io.same_file(str(path), str(taken)):
                raise UsageError(f"is also {other}", source=str(path))
        if watch.results_name(path.name) and _in_folder(config, path):
            raise UsageError(
                f"is a name in {config.folder} that the watch scores as a night",
                source=str(path),
            )
    files = _folder_files(config)
    try:
        outputs_of = watch.planned(config, files)
    except UsageError:  # the folder's own clash: said of its files as they are scored
        outputs_of = {}
    for _, path in own[1:]:
        if any(_io.same_file(str(path), str(night)) for night in files):
            raise UsageError("is one of the nights watched", source=str(path))
        for night, targets in outputs_of.items():
            if any(_io.same_file(str(path), str(target)) for target in targets):
                raise UsageError(f"is also where the output of {night} goes", source=str(path))


def _in_folder(config: watch.Config, path: Path) -> bool:
    """Whether ``path`` is in the watched folder (below it, for a recursive watch)."""
    parents = path.absolute().parents
    if watch.same_place(parents[0], config.folder):
        return True
    return config.recursive and any(watch.same_place(p, config.folder) for p in parents[1:])


def _folder_files(config: watch.Config) -> list[Path]:
    """The results files there are now (none where the folder is not there yet)."""
    if not config.folder.is_dir():
        return []
    inputs = [str(config.folder)] if config.recursive else []
    if not config.recursive:
        found = [p for p in config.folder.iterdir() if watch.results_name(p.name)]
        return sorted(p for p in found if p.is_file())
    try:
        return [path for path, _ in batch.find(inputs, config.out_dir)]
    except PbnscoreError:
        return []


def _log(args: argparse.Namespace) -> watch.Log:
    try:
        return watch.Log(log_file=args.log, quiet=args.quiet)
    except OSError as exc:
        raise UsageError(str(exc.strerror or exc), source=str(args.log)) from None
