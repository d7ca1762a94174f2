"""The model (scored or not) -> USEBIO 1.2 XML.

USEBIO input is written back as its parsed tree with only the method's own
elements set or inserted (docs/reference/usebio-out.md: a scored file is the
input plus the scores): its serialisation with the traveller lines spliced back
into an edited skeleton where the layout allows (``_write_splice``), else a deep
copy of the tree, edited. Any other event (PBN input) is first built as a
USEBIO document from the model (``_write_new_document``), then scored the same way.

Inserted elements go to their canonical place (the common
producers' order) and borrow the
indentation of their siblings.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable

from lxml import etree

from pbnscore.errors import UsebioError
from pbnscore.figures import points_text
from pbnscore.model import (
    Event,
    EventKind,
    Participant,
    ParticipantKind,
    Points,
    PointsStyle,
    Result,
    ScoredBoard,
    ScoredEvent,
    ScoredMatch,
    Scoring,
    Standing,
)
from pbnscore.usebio import _write_splice
from pbnscore.usebio._read_write_intake import PARSER, find_by_rare_byte
from pbnscore.usebio._read_write_spellings import OLD_TEAMS_TYPES, PAIRS_TYPES, SCORING_NAMES
from pbnscore.usebio._read_write_values import ref_elements
from pbnscore.usebio._reader import type_style
from pbnscore.usebio._write_elements import remove_children, replace_child, set_child, set_children
from pbnscore.usebio._write_new_document import (
    VERSION,
    BuiltLocator,
    build_document,
    old_type_for,
    xml_text,
)
from pbnscore.usebio._write_profiles import Document, Profile, profile_named
from pbnscore.usebio._write_splice import (
    Cut,
    Hollowed,
    LinePlaces,
    cut,
    held_points,
    hollow,
    hollow_handsets,
    join,
    line_points,
    line_starts,
    parse_skeleton,
    plain_doctype,
    points_given,
    points_order_allowed,
    seen,
)
from pbnscore.usebio._write_unlisted import Unlisted, add_unlisted

Element = etree._Element


_DTD_RE = re.compile(r"usebio_v1_[01]\.dtd$")


def write(
    obj: ScoredEvent | Event,
    *,
    types: str | None = None,
    dialect: str = "standard",
    splice: bool = True,
    keep_awards: bool = False,
    warn: Callable[[str], None] | None = None,
) -> bytes:
    """The USEBIO document. ``splice`` False edits a copy of the input's
    whole tree (the reference the tests hold the splice to; see _write_splice).
    The input's award figures of participants the method ranks are dropped
    unless ``keep_awards`` (see :class:`_Awards`); ``warn`` is told either way."""
    awards, unlisted = _Awards(keep_awards), Unlisted()
    document = _write(obj, types, dialect, splice, awards, unlisted)
    if warn is not None:
        for note in (awards.note, unlisted.note):
            if note is not None:
                warn(note)
    return document


def _write(
    obj: ScoredEvent | Event,
    types: str | None,
    dialect: str,
    splice: bool,
    awards: _Awards,
    unlisted: Unlisted,
) -> bytes:
    scored = obj if isinstance(obj, ScoredEvent) else None
    event = obj.event if isinstance(obj, ScoredEvent) else obj
    profile = profile_named(dialect)
    if types not in (None, "old", "new"):
        raise ValueError(f"types must be 'old' or 'new', not {types!r}")
    if types is not None and profile.types not in (None, types):
        raise ValueError(f"{profile.reader} needs {profile.types}-style types, not {types}")
    profile.admit(event)
    source = event.source
    locator: _RefLocator | BuiltLocator
    own: str | None = None  # the input's EVENT_TYPE style, where it is USEBIO
    if source.format == "usebio" and (source.tree is not None or source.document):
        own = type_style(_input_tree(event).getroot())
        style = types or profile.types or own
        # The input plus the scores (no reader's edits): written without
        # copying the input's tree where the layout allows (see _write_splice).
        output = (
            _spliced(event, scored, style, profile, awards, unlisted)
            if splice and not profile.edits
            else None
        )
        if output is not None:
            return _line_ends(output, source.document)
        tree, locator = _copy_input(event)
    else:
        style = types or profile.types or "new"
        tree, locator = build_document(event, style)
    root = tree.getroot()
    root.set("Version", VERSION)
    if scored is not None:
        _Scorer(root, locator, style, profile, awards, unlisted).apply(scored)
    elif style != own and source.format == "usebio":
        _restyle(root, event, style)
    profile.edit(Document(root, event, scored))
    output = etree.tostring(tree, xml_declaration=True, encoding="UTF-8") + b"\n"
    return _line_ends(output, source.document)


def _line_ends(output: bytes, document: bytes | None) -> bytes:
    if b"\r\n" in (document or b"")[:4096]:
        # The parser turned the input's CRLF into LF (XML 1.0 §2.11); give
        # the file its own line ends back.
        return output.replace(b"\n", b"\r\n")
    return output


def _restyle(root: Element, event: Event, style: str) -> None:
    """A plain (unscored) pairs event's EVENT_TYPE in the other style: the
    source's own scoring as the old-style type or as the new style's
    BOARD_SCORING_METHOD."""
    scoring = SCORING_NAMES.get(event.source.scoring) if event.source.scoring else None
    old = old_type_for(event.source.scoring)
    event_el = root.find("EVENT")
    if event.kind is not EventKind.PAIRS or scoring is None or old is None or event_el is None:
        return
    if style == "new":
        event_el.set("EVENT_TYPE", "PAIRS")
        set_child(event_el, "BOARD_SCORING_METHOD", scoring)
    else:
        event_el.set("EVENT_TYPE", old)


def _spliced(
    event: Event,
    scored: ScoredEvent | None,
    style: str,
    profile: Profile,
    awards: _Awards | None = None,
    unlisted: Unlisted | None = None,
) -> bytes | None:
    """The input plus the method's elements, its tree only serialised: its
    skeleton edited as a tree and its lines (with their points) spliced
    back (see _write_splice); None where the layout needs a copy of the tree."""
    tree = _input_tree(event)
    root = tree.getroot()
    tags = profile.points_tags(scored.style, event.kind) if scored is not None else ()
    order = [tag for pair in tags for tag in pair]
    if order and not points_order_allowed(order):
        return None  # points where the splice cannot put them
    output = etree.tostring(tree, xml_declaration=True, encoding="UTF-8")
    # Points to replace (a file from a scorer): taken out, then put in as
    # into a file without them, where that gives the tree path's bytes.
    # (Taking held points out leaves the lines' start tags as they were.)
    lines = line_starts(output)
    stripped = held_points(output, root, order, lines) if order else (output, [])
    if stripped is None:
        return None
    output, held = stripped
    found = cut(output, lines) if plain_doctype(tree, output) else None
    if found is None or find_by_rare_byte(output, b"xmlns", b"x") >= 0:
        # The cut reads bytes, which cannot tell an element in a namespace
        # from ours: a line in a default namespace is no line to the reader,
        # yet the cut counted it and shifted every later line's points onto
        # the line before; a field in one moved where the points go. No
        # results file seen declares a namespace: those take the tree path.
        return None
    visible = seen(root)
    if visible is None:
        return None  # a comment or processing instruction that spells a line
    boards = scored.boards if scored is not None else ()
    made = _parsed_skeleton(event, found, visible, [board.source_ref for board in boards])
    if made is None:
        return None  # a line the cut missed, or something the edits see inside a line
    skeleton, nodes, places, hollowed = made
    skeleton_root = skeleton.getroot()
    points = None
    if scored is not None and order:
        points = line_points(places, scored.boards, tags, points_text)
        if points is None or (held and not points_given(points, held, len(order))):
            return None  # a line scored twice, or one whose points the tree path keeps
    _to_version(skeleton)
    if scored is not None:
        _Scorer(skeleton_root, _RefLocator(nodes), style, profile, awards, unlisted).apply(
            scored, lines=False
        )
    elif style != type_style(root):
        _restyle(skeleton_root, event, style)
    edited = etree.tostring(skeleton, xml_declaration=True, encoding="UTF-8") + b"\n"
    for runs in reversed(hollowed):
        filled = runs.fill(edited)
        if filled is None:
            return None  # an edit changed a hollowed run: the tree path
        edited = filled
    return join(edited, found, points, order[0] if order else "")


def _parsed_skeleton(
    event: Event, found: Cut, visible: int, board_refs: Iterable[int | None] = ()
) -> tuple[etree._ElementTree, list[Element], LinePlaces, tuple[Hollowed, ...]] | None:
    """The skeleton parsed, by source_ref and with its lines' places (see
    _write_splice.parse_skeleton), and the runs hollowed out of it: its
    HANDSET (the deals) where no board the method scores (``board_refs``)
    is one of its BOARDs, and its players' names and numbers where it is
    large and no player is scored, each where it holds nothing the edits see
    (``visible``); else whole; None where even that does not hold it."""
    large = len(found.skeleton) >= _write_splice.HOLLOW_FROM
    players = hollow(found.skeleton) if large and not _players_scored(event) else None
    handsets = hollow_handsets(players.skeleton if players else found.skeleton)
    hollowed = tuple(runs for runs in (players, handsets) if runs is not None)
    if hollowed:
        made = parse_skeleton(found, visible, hollowed)
        if made is not None and not _edits_reach(made[0].getroot(), made[1], handsets, board_refs):
            return (*made, hollowed)
    made = parse_skeleton(found, visible)
    return None if made is None else (*made, ())


def _edits_reach(
    root: Element, nodes: list[Element], handsets: Hollowed | None, refs: Iterable[int | None]
) -> bool:
    """Whether an edit of the tree path's would reach into a hollowed
    HANDSET: one is not a child of the root, so may be in the EVENT, whose
    BOARDs pairs_type gives their EVENT_TYPE; or a source_ref of ``refs``
    (the boards the method scores) is one of its BOARDs (the placeholder
    stands for it in ``nodes``) and gets their BOARD_AVERAGE."""
    if handsets is None:
        return False
    if len(root.findall("HANDSET")) != len(handsets.runs):
        return True
    within = range(len(nodes))
    return any(ref in within and nodes[ref].tag == "HANDSET" for ref in refs if ref is not None)


def _players_scored(event: Event) -> bool:
    """Whether a PLAYER element is a participant (an individual event's),
    whose TOTAL_SCORE and PLACE the method sets."""
    return any(p.kind is ParticipantKind.PLAYER for p in event.participants())


# -- USEBIO input ------------------------------------------------------------


def _input_tree(event: Event) -> etree._ElementTree:
    """The reader's tree of the input (never changed: copy it to edit it),
    or the input parsed again where the event does not hold one."""
    tree = event.source.tree
    if isinstance(tree, etree._ElementTree):
        return tree
    assert event.source.document is not None
    return etree.fromstring(event.source.document, PARSER).getroottree()


def _copy_input(event: Event) -> tuple[etree._ElementTree, _RefLocator]:
    # A deep copy keeps the DOCTYPE and top-level comments; a parse of the
    # document is a tree of our own already.
    tree = event.source.tree
    copied = copy.deepcopy(tree) if isinstance(tree, etree._ElementTree) else _input_tree(event)
    _to_version(copied)
    return copied, _RefLocator(ref_elements(copied.getroot()))


def _to_version(tree: etree._ElementTree) -> None:
    """The document says USEBIO 1.2, and its DOCTYPE names the 1.2 DTD."""
    tree.getroot().set("Version", VERSION)
    url = tree.docinfo.system_url  # type: ignore[attr-defined]  # not in lxml-stubs
    if url and _DTD_RE.search(url):
        tree.docinfo.system_url = _DTD_RE.sub("usebio_v1_2.dtd", url)  # type: ignore[attr-defined]


class _RefLocator:
    """Elements of the copied input by the reader's ``source_ref`` indices."""

    def __init__(self, nodes: list[Element]) -> None:
        self.nodes = nodes

    def _get(self, ref: int | None, tags: Iterable[str]) -> Element | None:
        if ref is None:
            return None
        if not 0 <= ref < len(self.nodes) or self.nodes[ref].tag not in tags:
            raise UsebioError(f"source_ref {ref} does not point at a {'/'.join(tags)} element")
        return self.nodes[ref]

    def board(self, board: ScoredBoard) -> Element | None:
        return self._get(board.source_ref, ("BOARD",))

    def result(self, result: Result) -> Element | None:
        return self.line(result.source_ref)

    def line(self, ref: int | None) -> Element | None:
        return self._get(ref, ("TRAVELLER_LINE",))

    def participant(self, participant: Participant) -> Element | None:
        return self._get(participant.source_ref, ("PAIR", "TEAM", "PLAYER"))

    def match(self, match: ScoredMatch) -> Element | None:
        return self._get(match.source_ref, ("MATCH",))


# -- scoring ------------------------------------------------------------------


def _points_texts(
    points_tags: Iterable[tuple[str, str]], ns_points: Points | None, ew_points: Points | None
) -> dict[str, str]:
    """A line's points elements' texts by tag (a side with no points has none)."""
    texts = {}
    for ns_tag, ew_tag in points_tags:
        if ns_points is not None:
            texts[ns_tag] = points_text(ns_points)
        if ew_points is not None:
            texts[ew_tag] = points_text(ew_points)
    return texts


class _Scorer:
    """Writes one scored event's method-owned elements into a document."""

    def __init__(
        self,
        root: Element,
        locator: _RefLocator | BuiltLocator,
        style: str,
        profile: Profile,
        awards: _Awards | None = None,
        unlisted: Unlisted | None = None,
    ) -> None:
        self.root = root
        self.awards = awards or _Awards()
        self.unlisted = unlisted or Unlisted()
        self.locator = locator
        self.style = style
        self.profile = profile
        # Ties as the input wrote them ("3=" only if the input used "="),
        # unless the reader needs otherwise.
        self.tie_mark = profile.tie_mark
        if self.tie_mark is None:
            self.tie_mark = "=" if any("=" in (p.text or "") for p in root.iter("PLACE")) else ""
        self._absent: dict[str, bool] = {}
        self.lines_done: set[Element] = set()  # a line scored twice is replaced, not doubled

    def apply(self, scored: ScoredEvent, *, lines: bool = True) -> None:
        """The method's elements; ``lines`` False: all but the lines' points."""
        event_el = self.root.find("EVENT")
        assert event_el is not None
        self.event_type(event_el, scored)
        self.given(event_el, scored.event)
        points_tags = self.profile.points_tags(scored.style, scored.event.kind) if lines else ()
        for board in scored.boards:
            self.board(board, points_tags)
        ranked = [
            (standing, element)
            for standing in scored.standings
            if (element := self.locator.participant(standing.participant)) is not None
        ]
        self.awards.judge(scored, [(s, e) for s, e in ranked if _ranks(s, scored.style)])
        for standing, element in ranked:
            self.standing(standing, element, scored.style)
        # A participant the input does not list (a substitute) is written too.
        self.unlisted.note = add_unlisted(
            self.root,
            self.locator,
            scored,
            ranked,
            lambda standing: _writes(standing, scored.style),
            lambda standing, element: self.standing(standing, element, scored.style),
        )
        if scored.style == PointsStyle.AGGREGATE:
            # Only aggregate owns a MATCH's scores: barking's matches (the
            # league's, aggregate's) are the input's to keep, as written.
            for match in scored.matches:
                self.match(match)

    def event_type(self, event_el: Element, scored: ScoredEvent) -> None:
        """EVENT_TYPE and the scoring-method elements the method owns."""
        kind, style = scored.event.kind, scored.style
        if style == PointsStyle.AGGREGATE:
            self.teams_type(event_el, scored.matches)
        elif kind is EventKind.TEAMS and style in PAIRS_TYPES:
            set_child(event_el, "PAIRWISE_SCORING_METHOD", PAIRS_TYPES[style][0])
        elif style in PAIRS_TYPES:
            self.pairs_type(event_el, kind, *PAIRS_TYPES[style])

    def given(self, event_el: Element, event: Event) -> None:
        """The date and title the input lacks but the event has (given by
        --date/--title), where every reader looks for them."""
        if event.date is not None and event_el.find("DATE") is None:
            set_child(event_el, "DATE", event.date.strftime("%d/%m/%Y"))
        if event.title is not None and event_el.find("EVENT_DESCRIPTION") is None:
            set_child(event_el, "EVENT_DESCRIPTION", xml_text(event.title))

    def pairs_type(self, event_el: Element, kind: EventKind, new: str, old: str) -> None:
        individual = kind is EventKind.INDIVIDUAL
        if self.style == "new":
            event_el.set("EVENT_TYPE", "INDIVIDUAL" if individual else "PAIRS")
            set_child(event_el, "BOARD_SCORING_METHOD", new)
        else:
            event_el.set("EVENT_TYPE", "INDIVIDUAL" if individual else old)
            replace_child(event_el, "BOARD_SCORING_METHOD", new)
        replace_child(event_el, "SCORING_METHOD", "IMPS")
        if not individual:
            # The 1.0/1.1 type repeated on PARTICIPANTS and
            # BOARD; readers such as the ukbridge converter look at them.
            for element in event_el.iter("PARTICIPANTS", "BOARD"):
                if element.get("EVENT_TYPE") is not None:
                    element.set("EVENT_TYPE", old)

    def teams_type(self, event_el: Element, matches: Iterable[ScoredMatch]) -> None:
        match_scoring = "VPS" if any(m.vp is not None for m in matches) else "IMPS"
        current = (event_el.get("EVENT_TYPE") or "").upper()
        if self.style == "new":
            event_el.set("EVENT_TYPE", "TEAMS")
            set_child(event_el, "BOARD_SCORING_METHOD", "IMPS")
            set_child(event_el, "MATCH_SCORING_METHOD", match_scoring)
        else:
            if current not in OLD_TEAMS_TYPES:
                event_el.set("EVENT_TYPE", "TEAMS_OF_FOUR")
            replace_child(event_el, "BOARD_SCORING_METHOD", "IMPS")
            replace_child(event_el, "MATCH_SCORING_METHOD", match_scoring)

    def board(self, board: ScoredBoard, points_tags: tuple[tuple[str, str], ...]) -> None:
        if board.datum is not None:
            element = self.locator.board(board)
            if element is not None:
                set_child(element, "BOARD_AVERAGE", str(int(board.datum)))
        self.line_points(board, points_tags)

    def line_points(self, board: ScoredBoard, points_tags: tuple[tuple[str, str], ...]) -> None:
        if not points_tags:
            return
        # Each line is visited once: where the input has neither points
        # element anywhere, no line needs to be searched for them.
        new = all(self.absent(tag) for tags in points_tags for tag in tags)
        lines: Iterable[Element | None]
        if isinstance(self.locator, _RefLocator):
            # The input's lines by source_ref: from the board's columns,
            # with no ScoredResult made.
            refs, points = board.line_points()
            lines = map(self.locator.line, refs)
        else:
            results = board.results
            lines = [self.locator.result(scored.result) for scored in results]
            points = [(scored.ns_points, scored.ew_points) for scored in results]
        # A board's points repeat (as many distinct pairs as scores): each
        # pair's texts are made once.
        texts_of: dict[tuple[Points | None, Points | None], dict[str, str]] = {}
        for line, pair in zip(lines, points, strict=True):
            if line is None:
                continue
            fresh = line not in self.lines_done
            self.lines_done.add(line)
            texts = texts_of.get(pair)
            if texts is None:
                texts = texts_of[pair] = _points_texts(points_tags, *pair)
            set_children(line, texts, new=new and fresh)

    def absent(self, tag: str) -> bool:
        """Whether the input had no ``tag`` element at all."""
        if tag not in self._absent:
            self._absent[tag] = next(self.root.iter(tag), None) is None
        return self._absent[tag]

    def standing(self, standing: Standing, element: Element, style: PointsStyle) -> None:
        participant = standing.participant
        if participant.kind is ParticipantKind.PAIR and participant.team is not None:
            # A pair of a teams event: its pairwise total, not the team's,
            # and its place in the one ranking of the event's pairs
            # (barking's, docs/reference/usebio-out.md); none where it did
            # not play, as in every output (docs/reference/choices.md "Did not play").
            if standing.rank is None:
                remove_children(element, ("PAIR_IMPS", "PLACE"))
            else:
                tie = self.tie_mark if standing.tied else ""
                set_children(
                    element,
                    {
                        "PAIR_IMPS": points_text(standing.ranked_total),
                        "PLACE": f"{standing.rank}{tie}",
                    },
                )
            return
        if not _ranks(standing, style):
            return  # a team's TOTAL_SCORE/PLACE belong to the match scoring
        if self.awards.drop:
            remove_children(element, AWARDS)
        # Did not play: no place, no total (docs/reference/choices.md "Did not play").
        if standing.rank is None:
            remove_children(element, ("TOTAL_SCORE", "PLACE"))
            return
        tie = self.tie_mark if standing.tied else ""
        set_children(
            element,
            # With --factor the figure ranked on (docs/reference/conventions.md "Factoring").
            {"TOTAL_SCORE": points_text(standing.ranked_total), "PLACE": f"{standing.rank}{tie}"},
        )

    def match(self, match: ScoredMatch) -> None:
        element = self.locator.match(match)
        if element is None or not match.boards:
            return  # no board played: no scores to write (never a 10-10 draw)
        ours = match.vp if match.vp is not None else match.imps
        theirs = match.opponent_vp if match.opponent_vp is not None else match.opponent_imps
        set_children(
            element,
            {"TEAM_SCORE": points_text(ours), "OPPOSING_TEAM_SCORE": points_text(theirs)},
        )
        boards: dict[str, Element] = {}
        for board_el in element.iterchildren("BOARD"):
            number = (board_el.findtext("BOARD_NUMBER") or "").strip()
            boards.setdefault(number, board_el)
        for board in match.boards:
            target = boards.get(str(board.number))
            if target is not None:
                set_child(target, "IMPS", points_text(board.imps))
        # A board the method left out of the match (a missing line) keeps no
        # IMPs: the input's would be a figure the match's score does not count.
        scored = {str(board.number) for board in match.boards}
        for number, board_el in boards.items():
            if number not in scored:
                remove_children(board_el, ("IMPS",))


def _writes(standing: Standing, style: PointsStyle) -> bool:
    """Whether the method writes a figure of the participant's: its
    TOTAL_SCORE and PLACE, or a teams event's pair's PAIR_IMPS."""
    participant = standing.participant
    pairwise = participant.kind is ParticipantKind.PAIR and participant.team is not None
    return pairwise or _ranks(standing, style)


def _ranks(standing: Standing, style: PointsStyle) -> bool:
    """Whether the method writes the participant's TOTAL_SCORE and PLACE:
    not a teams event's pair (its PAIR_IMPS only), nor a team under a pairs
    method (the match scoring ranks teams)."""
    participant = standing.participant
    if participant.kind is ParticipantKind.PAIR and participant.team is not None:
        return False
    return participant.kind is not ParticipantKind.TEAM or style == PointsStyle.AGGREGATE


# A participant's figures of the input's own ranking (flat and nested
# master points, the percentage).
AWARDS = ("PERCENTAGE", "MASTER_POINTS", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE")
# The input's scoring (Source.scoring: its BOARD_SCORING_METHOD, or the one
# its EVENT_TYPE implies) as the warning names its ranking; the scorings
# that are each method's own.
_RANKINGS = {
    Scoring.MATCHPOINTS: "matchpoint",
    Scoring.BUTLER: "Butler",
    Scoring.CROSS_IMPS: "cross-IMP",
    Scoring.AGGREGATE: "aggregate",
    Scoring.VPS: "VP",
    Scoring.POINT_A_BOARD: "point-a-board",
    Scoring.BOARD_A_MATCH: "board-a-match",
}
_OWN_SCORING = {
    PointsStyle.BUTLER: {Scoring.BUTLER},
    PointsStyle.CROSS_IMPS: {Scoring.CROSS_IMPS},
    PointsStyle.BARKING: {Scoring.BARKING},
    PointsStyle.AGGREGATE: {Scoring.IMPS, Scoring.AGGREGATE, Scoring.VPS},
}


class _Awards:
    """What becomes of the input's awards (:data:`AWARDS`) on participants
    the method ranks (docs/reference/usebio-out.md
    "Master points and percentages"): where the
    input's ranking was another scoring's, or any place the method writes
    differs from the input's, they belong to a ranking the file no longer
    shows and are dropped, unless ``keep``; ``note`` says which, once."""

    def __init__(self, keep: bool = False) -> None:
        self.keep = keep
        self.drop = False
        self.note: str | None = None

    def judge(self, scored: ScoredEvent, ranked: list[tuple[Standing, Element]]) -> None:
        holding = [(s, e) for s, e in ranked if next(e.iterchildren(*AWARDS), None) is not None]
        if not holding:
            return
        own = scored.event.source.scoring
        moved = any(
            (element.findtext("PLACE") or "").strip().rstrip("=") != str(standing.rank)
            for standing, element in ranked
        )
        if not moved and own in _OWN_SCORING.get(scored.style, set()):
            return  # the same ranking: nothing contradicts its awards
        ranking = _RANKINGS.get(own, "file's own") if own else "file's own"
        what = f"master points and percentages of the {ranking} ranking"
        if self.keep:
            self.note = (
                f"{what} kept (--keep-awards): the places now come from {scored.method}, "
                "and the places and awards disagree"
            )
        else:
            self.drop = True
            self.note = (
                f"{what} dropped (the places now come from {scored.method}); "
                "--keep-awards keeps them"
            )
