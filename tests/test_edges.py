"""Honest output at the edges: every warning ``check`` finds in a
file that is still scored is printed by ``score`` and ``batch`` (at most 20,
``--quiet`` none), and ``-o`` names a format or is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbnscore import usebio, validate
from pbnscore.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def pbn_game(board: int, *scores: tuple[str, str, str, int]) -> str:
    """One PBN game with a ScoreTable of (NS, EW, contract by S, NS score) rows."""
    rows = "\n".join(f'{ns} {ew} "{contract}" S {score}' for ns, ew, contract, score in scores)
    return (
        f'[Event "Edges"]\n[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Score_NS\\6R"]\n'
        f"{rows}\n\n"
    )


@pytest.fixture
def troubled(tmp_path: Path) -> Path:
    """Boards 1 and 3 at two tables, board 2 at one (a warning of check)."""
    games = (
        pbn_game(1, ("1", "2", "4S", 420), ("3", "4", "4S", 450))
        + pbn_game(2, ("1", "2", "3NT", 400))
        + pbn_game(3, ("1", "2", "2H", 110), ("3", "4", "2H", 140))
    )
    path = tmp_path / "troubled.pbn"
    path.write_text(games, encoding="utf-8")
    return path


def test_score_prints_what_check_warns_of(
    capsys: pytest.CaptureFixture[str], troubled: Path
) -> None:
    """A board with a single result is a warning of check; score says it too
    (file:line: warning: …) and still exits 0; --quiet silences it."""
    assert main(["check", str(troubled)]) == 0
    checked = [line for line in capsys.readouterr().out.splitlines() if ": warning: " in line]
    assert any("a single result" in line for line in checked)
    assert main(["score", str(troubled), "--to", "json"]) == 0
    warned = capsys.readouterr().err.splitlines()
    assert all(line in warned for line in checked)
    assert main(["score", str(troubled), "--to", "json", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_batch_prints_them_too(
    capsys: pytest.CaptureFixture[str], troubled: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert main(["batch", str(troubled), "--out-dir", str(out), "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert f"{troubled}:" in err and "warning: board 2: a single result" in err
    assert main(["batch", str(troubled), "--out-dir", str(out), "--quiet"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_at_most_twenty_warnings_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """25 boards played at one table each (and so pairs 3 and 4, NS and EW,
    with fewer boards: 27 warnings): 20 warning lines, then how many more and
    where to see them all."""
    path = tmp_path / "lonely.pbn"
    board_one = pbn_game(1, ("1", "2", "4S", 420), ("3", "4", "4S", 450))
    path.write_text(
        board_one + "".join(pbn_game(n, ("1", "2", "4S", 420)) for n in range(2, 27)),
        encoding="utf-8",
    )
    assert main(["score", str(path), "--to", "json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 21
    assert all(": warning: " in line for line in lines[:20])
    assert lines[20] == f"… and 7 more warnings (pbnscore check {path} lists them all)"


# A USEBIO club night (line 7: its EVENT) and the parts the next tests spoil.
CLUB_NIGHT = FIXTURES / "usebio" / "club-night.xml"
NP_AND_PASS = FIXTURES / "usebio" / "np-and-pass.xml"


def _warnings_of_check(
    capsys: pytest.CaptureFixture[str], path: Path, status: int = 0
) -> list[str]:
    assert main(["check", str(path)]) == status
    return [line for line in capsys.readouterr().out.splitlines() if ": warning: " in line]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ('EVENT_TYPE="NOTSUP"', "EVENT_TYPE 'NOTSUP' is no USEBIO event type"),
        ("", "EVENT has no EVENT_TYPE"),
    ],
)
def test_an_event_type_that_is_no_usebio_value_is_a_warning_of_check_and_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, written: str, expected: str
) -> None:
    """An EVENT_TYPE the reader does not know (or none) leaves the
    kind of event to the content; check says so at the EVENT's line, and
    score and batch print it too (exit 0); a known one in any case is fine."""
    document = CLUB_NIGHT.read_text(encoding="utf-8")
    assert '<EVENT EVENT_TYPE="PAIRS">' in document
    path = tmp_path / "night.xml"
    path.write_text(document.replace('EVENT_TYPE="PAIRS"', written), encoding="utf-8")
    line = f"{path}:7: warning: {expected}; read as a pairs event from its content"
    assert _warnings_of_check(capsys, path) == [line]
    assert main(["score", str(path), "--to", "json", "-o", str(tmp_path / "out.json")]) == 0
    # and the night's own scoring, which butler does not reproduce
    rescored = f"{path}: warning: the file's own scoring is matchpoints; scored here as butler"
    assert capsys.readouterr().err.splitlines() == [line, rescored]
    out = tmp_path / "out"
    assert main(["batch", str(path), "--out-dir", str(out), "--no-progress"]) == 0
    assert capsys.readouterr().err.splitlines()[0] == line
    path.write_text(document.replace('EVENT_TYPE="PAIRS"', 'EVENT_TYPE=" pairs"'), "utf-8")
    assert _warnings_of_check(capsys, path) == []


def test_a_traveller_line_in_a_namespace_is_a_warning_of_check_and_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A TRAVELLER_LINE with its own xmlns is no USEBIO line: the reader
    leaves it out, and nothing said so. check and score now warn at its line."""
    document = CLUB_NIGHT.read_text(encoding="utf-8")
    first = document.index("<TRAVELLER_LINE>")
    line_number = document.count("\n", 0, first) + 1
    path = tmp_path / "night.xml"
    path.write_text(
        document[:first] + '<TRAVELLER_LINE xmlns="urn:x">' + document[first + 16 :],
        encoding="utf-8",
    )
    line = (
        f"{path}:{line_number}: warning: TRAVELLER_LINE in the XML namespace 'urn:x' "
        "is no USEBIO element: not read"
    )
    assert line in _warnings_of_check(capsys, path)
    assert main(["score", str(path), "--to", "json", "-o", str(tmp_path / "out.json")]) == 0
    assert line in capsys.readouterr().err.splitlines()
    path.write_text(document, encoding="utf-8")
    assert _warnings_of_check(capsys, path) == []


def test_a_passed_out_board_with_a_score_is_a_warning_of_score_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A USEBIO pass-out with SCORE -400 (and one with two SCOREs, the last
    counting, as the reader takes it): check warned of it, score did not (a
    strict read keeps no reader warnings). Now both, once each, same lines."""
    document = NP_AND_PASS.read_text(encoding="utf-8")
    first = "<CONTRACT>PASS</CONTRACT>\n      <PLAYED_BY>N</PLAYED_BY>\n      <TRICKS>0</TRICKS>\n"
    second = "<CONTRACT>Pass</CONTRACT>\n      <SCORE>0</SCORE>"
    assert document.count(first + "      <SCORE>0</SCORE>") == 1 and document.count(second) == 1
    document = document.replace(
        first + "      <SCORE>0</SCORE>", first + "      <SCORE>-400</SCORE>"
    )
    document = document.replace(
        second, "<CONTRACT>Pass</CONTRACT>\n      <SCORE>50</SCORE><SCORE>+90</SCORE>"
    )
    path = tmp_path / "passed.xml"
    path.write_text(document, encoding="utf-8")
    # (Its pairs sit in two results of board 7: a warning, scored through.)
    passed = [line for line in _warnings_of_check(capsys, path) if "passed out" in line]
    assert passed == [
        f"{path}:26: warning: passed out, but the score is NS -400; a pass-out scores 0",
        f"{path}:34: warning: passed out, but the score is NS 90; a pass-out scores 0",
    ]
    assert main(["score", str(path), "--to", "json", "-o", str(tmp_path / "out.json")]) == 0
    assert [line for line in capsys.readouterr().err.splitlines() if "passed out" in line] == passed


# -- -o names a format ----------------------------------------------------------------


def test_htm_is_html(tmp_path: Path) -> None:
    target = tmp_path / "night.htm"
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "-o", str(target)]) == 0
    assert target.read_text("utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", ["night.docx", "night.XLS", "night.doc.bak"])
def test_an_extension_that_names_no_format_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """Exit 2 listing the extensions that name a format; nothing written."""
    target = tmp_path / name
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "names no output format" in err and ".xml, .pbn, .json, .txt, .html, .htm" in err
    assert not target.exists()


def test_an_empty_output_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "-o", ""]) == 2
    assert capsys.readouterr().err == (
        "pbnscore score: -o needs a file name (or - for standard output) (pbnscore score --help)\n"
    )


def test_to_decides_where_the_extension_does_not(tmp_path: Path) -> None:
    """--to names the format: any file name then goes."""
    target = tmp_path / "night.dat"
    night = FIXTURES / "usebio" / "mitchell-pairs.xml"
    assert main(["score", str(night), "-o", str(target), "--to", "json"]) == 0
    assert target.read_text("utf-8").startswith("{")


# -- teams standings say what their numbers are -------------------------------------------


def test_teams_standings_show_vps_with_imps_for_and_against(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """aggregate's teams: JSON gains imps_for, imps_against and matches (summed
    from the matches), text labels the total VP and averages it per match."""
    import json

    path = FIXTURES / "usebio" / "teams-of-four-two-matches.xml"
    assert main(["score", str(path), "--to", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    for team in document["participants"]:
        played = [m for m in document["matches"] if team["id"] in (m["team"], m["opponent"])]
        won = sum(m["imps"] if m["team"] == team["id"] else m["opponent_imps"] for m in played)
        lost = sum(m["opponent_imps"] if m["team"] == team["id"] else m["imps"] for m in played)
        assert (team["imps_for"], team["imps_against"], team["matches"]) == (won, lost, len(played))
    assert main(["score", str(path), "--to", "text"]) == 0
    text = capsys.readouterr().out
    header = next(line for line in text.splitlines() if line.startswith("Rank  Team"))
    assert header.split() == [
        "Rank", "Team", "Name", "IMPs", "for", "IMPs", "against", "Diff", "Matches",
        "VP", "Boards", "Average",
    ]  # fmt: skip
    assert "Average: VP per match" in text


@pytest.fixture
def both_plus(tmp_path: Path) -> Path:
    """teams-of-four.xml with board 1's first table A6060: both teams +3 on
    it (board 2 gives team 1 one IMP), so team 1's margin is 4, team 2's 2."""
    text = (FIXTURES / "usebio" / "teams-of-four.xml").read_text("utf-8")
    path = tmp_path / "both-plus.xml"
    path.write_text(text.replace("<SCORE>-460</SCORE>", "<SCORE>A6060</SCORE>", 1), "utf-8")
    return path


def test_an_unbalanced_board_shows_each_teams_own_imps(
    capsys: pytest.CaptureFixture[str], both_plus: Path
) -> None:
    """Every figure printed beside a VP is the margin the VP comes from, from
    that team's side (review point 1): JSON's match and teams, the text
    standings, match list, board row and scorecards."""
    import json

    assert main(["score", str(both_plus), "--to", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    (match,) = document["matches"]
    assert match["boards"] == [
        {"board": 1, "imps": 3, "opponent_imps": 3},
        {"board": 2, "imps": 1, "opponent_imps": -1},
    ]
    assert (match["imps"], match["opponent_imps"]) == (4, 0)
    assert match["opponent_view"] == {"imps": 3, "opponent_imps": 1}
    teams = {p["id"]: (p["imps_for"], p["imps_against"]) for p in document["participants"]}
    assert teams == {"1": (4, 0), "2": (3, 1)}
    assert main(["score", str(both_plus), "--to", "text"]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["1", "1", "HOLLIES", "4", "0", "4", "1", "13.12", "2", "13.12"] in lines
    assert ["2", "2", "3", "1", "2", "1", "11.67", "2", "11.67"] in lines
    assert ["1", "1", "HOLLIES", "2", "4", "0", "13.12", "11.67", "3–1"] in lines
    assert ["IMPs", "to", "2", "3", "-1"] in lines
    # the last scorecard's total (the text ends with how it was scored)
    totals = [line for line in lines if line[-5:-3] == ["IMPs", "3–1,"]]
    assert totals and totals[-1][-5:] == ["IMPs", "3–1,", "VP", "11.67", "11.67"]


def test_an_unbalanced_board_in_a_league(both_plus: Path) -> None:
    """A season league counts each team's IMPs from its own side; without
    VPs the larger margin wins (as it would on VPs), not both teams."""
    import pbnscore

    for vp in ("wbf", "none"):
        table = {row.team: row for row in pbnscore.season([both_plus], vp=vp).league}
        assert (table["HOLLIES"].imps_for, table["HOLLIES"].imps_against) == (4, 0)
        assert (table["2"].imps_for, table["2"].imps_against) == (3, 1)
        assert (table["HOLLIES"].won, table["2"].lost) == (1, 1)


def test_a_file_named_xml_that_is_no_xml_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Word document saved as night.xml: one line, not libxml2's 'Start tag expected'."""
    path = tmp_path / "night.xml"
    path.write_bytes(b"PK\x03\x04\x14\x00\x06\x00word/document.xml")
    assert main(["score", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:1: not an XML document\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_namespaced_line_is_found_in_any_encoding(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str
) -> None:
    """The namespace question is answered from the bytes where they are
    ASCII-compatible; a UTF-16 document is still searched and warned of."""
    document = CLUB_NIGHT.read_text(encoding="utf-8")
    first = document.index("<TRAVELLER_LINE>")
    document = document[:first] + '<TRAVELLER_LINE xmlns="urn:x">' + document[first + 16 :]
    document = document.replace("encoding='UTF-8'", f"encoding='{encoding.upper()}'")
    path = tmp_path / "night.xml"
    path.write_bytes(document.encode(encoding))
    assert any("XML namespace 'urn:x'" in w for w in _warnings_of_check(capsys, path))


def test_vetting_a_clean_file_makes_no_result_objects() -> None:
    """score's vetting works on the columns the reader made: reading, vetting
    and scoring a file with no problem builds no Result per line (building
    them undid the column read: the command read cost twice the library's)."""
    event = usebio.loads(CLUB_NIGHT.read_bytes(), source=str(CLUB_NIGHT))
    vetting = validate.vet(event)
    assert vetting.refused == [] and vetting.warned == []
    boards = [b for s in event.sessions for sec in s.sections for b in sec.boards]
    assert boards
    assert all(board.columns._results is None for board in boards)
