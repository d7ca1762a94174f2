"""The stand-ins for Cobalt and the ukbridge converter (``usebio_readers``)
agree with the real readers wherever they were found to differ: each case
is a document the real reader was run on (its verdict recorded beside it),
and the stand-in objects exactly where the real reader did not take it."""

from __future__ import annotations

import pytest

from usebio_readers import REAL_READER_CASES, cobalt_problems, ukbridge_kind, ukbridge_problems


@pytest.mark.parametrize(
    ("reader", "document", "verdict", "objects"),
    [pytest.param(*case[1:], id=case[0]) for case in REAL_READER_CASES],
)
def test_stand_in_agrees_with_the_real_reader(
    reader: str, document: bytes, verdict: str, objects: bool
) -> None:
    """The stand-in finds a problem where the real reader's verdict (``verdict``)
    says it could not show the file, and none where it could."""
    if reader == "cobalt":
        problems = cobalt_problems(document)
    else:
        event_type = document.split(b'EVENT_TYPE="', 1)[1].split(b'"', 1)[0].decode()
        problems = ukbridge_problems(document, ukbridge_kind(event_type))
    assert bool(problems) is objects, (verdict, problems)
