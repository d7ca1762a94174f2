"""The double-dummy analysis a PBN game carries, read into the model
(:class:`pbnscore.model.DealAnalysis` on each board with that deal).

PBN 2.1 §5.7 ``OptimumResultTable`` (lines ``N NT 9``), or the
``DoubleDummyTricks`` tag BridgeWebs, BridgeComposer and RealBridge write
(20 hex digits, declarers N S E W by strains NT S H D C), with the file's
``ParContract``/``OptimumScore`` where given. The first game of a deal that
gives one gives it for every board with that deal.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from pbnscore._records import attrs
from pbnscore.model import Board, Deal, DealAnalysis, Later, Match, Seat, Section, Strain
from pbnscore.pbn._read_write_deal import UnreadableDeal, read_deal
from pbnscore.pbn._read_write_games import Game

DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)  # as DoubleDummyTricks lists them
STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_HEX_RE = re.compile(r"[0-9a-dA-D]{20}")
# Every declarer and strain, in the order DoubleDummyTricks lists them.
_CELLS = tuple((seat, strain) for seat in DECLARERS for strain in STRAINS)
# An OptimumResultTable row's seat and strain (upper case) as their index in
# _CELLS: a dict look-up of two letters (an Enum's hash is computed in Python).
_CELL_OF = {
    (seat.value, spelling): _CELLS.index((seat, strain))
    for seat, strain in _CELLS
    for spelling in ((strain.value, "N") if strain is Strain.NOTRUMP else (strain.value,))
}
_ROW_RE = re.compile(r"\s*([NESW])\s+(NT|N|S|H|D|C)\s+(\d{1,2})\s*", re.IGNORECASE)
# _ROW_RE over whole lines of text whose only white space is " ", "\t", "\n"
_ROWS_RE = re.compile(r"^[ \t]*([NESW])[ \t]+(NT|N|S|H|D|C)[ \t]+(\d{1,2})[ \t]*$", re.I | re.M)
# ASCII white space, and line ends for ``splitlines``, other than " ", "\t", "\n"
_ODD_SPACE_RE = re.compile(r"[\r\v\f\x1c-\x1f]")


class Analyses:
    """Each deal's analysis, read when a board first asks for it
    (:class:`pbnscore.model.Later`): from the first game of the deal whose
    analysis reads (a later game's, each table's, is not read). Most
    outputs show none, and the tables cost a tenth of reading a file of
    many deals."""

    def __init__(self) -> None:
        self._games: dict[Deal, list[Game]] = {}
        self.later: dict[Deal, Later] = {}  # each deal's analysis, by deal

    def add(self, game: Game) -> None:
        """Note ``game`` where it gives a complete deal and an analysis tag."""
        values = game.values
        if "DoubleDummyTricks" not in values and "OptimumResultTable" not in values:
            return
        deal = complete_deal(game.text("Deal"))
        if deal is None:
            return
        games = self._games.get(deal)
        if games is None:
            games = self._games[deal] = []
            self.later[deal] = Later(functools.partial(_first_analysis, games))
        games.append(game)


def _first_analysis(games: list[Game]) -> DealAnalysis | None:
    return next(filter(None, map(_from_game, games)), None)


def complete_deal(text: str | None) -> Deal | None:
    """The deal ``text`` spells where it gives all four hands, else None."""
    try:
        deal = read_deal(text) if text is not None else None
    except UnreadableDeal:
        return None
    return deal if deal is not None and deal.complete else None


def _from_game(game: Game) -> DealAnalysis | None:
    par = {"par_contract": game.text("ParContract"), "par_score": game.text("OptimumScore")}
    hexes = game.text("DoubleDummyTricks")
    if hexes is not None and _HEX_RE.fullmatch(hexes):
        tricks = tuple(
            (seat, strain, int(digit, 16))
            for (seat, strain), digit in zip(_CELLS, hexes, strict=True)
        )
        return DealAnalysis(tricks, **par, given_as="DoubleDummyTricks")
    rows: dict[int, int] = {}  # tricks by index in _CELLS
    for _, data in game.section("OptimumResultTable"):
        for seat, strain, count in _rows(data):
            if int(count) <= 13:
                rows[_CELL_OF[(seat.upper(), strain.upper())]] = int(count)
    if len(rows) == len(_CELLS):
        table = tuple((*_CELLS[cell], count) for cell, count in rows.items())
        return DealAnalysis(table, **par, given_as="OptimumResultTable")
    return None


def _rows(data: str) -> list[tuple[str, str, str]]:
    """The (declarer, strain, tricks) of each line of an OptimumResultTable's
    data that is such a row: found by one findall where the lines end in
    "\\n" alone and the only white space is spaces and tabs (every real file);
    else line by line, as ``splitlines`` and ``\\s`` have them."""
    if data.isascii() and _ODD_SPACE_RE.search(data) is None:
        return _ROWS_RE.findall(data)
    matches = (_ROW_RE.fullmatch(line) for line in data.splitlines())
    return [(row[1], row[2], row[3]) for row in matches if row is not None]


def with_analyses(
    sections: tuple[Section, ...],
    matches: tuple[Match, ...],
    found: Mapping[Deal, DealAnalysis | Later],
) -> tuple[tuple[Section, ...], tuple[Match, ...]]:
    """The sections and matches, each board with a deal ``found`` analysed
    carrying that analysis."""
    if not found:
        return sections, matches

    def analysed(boards: tuple[Board, ...]) -> tuple[Board, ...]:
        return tuple(_analysed(board, found) for board in boards)

    return (
        tuple(attrs.evolve(section, boards=analysed(section.boards)) for section in sections),
        tuple(attrs.evolve(match, boards=analysed(match.boards)) for match in matches),
    )


def _analysed(board: Board, found: Mapping[Deal, DealAnalysis | Later]) -> Board:
    analysis = found.get(board.deal) if board.deal is not None else None
    return board if analysis is None else attrs.evolve(board, analysis=analysis)
