"""Names as a season compares them: the key two spellings of one name
share, and the aliases file that settles a name."""

from __future__ import annotations

import re
import unicodedata

from pbnscore.errors import OptionError

_APOSTROPHE_RE = re.compile(r"['’`´]")
_WORD_RE = re.compile(r"[^\W_]+")


def name_key(name: str) -> str:
    """The form two spellings of one name share: ``"ARCHER, Zoë"``,
    ``"zoe  archer"`` and ``"Zoe Archer"`` all give ``"zoe archer"``;
    ``"J. R. Smith"``, ``"J.R.Smith"`` and ``"JR Smith"`` give ``"jr smith"``.

    Accents go (NFKD, combining marks dropped), case is folded, one comma
    means "Surname, Given", apostrophes join (O'Hara = OHara), any other
    punctuation separates words, and a run of single letters is one word of
    initials.
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    if text.count(",") == 1:
        surname, given = text.split(",")
        text = f"{given} {surname}"
    words: list[str] = []
    initials = False
    for word in _WORD_RE.findall(_APOSTROPHE_RE.sub("", text)):
        if len(word) == 1 and initials:
            words[-1] += word
        else:
            words.append(word)
        initials = len(word) == 1
    return " ".join(words)


def read_aliases(text: str, source: str = "aliases") -> dict[str, str]:
    """``name,same_as`` rows (a first row ``name,same_as`` is a heading) as
    {name key: what it is the same as}: a name, or a national id. An empty
    ``same_as`` keeps the name apart from anyone an id would give it."""
    from pbnscore._bounded_read import csv_rows

    aliases: dict[str, str] = {}
    for number, row in csv_rows(text, source):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (number == 1 and [c.casefold() for c in cells] == ["name", "same_as"]):
            continue
        if len(cells) != 2 or not cells[0]:
            raise OptionError(f"{source}:{number}: expected name,same_as")
        aliases[name_key(cells[0])] = cells[1]
    return aliases
