"""Who is who across a season's events: every player appearance, resolved
to a :class:`Person` by national id, name and aliases, with a warning for
each merge made on a guess."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

from pbnscore._records import attrs
from pbnscore.errors import warning_line
from pbnscore.model import Player
from pbnscore.seasons._names import name_key


@attrs.frozen
class Person:
    """A player as the season knows them."""

    key: str  # "id:<national id>", "name:<name key>" or "unnamed:<...>"
    name: str | None  # the spelling seen most often (the first of equals)
    national_id: str | None
    spellings: tuple[str, ...]  # every spelling seen, most frequent first


Seen = tuple[int, int, int]  # (event number, its side's place, player index)


class People:
    """Every player appearance of the season, then who each one is."""

    def __init__(self, aliases: Mapping[str, str]) -> None:
        self._aliases = aliases
        self._seen: dict[Seen, tuple[str | None, str | None, str]] = {}
        self._ids_by_name: dict[str, set[str]] = defaultdict(set)
        self._resolved: dict[Seen, Person] = {}
        self._warnings: list[str] = []

    def see(self, player: Player, source: str, where: Seen) -> None:
        name = player.name.strip() if player.name and player.name.strip() else None
        national_id = player.national_id.strip() if player.national_id else None
        self._seen[where] = (name, national_id or None, source)
        if name and national_id:
            self._ids_by_name[name_key(name)].add(national_id)

    def resolve(self) -> None:
        keys: dict[Seen, str] = {}
        for where, (name, national_id, _) in self._seen.items():
            keys[where] = self._key(name, national_id, where)
        by_key: dict[str, list[Seen]] = defaultdict(list)
        for where, key in keys.items():
            by_key[key].append(where)
        for key, places in by_key.items():
            spellings = Counter(name for w in places if (name := self._seen[w][0]))
            ordered = [name for name, _ in spellings.most_common()]
            national_id = key[3:] if key.startswith("id:") else None
            person = Person(key, ordered[0] if ordered else None, national_id, tuple(ordered))
            for where in places:
                self._resolved[where] = person
            self._warn_merges(person, places)

    def _key(self, name: str | None, national_id: str | None, where: Seen) -> str:
        if national_id:
            return f"id:{national_id}"
        key = name_key(name) if name else ""
        if not key:  # no name, or only punctuation ("-", "?"): nobody to match
            return "unnamed:{}:{}:{}".format(*where)
        alias = self._aliases.get(key)
        if alias is not None:
            if not alias:  # settled: this name is nobody else
                return f"name:{key}"
            if alias in self._all_ids():
                return f"id:{alias}"
            key = name_key(alias)
        ids = self._ids_by_name.get(key, set())
        if len(ids) == 1:
            return f"id:{next(iter(ids))}"
        return f"name:{key}"

    def _all_ids(self) -> set[str]:
        return {i for ids in self._ids_by_name.values() for i in ids}

    def _warn_merges(self, person: Person, places: list[Seen]) -> None:
        """A line per spelling taken to be ``person`` on a guess: a name
        without an id given the id of that name, or a spelling other than
        the one shown merged with no id to say so. Aliased names are settled."""
        first_source: dict[tuple[str, bool], str] = {}
        for where in sorted(places):
            name, national_id, source = self._seen[where]
            if name is None or national_id is not None or name_key(name) in self._aliases:
                continue
            guessed = person.national_id is not None or name != person.name
            if guessed:
                first_source.setdefault((name, person.national_id is not None), source)
        for (name, by_id), source in first_source.items():
            if by_id:
                message = (
                    f"{name!r} has no national id here; taken to be {person.name!r} "
                    f"(national id {person.national_id}), the one player of that name with "
                    "one; --aliases settles it"
                )
            else:
                message = (
                    f"{name!r} taken to be {person.name!r}: the same name, and no national "
                    "id to tell; --aliases settles it"
                )
            self._warnings.append(warning_line(source, None, message))
        ids = self._ids_by_name.get(name_key(person.name or ""), set())
        if person.key.startswith("name:") and len(ids) > 1 and person.spellings:
            key = name_key(person.spellings[0])
            if key not in self._aliases:
                source = self._seen[min(places)][2]
                message = (
                    f"{person.name!r} has no national id and national ids "
                    f"{', '.join(sorted(ids))} share the name: kept apart from each; "
                    "--aliases settles it"
                )
                self._warnings.append(warning_line(source, None, message))

    def person(self, where: Seen) -> Person:
        return self._resolved[where]

    def warnings(self) -> tuple[str, ...]:
        return tuple(self._warnings)
