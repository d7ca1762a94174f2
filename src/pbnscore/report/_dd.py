"""Double-dummy analysis for the board pages (``--dd``).

Each board with a complete deal gets its makeable-contracts table (the
tricks each declarer takes in each strain, shown as the level it makes, as
BridgeWebs and Cobalt show them) and its par. Where a PBN input already
carries the analysis (PBN 2.1 §5.7 ``OptimumResultTable``, or the
``DoubleDummyTricks`` tag BridgeWebs, BridgeComposer and RealBridge write:
20 hex digits, declarers N S E W by strains NT S H D C), that is shown, with
the file's ``ParContract``/``OptimumScore`` where given; otherwise the deal
is solved with endplay's double-dummy solver (the ``dd`` extra,
``pip install 'pbnscore[dd]'``), which also gives the par.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from pbnscore.errors import UsageError
from pbnscore.hands import Hands, parse_deal
from pbnscore.model import Event, Seat, Vulnerability

if TYPE_CHECKING:
    from pbnscore.pbn._games import Game

__all__ = ["STRAINS", "Analysis", "analyse", "require_solver"]

STRAINS = ("NT", "S", "H", "D", "C")
DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)  # as BridgeWebs lists them
_HEX_RE = re.compile(r"[0-9a-dA-D]{20}")
_ROW_RE = re.compile(r"\s*([NESW])\s+(NT|N|S|H|D|C)\s+(\d{1,2})\s*", re.IGNORECASE)
INSTALL = "--dd needs the double-dummy solver: pip install 'pbnscore[dd]' (endplay)"


@attrs.frozen
class Analysis:
    """Tricks by (declarer, strain), the par where known, and where they came from."""

    tricks: Mapping[tuple[Seat, str], int]
    par: str | None
    source: str  # "endplay", "DoubleDummyTricks", "OptimumResultTable"


def require_solver() -> None:
    """Raise the one clear error where endplay is not installed."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        raise UsageError(INSTALL) from None


def analyse(
    event: Event, deals: Iterable[str | None], dealers: Iterable[tuple[str, str]]
) -> list[Analysis | None]:
    """An analysis per board (by its deal, dealer and vulnerability as
    shown); None where the deal is not complete."""
    given = given_analyses(event)
    solved: dict[str, Analysis] = {}
    found: list[Analysis | None] = []
    for deal, (dealer, vulnerability) in zip(deals, dealers, strict=True):
        hands = parse_deal(deal)
        if hands is None or not hands.complete:
            found.append(None)
            continue
        key = hands.pbn()
        if key in given:
            found.append(given[key])
            continue
        if key not in solved:
            solved[key] = solve(hands, Seat(dealer), Vulnerability(vulnerability))
        found.append(solved[key])
    return found


def solve(hands: Hands, dealer: Seat, vulnerability: Vulnerability) -> Analysis:
    """The deal solved by endplay (DDS): every declarer and strain, and par."""
    from endplay import dds
    from endplay.types import Deal, Denom, Player, Vul

    table = dds.calc_dd_table(Deal(hands.pbn()))
    denoms = {
        "NT": Denom.nt,
        "S": Denom.spades,
        "H": Denom.hearts,
        "D": Denom.diamonds,
        "C": Denom.clubs,
    }
    players = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
    tricks = {
        (seat, strain): int(table[denoms[strain], players[seat]])
        for seat in DECLARERS
        for strain in STRAINS
    }
    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }[vulnerability]
    par = dds.par(table, vul, players[dealer])
    contracts = ", ".join(str(c) for c in par)
    return Analysis(
        tricks, f"{contracts}, NS {par.score:+d}" if contracts else f"NS {par.score:+d}", "endplay"
    )


def given_analyses(event: Event) -> dict[str, Analysis]:
    """Analyses a PBN input carries, by deal (in PBN notation from North)."""
    if event.source.format != "pbn" or not event.source.document:
        return {}
    from pbnscore.pbn._games import games
    from pbnscore.pbn._lexer import decode, tokens

    found: dict[str, Analysis] = {}
    directives: list[object] = []

    def ignore(*args: object, **kwargs: object) -> None:
        return None

    for game in games(tokens(decode(event.source.document).text), ignore, directives):  # type: ignore[arg-type]
        hands = parse_deal(game.text("Deal"))
        if hands is None or not hands.complete:
            continue
        analysis = _from_game(game)
        if analysis is not None:
            found.setdefault(hands.pbn(), analysis)
    return found


def _from_game(game: Game) -> Analysis | None:
    par = _par(game.text("ParContract"), game.text("OptimumScore"))
    hexes = game.text("DoubleDummyTricks")
    if hexes is not None and _HEX_RE.fullmatch(hexes):
        digits = iter(int(digit, 16) for digit in hexes)
        tricks = {(seat, strain): next(digits) for seat in DECLARERS for strain in STRAINS}
        return Analysis(tricks, par, "DoubleDummyTricks")
    rows: dict[tuple[Seat, str], int] = {}
    for _, data in game.section("OptimumResultTable"):
        for line in data.splitlines():
            row = _ROW_RE.fullmatch(line)
            if row is not None and int(row.group(3)) <= 13:
                strain = row.group(2).upper()
                rows[Seat(row.group(1).upper()), "NT" if strain == "N" else strain] = int(
                    row.group(3)
                )
    if len(rows) == len(DECLARERS) * len(STRAINS):
        return Analysis(rows, par, "OptimumResultTable")
    return None


def _par(contract: str | None, score: str | None) -> str | None:
    parts = [part for part in (contract, score and f"score {score}") if part]
    return ", ".join(parts) or None
