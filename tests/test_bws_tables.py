"""A BWS's tables as rows, read by the Access library of the ``bws`` extra
(pbnscore.bws._access), on the two real files of the shared samples (skipped
where they are absent): what the library gives, what it gets wrong and how
the reader copes, and what is never read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pbnscore import bws
from pbnscore.bws._access import AccessTables, _rows_of
from pbnscore.bws._rows import TableMissing, TableUnreadable
from pbnscore.errors import ParseError

PALO_ALTO = "bws/palo_alto_2025-12-23.bws"
TWELVE_TABLES = "bws/bridgemate_ui_12tables_1section.bws"


def tables_of(samples: Path, name: str) -> AccessTables:
    path = samples / name
    return AccessTables(path.read_bytes(), str(path))


@pytest.mark.parametrize(
    ("name", "counts"),
    [
        pytest.param(
            PALO_ALTO,
            {"Section": 2, "RoundData": 128, "ReceivedData": 384, "PlayerNumbers": 68},
            id="palo-alto",
        ),
        pytest.param(
            TWELVE_TABLES, {"Section": 1, "RoundData": 144, "ReceivedData": 288}, id="t12"
        ),
    ],
)
def test_the_tables_a_night_needs_have_every_row(
    shared_samples: Path, name: str, counts: dict[str, int]
) -> None:
    """Row counts as mdb-export gives them."""
    tables = tables_of(shared_samples, name)
    assert {table: len(tables.rows(table)) for table in counts} == counts


def test_values_are_text_dates_to_the_second_and_yes_no_as_digits(shared_samples: Path) -> None:
    """The library's 10:51:37.995840 is 10:51:38; False is 0; an empty text no value."""
    rows = tables_of(shared_samples, PALO_ALTO).rows("ReceivedData")
    first = next(row for row in rows if row["ID"] == "1")
    assert first["TimeLog"] == "1899-12-30 10:51:38"
    assert first["DateLog"] == "2025-12-23 00:00:00"
    assert (first["Erased"], first["Contract"], first["Result"], first["NS/EW"]) == (
        "0",
        "2 S",
        "+1",
        "E",
    )
    assert first["Remarks"] is None and first["LeadCard"] is None


def test_a_column_the_library_cannot_line_up_is_empty_where_it_holds_nothing(
    shared_samples: Path,
) -> None:
    """T12's RoundData: access-parser gives 34 CustomBoards values for 144
    rows, all empty; the column is read as empty, the rows kept."""
    rows = tables_of(shared_samples, TWELVE_TABLES).rows("RoundData")
    assert len(rows) == 144
    assert all(row["CustomBoards"] is None for row in rows)
    assert {row["Round"] for row in rows} == {str(n) for n in range(1, 13)}


def test_a_column_that_cannot_be_lined_up_and_holds_values_makes_the_table_unreadable() -> None:
    with pytest.raises(TableUnreadable, match="its columns do not line up"):
        _rows_of({"Table": [1, 2, 3], "Round": [1, 1, 1], "CustomBoards": ["1,2"]})
    assert _rows_of({"Table": [1, 2], "CustomBoards": [None]}) == [
        {"Table": "1", "CustomBoards": None},
        {"Table": "2", "CustomBoards": None},
    ]


def test_a_table_the_library_trips_on_is_unreadable_not_a_crash(shared_samples: Path) -> None:
    """T12's PlayerNumbers rows lack the later-added TimeLog: access-parser
    raises; the table is unreadable, and the night reads without names."""
    tables = tables_of(shared_samples, TWELVE_TABLES)
    with pytest.raises(TableUnreadable, match="unpack_from"):
        tables.rows("PlayerNumbers")
    with pytest.raises(TableMissing):
        tables.rows("Session")


def test_the_roster_is_not_read_where_every_number_has_a_name(
    shared_samples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Palo Alto's 43,729-row PlayerNames is never parsed: every seat has its name."""
    asked: list[str] = []
    rows = AccessTables.rows

    def counting(self: AccessTables, name: str) -> object:
        asked.append(name)
        return rows(self, name)

    monkeypatch.setattr(AccessTables, "rows", counting)
    event = bws.load(shared_samples / PALO_ALTO)
    assert event.result_count() == 384
    assert "PlayerNames" not in asked
    assert set(asked) <= {
        "Section",
        "Session",
        "RoundData",
        "ReceivedData",
        "PlayerNumbers",
        "HandRecord",
    }


def test_the_file_is_read_once_and_parsed_from_the_copy(
    shared_samples: Path, tmp_path: Path
) -> None:
    """The bytes read are the night: changing the file afterwards changes nothing read."""
    night = tmp_path / "night.bws"
    night.write_bytes((shared_samples / PALO_ALTO).read_bytes())
    data = night.read_bytes()
    night.write_bytes(b"changed by the tables")
    assert bws.loads(data, source=str(night)).result_count() == 384


def test_an_access_file_that_is_not_a_bridgemate_one_is_one_error(
    shared_samples: Path,
) -> None:
    """The catalog without ReceivedData (its name changed in a copy): one line."""
    data = (shared_samples / PALO_ALTO).read_bytes().replace(b"ReceivedData", b"ReceivedDatx")
    with pytest.raises(ParseError) as raised:
        bws.loads(data, source="other.mdb")
    assert str(raised.value) == (
        "other.mdb: an Access database, but not a Bridgemate one (no ReceivedData table)"
    )


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        pytest.param(4096, "not a readable Access database", id="two-pages"),
        pytest.param(100_000, "not a readable Access database", id="half"),
        pytest.param(10, "not an Access database", id="no-header"),
    ],
)
def test_a_cut_short_file_is_one_error(shared_samples: Path, cut: int, message: str) -> None:
    data = (shared_samples / PALO_ALTO).read_bytes()[:cut]
    with pytest.raises(ParseError, match=f"^cut.bws: {message}"):
        bws.loads(data, source="cut.bws")


def test_without_the_extra_a_bws_is_one_line_naming_the_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """access-parser not installed: the error says how to install it."""
    monkeypatch.setitem(sys.modules, "access_parser", None)
    with pytest.raises(ParseError) as raised:
        bws.loads(b"\x00\x01\x00\x00Standard Jet DB\x00", source="night.bws")
    assert str(raised.value) == (
        "night.bws: reading a Bridgemate .bws file needs the bws extra: "
        "pip install 'pbnscore[bws]'; until pbnscore is on the package index, "
        "in its source folder: pip install '.[bws]'"
    )
