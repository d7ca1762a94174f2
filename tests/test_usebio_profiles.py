"""USEBIO reader profiles (``dialect=`` / ``--usebio-for``): every fixture
and sample, scored with butler and with cross-imps, is written for Cobalt
and for the ukbridge converter, and the stand-ins in ``usebio_readers``
(written from the reference, not from the readers' code) take the file, or
the profile refuses the event for a reason the model shows."""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path

import pytest
from lxml import etree

import pbnscore
from conftest import REFUSED_SAMPLES, shared_sample_files
from pbnscore import usebio
from pbnscore.cli import main
from pbnscore.errors import ProfileError
from pbnscore.model import Event, EventKind, ScoredEvent
from test_pbn_to_usebio import boards
from usebio_docs import mitchell
from usebio_readers import case_document, cobalt_problems, ukbridge_problems

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "fixtures" / "usebio").glob("*.xml")) + sorted(
    (ROOT / "fixtures" / "pbn").glob("*.pbn")
)
SAMPLES = shared_sample_files("usebio/*.xml", "pbn/*", exclude=tuple(REFUSED_SAMPLES))
METHODS = ("butler", "cross-imps")

CASES = [
    pytest.param(path, method, id=f"{path.parent.name}/{path.name}-{method}")
    for path in FIXTURES + SAMPLES
    for method in METHODS
]


@functools.cache
def scored(path: Path, method: str) -> ScoredEvent:
    """The file scored with ``method`` (every file of CASES reads and
    scores: the samples known not to are left out)."""
    return pbnscore.score(pbnscore.load(path), method)


@functools.cache
def written(path: Path, method: str, dialect: str = "standard") -> bytes | ProfileError:
    """The scored file written for ``dialect``, or why the profile refused it:
    each is written once, though three tests read it."""
    try:
        return usebio.dumps(scored(path, method), dialect=dialect)
    except ProfileError as exc:
        return exc


# Why Cobalt may be refused an event, and the fact in the model that bears it out.
def _deals_differ(event: Event) -> bool:
    """Whether the sections give one board number different deals (sets of
    deals: docs/reference/choices.md "A board number used twice")."""
    deals: dict[int, set[object]] = {}
    for board in boards(event):
        if board.deal is not None:
            deals.setdefault(board.number, set()).add(board.deal)
    return any(len(found) > 1 for found in deals.values())


COBALT_REFUSALS = {
    r"give board \d+ different deals": _deals_differ,
    r"does not read (teams|individual) events": lambda e: e.kind is not EventKind.PAIRS,
    r"needs the event's date": lambda e: e.date is None,
    r"needs two pairs or more": lambda e: len(list(e.participants())) < 2,
    r"reads one session": lambda e: len(e.sessions) > 1,
    r"needs two boards with results": lambda e: sum(1 for b in boards(e) if b.results) < 2,
    r"names no pair it lists": lambda e: any(
        r.ns is None or r.ew is None for b in boards(e) for r in b.results
    ),
}


@pytest.mark.parametrize(("path", "method"), CASES)
def test_cobalt_takes_the_file(path: Path, method: str) -> None:
    """Under ``cobalt`` a pairs event meets every Cobalt rule of the
    reference; where it is refused, the one line says why and the event
    shows it (a teams event, no date, a line naming no pair)."""
    event = scored(path, method)
    out = written(path, method, "cobalt")
    if isinstance(out, ProfileError):
        exc = out
        reasons = [why for pattern, why in COBALT_REFUSALS.items() if re.search(pattern, str(exc))]
        assert len(reasons) == 1, str(exc)
        assert reasons[0](event.event), str(exc)
        return
    assert cobalt_problems(out) == []
    places = etree.fromstring(out).findall("EVENT/PARTICIPANTS/PAIR/PLACE")
    assert sorted(int(p.text or "") for p in places) == sorted(s.rank for s in event.standings)


# The ukbridge converter breaks on one of a repeated element: no edit can
# make one traveller line two. Refused, the standard file shows it too.
IMPS_OF_AN_INDIVIDUAL = re.compile(r"_MATCH_POINTS None \(shown as NaN\)|no PERCENTAGE")
UKBRIDGE_UNMENDABLE = re.compile(r"breaks on (a|an) (\w+) with one ([\w ]+?)( \(|,)")


@pytest.mark.parametrize(("path", "method"), CASES)
def test_ukbridge_takes_the_file(path: Path, method: str) -> None:
    """Under ``ukbridge`` the file meets every rule of the converter and
    shows our IMPs; where it is refused, the standard output has the
    element the converter breaks on (or no participants)."""
    event = scored(path, method)
    kind = event.event.kind.value
    out = written(path, method, "ukbridge")
    if isinstance(out, ProfileError):
        exc = out
        standard = written(path, method)
        assert isinstance(standard, bytes)
        if "no participants" in str(exc):
            assert not list(event.event.participants())
            return
        if "reads one session" in str(exc):
            assert len(event.event.sessions) > 1
            return
        if "different deals" in str(exc):
            assert _deals_differ(event.event)
            return
        assert UKBRIDGE_UNMENDABLE.search(str(exc)), str(exc)
        # One of a repeated element, or boards without lines that leave one.
        singles = [
            p
            for p in ukbridge_problems(standard, kind)
            if " with one " in p or "no TRAVELLER_LINE" in p
        ]
        assert singles and not all(p.startswith("a PAIR with one PLAYER") for p in singles)
        return
    problems = ukbridge_problems(out, kind)
    if kind == "individual":
        # It reads an individual's points as matchpoints and a percentage
        # only: IMPs it cannot show in any layout (docs/reference/usebio-out.md
        # "USEBIO for the readers people use").
        problems = [p for p in problems if not IMPS_OF_AN_INDIVIDUAL.search(p)]
    assert problems == []


def tied_places() -> Event:
    """``tied-places.xml`` with its one board played again as board 8 (also
    none vulnerable): Cobalt reads one BOARD as no list, so it needs two."""
    root = etree.parse(ROOT / "fixtures" / "usebio" / "tied-places.xml").getroot()
    board = root.find("EVENT/BOARD")
    assert board is not None
    again = copy.deepcopy(board)
    number = again.find("BOARD_NUMBER")
    assert number is not None
    number.text = "8"
    board.addnext(again)
    return usebio.loads(etree.tostring(root))


def test_tie_is_a_whole_place_for_cobalt() -> None:
    """Cobalt crashes on "5=": a tie is written as the shared place alone."""
    event = pbnscore.score(tied_places(), "butler")
    tied = [s for s in event.standings if s.tied]
    assert tied, "the fixture has a tie"
    standard = etree.fromstring(usebio.dumps(event))
    cobalt = etree.fromstring(usebio.dumps(event, dialect="cobalt"))
    assert any("=" in (p.text or "") for p in standard.iter("PLACE"))
    by_pair = {
        (pair.findtext("PAIR_NUMBER"), pair.findtext("DIRECTION") or None): pair.findtext("PLACE")
        for pair in cobalt.iter("PAIR")
    }
    for standing in tied:
        p = standing.participant
        key = (p.id, p.direction.value if p.direction else None)
        assert by_pair[key] == str(standing.rank)


def test_unknown_dialect_and_clashing_types() -> None:
    event = pbnscore.load(ROOT / "fixtures" / "usebio" / "club-night.xml")
    with pytest.raises(ValueError, match="dialect must be one of standard, cobalt, ukbridge"):
        usebio.dumps(event, dialect="bridgewebs")
    with pytest.raises(ValueError, match="needs old-style types"):
        usebio.dumps(event, dialect="cobalt", types="new")


def test_ukbridge_shows_butler_points_as_cross_imps() -> None:
    """ukbridge reads a pairs event's IMPs only from the cross-IMP elements:
    under Butler they carry the Butler points, line by line."""
    path = ROOT / "fixtures" / "usebio" / "club-night.xml"
    event = pbnscore.score(pbnscore.load(path), "butler")
    root = etree.fromstring(usebio.dumps(event, dialect="ukbridge"))
    lines = list(root.iter("TRAVELLER_LINE"))
    assert lines
    for line in lines:
        for side in ("NS", "EW"):
            butler = line.findtext(f"{side}_BUTLER_POINTS")
            assert butler is not None
            assert line.findtext(f"{side}_CROSS_IMP_POINTS") == butler
    assert etree.fromstring(usebio.dumps(event)).find(".//NS_CROSS_IMP_POINTS") is None


# -- the command line --------------------------------------------------------------


def test_usebio_for_names_every_profile() -> None:
    """The CLI's list of readers is the writer's (kept apart so that building
    the parser does not load lxml), and --help says which site each is for."""
    from pbnscore import formats

    assert tuple(usebio.PROFILES) == formats.USEBIO_READERS
    for words in ("standard", "cobalt (ABF Cobalt", "ukbridge (UK club websites"):
        assert words in " ".join(formats.WRITER_OPTION["dialect"].help.split())


def test_score_usebio_for_cobalt(tmp_path: Path) -> None:
    out = tmp_path / "night.xml"
    path = ROOT / "fixtures" / "usebio" / "club-night.xml"
    assert main(["score", str(path), "--usebio-for", "cobalt", "-o", str(out)]) == 0
    assert cobalt_problems(out.read_bytes()) == []


def test_score_refused_for_cobalt_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A teams event for Cobalt: one line saying why, exit 1, no file."""
    out = tmp_path / "teams.xml"
    path = ROOT / "fixtures" / "usebio" / "teams-of-four.xml"
    assert main(["score", str(path), "--usebio-for", "cobalt", "-o", str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{path}: ABF Cobalt does not read teams events (only pairs): "
                   "write it with --usebio-for standard"]  # fmt: skip
    assert not out.exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--usebio-types", "new"], "--usebio-types applies to --usebio-for standard"),
        (["--to", "json"], "--usebio-for applies to --to usebio, not --to json"),
    ],
    ids=["types", "json"],
)
def test_usebio_for_where_it_does_nothing(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ROOT / "fixtures" / "usebio" / "club-night.xml"
    assert main(["score", str(path), "--usebio-for", "cobalt", *extra]) == 2
    assert message in capsys.readouterr().err


def test_batch_usebio_for_ukbridge(tmp_path: Path) -> None:
    inputs = [ROOT / "fixtures" / "usebio" / n for n in ("club-night.xml", "howell-pairs.xml")]
    args = ["batch", *map(str, inputs), "--out-dir", str(tmp_path), "--usebio-for", "ukbridge"]
    assert main([*args, "--no-progress", "-m", "butler"]) == 0
    for path in inputs:
        assert ukbridge_problems((tmp_path / f"{path.stem}.xml").read_bytes(), "pairs") == []


FIGURES = ("TOTAL_SCORE", "PLACE", "BOARD_AVERAGE", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS",
           "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS", "PAIR_IMPS")  # fmt: skip


def written_figures(data: bytes, tags: tuple[str, ...]) -> dict[str, list[str]]:
    root = etree.fromstring(data)
    return {tag: sorted((e.text or "").rstrip("=") for e in root.iter(tag)) for tag in tags}


@pytest.mark.parametrize("dialect", ["cobalt", "ukbridge"])
@pytest.mark.parametrize(("path", "method"), CASES)
def test_profile_changes_no_number(path: Path, method: str, dialect: str) -> None:
    """A profile moves, renames and adds elements, never changes a number:
    the file holds the standard file's totals, places, datums and points
    (ties without "="). Read back and scored again, an event of one section
    gives every participant the same figures (flattening sections makes one
    field of them for a reader that scores: Cobalt shows the file's)."""
    event = scored(path, method)
    out, standard = written(path, method, dialect), written(path, method)
    if isinstance(out, ProfileError):
        return  # refused: checked above
    assert isinstance(standard, bytes)
    standard_root = etree.fromstring(standard)
    owned = tuple(tag for tag in FIGURES if standard_root.find(f".//{tag}") is not None)
    if dialect == "ukbridge" and method == "butler":
        # Its cross-IMP elements carry the Butler points, replacing an input's own.
        owned = tuple(tag for tag in owned if "CROSS_IMP" not in tag)
    assert written_figures(out, owned) == written_figures(standard, owned)
    if len(sections_of(event.event)) > 1:
        return
    again = pbnscore.score(usebio.loads(out), method)

    def figures(e: ScoredEvent) -> list[tuple[object, ...]]:
        return sorted((s.total, s.boards, s.rank, s.tied) for s in e.standings)

    assert figures(again) == figures(event)


def sections_of(event: Event) -> set[tuple[str | None, str | None]]:
    return {(session.id, section.id) for session in event.sessions for section in session.sections}


@pytest.mark.parametrize(
    ("name", "dialect"),
    [("payload_multi-section.xml", "cobalt"), ("mp_pairs_mitchell.xml", "ukbridge")],
    ids=["new-for-cobalt", "old-for-ukbridge"],
)
def test_plain_event_in_the_readers_style(shared_samples: Path, name: str, dialect: str) -> None:
    """An event written without scores still gets its reader's EVENT_TYPE
    style (its own matchpoints as MP_PAIRS, or PAIRS + MATCH_POINTS)."""
    event = usebio.load(shared_samples / "usebio" / name)
    out = usebio.dumps(event, dialect=dialect)
    if dialect == "cobalt":
        assert cobalt_problems(out) == []
        assert etree.fromstring(out).find("EVENT").get("EVENT_TYPE") == "MP_PAIRS"
    else:
        assert ukbridge_problems(out, "pairs") == []
        root = etree.fromstring(out)
        assert root.find("EVENT").get("EVENT_TYPE") == "PAIRS"
        assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "MATCH_POINTS"


def test_unscored_ties_are_whole_places_for_cobalt() -> None:
    """A tie the input wrote ("3=") loses its "=" even when nothing is scored."""
    event = tied_places()
    standard = etree.fromstring(usebio.dumps(event))
    assert any("=" in (p.text or "") for p in standard.iter("PLACE"))
    cobalt = etree.fromstring(usebio.dumps(event, dialect="cobalt"))
    assert [p.text for p in cobalt.iter("PLACE")] == [
        (p.text or "").rstrip("=") for p in standard.iter("PLACE")
    ]


# Two boards of two lines (1 and 8: both none vulnerable; Cobalt needs two).
_TWO_BOARDS = "".join(
    f"""<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>S2</LEAD><TRICKS>9</TRICKS>
<SCORE>400</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>H3</LEAD><TRICKS>9</TRICKS>
<SCORE>-50</SCORE></TRAVELLER_LINE></BOARD>"""
    for number in (1, 8)
)
SESSION_WITHOUT_SECTION = f"""<USEBIO Version="1.2"><CLUB><CLUB_NAME>C</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS"><DATE>01/02/2026</DATE><SESSION SESSION_ID="1"><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR></PARTICIPANTS>
{_TWO_BOARDS}
<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></HANDSET></SESSION></EVENT></USEBIO>"""


def test_cobalt_flattens_a_session_without_sections() -> None:
    """A SESSION holding its pairs and boards straight is flattened too:
    nothing of it goes with it; its HANDSET goes to the root."""
    event = pbnscore.score(usebio.loads(SESSION_WITHOUT_SECTION), "butler")
    out = usebio.dumps(event, dialect="cobalt")
    assert cobalt_problems(out) == []
    root = etree.fromstring(out)
    assert len(root.findall("EVENT/BOARD/TRAVELLER_LINE")) == 4
    assert len(root.findall("EVENT/PARTICIPANTS/PAIR")) == 2
    assert root.find("HANDSET/BOARD") is not None


def test_cobalt_names_a_player_the_input_does_not() -> None:
    """An empty PLAYER_NAME (a PBN file's ``West ""``) crashes Cobalt (it
    calls .title() on None): such a player is written ``Unknown``."""
    event = pbnscore.score(usebio.loads(case_document(names=("", ""))), "cross-imps")
    out = usebio.dumps(event, dialect="cobalt")
    assert cobalt_problems(out) == []
    names = [n.text for n in etree.fromstring(out).iter("PLAYER_NAME")]
    assert names and set(names) == {"Unknown"}


def test_ukbridge_writes_an_imp_event_with_sections_flat() -> None:
    """Its IMP scorecards read the event-level PARTICIPANTS only: an IMP
    pairs event in SESSION/SECTION is written flat, each section's pair
    numbers kept apart (A1, B1); the same event unscored (matchpoints) keeps
    its sections."""
    path = ROOT / "fixtures" / "usebio" / "ebuscore-two-sections-cross-imps.xml"
    for method in METHODS:
        out = usebio.dumps(pbnscore.score(pbnscore.load(path), method), dialect="ukbridge")
        assert ukbridge_problems(out, "pairs") == []
        root = etree.fromstring(out)
        assert root.find("EVENT/SESSION") is None and root.find(".//SECTION") is None
        numbers = [n.text for n in root.iterfind("EVENT/PARTICIPANTS/PAIR/PAIR_NUMBER")]
        assert len(numbers) == 12 and {n[0] for n in numbers if n} == {"A", "B"}
    plain = usebio.dumps(
        pbnscore.load(ROOT / "fixtures" / "usebio" / "ebuscore-two-sections.xml"),
        dialect="ukbridge",
    )
    assert len(etree.fromstring(plain).findall("EVENT/SESSION/SECTION")) == 2


def test_ukbridge_leaves_out_a_line_not_played() -> None:
    """A line the method gives no points (NP) shows as NaN in the converter:
    it is left out where its board keeps two lines."""
    event = pbnscore.score(usebio.loads(case_document(unplayed=True)), "cross-imps")
    out = usebio.dumps(event, dialect="ukbridge")
    assert ukbridge_problems(out, "pairs") == []
    boards = etree.fromstring(out).findall("EVENT/BOARD")
    assert [len(b.findall("TRAVELLER_LINE")) for b in boards] == [2, 2]
    standard = etree.fromstring(usebio.dumps(event))
    assert len(standard.findall("EVENT/BOARD")[0].findall("TRAVELLER_LINE")) == 3


@pytest.mark.parametrize("dialect", ["cobalt", "ukbridge"])
def test_several_sessions_are_refused(dialect: str) -> None:
    """Neither reader reads two sessions (Cobalt reads EVENT/PARTICIPANTS,
    the converter throws on a list of SESSIONs): refused, saying so."""
    path = ROOT / "fixtures" / "usebio" / "two-sessions.xml"
    event = pbnscore.score(pbnscore.load(path), "butler")
    with pytest.raises(ProfileError, match="it reads one session, the event has 2"):
        usebio.dumps(event, dialect=dialect)


@pytest.mark.parametrize("dialect", ["cobalt", "ukbridge"])
def test_a_board_without_lines_is_left_out(dialect: str) -> None:
    """A board with no traveller line (a PBN game with a deal and no result)
    crashes both readers: it is left out of the file written for them."""
    event = pbnscore.score(usebio.loads(case_document(empty_board=True)), "butler")
    out = usebio.dumps(event, dialect=dialect)
    numbers = [b.findtext("BOARD_NUMBER") for b in etree.fromstring(out).iterfind("EVENT/BOARD")]
    assert numbers == ["1", "3"]
    if dialect == "cobalt":
        assert cobalt_problems(out) == []
    else:
        assert ukbridge_problems(out, "pairs") == []


def test_cobalt_refuses_an_event_of_one_board() -> None:
    """xmltodict reads one BOARD as no list, on which Cobalt's board pages
    crash: refused, saying so."""
    event = pbnscore.score(usebio.loads(case_document(boards=1)), "butler")
    with pytest.raises(
        ProfileError, match="needs two boards with results or more, the event has 1"
    ):
        usebio.dumps(event, dialect="cobalt")


@pytest.mark.parametrize("dialect", ["cobalt", "ukbridge"])
def test_a_pair_that_did_not_play_is_left_out(dialect: str) -> None:
    """A pair that played no board has no PLACE or TOTAL_SCORE, which Cobalt
    reads of every pair (KeyError) and the converter shows as a session
    score without IMPs: it is left out of the file written for them."""
    header = "<EVENT_DESCRIPTION>Club night</EVENT_DESCRIPTION><DATE>01/02/2025</DATE>"
    player = "<PLAYER><PLAYER_NAME>A</PLAYER_NAME><NATIONAL_ID_NUMBER/></PLAYER>"
    document = mitchell(
        (420, 450, -100), (-50, 140, 110), pairs=4, header=header, pair_extra=player * 2
    )
    event = pbnscore.score(usebio.loads(document), "butler")
    assert sum(1 for s in event.standings if s.rank is None) == 2
    out = usebio.dumps(event, dialect=dialect)
    pairs = etree.fromstring(out).findall(".//PARTICIPANTS/PAIR")
    assert len(pairs) == 6 and all(p.find("PLACE") is not None for p in pairs)
    if dialect == "cobalt":
        assert cobalt_problems(out) == []
    else:
        assert ukbridge_problems(out, "pairs") == []
