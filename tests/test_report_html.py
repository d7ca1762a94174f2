"""The HTML page: self-contained, escaped, and showing what the model holds."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import attrs
import pytest
from lxml import html as lxml_html

import report_events as events
from pbnscore.model import Adjusted, AdjustedKind, Club, Player, ScoredEvent, Source
from pbnscore.report import _shared, _view
from pbnscore.report import html as report_html

ALL = pytest.mark.parametrize("make", events.EVERY.values(), ids=events.EVERY.keys())
NASTY = events.NASTY
EVIL_FILE = "/tmp/<i>&\"'.xml"


def page(scored: ScoredEvent) -> Any:
    return lxml_html.document_fromstring(report_html.render(scored))


def tables(root: Any) -> dict[str, list[list[str]]]:
    """Each titled table's rows of cell texts (head row first), by title."""
    found: dict[str, list[list[str]]] = {}
    for table in root.iter("table"):
        heading = table.getparent().getprevious()
        while heading is not None and heading.tag != "h3":
            heading = heading.getprevious()
        title = heading.text_content() if heading is not None else ""
        found.setdefault(
            title,
            [[cell.text_content() for cell in row.iter("th", "td")] for row in table.iter("tr")],
        )
    return found


@ALL
def test_self_contained_page(make: Any) -> None:
    """HTML5 with a charset and a phone viewport; no script, no external
    file, font or URL of any kind; an inline style with a print style."""
    text = report_html.render(make())
    assert text.startswith("<!DOCTYPE html>\n")
    root: Any = lxml_html.document_fromstring(text)
    assert root.get("lang") == "en"
    assert root.find(".//meta[@charset='utf-8']") is not None
    assert "width=device-width" in root.find(".//meta[@name='viewport']").get("content")
    for tag in ("script", "link", "img", "iframe", "object", "embed"):
        assert root.find(f".//{tag}") is None, tag
    assert not re.search(r"\bsrc=|\bhref=\"(?!#)|url\(|@import|@font-face|https?:", text)
    style = root.find(".//style").text
    assert "@media print" in style
    assert "overflow-x: auto" in style


@ALL
def test_every_table_scrolls_in_its_own_box(make: Any) -> None:
    """A wide table scrolls sideways inside its box, not the whole page."""
    tables = list(page(make()).iter("table"))
    assert tables, "no table on the page"
    for table in tables:
        assert table.getparent().get("class") == "scroll"


def evil() -> ScoredEvent:
    """Markup in every string that comes from the source or the method."""
    scored = events.butler_pairs()
    event = attrs.evolve(
        scored.event,
        title=NASTY,
        club=Club(NASTY),
        source=Source(EVIL_FILE, "usebio"),
        date=dt.date(2026, 3, 9),
    )
    board = scored.boards[1]
    first = board.results[0]
    odd = attrs.evolve(first.result, ns=NASTY, contract_text=NASTY, table=NASTY)
    adjusted = board.results[1]
    code = Adjusted(NASTY, AdjustedKind.AVERAGE, AdjustedKind.AVERAGE)
    adjusted_result = attrs.evolve(adjusted.result, adjusted=code)
    board = attrs.evolve(
        board,
        section=NASTY,
        datum_record=attrs.evolve(board.datum_record, rule=NASTY),
        results=(
            attrs.evolve(first, result=odd),
            attrs.evolve(adjusted, result=adjusted_result),
            *board.results[2:],
        ),
    )
    return attrs.evolve(
        scored,
        event=event,
        method=NASTY,
        options={NASTY: NASTY},
        datum_label=NASTY,
        boards=(scored.boards[0], board),
    )


def test_every_source_string_is_escaped() -> None:
    """A name like <script>alert(1)</script> & "O'Neil" is shown as text
    wherever it comes from, never as markup."""
    text = report_html.render(evil())
    assert "<script>" not in text
    assert NASTY not in text
    root: Any = lxml_html.document_fromstring(text)
    assert root.find(".//script") is None
    assert root.find(".//title").text == NASTY
    assert root.find(".//h1").text == NASTY
    header = root.find(".//header").text_content()
    assert header.count(NASTY) == 2  # title, club
    scoring = root.find(".//section[@id='scoring']").text_content()
    assert scoring.count(NASTY) == 4  # the method in words and by name, an option and its value
    assert "from <i>&\"'.xml" in scoring
    shown = tables(root)
    names = [row[2] for row in shown["Pairs · Section A · NS"][1:]]
    assert f"{NASTY} & Zoë Müller" in names
    board = shown[f"Board 2 · Section {NASTY}"]
    assert board[1][:4] == [NASTY, NASTY, "2", NASTY]
    assert NASTY in board[2]
    note = root.xpath("//section[@id='boards']//p[@class='note']")[1].text_content()
    assert note == f"Datum -420: {NASTY} of 1 score; their IMPs add up to +3.50"


def test_team_names_are_escaped() -> None:
    root = page(events.aggregate_teams())
    assert root.find(".//b") is None
    assert "<b>Bold</b> & Co" in tables(root)["Teams"][2]


@ALL
def test_standings_show_the_model(make: Any) -> None:
    """Every standing appears once with its rank, id, total, boards and
    average as the model has them, as scorers write them: each table's
    column whole where all its values are, else with two decimals."""
    scored = make()
    rows = [
        row for title, table in tables(page(scored)).items() for row in table[1:]
        if table[0][0] == "Rank"
    ]  # fmt: skip
    records = _shared.team_records(scored.matches)  # teams by matches: VP per match

    def average(s: Any) -> Any:
        record = records.get(s.participant.id) if s.participant.kind.value == "team" else None
        return s.total / record.matches if record and record.matches else s.average

    unmatched = [
        (_view.rank_label(s), s.participant.id, str(s.boards), s.total, average(s))
        for s in scored.standings
    ]
    for row in rows:
        rank, pid, total, boards, average = row[0], row[1], *row[-3:]  # type: ignore[assignment]
        match = next(
            u for u in unmatched
            if u[:3] == (rank, pid, boards)
            and total in events.scorer_forms(u[3]) and average in events.scorer_forms(u[4])
        )  # fmt: skip
        unmatched.remove(match)
    assert not unmatched
    for table in tables(page(scored)).values():
        if table[0][0] == "Rank":
            for index in (-3, -1):
                assert events.consistent_column([row[index] for row in table[1:]])


def test_tie_and_two_winner_tables() -> None:
    shown = tables(page(events.butler_pairs()))
    ew = shown["Pairs · Section A · EW"]
    # The title names the direction; the table needs no column for it.
    assert ew[0] == ["Rank", "Pair", "Names", "Total", "Boards", "Average"]
    assert ew[1] == ["1=", "2", "Eve Ellis & Frank Ford", "2.00", "2", "1.00"]
    assert "Pairs · Section A · NS" in shown


def test_travellers_with_datum_and_points() -> None:
    root = page(events.butler_pairs())
    shown = tables(root)
    board = shown["Board 1 · Section A"]
    assert board[0] == ["NS", "EW", "Contract", "By", "Tricks", "Score", "NS pts", "EW pts"]
    assert board[2] == ["2", "2", "4Hx", "N", "9", "-100", "-5.50", "5.50"]
    assert shown["Board 2 · Section A"][2] == ["2", "3", "", "", "", "A6040", "3.00", "-3.00"]
    notes = [p.text_content() for p in root.xpath("//section[@id='boards']//p[@class='note']")]
    assert notes == [
        "Datum 400: zero-sum par of 3 scores "
        "(no par makes their IMPs add up to 0; the closest sums to -10)",
        "Datum -420: zero-sum par of 1 score "
        "(no par makes their IMPs add up to 0; the closest sums to +3.50)",
    ]


def test_teams_grid() -> None:
    """Teams down and across; each cell the row team's IMPs and VPs against
    the column team; nothing on the diagonal."""
    root = page(events.aggregate_teams())
    grid = root.find(".//table[@class='grid']")
    rows = [[c.text_content() for c in row.iter("th", "td")] for row in grid.iter("tr")]
    assert rows[0] == ["", "1", "2", "3"]
    assert [row[0] for row in rows[1:]] == ["1 Aces", "2 <b>Bold</b> & Co", "3 Ünïcode"]
    assert rows[1][2] == "IMPs 5.00–2.00VP 14.66–5.34"  # two lines, split by <br>
    assert rows[2][1] == "IMPs 2.00–5.00VP 5.34–14.66"
    assert rows[1][3] == "IMPs 3.00–0.00VP 12.31–7.69"
    assert rows[3][2] == "IMPs 0.00–6.50VP 4.18–15.82"
    diagonal = [row.findall("td")[i] for i, row in enumerate(grid.find("tbody"))]
    assert all(cell.get("class") == "self" and cell.text_content() == "" for cell in diagonal)


def test_matches_listed_with_board_imps() -> None:
    root = page(events.aggregate_teams())
    listing = root.find(".//table[@class='matches']")
    rows = [[c.text_content() for c in row.iter("th", "td")] for row in listing.iter("tr")]
    assert rows[0] == ["Round", "Team", "Opponent", "IMPs", "Opp IMPs", "VP", "Opp VP"]
    assert rows[3] == ["3", "2 <b>Bold</b> & Co", "3 Ünïcode", "6.50", "0", "15.82", "4.18"]
    detail = tables(root)["1 Aces v 2 <b>Bold</b> & Co · Round 1"]
    assert detail == [["Board", "1", "2"], ["IMPs to 1", "5", "-2"]]


def test_pairs_event_has_no_grid() -> None:
    root = page(events.butler_pairs())
    assert root.find(".//table[@class='grid']") is None
    assert root.find(".//section[@id='matches']") is None


def test_barking_ranks_every_pair_first() -> None:
    """Barking: one ranking of every pair, best first, with its team, then the teams."""
    root = page(events.barking_eight())
    titles = [h3.text_content() for h3 in root.find(".//section[@id='standings']").iter("h3")]
    assert titles == ["Pairs", "Teams"]
    shown = tables(root)
    assert shown["Pairs"][0] == ["Rank", "Pair", "Team", "Names", "Total", "Boards", "Average"]
    assert [row[:3] for row in shown["Pairs"][1:4]] == [
        ["1", "13", "1 Red"], ["2=", "11", "1 Red"], ["2=", "22", "2 Blue"],
    ]  # fmt: skip
    assert len(shown["Pairs"]) == 9


def test_names_may_wrap_numbers_may_not() -> None:
    """On a narrow screen long names wrap rather than push numbers away."""
    scored = events.cross_imps_howell()
    standing = scored.standings[0]
    long = attrs.evolve(standing.participant, players=(Player(events.LONG),))
    scored = attrs.evolve(scored, standings=(attrs.evolve(standing, participant=long),))
    row = page(scored).find(".//table[@class='standings']/tbody/tr")
    classes = [cell.get("class") for cell in row.iter("td")]
    assert classes == [None, None, "wrap", "num", "num", "num"]


def test_grid_in_team_number_order() -> None:
    """Team 2 comes before team 10 on the grid, whatever order they played in."""
    scored = events.aggregate_teams()
    renumbered = tuple(
        attrs.evolve(
            m,
            team={"1": "10"}.get(m.team, m.team),
            opponent={"1": "10"}.get(m.opponent, m.opponent),
        )
        for m in scored.matches
    )
    grid = page(attrs.evolve(scored, matches=renumbered)).find(".//table[@class='grid']")
    assert [th.text_content() for th in grid.find("thead").iter("th")] == ["", "2", "3", "10"]


def test_a_pair_links_to_its_scorecard_everywhere() -> None:
    """A pair's number on a traveller and as an opponent on a scorecard
    links to that pair's scorecard (the other direction's pair of that
    number in a Mitchell)."""
    scored = events.fixture("usebio/club-night.xml", "butler")()
    root = page(scored)
    titles = {
        card.get("id"): card.find("h3").text_content()
        for card in root.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]")
    }
    checked = 0
    for card in root.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]"):
        mine = titles[card.get("id")].split(" · ")[1]  # NS or EW
        theirs = "EW" if mine == "NS" else "NS"
        for cell in card.xpath(".//td[@data-label='Opponents']"):
            (link,) = cell.xpath("./a/@href")
            assert titles[link.removeprefix("#")].startswith(
                f"Pair {cell.text_content()} · {theirs}"
            )
            checked += 1
    for row in root.xpath("//table[@class='traveller']/tbody/tr"):
        for cell, side in zip(row.xpath("./td")[:2], ("NS", "EW"), strict=True):
            (link,) = cell.xpath("./a/@href")
            assert titles[link.removeprefix("#")].startswith(f"Pair {cell.text_content()} · {side}")
            checked += 1
    assert checked > 100


# Where a participant is named in the page, by the column (or, in a match
# grid, the row heading) that names it, and the kind of card it leads to.
NAMED = {
    "NS": "Pair", "EW": "Pair",
    "N": "Player", "S": "Player", "E": "Player", "W": "Player",
    "Team": "Team", "Opponent": "Team",
}  # fmt: skip
NAMING_EVENTS = {
    "individual": events.fixture("usebio/individual-with-handset.xml", "butler"),
    "eight-teams": events.fixture("usebio/eight-teams.xml", "aggregate"),
    "barking": events.fixture("usebio/teams-of-eight-three-matches.xml", "barking"),
}


@pytest.mark.parametrize("make", NAMING_EVENTS.values(), ids=NAMING_EVENTS.keys())
def test_a_participant_links_to_its_scorecard_wherever_it_is_named(make: Any) -> None:
    """A player's number on an individual's traveller, a team in the list
    of matches and down the match grid, and a team as a team's opponent on
    its scorecard each link to that participant's own scorecard."""
    root = page(make())
    titles = {
        card.get("id"): card.find("h3").text_content()
        for card in root.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]")
    }
    named = [
        (cell, NAMED[cell.get("data-label")])
        for cell in root.xpath("//section[@id='boards' or @id='matches']//td[@data-label]")
        if cell.get("data-label") in NAMED and cell.text_content()
    ]
    named += [(th, "Team") for th in root.xpath("//table[contains(@class, 'grid')]/tbody/tr/th")]
    named += [
        (cell, "Team")
        for cell in root.xpath("//div[contains(@class, 'card')]//td[@data-label='Opponents']")
        if titles[cell.xpath("ancestor::div[contains(@class, 'card')][1]/@id")[0]].startswith(
            "Team "
        )
    ]
    kinds = {title.split()[0] for title in titles.values()}
    checked = 0
    for cell, kind in named:
        if kind not in kinds:
            continue  # none to lead to: an aggregate's pairs have no scorecards
        number = cell.text_content().split()[0]
        links = cell.xpath("./a/@href")
        assert links, f"{kind} {cell.text_content()!r} links nowhere"
        target = titles[links[0].removeprefix("#")]
        assert target.startswith(f"{kind} {number} "), (cell.text_content(), target)
        checked += 1
    # A teams traveller's players: to the card their pair's number leads to.
    for row in root.xpath("//table[@class='traveller']/tbody/tr[td[@data-label='NS players']]"):
        for side in ("NS", "EW"):
            number = row.xpath(f"./td[@data-label='{side}']/a/@href")
            assert row.xpath(f"./td[@data-label='{side} players']/a/@href") == number
    assert checked > 20


def test_a_hand_record_shows_every_deal() -> None:
    """A file of deals and no results opens on its deals, every one shown
    (not a part behind a link): no ranking, no traveller's table, no word
    of a method."""
    import pbnscore

    scored = pbnscore.score(pbnscore.load(events.FIXTURES / "pbn" / "hand-record.pbn"))
    root = page(scored)
    boards = root.xpath("//div[contains(concat(' ', @class, ' '), ' board ')]")
    assert len(boards) == len(scored.boards) > 1
    for board in boards:
        assert "part" not in board.get("class").split()  # shown without a click
        assert len(board.xpath(".//div[@class='deal']/div")) == 5  # four hands, the compass
    assert root.xpath("//table[not(contains(@class, 'double-dummy'))]") == []
    assert root.xpath("//*[@id='standings' or @id='scoring' or @id='scorecards']") == []
    assert "Method" not in root.text_content()


def test_barking_s_match_imps_open_how_the_league_scored_them() -> None:
    """Under barking a traveller's match IMPs (the league's, aggregate's)
    link to how they came about on the board: the lines ``pbnscore explain
    -m aggregate`` prints for that board's match, with the same options."""
    from pbnscore import explain
    from pbnscore.report import explain as report_explain

    scored = events.fixture("usebio/teams-of-eight-three-matches.xml", "barking")()
    root = page(scored)
    ids = {el.get("id"): el for el in root.xpath("//*[@id]")}
    cells = root.xpath("//table[@class='traveller']//td[@data-label='Match IMPs']")
    assert len(cells) == len(scored.boards) > 1
    for cell in cells:
        *_, link = cell.xpath("./a/@href")  # the figure's (the team's is its card)
        note = ids[link.removeprefix("#")]
        board = cell.xpath("ancestor::div[contains(@class, 'board')][1]")[0]
        assert note.xpath("ancestor::div[contains(@class, 'board')][1]")[0] is board
        shown = note.find("pre").text_content().splitlines()
        number = int(shown[0].split()[1])  # "Board 3 · Session 1 · 1 v 2"
        said = report_explain.render(explain(scored.event, number, "aggregate")).splitlines()
        assert [line for line in shown if line in said] == shown
        gained = cell.text_content().rpartition("+")[2]  # "1 Lions +7", "0"
        (summed,) = [line for line in shown if line.strip().startswith("sum for team")]
        assert summed.endswith(" IMPs to team " + summed.split()[3].rstrip(":"))
        assert f" {gained} IMPs" in summed.replace("-", "")


@pytest.mark.parametrize("make", NAMING_EVENTS.values(), ids=NAMING_EVENTS.keys())
def test_every_anchor_is_in_the_page_once(make: Any) -> None:
    """No two elements share an id: a link leads to one place (a board's
    note of a match's IMPs and a table's note of its points are two)."""
    ids = page(make()).xpath("//@id")
    assert len(ids) == len(set(ids)) > 10


@pytest.mark.parametrize("method", ["aggregate", "barking"])
def test_a_match_s_imps_board_by_board_open_their_reason(method: str) -> None:
    """Each figure of a match's IMPs board by board (under Matches) links
    to that board's note of the match's IMPs: the same note its traveller's
    match IMPs open."""
    scored = events.fixture("usebio/teams-of-eight-three-matches.xml", method)()
    root = page(scored)
    travellers = {
        (board.find("h3").text_content(), link)
        for board in root.xpath("//div[contains(concat(' ', @class, ' '), ' board ')]")
        for link in board.xpath(".//td[@data-label='Match IMPs']/a[last()]/@href")
    }  # the figure's link (the team's leads to its card)
    seen = set()
    for table in root.xpath("//table[@class='match-boards']"):
        title = table.xpath("preceding::h3[1]")[0].text_content()  # "1 Lions v 2 Tigers · Round 1"
        teams = title.split(" · ")[0]
        for cell in table.xpath("./tbody/tr[1]/td[position() > 1]"):
            (link,) = cell.xpath("./a/@href")
            seen.add((f"Board {cell.get('data-label')} · {teams}", link))
    assert seen == travellers and len(seen) == len(scored.boards)
