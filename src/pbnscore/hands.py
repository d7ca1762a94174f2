"""Cards as the model holds them (:class:`pbnscore.model.Deal`) and as
reports show them: the ranks high to low, and the suits' symbols, spades
first. Each format reads its own spelling of a deal into the model
(``pbnscore.pbn``'s Deal tag, ``pbnscore.usebio``'s HANDSET)."""

from __future__ import annotations

__all__ = ["RANKS", "SUIT_SYMBOLS"]

RANKS = "AKQJT98765432"
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
