"""`pbnscore season`: the command line over the season fixtures.

Tests about what a season says run it in this process (``-j 1``); the first
two, with the default workers, show that the workers' way gives the same
ranking and reports a failed file alike."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pbnscore.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures" / "season"
CLUB = FIXTURES / "club"
LEAGUE = FIXTURES / "league"


def test_text_ranking_of_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    """A folder of PBN and USEBIO nights gives one ranking; the guesses go to stderr."""
    assert main(["season", str(CLUB)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("club\n")  # the folder's name (docs/reference/season.md)
    lines = [line.split() for line in out.splitlines()]
    assert ["1", "Grace", "Gill", "&", "Harry", "Hunt", "6", "17", "47", "2.76"] in lines
    assert err.count(" taken to be ") == 9
    # The method's own warnings come as from score: jan12's pairs played 2 or 3 boards.
    assert "jan12.pbn: warning: NS participants played different numbers of boards" in err


def test_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    """--quiet: no warnings."""
    assert main(["season", str(CLUB), "--quiet", "-j", "1"]) == 0
    assert capsys.readouterr().err == ""


def test_a_bad_file_is_left_out_and_the_season_still_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 1, the file's one line on stderr, the season of the others written."""
    nights = tmp_path / "nights"
    shutil.copytree(CLUB, nights)
    (nights / "broken.xml").write_text("<USEBIO><EVENT>")
    out = tmp_path / "season.json"
    assert main(["season", str(nights), "-o", str(out), "-q"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "broken.xml:" in err
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["schema"] == "pbnscore-season/1"
    assert len(document["events"]) == 6


def test_json_document(tmp_path: Path) -> None:
    """The pbnscore-season/1 document: events in date order, each participant's
    figures, the events counted under --best, ids where known."""
    out = tmp_path / "season.json"
    assert (
        main(
            ["season", str(CLUB), "--best", "3", "--by", "player", "-o", str(out), "-q", "-j", "1"]
        )
        == 0
    )
    document = json.loads(out.read_text(encoding="utf-8"))
    assert [e["date"] for e in document["events"]] == sorted(e["date"] for e in document["events"])
    assert document["season"] == {
        "by": "player", "rank": "total", "best": 3, "min_events": 0, "min_boards": 0,
    }  # fmt: skip
    (dave,) = [p for p in document["participants"] if p["name"] == "Dave Dunn"]
    assert dave["players"] == [
        {"name": "Dave Dunn", "national_id": "1004", "spellings": ["Dave Dunn", "David Dunn"]}
    ]
    # Dave: 13, -1, 0 with Carol; 5, -19, 1 with Bob. Best three by average:
    # 13/3, 5/3, 1/3 (the 0/2 and -1/2 below 1/3).
    assert dave["counted"] == {"events": [1, 4, 6], "boards": 9, "total": 19, "average": 19 / 9}
    assert (dave["events"], dave["boards"], dave["total"]) == (6, 16, -1)
    assert [f["total"] for f in dave["figures"]] == [13, -1, 0, 5, -19, 1]


def test_csv(tmp_path: Path) -> None:
    """-o X.csv: BOM, a header, a row per participant, a column per event."""
    out = tmp_path / "season.csv"
    assert main(["season", str(CLUB), "-o", str(out), "-q", "--min-events", "2", "-j", "1"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = data.decode("utf-8-sig").split("\r\n")
    assert rows[0].startswith("Rank,Tied,Kind,Name,Team,National ids,Events,Boards,Total")
    assert rows[0].endswith(",#6 2026-02-09 Riverside Monday Pairs")
    assert rows[1].startswith("1,,pair,Grace Gill & Harry Hunt,,,6,17,47,2.76,")
    assert rows[-2].startswith(",,pair,")  # the unranked come last, without a rank


def test_league_html_links_each_round(tmp_path: Path) -> None:
    """--report-dir: each round's own HTML report written there and linked."""
    reports = tmp_path / "reports"
    out = tmp_path / "league.html"
    assert (
        main(["season", str(LEAGUE), "--report-dir", str(reports), "-o", str(out), "-j", "1"]) == 0
    )
    page = out.read_text(encoding="utf-8")
    assert "League table" in page
    for name in ("league-round-1", "league-round-2", "league-round-3"):
        assert (reports / f"{name}.html").is_file()
        assert f'href="reports/{name}.html"' in page


def test_aliases_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--aliases settles a guess: its warning goes."""
    aliases = tmp_path / "aliases.csv"
    aliases.write_text("name,same_as\nkate kerr,Kate Kerr\n", encoding="utf-8")
    assert main(["season", str(CLUB), "--aliases", str(aliases), "-j", "1"]) == 0
    err = capsys.readouterr().err
    assert "'kate kerr' taken to be" not in err and err.count(" taken to be ") == 8


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["-o", "season.xml"], "season.xml: .xml names no season format; use .json, .txt"),
        (["--best", "0"], "takes a whole number from 1 to 100000, not '0'"),
        (["-m", "aggregate", "--by", "pair"], ""),
    ],
    ids=["xml-output", "best-zero", "aggregate-by-pair"],
)
def test_refused(
    words: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Wrong usage is exit 2 (a teams method over pairs nights: every file fails, exit 1)."""
    status = main(["season", str(CLUB), "-j", "1", *words])
    err = capsys.readouterr().err
    if message:
        assert status == 2 and message in err
    else:
        assert status == 1 and "aggregate scores teams events" in err


def test_rank_is_the_season_s_or_the_method_s() -> None:
    """--rank average|total ranks the season; a method's own --rank values
    (section|event, docs/reference/conventions.md "Across the field") go to
    the method; anything else is refused."""
    from pbnscore.cli._flags import Flag
    from pbnscore.cli._season import shared_rank
    from pbnscore.errors import UsageError

    theirs = Flag("rank", "--rank", "rank by", "section", choices=("section", "event"))
    assert shared_rank(["total"], theirs) == ("total", {})
    assert shared_rank(["event"], theirs) == (None, {"rank": "event"})
    assert shared_rank(["event", "total"], theirs) == ("total", {"rank": "event"})
    assert shared_rank(["total", "total"], theirs) == ("total", {})
    assert shared_rank(None, None) == (None, {})
    with pytest.raises(UsageError, match="takes average, total, section, event, not 'x'"):
        shared_rank(["x"], theirs)
    with pytest.raises(UsageError, match="takes average, total, not 'event'"):
        shared_rank(["event"], None)
    with pytest.raises(UsageError, match="one of section, event, not both event and section"):
        shared_rank(["event", "total", "section"], theirs)


def test_rank_total_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--rank total over the club nights: Grace & Harry first on 47."""
    assert main(["season", str(CLUB), "--rank", "total", "-q", "--to", "csv", "-j", "1"]) == 0
    rows = capsys.readouterr().out.split("\r\n")
    assert rows[1].startswith("1,,pair,Grace Gill & Harry Hunt,,,6,17,47,")
    assert main(["season", str(CLUB), "--rank", "best"]) == 2


def test_warnings_as_score_prints_them_at_most_twenty_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """season prints a file's warnings through batch's printer: check's
    (here 25 boards played at one table) and the method's (unequal board
    counts), at most 20 then the count, as score does; --quiet none."""
    nights = tmp_path / "nights"
    nights.mkdir()

    def game(board: int, *rows: str) -> str:
        return (
            f'[Event "Lonely"]\n[Date "2024.01.01"]\n[Board "{board}"]\n[Dealer "N"]\n'
            '[Vulnerable "None"]\n'
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Score_NS\\6R"]\n'
            + "\n".join(rows)
            + "\n\n"
        )

    lonely = nights / "lonely.pbn"
    games = game(1, '1 2 "4S" S 420', '3 4 "4S" S 450')
    lonely.write_text(games + "".join(game(n, '1 2 "4S" S 420') for n in range(2, 27)))
    assert main(["season", str(nights), "--no-progress", "--to", "json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{lonely}:16: warning: board 2: a single result, nothing to compare it with"
    assert len(lines) == 22
    assert lines[20] == f"… and 7 more warnings (pbnscore check {lonely} lists them all)"
    # The season's own, after the file's: its pairs have no names.
    assert lines[21] == (
        f"{lonely}: warning: 4 pairs with no player names: "
        "each ranked alone under its number in this event"
    )
    assert main(["season", str(nights), "--no-progress", "--to", "json", "-q"]) == 0
    assert capsys.readouterr().err == ""


def _season_json(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    assert main(["season", str(CLUB), "-q", "-j", "1", "--to", "json", *words]) == 0
    found: dict[str, Any] = json.loads(capsys.readouterr().out)
    return found


@pytest.mark.parametrize("method", [["-m", "butler"], []], ids=["butler", "default-method"])
def test_rank_of_each_kind_both_kept(method: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Season's --rank takes both kinds (docs/reference/season.md); one of each works together
    (neither dropped), with -m and with the default method (butler here)."""
    found = _season_json(capsys, *method, "--rank", "event", "--rank", "total")
    assert (found["season"]["rank"], found["method"]["options"]["rank"]) == ("total", "event")
    found = _season_json(capsys, *method, "--rank", "average", "--rank", "event")
    assert (found["season"]["rank"], found["method"]["options"]["rank"]) == ("average", "event")
    found = _season_json(capsys, *method, "--rank", "event")
    assert found["method"]["options"]["rank"] == "event"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (["event", "section"], "--rank takes one of section, event, not both event and section"),
        (["total", "average"], "--rank takes one of average, total, not both total and average"),
    ],
)
def test_rank_twice_of_one_kind_is_refused(
    values: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second value of the same kind is a usage error, never a silent drop."""
    words = [word for value in values for word in ("--rank", value)]
    output = tmp_path / "season.txt"
    assert main(["season", str(CLUB), "-m", "butler", *words, "-o", str(output)]) == 2
    assert capsys.readouterr().err == f"pbnscore season: {message} (pbnscore season --help)\n"
    assert not output.exists()


def test_output_without_extension_is_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--to, else -o's extension, else text (a name without one is text)."""
    output = tmp_path / "ladder"
    assert main(["season", str(CLUB), "-q", "-j", "1", "-o", str(output)]) == 0
    assert output.read_text(encoding="utf-8").startswith("club\n")


def test_no_event_scored_writes_no_season(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that fails leaves no output behind (docs/reference/bad-input.md). When every file
    fails there is no season: nothing written, exit 1, one line saying so."""
    nights = tmp_path / "nights"
    nights.mkdir()
    (nights / "a.xml").write_text("junk\n")
    (nights / "b.pbn").write_text("junk\n")
    output = tmp_path / "season.txt"
    assert main(["season", str(nights), "-j", "1", "--no-progress", "-o", str(output)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1] == "pbnscore: no event could be scored: no season written"
    assert len(lines) == 3  # one line a file, then that
    assert not output.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["season", str(empty), "-o", str(output)]) == 1
    said = capsys.readouterr().err
    assert said == "pbnscore: no .pbn, .xml or .bws file found: no season written\n"
    assert not output.exists()
