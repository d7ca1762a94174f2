"""One session given to a season twice, at two stages: the Bridgemate file
and the PBN its scoring program exported before the last round was keyed
(docs/reference/season.md, "One night, two files"). Every result of the
export is among the BWS's: it is the same session, counted once, as the
file with more results, and a warning says which was left out."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pbnscore
from pbnscore.cli import main
from pbnscore.model import Event
from pbnscore.seasons import combine, figures

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"
PALO_ALTO = "bws/palo_alto_2025-12-23.bws"
PALO_ALTO_PBN = "pbn/palo_alto_2025-12-23_SPR_PBN_File_0.pbn"


def without(event: Event, boards: set[int]) -> Event:
    """``event`` as exported before ``boards`` were played: their results
    not in yet (the first result of each board is kept, so that the board
    is still there)."""
    sessions = tuple(
        attrs.evolve(
            session,
            sections=tuple(
                attrs.evolve(
                    section,
                    boards=tuple(
                        attrs.evolve(b, results=b.results[:1]) if b.number in boards else b
                        for b in section.boards
                    ),
                )
                for section in session.sections
            ),
        )
        for session in event.sessions
    )
    return attrs.evolve(event, sessions=sessions)


def named(event: Event, name: str) -> Event:
    return attrs.evolve(event, source=attrs.evolve(event.source, name=name))


def test_an_export_taken_during_play_counts_once_as_the_fuller_file() -> None:
    night = pbnscore.load(MITCHELL_XML)
    export = named(without(night, {1, 2, 3}), "export.pbn")
    full = named(night, "tables.bws")
    season = combine([figures(pbnscore.score(e, "butler")) for e in (export, full)])
    assert [event.source for event in season.events] == ["tables.bws"]
    (line,) = [w for w in season.warnings if "same session" in w]
    count, all_ = export.result_count(), full.result_count()
    assert line == (
        f"export.pbn: warning: the same session as tables.bws (its {count} results are "
        f"among the {all_} there): counted once, as tables.bws"
    )


def test_a_changed_result_is_another_night() -> None:
    """Not the same session where one result differs: a ruling in one file
    only, or another night that happens to share its movement."""
    night = pbnscore.load(MITCHELL_XML)
    export = without(night, {1})
    board = export.sessions[0].sections[0].boards[1]
    first = board.results[0]
    assert first.score is not None
    changed = attrs.evolve(board, results=(attrs.evolve(first, score=first.score + 10),))
    section = export.sessions[0].sections[0]
    boards = (section.boards[0], changed, *section.boards[2:])
    export = attrs.evolve(
        export,
        sessions=(
            attrs.evolve(export.sessions[0], sections=(attrs.evolve(section, boards=boards),)),
        ),
    )
    export = named(export, "export.pbn")
    season = combine([figures(pbnscore.score(e, "butler")) for e in (export, night)])
    assert len(season.events) == 2


@given(st.sets(st.integers(1, 9), max_size=9))
def test_either_order_keeps_the_fuller_file(boards: set[int]) -> None:
    night = pbnscore.load(MITCHELL_XML)
    export = named(without(night, boards), "a-export.pbn")
    full = named(night, "b-tables.bws")
    fewer = export.result_count() < full.result_count()  # a board of one result: no fewer
    for order in ((export, full), (full, export)):
        season = combine([figures(pbnscore.score(e, "butler")) for e in order])
        kept = [event.source for event in season.events]
        assert (kept == ["b-tables.bws"]) if fewer else (kept == ["a-export.pbn"])


def test_the_shared_bws_and_its_pbn_export_are_one_night(
    shared_samples: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bws, pbn = shared_samples / PALO_ALTO, shared_samples / PALO_ALTO_PBN
    out = tmp_path / "season.json"
    assert main(["season", str(bws), str(pbn), "-o", str(out)]) == 0
    assert (
        f"{pbn}: warning: the same session as {bws} (its 333 results are among the 384 "
        f"there): counted once, as {bws}"
    ) in capsys.readouterr().err.splitlines()
    events = json.loads(out.read_text(encoding="utf-8"))["events"]
    assert [event["source"] for event in events] == [str(bws)]
