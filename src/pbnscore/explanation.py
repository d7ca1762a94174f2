"""What an explanation is made of: the :class:`Trace` a method notes its
steps in while it scores a board, and the :class:`Explanation` it answers
with (boards, tables, figures). ``pbnscore.explain(...)`` makes one.

Apart from the function that runs a method to explain a board: the methods
import these types, and the registry that :func:`pbnscore.explain` runs them
through imports the methods, so the types sit below both and no import goes
round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from contextvars import ContextVar

from pbnscore._records import attrs
from pbnscore.errors import CannotExplain as CannotExplain
from pbnscore.model import DatumRecord, Participant, Points, Result, ScoredEvent

__all__ = [
    "BoardExplanation",
    "CannotExplain",
    "Explanation",
    "Figure",
    "Line",
    "Step",
    "TermsAsked",
    "Trace",
]


@attrs.frozen
class Step:
    """One step of a computation: a sentence for people, and the figures in
    it for programs (JSON values: numbers, strings, lists of them)."""

    text: str
    figures: Mapping[str, object] = attrs.field(factory=dict)


@attrs.define
class TermsAsked:
    """The participant whose tables have every term listed (explain's
    ``all_terms_for``), the ids of the pairs that stand for it (a team's),
    and whether any term was listed: an ``all_terms_for`` that lists none
    would silently do nothing, and is refused."""

    asked: str
    ids: frozenset[str]
    listed: bool = False


# Set by :func:`pbnscore.explain` while the method explains.
ALL_TERMS_FOR: ContextVar[TermsAsked | None] = ContextVar("all_terms_for", default=None)


class Trace:
    """The steps a method notes while it scores one board, asked for by
    :func:`pbnscore.explain` only: ``note`` for the board (its datum), ``for_table``
    for one table of the board's field (by its position there) and
    ``for_score`` for every table with that NS score (methods that work
    score by score).

    A method whose figure is a sum of many terms (a comparison with every
    other table, barking's cube of them) notes a bounded summary of them
    (counts by outcome, the largest each way), and lists every term only
    at the tables :meth:`lists_terms` names: those of the participant
    ``explain(..., all_terms_for=ID)`` asked for."""

    def __init__(self) -> None:
        self._asked = ALL_TERMS_FOR.get()
        self.terms_for = None if self._asked is None else self._asked.asked
        self.steps: list[Step] = []
        self.tables: dict[int, list[Step]] = defaultdict(list)
        self.scores: dict[int, list[Step]] = defaultdict(list)
        self.last: dict[int, list[Step]] = defaultdict(list)

    def note(self, text: str, /, **figures: object) -> None:
        """Note a step of the whole board (its datum, the scores dropped), with its figures."""
        self.steps.append(Step(text, figures))

    def for_table(self, position: int, text: str, /, **figures: object) -> None:
        """Note a step of the table at ``position`` in the board's field."""
        self.tables[position].append(Step(text, figures))

    def last_for_table(self, position: int, text: str, /, **figures: object) -> None:
        """Note a step of the table at ``position`` that comes after all its
        others (what the method does with the board's figure afterwards)."""
        self.last[position].append(Step(text, figures))

    def for_score(self, score: int, text: str, /, **figures: object) -> None:
        """Note a step of every table whose NS score is ``score``."""
        self.scores[score].append(Step(text, figures))

    def lists_terms(self, result: Result) -> bool:
        """Whether every term of ``result``'s table is to be listed: a table
        of the participant asked for (or of a team's pairs, asked by the
        team's id)."""
        asked = self._asked
        if asked is None or asked.ids.isdisjoint((result.ns, result.ew)):
            return False
        asked.listed = True
        return True

    def table_steps(self, position: int, score: int | None) -> tuple[Step, ...]:
        """What was noted for the table at ``position`` (with NS ``score``)."""
        by_score = self.scores.get(score, []) if score is not None else []
        return (*self.tables.get(position, ()), *by_score, *self.last.get(position, ()))


@attrs.frozen
class Line:
    """One table of the board: its result and the steps that scored it."""

    result: Result
    steps: tuple[Step, ...]
    ns_points: Points | None = None
    ew_points: Points | None = None


@attrs.frozen
class Figure:
    """What one participant got on the board, as the scored event has it;
    ``line`` is the position of its table in the board's ``lines`` (None
    for a figure of the whole board, such as a team's IMPs)."""

    participant: Participant
    points: Points | None
    line: int | None


@attrs.frozen
class BoardExplanation:
    """One board's field (or one match's board, for teams methods)."""

    session: str | None
    section: str | None
    number: int
    datum: int | None  # as shown in the scored event
    steps: tuple[Step, ...]
    lines: tuple[Line, ...]
    figures: tuple[Figure, ...]
    title: str | None = None  # "1 v 3" for a match's board
    # How the datum was formed: the record the board header reads too.
    datum_record: DatumRecord | None = None


@attrs.frozen
class Explanation:
    """How a method scored the boards asked for: the scored event and one
    :class:`BoardExplanation` per board."""

    scored: ScoredEvent
    board: int
    boards: tuple[BoardExplanation, ...]

    def only(self, participant_id: str) -> Explanation:
        """The boards ``participant_id`` has a figure on, with only its
        figures; where no participant of that id has one, the figures of a
        team of that id's pairs (a teams event scored by a pairs method,
        whose figures are its pairs')."""
        boards = self._kept(lambda p: p.id == participant_id) or self._kept(
            lambda p: p.team == participant_id
        )
        if not boards:
            raise CannotExplain(f"board {self.board}: no participant {participant_id!r} played it")
        return attrs.evolve(self, boards=boards)

    def _kept(self, wanted: Callable[[Participant], bool]) -> tuple[BoardExplanation, ...]:
        """The boards with a figure of a ``wanted`` participant, with only those figures."""
        boards = []
        for board in self.boards:
            figures = tuple(f for f in board.figures if wanted(f.participant))
            if figures:
                boards.append(attrs.evolve(board, figures=figures))
        return tuple(boards)
