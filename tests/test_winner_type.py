"""How a section's pairs are ranked is the file's word where it gives one
(USEBIO's WINNER_TYPE: 1 one field, 2 NS and EW apart), whatever
DIRECTIONs its pairs have: an arrow-switched Mitchell lists each pair with
the direction it started in (NS 1 and EW 1 are two pairs) and still ranks
them all together. Without it, as before: pairs that all have a direction
are ranked by direction."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from lxml import etree

import pbnscore
from pbnscore import pbn, usebio
from pbnscore.model import Direction, Event, Fields
from pbnscore.report import text
from test_pair_numbering import Row, _standings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MITCHELL_XML = FIXTURES / "usebio" / "mitchell-pairs.xml"  # WINNER_TYPE 2, NS 1-4, EW 1-4
MITCHELL_PBN = FIXTURES / "pbn" / "mitchell-pairs.pbn"


def _one_winner(tmp_path: Path) -> Path:
    """mitchell-pairs.xml saying WINNER_TYPE 1 (its pairs keep their DIRECTIONs)."""
    text = MITCHELL_XML.read_text(encoding="latin-1")
    assert text.count("<WINNER_TYPE>2</WINNER_TYPE>") == 1
    path = tmp_path / "mitchell-one-winner.xml"
    path.write_text(text.replace("<WINNER_TYPE>2<", "<WINNER_TYPE>1<"), encoding="latin-1")
    return path


def _places(rows: list[Row]) -> list[int | None]:
    return [row[3] for row in rows]


def _section_fields(event: Event) -> list[Fields | None]:
    return [x.fields for s in event.sessions for x in s.sections]


def test_the_reader_takes_winner_type(tmp_path: Path) -> None:
    assert _section_fields(usebio.load(MITCHELL_XML)) == [Fields.BY_DIRECTION]
    assert _section_fields(usebio.load(_one_winner(tmp_path))) == [Fields.ONE]
    without = MITCHELL_XML.read_text(encoding="latin-1").replace("<WINNER_TYPE>2</WINNER_TYPE>", "")
    assert _section_fields(usebio.loads(without.encode("latin-1"))) == [None]


def test_winner_type_one_ranks_every_pair_together(tmp_path: Path) -> None:
    """The same eight pairs (NS 1 and EW 1 two of them), the same totals,
    one ranking of eight."""
    two = _standings(pbnscore.score(pbnscore.load(MITCHELL_XML), "butler"))
    one = _standings(pbnscore.score(pbnscore.load(_one_winner(tmp_path)), "butler"))
    assert len(one) == 8
    assert [row[:3] + row[4:] for row in one] == [row[:3] + row[4:] for row in two]
    places = sorted(p for p in _places(one) if p is not None)
    assert places.count(1) == 1 and places[-1] > 4  # one field of eight, not two of four
    best = max(one, key=lambda row: row[2])
    assert best[3] == 1 and best[2] == max(row[2] for row in two)


def test_winner_type_one_text_has_one_ranking(tmp_path: Path) -> None:
    one = text.dumps(pbnscore.score(pbnscore.load(_one_winner(tmp_path)), "butler"))
    assert "Pairs · NS" not in one and "Pairs · EW" not in one
    two = text.dumps(pbnscore.score(pbnscore.load(MITCHELL_XML), "butler"))
    assert "Pairs · NS" in two and "Pairs · EW" in two


def test_winner_type_two_ranks_each_direction(tmp_path: Path) -> None:
    rows = _standings(pbnscore.score(pbnscore.load(MITCHELL_XML), "cross-imps"))
    for direction in Direction:
        places = sorted(row[3] for row in rows if row[1] is direction and row[3] is not None)
        assert places and places[0] == 1


def test_the_usebio_written_reads_back_with_the_same_places(tmp_path: Path) -> None:
    for path in (MITCHELL_XML, _one_winner(tmp_path)):
        scored = pbnscore.score(pbnscore.load(path), "butler")
        again = pbnscore.score(usebio.loads(usebio.dumps(scored)), "butler")
        assert _standings(again) == _standings(scored), path.name


def test_built_usebio_says_how_a_section_is_ranked() -> None:
    """A non-USEBIO event (PBN in) whose sections say how they are ranked:
    its USEBIO out says WINNER_TYPE, and reads back ranked so; saying
    nothing, it writes none (as before)."""
    event = pbnscore.load(MITCHELL_PBN)
    scored = pbnscore.score(event, "butler")
    plain = etree.fromstring(usebio.dumps(scored))
    assert plain.find("EVENT/WINNER_TYPE") is None
    one = attrs.evolve(
        event,
        sessions=tuple(
            attrs.evolve(s, sections=tuple(attrs.evolve(x, fields=Fields.ONE) for x in s.sections))
            for s in event.sessions
        ),
    )
    written = usebio.dumps(pbnscore.score(one, "butler"))
    assert etree.fromstring(written).findtext("EVENT/WINNER_TYPE") == "1"
    again = _standings(pbnscore.score(usebio.loads(written), "butler"))
    assert _places(again) == _places(_standings(pbnscore.score(one, "butler")))
    assert sorted(p for p in _places(again) if p is not None)[-1] > 4


# -- PBN: the TotalScoreTable's Rank column says how the file ranked a section


def _pbn_fields(ranks: list[tuple[str, str, str]]) -> list[Fields | None]:
    """The fields read from a TotalScoreTable of (Rank, PairId, Direction) rows."""
    rows = "\n".join(f'{rank} {pair} "{direction}"' for rank, pair, direction in ranks)
    data = f'[Event "E"]\n[TotalScoreTable "Rank\\2R;PairId\\1R;Direction\\5L"]\n{rows}\n'
    return _section_fields(pbn.loads(data))


def test_pbn_ranks_in_one_sequence_are_one_field() -> None:
    one = [("1", "3", "N-S"), ("2", "1", "E-W"), ("3", "1", "N-S"), ("4", "2", "E-W")]
    assert _pbn_fields(one) == [Fields.ONE]
    tied = [("1", "3", "N-S"), ("2=", "1", "N-S"), ("2=", "2", "E-W"), ("4", "1", "E-W")]
    assert _pbn_fields(tied) == [Fields.ONE]
    # two pairs marked tied 1=, one each way: a tie needs a partner in its
    # ranking, which neither has in its own direction (event-section-no-session.xml)
    marked = [("1=", "1", "N-S"), ("1=", "1", "E-W")]
    assert _pbn_fields(marked) == [Fields.ONE]


def test_pbn_ranks_starting_again_per_direction_are_two_fields() -> None:
    two = [("1", "1", "N-S"), ("2", "2", "N-S"), ("1", "2", "E-W"), ("2", "1", "E-W")]
    assert _pbn_fields(two) == [Fields.BY_DIRECTION]


def test_pbn_ranks_that_say_nothing_leave_the_section_to_inference() -> None:
    tie = [("1", "1", "N-S"), ("1", "1", "E-W")]  # one field tied (unmarked), or two of one
    assert _pbn_fields(tie) == [None]
    assert _pbn_fields([("1", "1", "N-S"), ("3", "1", "E-W")]) == [None]  # neither
    assert _pbn_fields([("1", "1", "N-S"), ("2", "2", "N-S")]) == [None]  # one direction
    assert _section_fields(pbn.load(MITCHELL_PBN)) == [None]  # no Rank column


@pytest.mark.parametrize(
    ("winner_type", "fields"), [("1", Fields.ONE), ("2", Fields.BY_DIRECTION)], ids=["one", "two"]
)
def test_a_mitchell_reads_back_from_pbn_ranked_as_it_was(
    tmp_path: Path, winner_type: str, fields: Fields
) -> None:
    """A Mitchell numbered 1-4 each way, written to PBN (its Direction
    column kept: the numbers repeat across directions), reads back ranked
    as WINNER_TYPE said, one field of eight or two of four: the same
    places, the same bytes."""
    path = _one_winner(tmp_path) if winner_type == "1" else MITCHELL_XML
    scored = pbnscore.score(pbnscore.load(path), "butler")
    written = pbn.dumps(scored)
    event = pbn.loads(written)
    assert _section_fields(event) == [fields]
    again = pbnscore.score(event, "butler")
    assert _standings(again) == _standings(scored)
    assert pbn.dumps(again) == written


def test_a_pbn_mitchell_without_ranks_is_two_rankings() -> None:
    """No Rank column: the ranking is inferred, two rankings as before."""
    rows = _standings(pbnscore.score(pbn.load(MITCHELL_PBN), "butler"))
    for direction in Direction:
        places = [row[3] for row in rows if row[1] is direction and row[3] is not None]
        assert places and min(places) == 1 and max(places) <= 4
