"""Sets of deals in one file: a board number given two different deals in
one section (docs/reference/choices.md "A board number used twice").

A dealing machine writes several sets to one file, each numbered from 1;
the PBN standard's own example file holds games of four events. Where the
games of the second deal differ from the first's in a tag that tells sets
apart (``SET_TAGS``), each set is a section of its own, named by what tells
it apart; where nothing does, the two deals are an error naming both lines
(never one board of two deals, nor a set of deals lost in silence)."""

from __future__ import annotations

from collections.abc import Sequence

from pbnscore.model import Deal
from pbnscore.pbn._read_write_deal import UnreadableDeal, read_deal
from pbnscore.pbn._read_write_games import Game

# The tags that tell one set of deals from another (an event, a round, a
# date, a venue), in the order a set's name takes them from.
SET_TAGS = ("Event", "Round", "Date", "Site")
SetKey = tuple[str | None, ...]


def set_key(game: Game) -> SetKey:
    """The set a game's deal is in: its values of ``SET_TAGS``."""
    return tuple(game.texts(*SET_TAGS))


def game_deal(game: Game) -> Deal | None:
    """A game's deal, to compare with its board's (a deal that cannot be
    read is its board's first game's warning, not this one's)."""
    text = game.text("Deal")
    if text is None:
        return None
    try:
        return read_deal(text)
    except UnreadableDeal:
        return None


def two_deals(deal: Deal, other: Deal | None) -> bool:
    """Whether two deals given for one board number are two boards: both
    whole (four hands of 13 cards) and different. A part of a deal (an end
    position, the one hand of a bidding problem: PBN 2.1 §3.4.11 allows
    "-") is no board's deal to compare."""
    # read_deal remembers its deals: a board's later games give the same one
    return (
        other is not None and deal is not other and deal != other and _whole(deal) and _whole(other)
    )


def _whole(deal: Deal) -> bool:
    return deal.complete and all(sum(map(len, hand)) == 13 for hand in deal.holdings.values())


def labels(section: str | None, keys: Sequence[SetKey]) -> dict[SetKey, str]:
    """Each set's section id: the section's own id, then the fewest of the
    tags that differ between the sets (in ``SET_TAGS`` order) that tell
    every set apart ("Set 2"; "Mixed Pairs 1999.01.29"; "round 3")."""
    varying = [at for at in range(len(SET_TAGS)) if len({key[at] for key in keys}) > 1]
    chosen: list[int] = []
    for at in varying:
        chosen.append(at)
        if len({tuple(key[i] for i in chosen) for key in keys}) == len(keys):
            break
    return {key: " ".join([*([section] if section else []), *_shown(key, chosen)]) for key in keys}


def _shown(key: SetKey, chosen: list[int]) -> list[str]:
    shown = []
    for at in chosen:
        tag, value = SET_TAGS[at], key[at]
        shown.append(
            f"no {tag}" if value is None else f"round {value}" if tag == "Round" else value
        )
    return shown
