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
    if event.find("SECTION") is not None:
        problems.append("SECTION straight under EVENT (no SESSION)")
    if kind == "pairs" and not _pairs_layout(event):
        problems.append("pairs not flat nor EVENT/SESSION/SECTION")
    if kind == "teams":
        if event.find("SESSION/PARTICIPANTS/TEAM/PAIR") is None:
            problems.append("teams without SESSION/PARTICIPANTS/TEAM/PAIR")
        if event.find("SESSION/MATCH/BOARD") is None:
            problems.append("teams without SESSION/MATCH/BOARD")
    method = _text(event, "BOARD_SCORING_METHOD") or event_type
    if kind != "teams" and method not in ("MATCH_POINTS", "MP_PAIRS"):
        # IMPs: read from the cross-IMP elements only.
        for line in root.iter("TRAVELLER_LINE"):
            score = _text(line, "SCORE") or ""
            if (_text(line, "CONTRACT") or "").upper() == "NP" or not (
                WHOLE_RE.fullmatch(score) or ADJUSTED_RE.fullmatch(score)
            ):
                continue  # not played (its helpers read NP so): nothing to show
            for tag in ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"):
                value = _text(line, tag)
                if value is None or not NUMBER_RE.fullmatch(value):
                    problems.append(f"board {_board(line)}: {tag} {value!r} (shown as NaN)")
        if kind == "pairs":
            participants = root.find("EVENT/PARTICIPANTS")
            if participants is not None and participants.get("EVENT_TYPE") != "CROSS_IMP":
                problems.append("IMP event without PARTICIPANTS EVENT_TYPE=CROSS_IMP")
    return problems + _utf8_declared(data)


def _pairs_layout(event: Element) -> bool:
    flat = event.find("PARTICIPANTS") is not None and event.find("BOARD") is not None
    nested = event.find("SESSION/SECTION/PARTICIPANTS") is not None
    return flat or nested
