"""The ``pbnscore/1`` JSON document of a scored event (docs/reference/json.md).

Numbers are unrounded: an integral fraction is written as an integer, any
other as the nearest float. Strings are exactly as in the source. Keys come
in the schema's order, so the same scored event always gives the same
bytes.
"""

from __future__ import annotations

import datetime as _dt
import enum
import json
import math
from collections.abc import Mapping
from fractions import Fraction
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

from pbnscore._face import File, check_options, write_file
from pbnscore._kinds import TypedDict
from pbnscore.model import (
    BoardImps,
    Participant,
    ParticipantKind,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    ScoredResult,
    Standing,
    check_scored,
)
from pbnscore.report._shared import TeamRecord, source_name, team_pairs_first, team_records

SCHEMA = "pbnscore/1"

if TYPE_CHECKING:
    from typing import Unpack


__all__ = ["SCHEMA", "WriteOptions", "dump", "dumps", "to_dict"]


class WriteOptions(TypedDict, total=False):
    """None: the document is the contract's, with nothing to choose."""


def dumps(obj: ScoredEvent, **options: Unpack[WriteOptions]) -> str:
    """The JSON document, ending with a newline."""
    check_options("pbnscore.report.json.dumps()", options, WriteOptions.__annotations__)
    return _indented(to_dict(obj)) + "\n"


def dump(obj: ScoredEvent, fp: File, **options: Unpack[WriteOptions]) -> None:
    """Write :func:`dumps` to a path (whole or not at all, UTF-8), a text
    file or a binary file (UTF-8)."""
    check_options("pbnscore.report.json.dump()", options, WriteOptions.__annotations__)
    write_file("pbnscore.report.json.dump()", dumps(obj, **options), fp)


def _indented(value: object, pad: str = "\n") -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)``, the same text,
    for the values a document holds (dicts with string keys, lists, strings,
    numbers, booleans, None). A measured hot path (STYLE "Writers"): the
    standard library's encoder indents in pure Python, a generator per
    container, some three times its unindented C encoder; joined here, each
    string still encoded by its C function (4.4 -> 2.5 ms on a 27-board club
    file). ``pad`` is the line break and indentation of ``value``'s level."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        # NaN and the infinities as json spells them (not JSON, but its way).
        return float.__repr__(value) if math.isfinite(value) else json.dumps(value)
    inner = pad + "  "
    if isinstance(value, list | tuple):
        items = [_indented(item, inner) for item in value]
        return "[" + inner + ("," + inner).join(items) + pad + "]" if items else "[]"
    if isinstance(value, dict):
        try:
            pairs = [
                encode_basestring(key) + ": " + _indented(item, inner)
                for key, item in value.items()
            ]
        except TypeError:  # a key that is no string (json writes it as one)
            pass
        else:
            return "{" + inner + ("," + inner).join(pairs) + pad + "}" if pairs else "{}"
    # Anything else (a dict with other keys, a type json refuses with a
    # TypeError): json itself, its lines indented to this level.
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", pad)


def to_dict(scored: ScoredEvent) -> dict[str, Any]:
    """The document as plain Python values, before encoding."""
    check_scored("pbnscore.report.json.dumps()", scored)
    event = scored.event
    return {
        "schema": SCHEMA,
        "source": source_name(event),
        "event": {
            "title": event.title,
            "date": event.date.isoformat() if event.date else None,
            "kind": event.kind.value,
        },
        "method": {"name": scored.method, "options": plain_options(scored.options)},
        "boards": [_board(board) for board in scored.boards],
        "participants": _participants(scored),
        "matches": [_match(match) for match in scored.matches],
    }


def number(value: Fraction | int | float | None) -> int | float | None:
    """A JSON number for a model number: integral values as int."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


def plain_options(value: object) -> Any:
    """Method options as JSON values. Built-ins already give plain values
    (``options_dict``); a plug-in may hand over enums, fractions or tuples."""
    if isinstance(value, Mapping):
        return {str(key): plain_options(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain_options(item) for item in value]
    if isinstance(value, enum.Enum):
        return plain_options(value.value)
    if isinstance(value, Fraction):
        return number(value)
    if isinstance(value, _dt.date):
        return value.isoformat()
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)


def _board(board: ScoredBoard) -> dict[str, Any]:
    return {
        "session": board.session,
        "section": board.section,
        "board": board.number,
        # Unrounded like every number here: a datum of --rounding none is
        # kept exact beside the whole-point ``datum`` people see.
        "datum": board.datum if board.exact_datum is None else number(board.exact_datum),
        "results": [_result(scored) for scored in board.results],
    }


def _result(scored: ScoredResult) -> dict[str, Any]:
    result = scored.result
    seats: dict[str, Any] = {"ns": result.ns, "ew": result.ew}
    if result.players:
        # An individual event's line names its four players (the contract
        # has no key for them: added only where there are some).
        seats["players"] = dict(zip("NESW", result.players, strict=False))
    return {
        **seats,
        "contract": result.contract_text,
        "declarer": result.declarer.value if result.declarer else None,
        "tricks": result.tricks,
        # The model only holds a score for played and passed-out boards.
        "score": result.score,
        "adjusted": result.adjusted.code if result.adjusted else None,
        "ns_points": number(scored.ns_points),
        "ew_points": number(scored.ew_points),
        # The director's ruling that made the result (docs/reference/corrections.md),
        # added, as ``players``, only where there is one.
        **({"ruling": result.ruling} if result.ruling else {}),
    }


def _participants(scored: ScoredEvent) -> list[dict[str, Any]]:
    """Every participant, a teams event's pairs first as one ranking
    (:func:`pbnscore.report._shared.team_pairs_first`), as the other reports
    list them."""
    records = team_records(scored.matches)
    return [_participant(standing, records) for standing in team_pairs_first(scored.standings)]


def _participant(standing: Standing, records: Mapping[str, TeamRecord]) -> dict[str, Any]:
    """A participant; a team scored by matches (aggregate) also has its
    IMPs won and lost and the matches it played (docs/reference/choices.md "Teams standings")."""
    participant = standing.participant
    record = records.get(participant.id) if participant.kind is ParticipantKind.TEAM else None
    played = (
        {}
        if record is None
        else {
            "imps_for": number(record.imps_for),
            "imps_against": number(record.imps_against),
            "matches": record.matches,
        }
    )
    return (
        {
            "id": participant.id,
            "kind": participant.kind.value,
            "team": participant.team,
            "direction": participant.direction.value if participant.direction else None,
            # The contract identifies a participant by (id, direction, section):
            # two sections' NS pair 4 differ only here.
            "section": participant.section,
            "names": _names(participant),
            "total": number(standing.total),
            "boards": standing.boards,
            "average": number(standing.average),
            "rank": standing.rank,
            "tied": standing.tied,
        }
        | ({} if standing.normalised is None else {"normalised": number(standing.normalised)})
        | ({} if standing.factored is None else {"factored": number(standing.factored)})
        | played
    )


def _names(participant: Participant) -> list[str]:
    """A pair's or player's player names; a team's name where the file gives
    one (TEAM_NAME, PBN's team tags), as the text and CSV Name columns show
    it, else its players' names as a pair's."""
    if participant.kind is ParticipantKind.TEAM and participant.name:
        return [participant.name]
    return list(participant.names)


def _match(match: ScoredMatch) -> dict[str, Any]:
    """A match from the home team's side, then from the opponent's
    (docs/reference/choices.md "Match IMPs from
    each side")."""
    gained, lost = match.imps_of(match.opponent)
    return {
        "session": match.session,
        "round": match.round,
        "team": match.team,
        "opponent": match.opponent,
        "boards": [_match_board(board) for board in match.boards],
        "imps": number(match.imps),
        "opponent_imps": number(match.opponent_imps),
        "vp": number(match.vp),
        "opponent_vp": number(match.opponent_vp),
        "opponent_view": {"imps": number(gained), "opponent_imps": number(lost)},
    }


def _match_board(board: BoardImps) -> dict[str, Any]:
    """Each team's IMPs on a match board, from its own side: an artificial
    board's need not balance (Law 12C2)."""
    opponent = -board.imps if board.opponent_imps is None else board.opponent_imps
    return {"board": board.number, "imps": number(board.imps), "opponent_imps": number(opponent)}
