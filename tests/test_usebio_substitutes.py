"""A scored USEBIO lists every participant the method ranked: a substitute
or visitor known only from the travellers (payload_individual's players 71,
32, 41 ...: S_PLAYER_NUMBER on a line, no PLAYER in PARTICIPANTS), or every
pair or team of a file with no PARTICIPANTS at all, gets an element of its
own with its number, total and place, as JSON ranks it, in rank order among
the others (or where the input's own order puts it); what cannot be written
is said in a warning. (Before: they were scored and ranked, and their
figures silently left out of the file, its places with gaps.)"""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from pbnscore import usebio
from pbnscore.cli import main
from pbnscore.figures import points_text
from pbnscore.model import EventKind, ScoredEvent
from pbnscore.usebio._writer import write

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "usebio"
SUBSTITUTE = FIXTURES / "individual-substitute.xml"
NO_PARTICIPANTS = FIXTURES / "pairs-no-participants.xml"
AWARD_TAGS = ("PERCENTAGE", "MASTER_POINTS", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE")

# A participant as the USEBIO shows it: (kind, number, figure, place).
Shown = tuple[str, str, str, str]
_NUMBER = {"PLAYER": "PLAYER_NUMBER", "PAIR": "PAIR_NUMBER"}


def _element_figures(element: etree._Element, figure_tag: str) -> Shown:
    kind = str(element.tag)
    number = element.get("TEAM_ID") if kind == "TEAM" else element.findtext(_NUMBER[kind])
    return (
        kind.lower(),
        (number or "").strip(),
        (element.findtext(figure_tag) or "").strip(),
        (element.findtext("PLACE") or "").strip().rstrip("="),
    )


def usebio_ranked(document: bytes, scored: ScoredEvent) -> Counter[Shown]:
    """Each participant element holding the method's figure: TOTAL_SCORE
    (with PLACE), or PAIR_IMPS where a teams event's pairs are ranked
    pairwise."""
    root = etree.fromstring(document)
    pairwise = scored.event.kind is EventKind.TEAMS and scored.style.name != "aggregate"
    tag = "PAIR_IMPS" if pairwise else "TOTAL_SCORE"
    found = (figure.getparent() for figure in root.iterfind(f".//PARTICIPANTS//{tag}"))
    return Counter(_element_figures(element, tag) for element in found if element is not None)


def json_ranked(scored: ScoredEvent) -> Counter[Shown]:
    """JSON's ranked participants as USEBIO would show them (a teams event's
    pairs ranked pairwise with their PAIR_IMPS and place; its teams not at all)."""
    document = json.loads(pbnscore.dumps(scored, "json"), parse_float=Fraction)
    pairwise = scored.event.kind is EventKind.TEAMS and scored.style.name != "aggregate"
    shown: Counter[Shown] = Counter()
    for p in document["participants"]:
        if p["rank"] is None or (pairwise and p["kind"] != "pair"):
            continue
        figure = points_text(Fraction(p.get("factored", p["total"])))
        place = str(p["rank"])
        shown[(p["kind"], p["id"], figure, place)] += 1
    return shown


def _no_participants(path: Path, tmp_path: Path, *, keep: int = 0) -> Path:
    """``path`` with its PARTICIPANTS elements gone (all but the first ``keep``)."""
    text = path.read_bytes()
    blocks = re.findall(rb"[ \t]*<PARTICIPANTS\b.*?</PARTICIPANTS>\r?\n", text, re.S)
    assert len(blocks) > keep, f"{path.name} has {len(blocks)} PARTICIPANTS"
    for block in blocks[keep:]:
        text = text.replace(block, b"", 1)
    out = tmp_path / f"{path.stem}-no-participants.xml"
    out.write_bytes(text)
    return out


def _both_ways(scored: ScoredEvent) -> bytes:
    """The written file, checked to be the same by the splice and the tree path."""
    said: list[str] = []
    spliced, tree = write(scored, warn=said.append), write(scored, splice=False)
    assert spliced == tree
    assert not [s for s in said if "not written" in s], said
    return spliced


def _assert_listed_as_json(scored: ScoredEvent) -> bytes:
    """The file lists JSON's ranked participants; read back and scored
    again, it ranks them the same (no DIRECTION that makes a field two)."""
    document = _both_ways(scored)
    wanted = json_ranked(scored)
    assert wanted, "no participant ranked"
    assert usebio_ranked(document, scored) == wanted
    again = pbnscore.score(usebio.loads(document), scored.method, **scored.options)
    assert json_ranked(again) == wanted
    return document


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_payload_individual_lists_every_ranked_player(shared_samples: Path, method: str) -> None:
    """The shared sample: 12 players listed, 21 more on the travellers only."""
    event = pbnscore.load(shared_samples / "usebio" / "payload_individual.xml")
    scored = pbnscore.score(event, method)
    document = _assert_listed_as_json(scored)
    players = etree.fromstring(document).findall(".//PARTICIPANTS/PLAYER")
    assert len(players) == 33
    # The input lists its players by its own (matchpoint) places, not ours:
    # the 21 come after them, in rank order, with no name invented.
    added = players[12:]
    ranks = [int((p.findtext("PLACE") or "").rstrip("=")) for p in added]
    assert ranks == sorted(ranks)
    assert {p.findtext("PLAYER_NUMBER") for p in added} >= {"71", "32", "41", "81"}
    assert all(p.find("PLAYER_NAME") is None for p in added)
    places = sorted(int((p.findtext("PLACE") or "").rstrip("=")) for p in players)
    assert places[0] == 1 and places[-1] == 33


def test_a_substitute_goes_to_its_place_among_players_listed_in_rank_order() -> None:
    """Player 9 (board 2, for player 8) is 7th: after 6th, before 8=."""
    scored = pbnscore.score(pbnscore.load(SUBSTITUTE), "butler")
    document = _assert_listed_as_json(scored)
    players = etree.fromstring(document).findall(".//PARTICIPANTS/PLAYER")
    assert [p.findtext("PLAYER_NUMBER") for p in players] == [
        "3", "6", "8", "4", "5", "1", "9", "2", "7"
    ]  # fmt: skip
    nine = players[6]
    # USEBIO's child order for a PLAYER (number, total, place), its
    # siblings' indentation
    assert [child.tag for child in nine] == ["PLAYER_NUMBER", "TOTAL_SCORE", "PLACE"]
    assert (nine.findtext("TOTAL_SCORE"), nine.findtext("PLACE")) == ("-6.00", "7")
    text = document.decode()
    assert "      <PLAYER>\n        <PLAYER_NUMBER>9</PLAYER_NUMBER>\n" in text


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_a_file_without_participants_lists_every_pair(method: str) -> None:
    scored = pbnscore.score(pbnscore.load(NO_PARTICIPANTS), method)
    document = _assert_listed_as_json(scored)
    root = etree.fromstring(document)
    participants = root.find("EVENT/PARTICIPANTS")
    assert participants is not None
    # before the boards, the pairs in rank order; no DIRECTION: one field
    # (with every pair's, read back as two-winner, its places would not be)
    assert participants.getnext() is root.find("EVENT/BOARD")
    ranks = [int((p.findtext("PLACE") or "").rstrip("=")) for p in participants]
    assert ranks == sorted(ranks) and len(ranks) == 6
    assert root.find(".//PAIR/DIRECTION") is None


def test_a_section_without_participants_gets_its_own(tmp_path: Path) -> None:
    """Two sections, the second's PARTICIPANTS gone: its pairs are written in it."""
    path = _no_participants(FIXTURES / "ebuscore-two-sections.xml", tmp_path, keep=1)
    scored = pbnscore.score(pbnscore.load(path), "butler")
    document = _assert_listed_as_json(scored)
    sections = etree.fromstring(document).findall(".//SECTION")
    assert len(sections) == 2
    assert all(section.find("PARTICIPANTS/PAIR") is not None for section in sections)


@pytest.mark.parametrize(
    ("name", "method"),
    [("teams-of-four.xml", "aggregate"), ("teams-of-eight-two-matches.xml", "barking")],
)
def test_a_teams_file_without_participants_lists_every_team(
    tmp_path: Path, name: str, method: str
) -> None:
    """Teams by their TEAM_ID (aggregate: TOTAL_SCORE and PLACE); under
    barking each pair in its team, with its PAIR_IMPS and PLACE."""
    scored = pbnscore.score(pbnscore.load(_no_participants(FIXTURES / name, tmp_path)), method)
    document = _assert_listed_as_json(scored)
    teams = etree.fromstring(document).findall(".//PARTICIPANTS/TEAM")
    assert teams and all(team.get("TEAM_NAME") == "" for team in teams)


@pytest.mark.parametrize("keep", [False, True], ids=["dropped", "kept"])
def test_awards_stay_with_the_listed_players(shared_samples: Path, keep: bool) -> None:
    """The input's master points and percentages are its own ranking's:
    an added player has none; --keep-awards keeps the listed players'."""
    event = pbnscore.load(shared_samples / "usebio" / "payload_individual.xml")
    said: list[str] = []
    document = write(pbnscore.score(event, "butler"), keep_awards=keep, warn=said.append)
    players = etree.fromstring(document).findall(".//PARTICIPANTS/PLAYER")
    assert len(players) == 33
    assert not any(child.tag in AWARD_TAGS for p in players[12:] for child in p)
    assert any(child.tag in AWARD_TAGS for p in players[:12] for child in p) is keep
    assert len(said) == 1 and ("kept" if keep else "dropped") in said[0]


def test_a_pair_whose_team_is_unknown_is_named_in_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A teams file with no PARTICIPANTS and lines with no DIRECTION: which
    team a pair played for is unknown, so barking's pairs have nowhere to go;
    the command says so on one line and writes the rest."""
    path = _no_participants(FIXTURES / "teams-of-eight-two-matches.xml", tmp_path)
    path.write_text(re.sub(r"\s*<DIRECTION>\w*</DIRECTION>", "", path.read_text()))
    out = tmp_path / "out.xml"
    assert main(["score", str(path), "-m", "barking", "-o", str(out)]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "not written" in line]
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: warning: ")
    assert "is unknown" in lines[0]
