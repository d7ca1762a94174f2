"""One table's result, from a ScoreTable row or from a game's own tags.

Both paths fill an :class:`Entry` with the texts the file gives; :func:`to_result`
turns it into a :class:`~pbnscore.model.Result` (:func:`to_play`: what was
played, less who sat where), computing the score from the
contract (Law 77) where the file gives none. A file's score is kept where
it disagrees with its contract; ``pbnscore.validate`` reports that.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple, Protocol, cast

from pbnscore.bridge import (
    RELATIVE_TRICKS_RE,
    ContractError,
    ns_score,
    parse_contract,
    parse_seat,
    passed_out_with_a_score,
    relative_tricks,
)
from pbnscore.errors import excerpt
from pbnscore.model import (
    Adjusted,
    AdjustedKind,
    Assigned,
    Contract,
    Direction,
    Outcome,
    Play,
    Result,
    Seat,
    Vulnerability,
)


class Report(Protocol):
    """Where problems go (raised or collected); severity "error" or "warning"."""

    def __call__(self, message: str, line: int | None, severity: str = "error") -> None: ...


class Noting:
    """A report that notes whether anything was reported through it: what
    read without a problem may be kept for the rows that spell it alike (a
    problem is reported at every row that has it)."""

    __slots__ = ("called", "report")

    def __init__(self, report: Report) -> None:
        self.report = report
        self.called = False

    def __call__(self, message: str, line: int | None, severity: str = "error") -> None:
        self.called = True
        self.report(message, line, severity)


# Table elements and tag values that mean "nothing here" (§3.4: "?" unknown,
# "" not applicable; §5.2: "-" irrelevant).
EMPTY = frozenset(("", "-", "?"))


class Entry(NamedTuple):
    """What the file says about one table's result, as written."""

    line: int
    ns: str | None = None
    ew: str | None = None
    contract: str | None = None
    declarer: str | None = None
    tricks: str | None = None
    score: int | None = None  # the NS score the file gives
    adjusted: Adjusted | None = None
    lead: str | None = None
    table: str | None = None
    room: str | None = None  # a teams game's Room tag (Open, Closed)

    def seated(
        self, ns: str | None, ew: str | None, table: str | None, room: str | None = None
    ) -> Entry:
        """This entry with its pairs, table and room (``_replace`` is slower)."""
        return Entry(
            self.line, ns, ew, self.contract, self.declarer, self.tricks, self.score,
            self.adjusted, self.lead, table, room,
        )  # fmt: skip


# -- artificial scores (§5.2 "^"; Law 12C2 averages as scoring programs write them)

ARTIFICIAL_RE = re.compile(
    r"""\^?(?:
        (?P<average>AVE?|AVG|A)(?P<sign>[+-]?)       # A+, AVE-, AV+, A (Magic Contest, ACBLLive)
      | A(?P<ns>\d\d)(?P<ew>\d\d)?                   # A6040, A60 (USEBIO-style codes)
      | (?P<percent>\d{1,3}(?:\.\d+)?)%              # 60%
    )""",
    re.X | re.I,
)
CARET_NUMBER_RE = re.compile(r"\^(\d{1,3}(?:\.\d+)?)")
# At most nine digits, as the readers take every number: a longer "score"
# is none, and int() refuses text of over 4300 digits.
NUMBER_RE = re.compile(r"[+-]?\d{1,9}")
TRICKS_RE = re.compile(r"\d{1,9}")

_SIGNED_KIND = {
    "": AdjustedKind.AVERAGE,
    "+": AdjustedKind.AVERAGE_PLUS,
    "-": AdjustedKind.AVERAGE_MINUS,
}
_OPPOSITE = {
    AdjustedKind.AVERAGE: AdjustedKind.AVERAGE,
    AdjustedKind.AVERAGE_PLUS: AdjustedKind.AVERAGE_MINUS,
    AdjustedKind.AVERAGE_MINUS: AdjustedKind.AVERAGE_PLUS,
}


class Artificial(NamedTuple):
    """One side's artificial score as written: its kind and percentage."""

    code: str
    kind: AdjustedKind
    percent: int | None = None
    other_percent: int | None = None  # A6040 gives both sides


def artificial(text: str) -> Artificial | None:
    """The artificial score ``text`` stands for, or None if it is not one.
    A "^" before a number marks an artificial score (§5.2): a percentage."""
    match = ARTIFICIAL_RE.fullmatch(text)
    if match is not None:
        if match["average"]:
            return Artificial(text, _SIGNED_KIND[match["sign"]])
        if match["ns"]:
            percent = int(match["ns"])
            other = int(match["ew"]) if match["ew"] else 100 - percent
            return Artificial(text, AdjustedKind.from_percent(percent), percent, other)
        percent = round(float(match["percent"]))
        return Artificial(text, AdjustedKind.from_percent(percent), percent)
    match = CARET_NUMBER_RE.fullmatch(text)
    if match is not None and float(match[1]) <= 100:
        percent = round(float(match[1]))
        return Artificial(text, AdjustedKind.from_percent(percent), percent)
    return None


def adjustment(ns: Artificial | None, ew: Artificial | None) -> Adjusted:
    """The adjustment for a row whose NS and/or EW score is artificial; a side
    the file leaves blank gets the other side's complement."""
    if ns is None and ew is None:
        raise ValueError("an adjustment needs at least one artificial score")
    if ns is None:
        assert ew is not None
        ns = Artificial("", _OPPOSITE[ew.kind], ew.other_percent or _complement(ew.percent))
    if ew is None:
        ew = Artificial("", _OPPOSITE[ns.kind], ns.other_percent or _complement(ns.percent))
    code = "/".join(c for c in (ns.code, ew.code) if c)
    return Adjusted(code, ns.kind, ew.kind, ns.percent, ew.percent)


def _complement(percent: int | None) -> int | None:
    return None if percent is None else 100 - percent


# -- the score columns of a ScoreTable (three conventions, see _read_write_tables) --------


# Score_NS and Score_EW cells that read without a problem, by their texts:
# a ScoreTable repeats a few of them over all its rows.
_SCORES: dict[tuple[str | None, str | None], tuple[int | None, Adjusted | None]] = {}


def table_score(
    ns_text: str | None, ew_text: str | None, line: int, report: Report
) -> tuple[int | None, Adjusted | None]:
    """(NS score, adjustment) from Score_NS and Score_EW cells: one signed NS
    column; or both, the side that did not score written "-"; or neither."""
    key = (ns_text, ew_text)
    known = _SCORES.get(key)
    if known is not None:
        return known
    noting = Noting(report)
    found = _table_score(ns_text, ew_text, line, noting)
    if not noting.called and len(_SCORES) < _PARSED_KEPT:
        _SCORES[key] = found
    return found


def _table_score(
    ns_text: str | None, ew_text: str | None, line: int, report: Report
) -> tuple[int | None, Adjusted | None]:
    ns_cell = _score_cell(ns_text, "Score_NS", line, report)
    ew_cell = _score_cell(ew_text, "Score_EW", line, report)
    if isinstance(ns_cell, Artificial) or isinstance(ew_cell, Artificial):
        return None, adjustment(
            ns_cell if isinstance(ns_cell, Artificial) else None,
            ew_cell if isinstance(ew_cell, Artificial) else None,
        )
    if ns_cell is None:
        return (None if ew_cell is None else -ew_cell), None
    if ew_cell is not None and ew_cell != -ns_cell and (ns_cell, ew_cell) != (0, 0):
        # Each side its own score: a split assigned score (Law 12C1; the
        # scores of a ScoreTable "need not be complementary").
        report(
            f"Score_NS {ns_cell} and Score_EW {ew_cell} differ: read as a split score, "
            "each side scored by its own",
            line,
            "warning",
        )
        parts = Assigned(((Fraction(1), ns_cell),), ((Fraction(1), -ew_cell),))
        return None, Adjusted.of_parts(parts)
    return ns_cell, None


def _score_cell(
    text: str | None, column: str, line: int, report: Report
) -> int | Artificial | None:
    if text is None or text in EMPTY:
        return None
    if NUMBER_RE.fullmatch(text):
        return int(text)
    special = artificial(text)
    if special is None:
        hint = "an artificial score is an average (A+, AVE-) or a percentage (^60)"
        report(f"{column} {excerpt(text)} is not a score; {hint}", line, "error")
    return special


def percentages(ns_text: str | None, ew_text: str | None) -> tuple[int | None, int | None]:
    """Percentage_NS/EW cells as whole percentages, for an adjusted row."""
    return _percent(ns_text), _percent(ew_text)


def _percent(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return round(float(text.lstrip("^")))
    except (ValueError, OverflowError):  # "nan"; "inf" or 400 digits (float() is inf)
        return None


# -- contract, declarer, tricks ---------------------------------------------------


class _Parsed(NamedTuple):
    contract: Contract | None
    passed_out: bool
    declarer: Seat | None
    tricks: int | None
    faulty: bool  # a problem was reported already


def _contract(text: str | None, line: int, report: Report) -> tuple[Contract | None, bool]:
    """(contract, passed out); (None, False) when there is none."""
    if text is None or text in EMPTY:
        return None, False
    try:
        contract = parse_contract(text)
    except ContractError:
        report(f"contract {excerpt(text)} does not parse", line, "error")
        return None, False
    return contract, contract is None


def _declarer(text: str | None, line: int, report: Report) -> Seat | None:
    if text is None or text in EMPTY:
        return None
    try:
        # "^S": declarer and dummy swapped (§3.4.13), still South's contract
        return parse_seat(text.lstrip("^"))
    except ValueError:
        report(f"declarer {excerpt(text)} is not N, E, S or W", line, "error")
        return None


def _tricks(text: str | None, contract: Contract | None, line: int, report: Report) -> int | None:
    if text is None or text in EMPTY:
        return None
    # "^10": the players agreed a wrong number of tricks (§3.4.15); it stands.
    bare = text.lstrip("^")
    if TRICKS_RE.fullmatch(bare):  # not isdigit(): "²" is a digit int() refuses
        tricks = int(bare)
    elif RELATIVE_TRICKS_RE.fullmatch(bare) and contract is not None:
        tricks = relative_tricks(contract, bare)
    else:
        report(f"result {excerpt(text)} is not a number of tricks", line, "error")
        return None
    if not 0 <= tricks <= 13:
        report(f"impossible trick count {excerpt(text)}", line, "error")
        return None
    return tricks


# The contract, declarer and tricks cells parsed, where they parse without a
# problem: a ScoreTable repeats a few of these over all its rows.
_PARSED: dict[tuple[str | None, str | None, str | None], _Parsed] = {}
_PARSED_KEPT = 4096


def _parse(entry: Entry, report: Report) -> _Parsed:
    key = (entry.contract, entry.declarer, entry.tricks)
    known = _PARSED.get(key)
    if known is not None:
        return known
    noting = Noting(report)
    contract, passed_out = _contract(entry.contract, entry.line, noting)
    declarer = _declarer(entry.declarer, entry.line, noting)
    tricks = _tricks(entry.tricks, contract, entry.line, noting)
    parsed = _Parsed(contract, passed_out, declarer, tricks, noting.called)
    if not noting.called and len(_PARSED) < _PARSED_KEPT:
        _PARSED[key] = parsed  # a problem is reported at every row that has it
    return parsed


# -- Entry -> Result --------------------------------------------------------------

_UNKNOWN = object()


def kept_play(
    cells: tuple[str | None, str | None, str | None, str | None, str | None],
    percents: tuple[str | None, ...],
    lead: str | None,
    vulnerability: Vulnerability,
) -> Play | None:
    """The play of a ScoreTable row's Contract, Declarer, Result, Score_NS
    and Score_EW ``cells`` (and its Percentage cells, ``percents``) where
    what :func:`to_play` would read of them is kept from an earlier row
    (``_PARSED``, ``_SCORES``, ``_COMPUTED``: cells that read without a
    problem) and the row is a contract played and scored: the play
    :func:`to_play` gives, made without its calls. None otherwise (nothing
    kept, a contract passed out, an artificial score, or no score): then
    the row is read by :func:`to_play`."""
    contract, declarer, tricks, score_ns, score_ew = cells
    parsed = _PARSED.get((contract, declarer, tricks))
    scored = _SCORES.get((score_ns, score_ew))
    if parsed is None or scored is None or parsed.passed_out or scored[1] is not None:
        return None
    score = scored[0]
    if score is None:
        if any(percents):  # "^60": an artificial score (row_entry)
            return None
        computed = _COMPUTED.get((contract, declarer, tricks, vulnerability), _UNKNOWN)
        if computed is None or computed is _UNKNOWN:
            return None
        score = cast("int", computed)
    return Play._make(
        (
            Outcome.PLAYED,
            score,
            parsed.contract,
            None if contract in EMPTY else contract,
            parsed.declarer,
            None if lead in EMPTY else lead,
            parsed.tricks,
            None,
        )
    )


# -- a row played as most are, at once --------------------------------------------

# Declarers and trick counts as rows write them most (a seat letter, 0..13):
# what _declarer and _tricks read of them, by a dict look-up.
_PLAIN_SEATS: dict[str | None, Seat] = {
    spelling: seat for seat in Seat for spelling in (seat.value, seat.value.lower())
}
_PLAIN_TRICKS: dict[str | None, int] = {str(count): count for count in range(14)}
# The contract bid each Contract text spells (None: a pass-out's, or no
# contract that parses; those rows are read by to_play), and the NS score
# (ns_score) of a contract text by its declarer's text, the tricks and the
# vulnerability's id (an enum's hash is a Python call).
_BIDS: dict[str, Contract | None] = {}
_NS_SCORES: dict[tuple[str, str, int, int], int] = {}
# _plain_scores of a row's Score_NS and Score_EW texts.
_PLAIN_SCORES: dict[tuple[str | None, str | None], object] = {}
_ODD = object()
# Members as module names: an Enum class's attribute costs a Python-level
# __getattr__ hook (EnumType's) on each look-up, a module name does not.
_PLAYED = Outcome.PLAYED


def quick_play(
    cells: tuple[str | None, str | None, str | None, str | None, str | None],
    percents: tuple[str | None, str | None],
    lead: str | None,
    vulnerability: Vulnerability,
) -> Play | None:
    """The play :func:`to_play` makes of a ScoreTable row's Contract,
    Declarer, Result, Score_NS and Score_EW ``cells`` (its Percentage cells
    ``percents``, its ``lead``) where the row is as most are: a contract bid
    (not passed out), a seat letter, 0..13 tricks as a plain number, and
    either a whole-number score on one side or both (NS's the negative of
    EW's), or no score and no percentage (then the contract's, Law 77).
    Made at once, without an Entry and the general path's steps (a file
    whose plays are all different makes one per row). None for any other
    row: :func:`to_play` reads it, and reports what it finds."""
    contract, declarer, result, score_ns, score_ew = cells
    seat = _PLAIN_SEATS.get(declarer)
    tricks = _PLAIN_TRICKS.get(result)
    if seat is None or tricks is None or contract is None:
        return None
    bid = _BIDS.get(contract, _ODD)
    if bid is _ODD:
        bid = _bid(contract)
    if bid is None:
        return None
    score = _PLAIN_SCORES.get((score_ns, score_ew), _UNKNOWN)
    if score is _UNKNOWN:
        score = _plain_scores(score_ns, score_ew)
    if score is _ODD:
        return None
    if score is None:
        if percents[0] or percents[1]:  # "^60": an artificial score (row_entry)
            return None
        key = (contract, cast("str", declarer), tricks, id(vulnerability))
        score = _NS_SCORES.get(key)
        if score is None:
            score = ns_score(cast("Contract", bid), seat, tricks, vulnerability)
            if len(_NS_SCORES) < _PARSED_KEPT:
                _NS_SCORES[key] = score
    return Play._make(
        (_PLAYED, score, bid, contract, seat, None if lead in EMPTY else lead, tricks, None)
    )


def _bid(text: str) -> Contract | None:
    """The contract bid ``text`` spells, kept; None where it spells none
    (a pass-out, no contract, a contract that does not parse)."""
    try:
        bid = None if text in EMPTY else parse_contract(text)
    except ContractError:
        bid = None
    if len(_BIDS) < _PARSED_KEPT:
        _BIDS[text] = bid
    return bid


def _plain_scores(score_ns: str | None, score_ew: str | None) -> object:
    """The NS score of a row's Score_NS and Score_EW cells where they are
    whole numbers on one side, or on both with NS's the negative of EW's;
    None where both are empty; _ODD for any other (an artificial score, a
    split score, a cell that is no score). Kept by the cells' texts."""
    ns, ew = _plain_score(score_ns), _plain_score(score_ew)
    if ns is _ODD or ew is _ODD:
        score: object = _ODD
    elif ns is None:
        score = None if ew is None else -cast("int", ew)
    elif ew is None or ew == -cast("int", ns):
        score = ns
    else:  # each side its own score: a split score (_table_score)
        score = _ODD
    if len(_PLAIN_SCORES) < _PARSED_KEPT:
        _PLAIN_SCORES[(score_ns, score_ew)] = score
    return score


def _plain_score(text: str | None) -> object:
    """A score cell's whole number; None where it is empty; _ODD for
    anything else (an artificial score, a cell that is no score)."""
    if text is None or text in EMPTY:
        return None
    return int(text) if NUMBER_RE.fullmatch(text) else _ODD


def to_result(
    entry: Entry,
    vulnerability: Vulnerability,
    report: Report,
    home_direction: Direction | None = None,
) -> Result:
    """The result ``entry`` describes; ``vulnerability`` (from the Vulnerable
    tag, else the board number) scores a contract the file gives no score for."""
    return Result(
        entry.ns, entry.ew, *to_play(entry, vulnerability, report), home_direction, entry.table,
        entry.line, room=None if entry.room in EMPTY else entry.room,
    )  # fmt: skip


def to_play(entry: Entry, vulnerability: Vulnerability, report: Report) -> Play:
    """What the table of ``entry`` played, as :func:`to_result` has it: a
    ScoreTable's rows make no Result each (see ``_read_score_table``)."""
    parsed = _parse(entry, report)
    if entry.adjusted is not None:
        return _play(entry, parsed, Outcome.ADJUSTED, adjusted=entry.adjusted)
    score = entry.score
    if parsed.passed_out:
        # The contract decides: a passed-out board scores 0 (Law 77: no
        # contract, no score), whatever else the row says, as the USEBIO
        # reader has it, so that one file scores the same in either format.
        if score:
            report(passed_out_with_a_score(score), entry.line, "warning")
        score = 0
    elif score is None:
        score = _computed(entry, parsed, vulnerability)
    # A score the file gives is the one scored. One that disagrees with its
    # contract is reported by pbnscore.validate, as for every format; a
    # report here as well gave `check` the same problem twice.
    if score is None:
        if parsed.contract is not None and not parsed.faulty:
            report(f"no result for contract {entry.contract!r}", entry.line, "warning")
        return _play(entry, parsed, Outcome.NOT_PLAYED)
    outcome = Outcome.PASSED_OUT if parsed.passed_out else Outcome.PLAYED
    return _play(entry, parsed, outcome, score=score)


def _play(
    entry: Entry,
    parsed: _Parsed,
    outcome: Outcome,
    *,
    score: int | None = None,
    adjusted: Adjusted | None = None,
) -> Play:
    # A passed-out board has no declarer or tricks: BridgeWebs' "PASS N -"
    # row names a seat as USEBIO producers write PLAYED_BY N, and neither
    # reader keeps it, so both formats give the same result.
    played = outcome is not Outcome.PASSED_OUT
    return Play(
        outcome,
        score,
        parsed.contract,
        None if entry.contract in EMPTY else entry.contract,
        parsed.declarer if played else None,
        None if entry.lead in EMPTY else entry.lead,
        parsed.tricks if played else None,
        adjusted,
    )


# The scores computed for a contract, declarer and result as spelt, at a
# vulnerability: a file that gives no scores plays each contract at many tables.
_COMPUTED: dict[tuple[str | None, str | None, str | None, Vulnerability], int | None] = {}


def _computed(entry: Entry, parsed: _Parsed, vulnerability: Vulnerability) -> int | None:
    """The NS score of ``parsed`` (``entry``'s contract, declarer and result)."""
    key = (entry.contract, entry.declarer, entry.tricks, vulnerability)
    if key in _COMPUTED:
        return _COMPUTED[key]
    if parsed.passed_out:
        score: int | None = 0
    elif parsed.contract is None or parsed.declarer is None or parsed.tricks is None:
        score = None
    else:
        score = ns_score(parsed.contract, parsed.declarer, parsed.tricks, vulnerability)
    if len(_COMPUTED) < _PARSED_KEPT:
        _COMPUTED[key] = score
    return score
