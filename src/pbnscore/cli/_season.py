"""``pbnscore season INPUT...``: one ranking from a folder of events.

Files are found as ``batch`` finds them and each is read, vetted and scored
on its own in worker processes (``batch``'s pool and progress bar), exactly
as ``score`` would; a worker sends back only the event's figures
(:class:`pbnscore.EventFigures`). A file that cannot be read or
scored is reported as ``batch`` reports it and left out (exit status 1);
the season is still written from the rest.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from pbnscore import _signals, batch, pipeline
from pbnscore._records import attrs
from pbnscore.batch import Done, Job
from pbnscore.cli import _io, _parser
from pbnscore.cli._flags import Flag, InRange, default_methods, flags_of_method, merged
from pbnscore.errors import (
    PbnscoreError,
    ScoringError,
    UsageError,
    WorkerDied,
    one_line,
    shown,
)
from pbnscore.formats import REPORTS
from pbnscore.pipeline import Settings
from pbnscore.ranges import Range
from pbnscore.seasons import (
    BEST,
    MIN_BOARDS,
    MIN_EVENTS,
    By,
    EventFigures,
    RankOn,
    Season,
    check,
    combine,
    default_by,
    figures,
    read_aliases,
)

NAME = "season"
DESCRIPTION = (
    "Score every file (folders: every *.pbn, *.xml and *.bws below them) on its own, "
    "then rank players, pairs or teams over them all, matching people across "
    "files by national id, else by name. Output: --to, else OUTPUT's extension "
    "(.txt, .html, .json, .csv), else text."
)
METHOD_OPTIONS = True
# --rank is the season's own flag (average|total), which also passes a
# method's section|event on to it (see run): the parser adds no second one.
OWN_FLAGS = frozenset({"--rank"})

FORMATS = REPORTS  # the season page's formats (pbnscore.formats)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="files and folders")
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write, - for stdout")
    parser.add_argument("--to", choices=FORMATS, help="output format")
    add_ranking_arguments(parser)
    _add_minimum(parser, "--min-boards", MIN_BOARDS, "boards")
    parser.add_argument(
        "--rank",
        dest="rank_on",
        action="append",  # one of each kind: kept apart (and checked) by shared_rank
        metavar="average|total",
        help="rank on the average per board or the total (default: total for teams and "
        "with --best, else average); a method's own --rank values (section|event) go to "
        "the method: one of each kind may be given",
    )
    parser.add_argument("--aliases", type=Path, metavar="FILE.csv", help="name,same_as rows")
    parser.add_argument(
        "--title",
        dest="season_title",
        metavar="TEXT",
        help="the season's title (default: the folder's name, or Season)",
    )
    parser.add_argument(
        "--report-dir", type=Path, metavar="DIR", help="write each event's HTML report here"
    )
    _parser.add_parallel_arguments(parser)
    _parser.add_quiet_argument(parser)
    _parser.add_from_argument(parser)
    _parser.add_corrections_argument(parser)


def season_title(args: argparse.Namespace) -> str:
    """``--title``, else the one folder's name, else "Season" (docs/reference/season.md)."""
    given: str | None = getattr(args, "season_title", None)
    if given:
        return given
    inputs = [Path(name) for name in getattr(args, "inputs", ())]
    if len(inputs) == 1 and inputs[0].is_dir():
        return batch.resolved(inputs[0]).name or "Season"
    return "Season"


def add_ranking_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--by``, ``--best`` and ``--min-events``: ``season``'s and ``watch --season``'s."""
    parser.add_argument("--by", choices=[b.value for b in By], help="who is ranked")
    parser.add_argument("--best", type=InRange(BEST), metavar="N", help="count the best N")
    _add_minimum(parser, "--min-events", MIN_EVENTS, "events")


def _add_minimum(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    flag: str,
    bounds: Range,
    counted: str,
) -> None:
    """A ``--min-*`` flag: rank only those with at least N of ``counted``."""
    parser.add_argument(
        flag,
        type=InRange(bounds),
        default=0,
        metavar="N",
        help=f"rank only those with N {counted}",
    )


@attrs.frozen
class SeasonDone(Done):
    """A worker's answer: the event's figures, or why there are none."""

    found: EventFigures | None = None


def figures_of(settings: Settings, report_dir: Path | None, job: Job) -> SeasonDone:
    """Read, vet and score one file (:func:`pbnscore.pipeline.run`); its
    figures (and its HTML report, with ``--report-dir``). Every failure
    becomes ``error``, as in ``batch``."""
    source = str(job.source)
    found: list[str] = []
    try:
        with open(job.source, "rb") as stream:
            data = batch.read_limited(stream, source)
        to = ("html",) if report_dir is not None else ()
        done = pipeline.run(data, source, attrs.evolve(settings, to=to), warn=found.append)
        figures_ = figures(done.scored)
        if report_dir is not None:
            from pbnscore._atomic import write_bytes

            _signals.finishing()
            write_bytes(job.target, done.documents["html"], make_folders=True)
            about = attrs.evolve(figures_.event, report=str(job.target))
            figures_ = attrs.evolve(figures_, event=about)
    except Exception as exc:  # a bug must cost one file, not the season
        # a refusal's reasons (ScoringError.reasons) are said with it
        reasons = pipeline.warning_lines(found, source) if isinstance(exc, ScoringError) else ()
        return SeasonDone(source, error=pipeline.failure(exc, source), warnings=tuple(reasons))
    warnings = tuple(done.shown_warnings())
    return SeasonDone(source, done.results, warnings=warnings, found=figures_)


def run(command_line: _parser.Line, method: str | None) -> int:
    # Without -m each file gets its own default method: only options every
    # default method takes can apply to every file (as for batch).
    flags = flags_of_method(method) if method else merged(default_methods(), shared_only=True)
    flags = _without_rank(flags)
    args = _parser.parse(command_line, flags, method)
    rank_on, rank_option = shared_rank(args.rank_on, _method_rank(method))
    if _io.STDIO in args.inputs:
        raise UsageError("season reads files and folders, not standard input")
    output = None if args.output in (None, _io.STDIO) else args.output
    if output is not None:
        _io.refuse_a_folder(output, "season -o")
    to = args.to or _io.format_of(output, FORMATS, "text", "season")
    aliases = _aliases(args.aliases)
    jobs = _jobs(args.inputs, args.report_dir)
    if output is not None:
        _check_output(output, jobs, args.report_dir is not None)
    _io.refuse_over_option_files(output, _io.option_files(args))
    if output is None and any(_io.stdout_is(str(job.source)) for job in jobs):
        raise UsageError("standard output is one of the inputs: it would be written into")
    options = _parser.options(args, flags) | rank_option
    if method is not None:
        # As score does: a bad option (a VP scale's bad row, or one too
        # large) is said once, before any work, not once per file.
        from pbnscore import _scoring, registry

        _scoring.checked_options(registry.get(method), options)
    corrections = _parser.corrections_of(args)
    settings = Settings(
        method, options, "html", args.source_format, corrections=corrections, beside=True
    )
    settings = _parser.for_nights(settings, "season", [str(job.source) for job in jobs])
    events, failures = _score_all(jobs, settings, args)
    ranked, refused = ranking(events, args, output, rank_on=rank_on, aliases=aliases)
    if ranked is None:
        # A file that fails leaves no output behind (docs/reference/bad-input.md); a season of
        # no event would be an empty table passed off as a result.
        none = "no .pbn, .xml or .bws file found"
        found = (
            "no event could be scored"
            if failures + refused
            else "no night with results found"
            if events
            else none
        )
        _io.error(f"pbnscore: {found}: no season written")
        return 1
    if not args.quiet:
        for line in ranked.warnings:
            _io.error(line)
    from pbnscore.report import season as season_report

    _io.write_output(output, season_report.render(ranked, to).encode("utf-8"))
    return 1 if failures + refused else 0


def ranking(
    events: Sequence[EventFigures],
    args: argparse.Namespace,
    output: str | None,
    *,
    rank_on: str | None = None,
    aliases: dict[str, str] | None = None,
    say: Callable[[str], None] = _io.error,
) -> tuple[Season | None, int]:
    """(the season of ``events`` under the season options in ``args``, or
    None where none of them can be ranked; how many cannot, each said)."""
    by = By(args.by) if args.by else default_by(events)
    kept, refused = _rankable(events, by, output, say)
    if not any(found.played for found in kept):
        return None, refused
    ranked = combine(
        kept,
        by=by,
        best=args.best,
        rank_on=rank_on,
        min_events=args.min_events,
        min_boards=getattr(args, "min_boards", 0),  # watch has none
        aliases=aliases or {},
    )
    return attrs.evolve(ranked, title=season_title(args)), refused


def _check_output(output: str, jobs: list[Job], reports: bool) -> None:
    """A usage error, before any work, for a season written over an input
    or over one event's report (docs/reference/bad-input.md
    "Outputs never collide")."""
    if any(_io.same_file(output, str(job.source)) for job in jobs):
        raise UsageError("would overwrite one of the inputs", source=output)
    target = batch.resolved(Path(output))
    for job in jobs if reports else ():
        if batch.resolved(job.target) == target:
            raise UsageError(f"is also where the report of {job.source} goes", source=output)


def _without_rank(flags: tuple[Flag, ...]) -> tuple[Flag, ...]:
    # The season's --rank (average|total) and a method's --rank
    # (section|event, docs/reference/conventions.md "Across the field") are
    # one flag, the season's: its values tell them apart.
    return tuple(flag for flag in flags if flag.flag != "--rank")


def _method_rank(method: str | None) -> Flag | None:
    """The method's own ``--rank`` flag. Without -m, the default methods':
    a pairs night's butler takes ``--rank event``; a teams night, whose
    aggregate does not, is refused as that file's failure, as ``score``
    refuses it."""
    flags = flags_of_method(method) if method else merged(default_methods(), shared_only=False)
    return next((flag for flag in flags if flag.flag == "--rank"), None)


def shared_rank(
    values: list[str] | None, method_rank: Flag | None
) -> tuple[str | None, dict[str, object]]:
    """(what the season ranks on, the method's rank option) from the
    ``--rank`` values given: at most one of each kind, never one dropped."""
    ours = [r.value for r in RankOn]
    theirs = list(method_rank.choices or ()) if method_rank else []
    given = list(dict.fromkeys(values or ()))  # the same value twice says it once
    unknown = [value for value in given if value not in ours + theirs]
    if unknown:
        raise UsageError(f"--rank takes {', '.join(ours + theirs)}, not {unknown[0]!r}")
    season = [value for value in given if value in ours]
    method = [value for value in given if value in theirs]
    for kind, choices in ((season, ours), (method, theirs)):
        if len(kind) > 1:
            raise UsageError(
                f"--rank takes one of {', '.join(choices)}, not both {kind[0]} and {kind[1]}"
            )
    if not method or method_rank is None:
        return (season[0] if season else None), {}
    option = method_rank.to_option(method_rank.parse(method[0]))
    return (season[0] if season else None), {method_rank.field: option}


def _rankable(
    events: Sequence[EventFigures],
    by: By,
    output: str | None,
    say: Callable[[str], None] = _io.error,
) -> tuple[list[EventFigures], int]:
    """The events the season can rank ``by`` (their report links made
    relative to ``output``) and how many it cannot, each said in one line."""
    kept = []
    for found in events:
        if not found.played:  # a hand record: left out by combine, which says so
            kept.append(found)
            continue
        try:
            check(found, by)
        except PbnscoreError as exc:
            say(f"{shown(found.event.source)}: {one_line(str(exc))}")
            continue
        kept.append(_relative_report(found, output, say))
    return kept, len(events) - len(kept)


def _aliases(path: Path | None) -> dict[str, str]:
    if path is None:
        return {}
    from pbnscore._bounded_read import read_text

    try:
        text = read_text(str(path), "an aliases file")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(str(getattr(exc, "strerror", None) or exc), source=str(path)) from None
    return read_aliases(text, source=str(path))


def _jobs(inputs: list[str], report_dir: Path | None) -> list[Job]:
    """One job per file; with --report-dir, each names where its report goes
    (as ``batch --to html`` would name it); without, the target is unused."""
    if report_dir is not None:
        return batch.plan(inputs, report_dir, "html")
    seen: set[Path] = set()
    jobs = []
    for found, _ in batch.find(inputs):
        if found.resolve() not in seen:
            seen.add(found.resolve())
            jobs.append(Job(found, found))
    return jobs


def _score_all(
    jobs: list[Job], settings: Settings, args: argparse.Namespace
) -> tuple[list[EventFigures], int]:
    from functools import partial

    progress = not args.no_progress and sys.stderr.isatty()
    task = partial(figures_of, settings, args.report_dir)
    events: list[EventFigures] = []
    failures = 0
    workers = args.jobs or batch.default_jobs()
    try:
        with (
            batch.outcomes(jobs, task, workers) as answers,
            batch.reporter(len(jobs), progress, sys.stderr, args.quiet) as report,
        ):
            for done in answers:
                report(done)
                if done.found is None:
                    failures += 1
                else:
                    events.append(done.found)
    except (_signals.Interrupted, WorkerDied) as exc:
        exc.verb = "scored"  # and no season written
        raise
    except _signals.Terminated as exc:
        if exc.progress is not None:
            exc.progress.verb = "scored"
        raise
    return events, failures


def _relative_report(
    found: EventFigures, output: str | None, say: Callable[[str], None]
) -> EventFigures:
    """An event's report as a link from where the season is written (a
    relative link: the page writes no other kind, docs/reference/bad-input.md
    "Links stay in the report folder"); none, said, where there is no relative way there."""
    if found.event.report is None:
        return found
    base = Path(output).parent if output else Path()
    try:
        link: str | None = Path(os.path.relpath(found.event.report, base)).as_posix()
    except ValueError:  # Windows: another drive than the page's
        say(f"{shown(found.event.report)}: warning: on another drive than the season: not linked")
        link = None
    return attrs.evolve(found, event=attrs.evolve(found.event, report=link))
