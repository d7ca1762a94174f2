"""Stand-ins for the two real USEBIO readers, written from
``../shared/reference/USEBIO-consumers.md`` (their code stays out of the
project: its licences do not fit). Each function lists every rule of its
reader that a document breaks, one line each; an empty list means the
reader takes it. They check the document only, knowing nothing of pbnscore.
"""

from __future__ import annotations

import datetime as dt
import re

from lxml import etree

Element = etree._Element

OLD_PAIRS_TYPES = {"MP_PAIRS", "CROSS_IMP", "BUTLER_PAIRS"}
IMP_POINTS = (
    "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS",
)  # fmt: skip
WHOLE_RE = re.compile(r"[+-]?\d+")
ADJUSTED_RE = re.compile(r"A\d\d\d\d")
NUMBER_RE = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def _text(element: Element, tag: str) -> str | None:
    found = element.find(tag)
    return None if found is None else (found.text or "").strip()


def _board(line: Element) -> str:
    board = line.getparent()
    return (board.findtext("BOARD_NUMBER") or "?") if board is not None else "?"


def _utf8_declared(data: bytes) -> list[str]:
    head = data[:100].lower()
    if not head.startswith(b"<?xml") or b"utf-8" not in head.split(b"?>")[0]:
        return ["no XML declaration saying UTF-8"]
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return ["not UTF-8"]
    return []


def cobalt_problems(data: bytes) -> list[str]:
    """ABF Cobalt's importer on a pairs event (xmltodict, force_list only
    for TRAVELLER_LINE)."""
    problems: list[str] = []
    root = etree.fromstring(data)
    event = root.find("EVENT")
    assert event is not None, "no EVENT"
    event_type = event.get("EVENT_TYPE")
    if event_type not in OLD_PAIRS_TYPES:
        problems.append(f"EVENT_TYPE {event_type!r} is not MP_PAIRS, CROSS_IMP or BUTLER_PAIRS")
    if event.find("EVENT_DESCRIPTION") is None:
        problems.append("no EVENT_DESCRIPTION")
    date = _text(event, "DATE")
    if date is None or not re.fullmatch(r"\d\d[/-]\d\d[/-]\d{4}", date):
        problems.append(f"DATE {date!r} is not dd/mm/yyyy")
    else:
        try:
            dt.datetime.strptime(date.replace("-", "/"), "%d/%m/%Y")
        except ValueError:
            problems.append(f"DATE {date!r} is no date")
    if event.find(".//SESSION") is not None or event.find(".//SECTION") is not None:
        problems.append("not the flat layout (a SESSION or SECTION)")
    if event.find(".//MATCH") is not None:
        problems.append("a MATCH: not a pairs event")
    winner = _text(event, "WINNER_TYPE")
    if winner is not None and winner not in ("1", "2"):
        problems.append(f"WINNER_TYPE {winner!r} is not 1 or 2")
    imp_event = event_type in ("CROSS_IMP", "BUTLER_PAIRS")
    if len(event.findall("PARTICIPANTS")) != 1:
        problems.append("not exactly one EVENT/PARTICIPANTS")
    pairs = event.findall("PARTICIPANTS/PAIR")
    if len(pairs) < 2:
        problems.append(f"{len(pairs)} PAIRs, fewer than two")
    numbers = set()
    for pair in pairs:
        number = _text(pair, "PAIR_NUMBER")
        if not number:
            problems.append("a PAIR without a PAIR_NUMBER")
            continue
        if number in numbers:
            problems.append(f"PAIR_NUMBER {number} twice: it keys names by PAIR_NUMBER alone")
        numbers.add(number)
        place = _text(pair, "PLACE")
        if place is None or not WHOLE_RE.fullmatch(place):
            problems.append(f"pair {number}: PLACE {place!r} is not an integer")
        players = pair.findall("PLAYER")
        if len(players) < 2:
            problems.append(f"pair {number}: {len(players)} PLAYERs, fewer than two")
        for player in players:
            for tag in ("PLAYER_NAME", "NATIONAL_ID_NUMBER"):
                if player.find(tag) is None:
                    problems.append(f"pair {number}: a PLAYER without {tag}")
            if player.find("PLAYER_NAME") is not None and not _text(player, "PLAYER_NAME"):
                # xmltodict reads it as None: .title() crashes (results/views/usebio.py:64)
                problems.append(f"pair {number}: a PLAYER with an empty PLAYER_NAME")
        if imp_event:
            total = _text(pair, "TOTAL_SCORE")
            if total is None or not NUMBER_RE.fullmatch(total):
                problems.append(f"pair {number}: TOTAL_SCORE {total!r} is not a number")
        elif event_type == "MP_PAIRS":
            percentage = _text(pair, "PERCENTAGE")
            if percentage is None or not NUMBER_RE.fullmatch(percentage):
                problems.append(f"pair {number}: PERCENTAGE {percentage!r} is not a number")
    if event_type == "MP_PAIRS" and winner is None:
        problems.append("a matchpoint event without WINNER_TYPE")
    for awarded in root.iter("MASTER_POINTS_AWARDED"):
        if not WHOLE_RE.fullmatch((awarded.text or "").strip()):
            problems.append(f"MASTER_POINTS_AWARDED {awarded.text!r} is not an integer")
    boards = event.findall("BOARD")
    if len(boards) < 2:
        # xmltodict reads one BOARD as no list: its pages iterate the tags
        problems.append(f"{len(boards)} BOARDs, fewer than two")
    for board_el in boards:
        if board_el.find("TRAVELLER_LINE") is None:
            # force_list gives no list for none at all: results_views.py:871
            problems.append(f"board {board_el.findtext('BOARD_NUMBER')}: no TRAVELLER_LINE")
    for line in event.iterfind("BOARD/TRAVELLER_LINE"):
        board = _board(line)
        for tag in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
            if _text(line, tag) not in numbers:
                problems.append(f"board {board}: {tag} {_text(line, tag)!r} is no PAIR_NUMBER")
        score = _text(line, "SCORE") or ""
        adjusted = ADJUSTED_RE.fullmatch(score) is not None
        if not (WHOLE_RE.fullmatch(score) or adjusted):
            problems.append(f"board {board}: SCORE {score!r} is not an integer or A-code")
        if not adjusted:
            passed = (_text(line, "CONTRACT") or "").upper().startswith("P")
            needed = ("CONTRACT", "PLAYED_BY", "TRICKS") + (() if passed else ("LEAD",))
            for tag in needed:
                if line.find(tag) is None:
                    problems.append(f"board {board}: a line without {tag}")
        for tag in IMP_POINTS:
            value = _text(line, tag)
            if value is not None and not NUMBER_RE.fullmatch(value):
                problems.append(f"board {board}: {tag} {value!r} is empty or not a number")
    return problems + _utf8_declared(data)


# The converter reads a child as a list only when it occurs twice or more.
REPEATED = (
    ("BOARD", "TRAVELLER_LINE"),
    ("PARTICIPANTS", "PAIR"),
    ("PARTICIPANTS", "TEAM"),
    ("PARTICIPANTS", "PLAYER"),
    ("TEAM", "PAIR"),
    ("PAIR", "PLAYER"),
    ("SESSION", "MATCH"),
    ("EVENT", "BOARD"),
    ("SECTION", "BOARD"),
    ("MATCH", "BOARD"),
)


def ukbridge_kind(event_type: str | None) -> str:
    """What the converter takes an EVENT_TYPE for."""
    if event_type in ("PAIRS", "MP_PAIRS"):
        return "pairs"
    return "individual" if event_type == "INDIVIDUAL" else "teams"


def ukbridge_problems(data: bytes, kind: str) -> list[str]:
    """The ukbridge-club-website results converter (xml2js, explicitArray
    false) on an event of ``kind`` ("pairs", "teams", "individual"), where
    it should show the scored figures."""
    problems: list[str] = []
    root = etree.fromstring(data)
    event = root.find("EVENT")
    assert event is not None, "no EVENT"
    event_type = event.get("EVENT_TYPE")
    if ukbridge_kind(event_type) != kind:
        problems.append(f"EVENT_TYPE {event_type!r} reads as {ukbridge_kind(event_type)}")
    for parent_tag, tag in REPEATED:
        for parent in root.iter(parent_tag):
            if sum(1 for _ in parent.iterchildren(tag)) == 1:
                problems.append(f"a {parent_tag} with one {tag}")
    for board in event.iter("BOARD"):
        if board.find("TRAVELLER_LINE") is None:
            # its traveller and scorecard pages map the lines (undefined)
            problems.append(f"board {board.findtext('BOARD_NUMBER')}: no TRAVELLER_LINE")
    if event.find("SECTION") is not None:
        problems.append("SECTION straight under EVENT (no SESSION)")
    if len(event.findall("SESSION")) > 1:
        # event.SESSION is then a list: its contestants page throws on it
        problems.append("several SESSIONs (it reads one)")
    if kind == "pairs" and not _pairs_layout(event):
        problems.append("pairs not flat nor EVENT/SESSION/SECTION")
    if kind == "teams":
        if event.find("SESSION/PARTICIPANTS/TEAM/PAIR") is None:
            problems.append("teams without SESSION/PARTICIPANTS/TEAM/PAIR")
        if event.find("SESSION/MATCH/BOARD") is None:
            problems.append("teams without SESSION/MATCH/BOARD")
    method = _text(event, "BOARD_SCORING_METHOD") or event_type
    # Every line, played or not, shows its points as numbers: Number(undefined)
    # is NaN on its traveller and scorecards (travellers/utils.ts).
    if kind == "individual":
        # Whatever the method, an individual's lines and players are read as
        # matchpoints and a percentage (mapToIndividualLine, handleIndividualEvent).
        problems += _nan_points(root, ("NS_MATCH_POINTS", "EW_MATCH_POINTS"))
        for player in event.iterfind("PARTICIPANTS/PLAYER"):
            if not NUMBER_RE.fullmatch(_text(player, "PERCENTAGE") or ""):
                problems.append(f"player {_text(player, 'PLAYER_NUMBER')}: no PERCENTAGE")
    elif kind == "pairs" and method not in ("MATCH_POINTS", "MP_PAIRS"):
        # IMPs: read from the cross-IMP elements only.
        problems += _nan_points(root, ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"))
        # Its session scores show each pair's TOTAL_SCORE as its IMPs.
        for pair in root.iterfind(".//PARTICIPANTS/PAIR"):
            if not NUMBER_RE.fullmatch(_text(pair, "TOTAL_SCORE") or ""):
                problems.append(f"pair {_text(pair, 'PAIR_NUMBER')}: no TOTAL_SCORE (IMPs)")
        # Its IMP scorecards look at the event's own PARTICIPANTS only
        # (scorecards-generator.ts): a SESSION/SECTION file has none.
        participants = root.find("EVENT/PARTICIPANTS")
        if participants is None or participants.get("EVENT_TYPE") != "CROSS_IMP":
            problems.append("IMP event without EVENT/PARTICIPANTS EVENT_TYPE=CROSS_IMP")
    return problems + _utf8_declared(data)


def _nan_points(root: Element, tags: tuple[str, str]) -> list[str]:
    return [
        f"board {_board(line)}: {tag} {_text(line, tag)!r} (shown as NaN)"
        for line in root.iter("TRAVELLER_LINE")
        for tag in tags
        if not NUMBER_RE.fullmatch(_text(line, tag) or "")
    ]


def _pairs_layout(event: Element) -> bool:
    flat = event.find("PARTICIPANTS") is not None and event.find("BOARD") is not None
    nested = event.find("SESSION/SECTION/PARTICIPANTS") is not None
    return flat or nested


# -- where the stand-ins differed from the real readers ------------------------------
#
# Each case is a small document and what the real reader made of it, measured
# with ../shared/tools/usebio-readers/run.sh (the readers' own code, pinned):
# "ACCEPTED", or the reader's reason. The stand-in must find a problem exactly
# where the real reader did not accept the file (tests/test_usebio_readers.py).


def _pair(number: str, name: str, score: str, place: str) -> str:
    players = "".join(
        f"<PLAYER><PLAYER_NAME>{who}</PLAYER_NAME><NATIONAL_ID_NUMBER></NATIONAL_ID_NUMBER></PLAYER>"
        for who in (name, name)
    )
    return (
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><TOTAL_SCORE>{score}</TOTAL_SCORE>"
        f"<PERCENTAGE>50</PERCENTAGE><PLACE>{place}</PLACE>{players}</PAIR>"
    )


def _board_xml(number: int, *, unplayed: bool = False, points: str = "CROSS_IMP_POINTS") -> str:
    lines = [
        ("1", "2", "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HA</LEAD>"
         "<TRICKS>10</TRICKS><SCORE>420</SCORE>", "5", "-5"),
        ("3", "4", "<CONTRACT>3S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HA</LEAD>"
         "<TRICKS>9</TRICKS><SCORE>140</SCORE>", "-5", "5"),
        ("1", "4", "<CONTRACT>3S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HA</LEAD>"
         "<TRICKS>9</TRICKS><SCORE>140</SCORE>", "0", "0"),
    ]  # fmt: skip
    out = ""
    for index, (ns, ew, body, ns_points, ew_points) in enumerate(lines):
        if index == 2 and not unplayed:
            break
        if index == 2:  # not played: no score, no points
            body, tail = "<SCORE>NP</SCORE>", ""
        else:
            tail = f"<NS_{points}>{ns_points}</NS_{points}><EW_{points}>{ew_points}</EW_{points}>"
        out += (
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
            f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>{body}{tail}</TRAVELLER_LINE>"
        )
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{out}</BOARD>"


def case_document(
    *,
    layout: str = "flat",
    event_type: str = "PAIRS",
    scoring: str | None = "CROSS_IMPS",
    names: tuple[str, str] = ("Ann", "Bob"),
    unplayed: bool = False,
    boards: int = 2,
    empty_board: bool = False,
    no_total: bool = False,
) -> bytes:
    """A four-pair IMP pairs event of one or two boards (and a board
    without lines) in ``layout`` ("flat", "session-section", "two-sessions")."""
    pairs = "".join(
        _pair(str(n), names[n % 2], score, str(n))
        for n, score in enumerate(("10", "-10", "5", "-5"), start=1)
    )
    if no_total:  # the last pair's, as for a pair that played no board
        pairs = pairs.replace("<TOTAL_SCORE>-5</TOTAL_SCORE>", "")
    body = f'<PARTICIPANTS EVENT_TYPE="CROSS_IMP">{pairs}</PARTICIPANTS>'
    body += _board_xml(1, unplayed=unplayed) + (
        _board_xml(3) if boards == 2 else ""
    )  # NS not vulnerable
    if empty_board:
        body += "<BOARD><BOARD_NUMBER>5</BOARD_NUMBER></BOARD>"
    if layout != "flat":
        session = f'<SECTION SECTION_ID="A">{body}</SECTION>'
        count = 2 if layout == "two-sessions" else 1
        sessions = range(1, count + 1)
        body = "".join(f'<SESSION SESSION_ID="{n}">{session}</SESSION>' for n in sessions)
    method = f"<BOARD_SCORING_METHOD>{scoring}</BOARD_SCORING_METHOD>" if scoring else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?><USEBIO Version="1.2">'
        f'<EVENT EVENT_TYPE="{event_type}">{method}<EVENT_DESCRIPTION>Case</EVENT_DESCRIPTION>'
        f"<DATE>01/02/2025</DATE>{body}</EVENT></USEBIO>"
    ).encode()


def individual_case(*, matchpoints: bool) -> bytes:
    """A four-player individual, two boards of two lines, scored with IMPs
    (cross-IMP points, no percentage) or with matchpoints."""
    players = "".join(
        f"<PLAYER><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>P{n}</PLAYER_NAME>"
        + ("<PERCENTAGE>50</PERCENTAGE>" if matchpoints else "<TOTAL_SCORE>0</TOTAL_SCORE>")
        + f"<PLACE>{n}</PLACE></PLAYER>"
        for n in range(1, 5)
    )
    points = "MATCH_POINTS" if matchpoints else "CROSS_IMP_POINTS"
    lines = "".join(
        f"<TRAVELLER_LINE><N_PLAYER_NUMBER>{a}</N_PLAYER_NUMBER><S_PLAYER_NUMBER>{b}</S_PLAYER_NUMBER>"
        f"<E_PLAYER_NUMBER>{c}</E_PLAYER_NUMBER><W_PLAYER_NUMBER>{d}</W_PLAYER_NUMBER>"
        f"<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>"
        f"<NS_{points}>1</NS_{points}><EW_{points}>1</EW_{points}></TRAVELLER_LINE>"
        for a, b, c, d in ((1, 2, 3, 4), (3, 4, 1, 2))
    )
    boards = "".join(f"<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER>{lines}</BOARD>" for n in (1, 3))
    return (
        '<?xml version="1.0" encoding="UTF-8"?><USEBIO Version="1.2">'
        '<EVENT EVENT_TYPE="INDIVIDUAL">'
        f"<DATE>01/02/2025</DATE><PARTICIPANTS>{players}</PARTICIPANTS>{boards}</EVENT></USEBIO>"
    ).encode()


# (id, reader, document, what run.sh printed, whether the stand-in must object).
# A DEGRADED for a missing HANDSET ("no details available for this board") is
# the file lacking deals, which the stand-ins do not judge.
REAL_READER_CASES: tuple[tuple[str, str, bytes, str, bool], ...] = (
    (
        "cobalt-named-players",
        "cobalt",
        case_document(event_type="CROSS_IMP", scoring=None),
        "DEGRADED: 2x board pages: Sorry, we don't have any details available for this board.",
        False,
    ),
    (
        "cobalt-unnamed-players",
        "cobalt",
        case_document(event_type="CROSS_IMP", scoring=None, names=("", "")),
        "REJECTED: AttributeError: 'NoneType' object has no attribute 'title'"
        " at results/views/usebio.py:64",
        True,
    ),
    (
        "cobalt-one-board",
        "cobalt",
        case_document(event_type="CROSS_IMP", scoring=None, boards=1),
        "REJECTED: AttributeError: 'str' object has no attribute 'get'"
        " at results/views/results_views.py:870",
        True,
    ),
    (
        "cobalt-board-without-lines",
        "cobalt",
        case_document(event_type="CROSS_IMP", scoring=None, empty_board=True),
        "REJECTED: TypeError: 'NoneType' object is not iterable"
        " at results/views/results_views.py:871",
        True,
    ),
    ("ukbridge-flat-imps", "ukbridge", case_document(), "ACCEPTED", False),
    (
        "ukbridge-pair-without-total",
        "ukbridge",
        case_document(no_total=True),
        "DEGRADED: session-scores: 1/4 lines without imps",
        True,
    ),
    (
        "ukbridge-board-without-lines",
        "ukbridge",
        case_document(empty_board=True),
        "REJECTED: travellers generator threw TypeError: Cannot read properties of"
        " undefined (reading 'map')",
        True,
    ),
    (
        "ukbridge-session-section-imps",
        "ukbridge",
        case_document(layout="session-section"),
        "DEGRADED: scorecard type PAIR_MP (file is PAIR_IMP)",
        True,
    ),
    (
        "ukbridge-two-sessions",
        "ukbridge",
        case_document(layout="two-sessions"),
        "REJECTED: contestants generator threw TypeError: Cannot read properties of"
        " undefined (reading 'PARTICIPANTS')",
        True,
    ),
    (
        "ukbridge-unplayed-line",
        "ukbridge",
        case_document(unplayed=True),
        "DEGRADED: travellers: 1/5 lines NaN in nsCrossImps/ewCrossImps",
        True,
    ),
    (
        "ukbridge-individual-imps",
        "ukbridge",
        individual_case(matchpoints=False),
        "DEGRADED: travellers: 4/4 lines NaN in nsMatchPoints/ewMatchPoints;"
        " session-scores: 4/4 lines without percentage",
        True,
    ),
    (
        "ukbridge-individual-matchpoints",
        "ukbridge",
        individual_case(matchpoints=True),
        "ACCEPTED",
        False,
    ),
)
