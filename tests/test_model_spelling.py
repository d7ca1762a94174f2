"""The model holds no format's spelling (docs/internals/architecture.md): a fact a file states
is the same model value whichever format states it, each format's reader
maps its own spelling in and its writer back out."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

import pbnscore.model
from pbnscore import pbn, usebio
from pbnscore.pbn import _reader as pbn_reader
from pbnscore.usebio import _read_write_spellings as usebio_spellings

MODEL = Path(pbnscore.model.__file__)
QUOTED_RE = re.compile(r"\"([^\"]*)\"|'([^']*)'")


def format_spellings() -> set[str]:
    """The words USEBIO and PBN write that the model must not: event types,
    their styles and scorings, and each format's names of scoring methods,
    as their own tables spell them."""
    spellings = set(usebio_spellings.EVENT_TYPES) | set(usebio_spellings.SCORINGS)
    for _, style, scoring in usebio_spellings.EVENT_TYPES.values():
        spellings |= {word for word in (style, scoring) if word}
    return spellings | set(pbn_reader.SCORINGS)


def documented_values(source: str) -> list[tuple[str, int, str]]:
    """(class.field, line, quoted text) for each quoted word in the comments
    of a model class's field (on its lines and right above them) and each
    string in its default."""
    comments: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for field in node.body:
            if not (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)):
                continue
            name = f"{node.name}.{field.target.id}"
            numbers = list(range(field.lineno, (field.end_lineno or field.lineno) + 1))
            above = field.lineno - 1
            while above >= 1 and lines[above - 1].strip().startswith("#"):
                numbers.append(above)
                above -= 1
            for number in numbers:
                for match in QUOTED_RE.finditer(comments.get(number, "")):
                    found.append((name, number, match[1] or match[2] or ""))
            for constant in ast.walk(field.value) if field.value else ():
                if isinstance(constant, ast.Constant) and isinstance(constant.value, str):
                    found.append((name, constant.lineno, constant.value))
    return found


# A unit of points is bridge's own word (an IMP, Law 78B; an MP), which
# PBN's [Scoring] happens to write as it is.
UNITS = {"PointsStyle.unit"}


def test_no_model_field_documents_a_format_spelling() -> None:
    spellings = format_spellings()
    assert {"MATCH_POINTS", "MP_PAIRS", "old", "MP", "IMP"} <= spellings  # the tables were found
    documented = documented_values(MODEL.read_text(encoding="utf-8"))
    assert documented, "no field of model.py documents a value: the scan found nothing"
    spelled = [
        f"{name} (model.py:{line}): {word!r}"
        for name, line, word in documented
        if word in spellings and name not in UNITS
    ]
    assert not spelled


def test_the_spelling_fails_the_scan() -> None:
    """The scan sees a format's spelling where a field documents one."""
    source = 'class Source:\n    kind: str = ""  # e.g. "MATCH_POINTS"\n'
    assert ("Source.kind", 2, "MATCH_POINTS") in documented_values(source)


def usebio_document(event_type: str, header: str = "") -> str:
    return (
        f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="{event_type}">{header}'
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>"
    )


@pytest.mark.parametrize(
    ("usebio_text", "pbn_scoring"),
    [
        pytest.param(usebio_document("MP_PAIRS"), "MP", id="matchpoints-old-style"),
        pytest.param(
            usebio_document("PAIRS", "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"),
            "MatchPoints",
            id="matchpoints-new-style",
        ),
        pytest.param(usebio_document("TEAMS_OF_FOUR"), "IMP", id="imps"),
        pytest.param(
            usebio_document("TEAMS", "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>"),
            "BAM",
            id="board-a-match",
        ),
    ],
)
def test_each_format_gives_one_scoring_the_same_value(usebio_text: str, pbn_scoring: str) -> None:
    """The scoring a USEBIO file names and the one a PBN file names for the
    same method are one model value, not two spellings."""
    from_usebio = usebio.loads(usebio_text).source.scoring
    from_pbn = pbn.loads(f'[Scoring "{pbn_scoring}"]\n[Board "1"]\n').source.scoring
    assert from_usebio is not None
    assert from_usebio == from_pbn
