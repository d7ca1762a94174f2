"""Small USEBIO documents written in a test: a one-section Mitchell with
the NS scores of each board given, nothing else (no names, no points)."""

from __future__ import annotations


def mitchell(
    *boards: tuple[int, ...], pairs: int | None = None, header: str = "", pair_extra: str = ""
) -> bytes:
    """Board ``n`` (from 1) has the NS scores of ``boards[n - 1]``, table t
    played by NS t and EW t; ``pairs`` each way are listed (default: as many
    as tables), each with ``pair_extra`` inside; ``header`` goes first in
    the EVENT (its DATE, EVENT_DESCRIPTION ...)."""
    listed = pairs if pairs is not None else max(len(scores) for scores in boards)
    participants = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>{pair_extra}</PAIR>"
        for d in ("NS", "EW")
        for n in range(1, listed + 1)
    )
    lines = "".join(
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>"
        + "".join(
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{t}"
            f"</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>"
            for t, score in enumerate(scores, start=1)
        )
        + "</BOARD>"
        for number, scores in enumerate(boards, start=1)
    )
    return (
        f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">{header}'
        f"<PARTICIPANTS>{participants}</PARTICIPANTS>{lines}</EVENT></USEBIO>"
    ).encode()
