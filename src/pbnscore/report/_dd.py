"""Double-dummy analysis for the board pages (``--dd``).

Each board with a complete deal gets its makeable-contracts table (the
tricks each declarer takes in each strain, shown as the level it makes, as
BridgeWebs and Cobalt show them) and its par. Where the input already
carries the analysis (the PBN reader puts a game's ``OptimumResultTable`` or
``DoubleDummyTricks`` on the board, :class:`pbnscore.model.DealAnalysis`,
with the file's ``ParContract``/``OptimumScore`` where given), that is shown; otherwise the deal
is solved with endplay's double-dummy solver (the ``dd`` extra:
docs/howto/install.md "Extras"), which also gives the par. Where the file
gives the tricks but no par, endplay's par (DDS's, from a double-dummy
table) is worked out from the file's table, for the board's dealer and
vulnerability, without solving the deal again; a report labels it so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from pbnscore._records import attrs
from pbnscore.errors import UsageError, install_line
from pbnscore.model import Board, Deal, DealAnalysis, Seat, Vulnerability

if TYPE_CHECKING:
    from endplay.dds.ddtable import DDTable
    from endplay.types import Denom, Player

__all__ = ["STRAINS", "Analysis", "analyse", "require_solver"]

STRAINS = ("NT", "S", "H", "D", "C")
DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)  # as BridgeWebs lists them
INSTALL = f"--dd needs the double-dummy solver, endplay: {install_line('dd')}"


@attrs.frozen
class Analysis:
    """Tricks by (declarer, strain), the par where known, and where they came from."""

    tricks: Mapping[tuple[Seat, str], int]
    par: str | None
    source: str  # "endplay", "DoubleDummyTricks", "OptimumResultTable"
    par_worked_out: bool = False  # the solver's par, not the file's

    @property
    def par_label(self) -> str:
        """The par as a report shows it, saying where it came from."""
        if self.par is None:
            return "Par: not given"
        return f"Par {'worked out' if self.par_worked_out else 'from the file'}: {self.par}"


def require_solver() -> None:
    """Raise the one clear error where endplay is not installed."""
    if not has_solver():
        raise UsageError(INSTALL)


def has_solver() -> bool:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def analyse(
    boards: Iterable[Board | None], dealers: Iterable[tuple[str, str]]
) -> list[Analysis | None]:
    """An analysis per board (by its deal, dealer and vulnerability as
    shown): the file's (:attr:`Board.analysis`), else solved; None where the
    deal is not complete."""
    solver = has_solver()
    solved: dict[tuple[Deal, str, str], Analysis] = {}
    found: list[Analysis | None] = []
    for board, (dealer, vulnerability) in zip(boards, dealers, strict=True):
        deal = board.deal if board is not None else None
        if board is None or deal is None or not deal.complete:
            found.append(None)
            continue
        analysis = _given(board.analysis) if board.analysis is not None else None
        if analysis is not None and analysis.par is None and solver:
            par = _par(_table(analysis.tricks), Seat(dealer), Vulnerability(vulnerability))
            analysis = attrs.evolve(analysis, par=par, par_worked_out=True)
        if analysis is not None:
            found.append(analysis)
            continue
        # the par depends on the dealer and vulnerability as well as the deal
        key = (deal, dealer, vulnerability)
        if key not in solved:
            solved[key] = solve(deal, Seat(dealer), Vulnerability(vulnerability))
        found.append(solved[key])
    return found


def solve(deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> Analysis:
    """The deal (complete) solved by endplay (DDS): every declarer and
    strain, and par."""
    from endplay import dds
    from endplay.types import Deal as EndplayDeal

    # endplay reads a deal as PBN spells it: its first seat, hands clockwise
    hands = " ".join(".".join(hand) for hand in deal.holdings.values())
    table = dds.calc_dd_table(EndplayDeal(f"{deal.listed_from.value}:{hands}"))
    denoms, players = _endplay_names()
    tricks = {
        (seat, strain): int(table[denoms[strain], players[seat]])
        for seat in DECLARERS
        for strain in STRAINS
    }
    return Analysis(tricks, _par(table, dealer, vulnerability), "endplay", par_worked_out=True)


def _endplay_names() -> tuple[dict[str, Denom], dict[Seat, Player]]:
    from endplay.types import Denom, Player

    denoms = {
        "NT": Denom.nt,
        "S": Denom.spades,
        "H": Denom.hearts,
        "D": Denom.diamonds,
        "C": Denom.clubs,
    }
    players = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
    return denoms, players


def _table(tricks: Mapping[tuple[Seat, str], int]) -> DDTable:
    """endplay's double-dummy table holding ``tricks`` (a file's own
    analysis), so that its par is worked out without solving the deal."""
    from endplay._dds import ddTableResults
    from endplay.dds.ddtable import DDTable

    denoms, players = _endplay_names()
    data = ddTableResults()
    for (seat, strain), count in tricks.items():
        data.resTable[denoms[strain]][players[seat]] = count
    return DDTable(data)


def _par(table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> str:
    """endplay's par of a double-dummy table: its contracts and the NS score."""
    from endplay import dds
    from endplay.types import Vul

    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }[vulnerability]
    par = dds.par(table, vul, _endplay_names()[1][dealer])
    contracts = ", ".join(str(c) for c in par)
    return f"{contracts}, NS {par.score:+d}" if contracts else f"NS {par.score:+d}"


def _given(analysis: DealAnalysis) -> Analysis:
    """The analysis the file gave (read into the model by its format)."""
    tricks = {(seat, strain.value): count for seat, strain, count in analysis.tricks}
    parts = [
        part
        for part in (analysis.par_contract, analysis.par_score and f"score {analysis.par_score}")
        if part
    ]
    return Analysis(tricks, ", ".join(parts) or None, analysis.given_as)
