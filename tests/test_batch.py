"""``pbnscore batch``: finding inputs, naming outputs, running in parallel,
reporting failures and carrying on.

Most tests replace the per-file pipeline (``batch.convert``) with a fake, so
that they test the batch machinery alone; worker processes are forked and
inherit it. The end-to-end tests at the bottom use the real pipeline.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from pbnscore import _signals, batch, pipeline
from pbnscore.cli import main
from pbnscore.errors import ParseError, UsageError, one_line


def fake_convert(
    data: bytes, source: str, settings: batch.Settings, warn: object = None
) -> tuple[tuple[bytes, ...], int]:
    """Output = the input and the options; a file starting "bad" fails on line 3."""
    if data.startswith(b"bad"):
        raise ParseError("no Board tag", source=source, line=3)
    document = b"scored " + data + repr(sorted(settings.options.items())).encode()
    return tuple(document for _ in settings.to), len(data)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "convert", fake_convert)


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def outputs(out_dir: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(out_dir)): path.read_bytes()
        for path in sorted(out_dir.rglob("*"))
        if path.is_file()
    }


# -- planning ------------------------------------------------------------------------


def test_folders_are_searched_recursively_keeping_sub_folders(tmp_path: Path) -> None:
    """*.pbn and *.xml in any case, below any depth; other and hidden files
    left alone; DIR/<sub-folder>/<file name>.<ext>."""
    source = tree(
        tmp_path / "in",
        {
            "monday.pbn": "",
            "tuesday.XML": "",
            "march/week1.PBN": "",
            "march/notes.txt": "",
            ".hidden.pbn": "",
            ".git/x.xml": "",
        },
    )
    out = tmp_path / "out"
    jobs = batch.plan([str(source)], out, "json")
    assert [(str(j.source.relative_to(source)), str(j.target.relative_to(out))) for j in jobs] == [
        ("monday.pbn", "monday.json"),
        ("tuesday.XML", "tuesday.json"),
        ("march/week1.PBN", "march/week1.json"),
    ]


def test_inputs_sharing_a_name_keep_their_full_names_said_once(tmp_path: Path) -> None:
    """night.xml and night.pbn side by side would both be night.json: both
    keep their full names, the same every run, and that is said once; a
    name no other input shares is short."""
    source = tree(tmp_path / "in", {"night.xml": "", "night.pbn": "", "other.pbn": ""})
    said: list[str] = []
    names = []
    for _ in range(2):
        jobs = batch.plan(
            [str(source), str(source / "night.xml")], tmp_path / "out", "json", said.append
        )
        names.append(sorted(job.target.name for job in jobs))
    assert names[0] == names[1] == ["night.pbn.json", "night.xml.json", "other.json"]
    assert len(said) == 2  # once a run
    assert said[0].endswith(": each keeps its full name (night.pbn.json, night.xml.json)")


def test_the_output_folder_inside_an_input_folder_is_not_searched(tmp_path: Path) -> None:
    """A second run into a folder below the inputs does not score the first run's outputs."""
    source = tree(tmp_path, {"night.pbn": "", "out/night.pbn.xml": ""})
    jobs = batch.plan([str(source)], tmp_path / "out", "usebio")
    assert [job.source.name for job in jobs] == ["night.pbn"]


def test_a_file_given_twice_is_scored_once(tmp_path: Path) -> None:
    """As a file and inside its folder: one job."""
    source = tree(tmp_path / "in", {"night.pbn": ""})
    jobs = batch.plan([str(source / "night.pbn"), str(source)], tmp_path / "out", "usebio")
    assert len(jobs) == 1


@pytest.mark.usefixtures("fake")
def test_two_inputs_with_one_output_is_usage_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Same file name in two folders given as files: exit 2, nothing written."""
    tree(tmp_path, {"a/night.pbn": "x", "b/night.pbn": "y"})
    out = tmp_path / "out"
    argv = ["batch", str(tmp_path / "a/night.pbn"), str(tmp_path / "b/night.pbn")]
    assert main([*argv, "--out-dir", str(out)]) == 2
    assert "would both be written to" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.usefixtures("fake")
def test_two_inputs_in_long_folders_are_said_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Folders with long names (a club's OneDrive, say): the line names both
    inputs and the output whole, uncut and unquoted."""
    deep = "results-of-the-tuesday-evening-pairs-at-the-club-" * 2
    tree(tmp_path, {f"{deep}a/night.pbn": "x", f"{deep}b/night.pbn": "y"})
    first, second = tmp_path / f"{deep}a/night.pbn", tmp_path / f"{deep}b/night.pbn"
    out = tmp_path / "out"
    assert main(["batch", str(first), str(second), "--out-dir", str(out)]) == 2
    last = capsys.readouterr().err.splitlines()[-1]
    said = f"pbnscore batch: {first} and {second} would both be written to {out}{os.sep}night"
    assert last.startswith(said)
    assert last.endswith(".xml (pbnscore batch --help)")
    assert not out.exists()


@pytest.mark.usefixtures("fake")
def test_an_output_named_as_an_input_keeps_its_full_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Writing USEBIO into the input folder, where night.xml is an input:
    night.pbn and night.xml keep their full names, said once, and no input
    is written to."""
    tree(tmp_path, {"night.pbn": "good x", "night.xml": "good y"})
    assert main(["batch", str(tmp_path), "--out-dir", str(tmp_path), "-j", "1"]) == 0
    assert outputs(tmp_path) == {
        "night.pbn": b"good x",
        "night.xml": b"good y",
        "night.pbn.xml": b"scored good x[]",
        "night.xml.xml": b"scored good y[]",
    }
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("each keeps its full name (night.pbn.xml, night.xml.xml)")
    assert err[1].startswith("pbnscore: 2 files, ")


@pytest.mark.parametrize(
    "argv",
    [["batch", "nowhere.pbn"], ["batch", "-"]],
    ids=["missing-input", "stdin"],
)
def test_missing_or_stdin_input_is_usage(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
) -> None:
    """A batch input must be an existing file or folder."""
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--out-dir", "out"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


# -- running -------------------------------------------------------------------------


@pytest.mark.usefixtures("fake")
def test_failures_are_reported_and_every_other_file_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One line per failed file, no output (nor folder) for it, exit 1, a closing summary."""
    files = {"a.pbn": "good a", "b.pbn": "bad b", "c/d.xml": "good d", "e/f.pbn": "bad f"}
    source = tree(tmp_path / "in", files)
    out = tmp_path / "out"
    assert main(["batch", str(source), "--out-dir", str(out), "-j", "2"]) == 1
    assert outputs(out) == {
        "a.xml": b"scored good a[]",
        "c/d.xml": b"scored good d[]",
    }
    assert not (out / "e").exists()
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == [
        f"{source / 'b.pbn'}:3: no Board tag",
        f"{source / 'e/f.pbn'}:3: no Board tag",
    ]
    assert err[2].startswith("pbnscore: 4 files, 12 results, 2 failed, ")
    # The counts, then each failed file again, where a scorer sees them last.
    assert err[3:] == [f"  {line}" for line in err[:2]]


@pytest.mark.usefixtures("fake")
def test_parallel_runs_write_the_same_bytes(tmp_path: Path) -> None:
    """-j 1, -j 2 and a second run give byte-identical outputs."""
    source = tree(tmp_path / "in", {f"s{n}/night{n}.pbn": f"night {n}" for n in range(7)})
    runs: list[dict[str, bytes]] = []
    for jobs in ("1", "2", "2"):
        out = tmp_path / f"out{len(runs)}"
        assert main(["batch", str(source), "--out-dir", str(out), "-j", jobs]) == 0
        runs.append(outputs(out))
    assert len(runs[0]) == 7
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.usefixtures("fake")
def test_a_failed_file_keeps_its_earlier_output(tmp_path: Path) -> None:
    """Atomic writes: a file that fails now leaves the last good output as it was."""
    source = tree(tmp_path / "in", {"night.pbn": "good"})
    out = tmp_path / "out"
    assert main(["batch", str(source), "--out-dir", str(out), "--no-progress"]) == 0
    (source / "night.pbn").write_text("bad now")
    assert main(["batch", str(source), "--out-dir", str(out), "--no-progress"]) == 1
    assert outputs(out) == {"night.xml": b"scored good[]"}


@pytest.mark.usefixtures("fake")
def test_progress_bar_carries_failure_lines(tmp_path: Path) -> None:
    """With a progress bar, failures still come out whole, one per line."""
    source = tree(tmp_path / "in", {"a.pbn": "good", "b.pbn": "bad"})
    jobs = batch.plan([str(source)], tmp_path / "out", "usebio")
    stream = io.StringIO()
    summary = batch.run(jobs, batch.Settings(), workers=1, progress=True, stderr=stream)
    assert (summary.files, summary.failures) == (2, 1)
    assert f"{source / 'b.pbn'}:3: no Board tag\n" in stream.getvalue()
    assert "2/2" in stream.getvalue()


def test_an_unexpected_error_costs_one_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A bug while scoring one file is reported as an internal error for that file."""

    def crash(
        data: bytes, source: str, settings: batch.Settings, warn: object = None
    ) -> tuple[tuple[bytes, ...], int]:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(batch, "convert", crash)
    source = tree(tmp_path / "in", {"a.pbn": "x"})
    done = batch.run_one(batch.Settings(), batch.Job(source / "a.pbn", tmp_path / "a.pbn.xml"))
    assert done.error == f"{source / 'a.pbn'}: internal error: ZeroDivisionError: division by zero"
    assert not (tmp_path / "a.pbn.xml").exists()


# -- options --------------------------------------------------------------------------


@pytest.mark.usefixtures("fake")
def test_without_method_only_shared_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Without -m each file gets its default method: options every default
    method takes are passed on; butler's own --datum is refused."""
    source = tree(tmp_path / "in", {"a.pbn": "good"})
    out = tmp_path / "out"
    assert main(["batch", str(source), "--out-dir", str(out), "--imp-gaps", "upper"]) == 0
    assert b"'imp_gaps'" in outputs(out)["a.xml"]
    assert main(["batch", str(source), "--out-dir", str(out), "--datum", "mean"]) == 2
    assert "--datum is an option of butler: choose one with -m" in capsys.readouterr().err


@pytest.mark.usefixtures("fake")
def test_method_options_reach_every_file(tmp_path: Path) -> None:
    """-m butler --datum mean: the option is in every file's settings."""
    source = tree(tmp_path / "in", {"a.pbn": "good", "b.xml": "good"})
    out = tmp_path / "out"
    argv = ["batch", str(source), "--out-dir", str(out), "-m", "butler", "--datum", "mean"]
    assert main([*argv, "--to", "json", "-j", "2"]) == 0
    assert set(outputs(out)) == {"a.json", "b.json"}
    assert all(b"'datum'" in data for data in outputs(out).values())


# -- end to end ----------------------------------------------------------------------

FIXTURES = Path(__file__).parent.parent / "fixtures"


@pytest.mark.parametrize("which", ["fixtures", "samples"])
def test_real_files_in_parallel_are_deterministic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, request: pytest.FixtureRequest, which: str
) -> None:
    """Every real file is written or reported on one line; -j 2 and -j 1 runs
    write the same bytes."""
    folder = FIXTURES / "usebio"
    if which == "samples":
        folder = request.getfixturevalue("shared_samples")
    found = [p for p in folder.rglob("*") if p.suffix.lower() in batch.INPUT_SUFFIXES]
    assert found, f"no results file in {folder}"
    runs: list[dict[str, bytes]] = []
    for jobs in ("2", "1"):
        out = tmp_path / f"out{jobs}"
        status = main(["batch", str(folder), "--out-dir", str(out), "-j", jobs, "--to", "json"])
        err = capsys.readouterr().err.splitlines()
        counts = next(at for at, line in enumerate(err) if line.startswith("pbnscore: "))
        failed = [
            line
            for line in err[:counts]
            if ": warning: " not in line and not line.startswith("… and ")
        ]
        assert status == (1 if failed else 0)
        assert err[counts].startswith(f"pbnscore: {len(found)} files, ")
        assert err[counts].split(", ")[2] == f"{len(failed)} failed"
        assert err[counts + 1 :] == [f"  {line}" for line in failed]
        assert len(outputs(out)) + len(failed) == len(found)
        runs.append(outputs(out))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("files", "results", "expected"),
    [
        (1, 1, "1 file, 1 result, "),
        (2, 0, "2 files, 0 results, "),
        (3, 12, "3 files, 12 results, "),
    ],
    ids=["one", "none", "many"],
)
def test_summary_counts_read_as_english(files: int, results: int, expected: str) -> None:
    """The closing line says "1 file", not "1 files"."""
    assert str(batch.Summary(files, results, 0, 0.5)).startswith(expected)


@pytest.mark.parametrize("named", [None, "out/night.xml"])
@pytest.mark.parametrize("length", [20, 400])
def test_a_usage_error_is_one_line_naming_its_file_once(named: str | None, length: int) -> None:
    """A worker's UsageError (the double-dummy report without endplay, say):
    its file named once, its message shortened once, as any other error's."""
    message = " ".join(["word"] * (length // 5))
    line = pipeline.describe(UsageError(message, source=named), "night.xml")
    assert line == f"{named or 'night.xml'}: {one_line(message)}"


def test_no_standard_error_sends_nothing_to_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """From Python with no standard error (pythonw): a file's failure is in
    the summary, and never printed on standard output instead."""
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Event "x"]\n[Board "0"]\n', encoding="utf-8")
    jobs = batch.plan([str(broken)], tmp_path / "out", "json")
    monkeypatch.setattr("sys.stderr", None)
    summary = batch.run(jobs, batch.Settings(to="json"), workers=1)
    assert summary.failures == 1
    assert capsys.readouterr().out == ""


@pytest.mark.usefixtures("fake")
def test_ctrl_c_while_the_pool_is_made_is_counted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Ctrl-C before the workers' pool exists (as its events are made)
    stops the batch with its counts, as one after: every file not started."""
    import multiprocessing

    def pressed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(multiprocessing.context.BaseContext, "Event", pressed)
    source = tree(tmp_path / "in", {"a.pbn": "good", "b.pbn": "good", "c.pbn": "good"})
    out = tmp_path / "out"
    jobs = batch.plan([str(source)], out, "usebio")
    with pytest.raises(_signals.Interrupted) as stopped:
        batch.run(jobs, batch.Settings(), workers=2)
    assert str(stopped.value) == "interrupted: 0 files written, 3 not started"
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.usefixtures("fake")
def test_ctrl_c_as_the_workers_are_let_go_is_counted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Ctrl-C once every file is done, as the batch waits for its workers
    to exit, says the counts (every file written), not a bare
    "interrupted": the scorer is told the files are there."""
    from concurrent.futures import ProcessPoolExecutor

    shutdown = ProcessPoolExecutor.shutdown
    calls: list[bool] = []

    def ctrl_c_first(self: ProcessPoolExecutor, wait: bool = True, **kwargs: bool) -> None:
        calls.append(wait)
        if len(calls) == 1:  # the first time the batch lets its workers go
            raise KeyboardInterrupt
        shutdown(self, wait, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "shutdown", ctrl_c_first)
    source = tree(tmp_path / "in", {"a.pbn": "good", "b.pbn": "good", "c.pbn": "bad"})
    out = tmp_path / "out"
    jobs = batch.plan([str(source)], out, "usebio")
    with pytest.raises(_signals.Interrupted) as stopped:
        batch.run(jobs, batch.Settings(), workers=2, stderr=io.StringIO())
    assert str(stopped.value) == "interrupted: 2 files written, 1 failed, 0 not started"
    assert sorted(outputs(out)) == ["a.xml", "b.xml"]
