"""The pbnscore/1 JSON document, checked value by value against the model."""

from __future__ import annotations

import enum
import io
import json as stdlib_json
from fractions import Fraction as F
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pbnscore
import report_events as events
from pbnscore import registry
from pbnscore.model import ScoredEvent, Source
from pbnscore.report import _shared, text
from pbnscore.report import json as report_json

TOP_KEYS = ["schema", "source", "event", "method", "boards", "participants", "matches"]
BOARD_KEYS = ["session", "section", "board", "datum", "results"]
RESULT_KEYS = [
    "ns", "ew", "contract", "declarer", "tricks", "score", "adjusted", "ns_points", "ew_points",
]  # fmt: skip
PARTICIPANT_KEYS = [
    "id", "kind", "team", "direction", "section", "names", "total", "boards", "average", "rank",
    "tied",
]  # fmt: skip
MATCH_KEYS = [
    "session", "round", "team", "opponent", "boards", "imps", "opponent_imps", "vp",
    "opponent_vp", "opponent_view",
]  # fmt: skip

ALL = pytest.mark.parametrize("make", events.EVERY.values(), ids=events.EVERY.keys())


def doc(scored: ScoredEvent) -> dict[str, Any]:
    loaded: dict[str, Any] = stdlib_json.loads(report_json.dumps(scored))
    return loaded


def same(written: Any, value: F | int | None) -> bool:
    """A JSON number is the model's value unrounded: an int where the value
    is whole, else the nearest float."""
    if value is None or written is None:
        return written is value
    if F(value).denominator == 1:
        return type(written) is int and written == value
    return type(written) is float and written == float(value)


@ALL
def test_keys_in_contract_order(make: Any) -> None:
    """Every object has the contract's keys, in the contract's order."""
    out = doc(make())
    assert list(out) == TOP_KEYS
    assert list(out["event"]) == ["title", "date", "kind"]
    assert list(out["method"]) == ["name", "options"]
    for board in out["boards"]:
        assert list(board) == BOARD_KEYS
        for result in board["results"]:
            # An individual's results also name their players, after "ew".
            individual = out["event"]["kind"] == "individual"
            keys = [*RESULT_KEYS[:2], "players", *RESULT_KEYS[2:]] if individual else RESULT_KEYS
            assert list(result) == keys
    for participant in out["participants"]:
        # A team scored by matches (aggregate) adds its record (docs/reference/choices.md).
        played = ["imps_for", "imps_against", "matches"] if out["matches"] else []
        extra = played if participant["kind"] == "team" else []
        assert list(participant) == PARTICIPANT_KEYS + extra
    for match in out["matches"]:
        assert list(match) == MATCH_KEYS
        for board in match["boards"]:
            assert list(board) == ["board", "imps", "opponent_imps"]
        assert list(match["opponent_view"]) == ["imps", "opponent_imps"]


def test_header() -> None:
    """Schema name, the source's base name, the event and the method's options."""
    out = doc(events.butler_pairs("/clubs/monday/club-2026-03-09.xml"))
    assert out["schema"] == "pbnscore/1"
    assert out["source"] == "club-2026-03-09.xml"
    assert out["event"] == {"title": "Monday Butler", "date": "2026-03-09", "kind": "pairs"}
    assert out["method"]["name"] == "butler"
    assert out["method"]["options"]["datum"] == "zero-sum"
    assert out["method"]["options"]["halve"] is True


def test_stdin_source_and_missing_title_and_date() -> None:
    """Standard input keeps its name; no title or date is null."""
    scored = events.cross_imps_howell()
    scored = attrs.evolve(scored, event=attrs.evolve(scored.event, source=Source("<stdin>", "pbn")))
    out = doc(scored)
    assert out["source"] == "<stdin>"
    assert out["event"] == {"title": None, "date": None, "kind": "pairs"}


@ALL
def test_boards_match_the_model(make: Any) -> None:
    """Each board and result as the model holds it: raw contract text, NS
    score, the adjustment's source code and unrounded points."""
    scored = make()
    out = doc(scored)
    assert len(out["boards"]) == len(scored.boards)
    for board, written in zip(scored.boards, out["boards"], strict=True):
        assert (written["session"], written["section"]) == (board.session, board.section)
        assert written["board"] == board.number
        exact = board.datum if board.exact_datum is None else board.exact_datum
        assert same(written["datum"], exact)
        for sr, w in zip(board.results, written["results"], strict=True):
            r = sr.result
            assert (w["ns"], w["ew"], w["contract"]) == (r.ns, r.ew, r.contract_text)
            if r.players:
                n, e, s, west = r.players
                assert w["players"] == {"N": n, "E": e, "S": s, "W": west}
            else:
                assert "players" not in w
            assert w["declarer"] == (r.declarer.value if r.declarer else None)
            assert (w["tricks"], w["score"]) == (r.tricks, r.score)
            assert w["adjusted"] == (r.adjusted.code if r.adjusted else None)
            assert same(w["ns_points"], sr.ns_points)
            assert same(w["ew_points"], sr.ew_points)


def test_specific_results() -> None:
    """The contract is the source's text ("4Hx"), an adjusted or unplayed
    board has no score, and a half IMP is 0.5, not rounded."""
    boards = doc(events.butler_pairs())["boards"]
    assert boards[0]["results"][1]["contract"] == "4Hx"
    assert boards[0]["results"][0]["ns_points"] == 0.5
    adjusted, not_played = boards[1]["results"][1:]
    assert (adjusted["score"], adjusted["adjusted"], adjusted["ns_points"]) == (None, "A6040", 3)
    assert (not_played["score"], not_played["adjusted"], not_played["ns_points"]) == (
        None,
        None,
        None,
    )


@ALL
def test_participants_match_the_standings(make: Any) -> None:
    """One participant per standing, with its identity, names, total,
    boards, average per board, rank and tie."""
    scored = make()
    out = doc(scored)["participants"]
    assert len(out) == len(scored.standings)
    # A teams event's pairs first, as one ranking (the reports' order).
    for standing, w in zip(_shared.team_pairs_first(scored.standings), out, strict=True):
        p = standing.participant
        assert (w["id"], w["kind"], w["team"]) == (p.id, p.kind.value, p.team)
        assert (w["direction"], w["section"]) == (
            p.direction.value if p.direction else None,
            p.section,
        )
        team_name = p.kind.value == "team" and p.name
        players = [player.name for player in p.players if player.name]
        assert w["names"] == ([p.name] if team_name else players)
        assert same(w["total"], standing.total)
        assert w["boards"] == standing.boards
        assert same(w["average"], standing.total / standing.boards if standing.boards else 0)  # type: ignore[arg-type]
        assert (w["rank"], w["tied"]) == (standing.rank, standing.tied)


FIXTURES = events.FIXTURES


def test_participants_of_two_sections_differ_by_section() -> None:
    """Two sections' NS pair 1 are two participants: (id, direction,
    section) tells them apart (review point 2)."""
    event = pbnscore.load(FIXTURES / "pbn" / "two-sections-pair-names.pbn")
    out = doc(pbnscore.score(event, "butler", rank="event"))["participants"]
    ns_ones = {p["section"]: p["names"] for p in out if (p["id"], p["direction"]) == ("1", "NS")}
    assert ns_ones == {"A": ["Ann Abbott", "Ben Baker"], "B": ["Gus Grant", "Hal Hughes"]}
    keys = [(p["id"], p["direction"], p["section"]) for p in out]
    assert len(keys) == len(set(keys)) == len(out)


@pytest.mark.parametrize("method", ["aggregate", "barking", "cross-imps"])
def test_teams_carry_their_names(method: str) -> None:
    """A team's ``names`` is its name, as TEAM_NAME gives it and the text
    and CSV Name columns show it (review point 9); its pairs keep their
    players' names."""
    event = pbnscore.load(FIXTURES / "usebio" / "teams-of-eight-two-matches.xml")
    out = doc(pbnscore.score(event, method))["participants"]
    teams = {p["id"]: p["names"] for p in out if p["kind"] == "team"}
    assert teams == {"1": ["Oaks"], "2": ["Elms"], "3": ["Ashes"], "4": ["Yews"]}
    pairs = [p["names"] for p in out if p["kind"] == "pair"]
    assert all(names and not set(names) & {"Oaks", "Elms", "Ashes", "Yews"} for names in pairs)


def test_ties_and_howell_directions() -> None:
    """Equal totals share the better rank, marked tied; a Howell pair has
    no direction."""
    butler = doc(events.butler_pairs())["participants"]
    ew = [(p["id"], p["rank"], p["tied"]) for p in butler if p["direction"] == "EW"]
    assert ew == [("2", 1, True), ("3", 1, True), ("1", 3, False)]
    howell = doc(events.cross_imps_howell())["participants"]
    assert {p["direction"] for p in howell} == {None}


def test_barking_lists_its_pairs_ranked_then_the_teams() -> None:
    """Barking: its pairs first (kind pair, team set), ranked 1 to N, then
    the teams (kind team)."""
    out = doc(events.barking_eight())["participants"]
    pairs = out[:8]
    assert all(p["kind"] == "pair" for p in pairs)
    assert [p["rank"] for p in pairs] == [1, 2, 2, 4, 5, 6, 6, 8]
    assert {p["id"]: p["team"] for p in pairs}["23"] == "2"
    assert [(p["kind"], p["id"]) for p in out[8:]] == [("team", "1"), ("team", "2")]


TEAMS = {
    "hand-built": events.aggregate_teams,
    "eight": events.REAL["aggregate-eight"],
    "four-no-vp": events.REAL["aggregate-four-no-vp"],
}


@pytest.mark.parametrize("make", TEAMS.values(), ids=TEAMS.keys())
def test_matches_match_the_model(make: Any) -> None:
    """Each match with its boards' IMPs, IMP totals and VPs, unrounded."""
    scored = make()
    out = doc(scored)["matches"]
    assert len(out) == len(scored.matches) > 0
    for match, w in zip(scored.matches, out, strict=True):
        assert (w["session"], w["round"]) == (match.session, match.round)
        assert (w["team"], w["opponent"]) == (match.team, match.opponent)
        assert [b["board"] for b in w["boards"]] == [b.number for b in match.boards]
        assert all(
            same(b["imps"], model.imps) for b, model in zip(w["boards"], match.boards, strict=True)
        )
        for b, model in zip(w["boards"], match.boards, strict=True):
            opponent = -model.imps if model.opponent_imps is None else model.opponent_imps
            assert same(b["opponent_imps"], opponent)
        assert same(w["imps"], match.imps)
        assert same(w["opponent_imps"], match.opponent_imps)
        away = match.imps_of(match.opponent)
        assert same(w["opponent_view"]["imps"], away[0])
        assert same(w["opponent_view"]["opponent_imps"], away[1])
        assert same(w["vp"], match.vp)
        assert same(w["opponent_vp"], match.opponent_vp)


def test_match_numbers() -> None:
    out = doc(events.aggregate_teams())["matches"]
    assert out[0]["vp"] == 14.66
    assert out[2]["boards"][0]["imps"] == 5.5
    assert doc(events.REAL["aggregate-four-no-vp"]())["matches"][0]["vp"] is None


def test_pairs_methods_have_no_matches() -> None:
    assert doc(events.butler_pairs())["matches"] == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [(F(6), 6), (F(-6), -6), (F(1, 2), 0.5), (F(-1, 3), -1 / 3), (7, 7), (None, None)],
    ids=["whole", "negative", "half", "third", "int", "none"],
)
def test_number(value: F | int | None, expected: float | int | None) -> None:
    """Integral fractions become ints, others floats."""
    got = report_json.number(value)
    assert got == expected
    assert type(got) is type(expected)


def test_plug_in_options_become_plain_values() -> None:
    """A plug-in's options with enums, fractions and tuples are still JSON."""

    class Colour(enum.Enum):
        RED = "red"

    scored = attrs.evolve(
        events.cross_imps_howell(),
        options={"colour": Colour.RED, "weight": F(3, 2), "steps": (F(1), 2), "off": None},
    )
    assert doc(scored)["method"]["options"] == {
        "colour": "red",
        "weight": 1.5,
        "steps": [1, 2],
        "off": None,
    }


def test_text_is_not_ascii_escaped_and_ends_with_newline() -> None:
    """Names are written as they are (UTF-8 text, no \\u escapes)."""
    text = report_json.dumps(events.butler_pairs())
    assert "Zoë Müller" in text
    assert events.NASTY in stdlib_json.loads(text)["participants"][1]["names"]
    assert text.endswith("}\n")


@ALL
def test_deterministic(make: Any) -> None:
    """Two separately built equal events give byte-identical documents."""
    assert report_json.dumps(make()) == report_json.dumps(make())


def test_dump_writes_dumps() -> None:
    scored = events.aggregate_teams()
    buffer = io.StringIO()
    report_json.dump(scored, buffer)
    assert buffer.getvalue() == report_json.dumps(scored)


def test_every_builtin_method_is_rendered_from_a_real_fixture() -> None:
    """The report tests run every built-in method on the project's fixtures."""
    assert set(registry.BUILTINS) <= {make().method for make in events.REAL.values()}


def test_real_fixture_source_is_the_file_name() -> None:
    out = doc(events.REAL["barking-eight"]())
    assert out["source"] == "teams-of-eight-two-matches.xml"
    assert out["method"]["options"]["normalise"] == "match"
    kinds = [p["kind"] for p in out["participants"]]
    assert "team" in kinds
    assert all(p["team"] is not None for p in out["participants"] if p["kind"] == "pair")


def test_unrounded_datum() -> None:
    """A datum that is not a whole number of points (--rounding none) is
    written exactly; text shows it as a whole number."""
    scored = events.butler_pairs()
    board = attrs.evolve(scored.boards[0], datum=423, exact_datum=F(1270, 3))
    scored = attrs.evolve(scored, boards=(board, *scored.boards[1:]))
    assert doc(scored)["boards"][0]["datum"] == 1270 / 3
    assert "Datum 423.33 (shown 423)" in text.render(scored)


# Every value json writes: dicts with string keys (and, rarely, others), lists,
# tuples, strings of any characters, integers, floats with NaN and the
# infinities, booleans and None, nested.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        | st.dictionaries(st.integers() | st.booleans() | st.none(), inner, max_size=2)
    ),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_indented_is_json_dumps_with_indent(value: Any) -> None:
    expected = stdlib_json.dumps(value, ensure_ascii=False, indent=2)
    assert report_json._indented(value) == expected


def test_indented_refuses_what_json_refuses() -> None:
    with pytest.raises(TypeError):
        report_json._indented({"board": {1, 2}})


@ALL
def test_document_is_not_indented_by_jsons_pure_python_encoder(
    make: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standard encoder indents in pure Python, a generator per container
    (three times its C encoder): the document is joined instead, to the
    same text (test_indented_is_json_dumps_with_indent)."""
    scored = make()
    expected = stdlib_json.dumps(report_json.to_dict(scored), ensure_ascii=False, indent=2)

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("json's pure-Python encoder was used")

    monkeypatch.setattr(stdlib_json.encoder, "_make_iterencode", refused)
    assert report_json.dumps(scored) == expected + "\n"
