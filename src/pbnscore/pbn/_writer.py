"""The model (scored or not) -> PBN 2.1.

PBN input is written back as itself plus the scores: its lines are kept as
they were (bytes, encoding, line ends) and only what the method owns
(:data:`OWNED_TAGS`, :data:`OWNED_COLUMNS`) is set, inserted or removed
(``_write_splice``). Any other event (USEBIO input) is written as new PBN games:
one per board of a section, one per board and table of a teams match
(``_write_new_games``). What both write, spelt in PBN, is in ``_write_scores``.

Where things go (docs/reference/pbn-out.md):

- ``[Scoring]`` on every game with a board (§3.4.12), replaced where the
  input had one, else after the game's Deal (or Board) line;
- ``[Datum "NS 430"]`` (not in the standard, which has no place for a
  datum; readers skip unknown tags, §4.9) on each game of a board that has
  a datum, beside ``[Scoring]``;
- a ScoreTable's ``IMP_NS``/``IMP_EW`` columns (§5.9), appended to its
  header and rows, or overwritten where it had them;
- ``[ScoreIMP "NS 2.00 EW -2.00"]`` (§4.2.2) on a game that is one table's
  result (teams, or pairs written one game per table);
- one ``TotalScoreTable`` (§5.10), in the first game: in the place of the
  first game's own where it had one; the input's others are dropped (they
  total another scoring, and a ``"#"`` header after them would inherit ours).
"""

from __future__ import annotations

from collections.abc import Callable

from pbnscore.model import Event, ScoredEvent
from pbnscore.pbn._write_new_games import Builder
from pbnscore.pbn._write_scores import OWNED_COLUMNS, OWNED_TAGS
from pbnscore.pbn._write_splice import Splicer

__all__ = ["OWNED_COLUMNS", "OWNED_TAGS", "write"]


def write(obj: ScoredEvent | Event, warn: Callable[[str], None] | None = None) -> bytes:
    """The PBN; ``warn`` is told what PBN does not hold: a PBN input's lines
    over 255 characters, kept (§2.3); a teams event's sessions."""
    scored = obj if isinstance(obj, ScoredEvent) else None
    event = obj.event if isinstance(obj, ScoredEvent) else obj
    document = event.source.document
    if event.source.format == "pbn" and document is not None:
        return Splicer(document, scored, warn).output() if scored is not None else document
    return Builder(event, scored, warn).output()
