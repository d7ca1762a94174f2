"""Results files shipped with the package, to try pbnscore on before a file
of one's own: ``pbnscore score --example`` scores :data:`CLUB_NIGHT`
(docs/howto/install.md "Try it")."""

from __future__ import annotations

from pathlib import Path

__all__ = ["CLUB_NIGHT"]

#: A club's matchpoint pairs night (14 pairs, 14 boards), as USEBIO.
CLUB_NIGHT = Path(__file__).resolve().parent / "club-night.xml"
