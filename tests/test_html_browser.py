"""The HTML report as a person sees it: rendered by headless Chromium.

Playwright drives the system Chromium (no browser download), one browser for
the module (a browser started per test was most of the module's time). The
page's DOM after the browser has parsed it must carry the same numbers as the
JSON report of the same scored event; a screenshot is a real picture.

What can be seen is measured in the same browser: at each width people use,
and printed, no table is wider than its box and no cell is out of sight; a
screenshot per width is kept in the test's temporary folder. Skipped where
Playwright or Chromium (Debian's ``chromium`` package) is absent.

``docs/screenshot.png`` is made from a fixture event by this module's
:func:`make_docs_screenshot`; set ``PBNSCORE_REGEN_SCREENSHOT=1`` to
rewrite it (``pytest tests/test_html_browser.py -k docs``).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import struct
import subprocess
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

import pbnscore
import report_events as events
from conftest import no_shared_samples, shared_sample_files
from pbnscore.model import Seat
from pbnscore.report import html as report_html
from pbnscore.report import json as report_json
from pbnscore.report import season as report_season

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # the test extra not installed: the layout tests skip
    sync_playwright = None

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root in a container, where the sandbox cannot start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
TIMEOUT = 120  # seconds; a first start on a cold CI machine is slow
DOCS = Path(__file__).resolve().parent.parent / "docs"
SCREENSHOT_WIDTH = 1280

ALL = pytest.mark.parametrize("make", events.EVERY.values(), ids=events.EVERY.keys())


def chromium(folder: Path, url: str, *args: str) -> str:
    """Run headless Chromium on ``url`` with a fresh profile in ``folder``;
    its standard output. The whole process group is killed on a timeout, so
    no renderer is left behind."""
    assert CHROMIUM is not None
    command = [CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile'}", *args, url]
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            out, err = process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise
    assert process.returncode == 0, err[-2000:]
    return out


def dump_dom(page: Any, html: str, width: int = 1000) -> Any:
    """The document as the browser holds it once it has parsed ``html``."""
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(html)
    return lxml_html.document_fromstring(page.content())


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk comes first
    return width, height


def png_pixels(data: bytes) -> bytes:
    """The decompressed image data (filter bytes and all): enough to tell a
    blank picture from a page."""
    chunks, offset = [], 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        if kind == b"IDAT":
            chunks.append(data[offset + 8 : offset + 8 + length])
        offset += 12 + length
    return zlib.decompress(b"".join(chunks))


@ALL
def test_rendered_standings_match_the_json(make: Any, browser_page: Any) -> None:
    """Every participant of the JSON report is a row of the rendered
    standings with the same rank, id, total, boards and average."""
    scored = make()
    document = json.loads(report_json.dumps(scored))
    dom = dump_dom(browser_page, report_html.render(scored))
    seen = [
        tuple(cell.text_content() for cell in (row[0], row[1], *row[-3:]))
        for table in dom.xpath("//table[@class='standings']")
        for row in table.xpath("./tbody/tr")
    ]
    expected = [
        (
            f"{p['rank']}=" if p["tied"] else str(p["rank"]),
            p["id"],
            p["total"],
            str(p["boards"]),
            # A team scored by matches averages its VPs per match (docs/reference/choices.md).
            p["total"] / p["matches"] if p.get("matches") else p["average"],
        )
        for p in document["participants"]
    ]
    assert len(seen) == len(expected)
    for rank, pid, total, boards, average in seen:
        match = next(
            e for e in expected
            if (e[0], e[1], e[3]) == (rank, pid, boards)
            and total in events.scorer_forms(e[2]) and average in events.scorer_forms(e[4])
        )  # fmt: skip
        expected.remove(match)
    assert dom.find(".//h1").text_content() == (document["event"]["title"] or document["source"])


def test_rendered_page_keeps_names_as_text(browser_page: Any) -> None:
    """The browser shows a hostile name as text and builds no script from it."""
    dom = dump_dom(browser_page, report_html.render(events.butler_pairs()))
    assert dom.find(".//script") is None
    names = [td.text_content() for td in dom.xpath("//table[@class='standings']//td[3]")]
    assert f"{events.NASTY} & Zoë Müller" in names


def test_screenshot(browser_page: Any, tmp_path: Path) -> None:
    """A screenshot of the page is a real picture of the requested size."""
    browser_page.emulate_media(media="screen")
    browser_page.set_viewport_size({"width": 800, "height": 1200})
    browser_page.set_content(report_html.render(events.aggregate_teams()))
    png = tmp_path / "page.png"
    browser_page.screenshot(path=str(png))
    data = png.read_bytes()
    assert png_size(data) == (800, 1200)
    assert len(data) > 10_000
    assert len(set(png_pixels(data))) > 50  # text and rules, not one flat colour


# A pairs event, a teams-of-eight event (by each of its methods) and an
# individual, each from a fixture with its hands.
PAGES = {
    "pairs": events.fixture("pbn/mitchell-pairs.pbn", "butler"),
    "eight-aggregate": events.fixture("pbn/teams-of-eight-three-matches.pbn", "aggregate"),
    "eight-barking": events.fixture("pbn/teams-of-eight-three-matches.pbn", "barking"),
    "individual": events.fixture("usebio/individual-with-handset.xml", "butler"),
}
EVENTS = pytest.mark.parametrize("make", PAGES.values(), ids=PAGES.keys())


@EVENTS
def test_scorecards_and_hands(make: Any, browser_page: Any) -> None:
    """Every participant's number in the standings links to its scorecard,
    every board number on a scorecard to its board (its points to how they
    came about, on the board), and every board with a deal shows its four
    hands."""
    scored = make()
    dom = dump_dom(browser_page, report_html.render(scored))
    ids = {el.get("id"): el for el in dom.xpath("//*[@id]")}
    rows = dom.xpath("//section[@id='standings']//table[@class='standings']/tbody/tr")
    assert len(rows) == len(scored.standings)
    for row in rows:
        (link,) = row[1].xpath(".//a/@href")
        card = ids[link.removeprefix("#")]
        assert "card" in card.get("class").split()
        # A board number leads to its board, a figure to how it came about
        # there, an opponent to its own scorecard.
        for board_link in card.xpath(".//td[@data-label!='Opponents']/a/@href"):
            target = ids[board_link.removeprefix("#")]
            if "why" in target.get("class").split():
                target = target.getparent()
            assert "board" in target.get("class").split()
        for opponent in card.xpath(".//td[@data-label='Opponents']/a/@href"):
            assert "card" in ids[opponent.removeprefix("#")].get("class").split()
    cards = dom.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]")
    assert len(cards) == len({(s.participant.kind, s.participant.key) for s in scored.standings})
    boards = dom.xpath("//div[contains(concat(' ', @class, ' '), ' board ')]")
    assert len(boards) == len(scored.boards)
    dealt = [
        board
        for session in scored.event.sessions
        for part in (*session.matches, *session.sections)
        for board in part.boards
    ]
    assert len(dealt) == len(boards)
    for board, shown in zip(dealt, boards, strict=True):
        hands = board.deal
        assert hands is not None and hands.complete  # the fixtures give every deal
        text = [h.text_content() for h in shown.xpath(".//div[@class='deal']/div")]
        assert len(text) == 5  # four hands and the compass
        for cards in hands.holdings[Seat.N] + hands.holdings[Seat.S]:
            assert (cards or "—") in "".join(text)


# -- a name links to its scorecard everywhere it appears -------------------------------


def _cards_by_id(dom: Any) -> dict[str, str]:
    """Each scorecard's anchor -> its title (``Player 3 · Cal Cooper``)."""
    cards = dom.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]")
    return {card.get("id"): card.xpath("./h3")[0].text_content() for card in cards}


def _card_title(cards: dict[str, str], link: Any) -> str:
    href = link.get("href")
    assert href.startswith("#") and href[1:] in cards, href
    return cards[href[1:]]


def test_each_opponent_of_an_individual_links_that_player_s_card(browser_page: Any) -> None:
    """An individual's scorecard names two opponents a board ("2 & 4"):
    each number links to that player's own scorecard."""
    dom = dump_dom(browser_page, report_html.render(PAGES["individual"]()))
    cards = _cards_by_id(dom)
    cells = dom.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]"
                      "//td[@data-label='Opponents']")  # fmt: skip
    assert cells
    for cell in cells:
        numbers = cell.text_content().split(" & ")
        links = cell.xpath("./a")
        assert [a.text_content() for a in links] == numbers
        for number, link in zip(numbers, links, strict=True):
            assert _card_title(cards, link).startswith(f"Player {number} ·")


def test_a_team_s_card_links_each_of_its_pairs(browser_page: Any) -> None:
    """A team scored by a pairs method lists its pairs' points a board
    ("Bears-1 -3.91, Bears-2 12.36"): each pair links to its scorecard."""
    scored = events.fixture("pbn/teams-of-eight-three-matches.pbn", "cross-imps")()
    dom = dump_dom(browser_page, report_html.render(scored))
    cards = _cards_by_id(dom)
    cells = dom.xpath("//table[@class='scorecard']//td[@data-label='Pairs']")
    assert cells
    for cell in cells:
        pairs = [entry.rsplit(" ", 1)[0] for entry in cell.text_content().split(", ")]
        links = cell.xpath("./a")
        assert [a.text_content() for a in links] == pairs
        for pair, link in zip(pairs, links, strict=True):
            assert _card_title(cards, link).startswith(f"Pair {pair} ·")


def test_the_match_grid_and_each_match_link_their_teams(browser_page: Any) -> None:
    """The match grid's teams across (as down), the team each match's IMPs
    are given to and the team a traveller's IMPs for the match go to link
    to that team's scorecard."""
    scored = events.fixture("usebio/eight-teams.xml", "aggregate")()
    dom = dump_dom(browser_page, report_html.render(scored))
    cards = _cards_by_id(dom)
    heads = dom.xpath("//table[contains(@class, 'grid')]/thead/tr/th")[1:]
    assert len(heads) == 8
    for head in heads:
        (link,) = head.xpath("./a")
        assert _card_title(cards, link).startswith(f"Team {head.text_content()} ·")
    labels = dom.xpath("//table[@class='match-boards']/tbody/tr/td[1]")
    assert labels
    for label in labels:
        team = label.text_content().removeprefix("IMPs to ")
        (link,) = label.xpath("./a")
        assert link.text_content() == team
        assert _card_title(cards, link).startswith(f"Team {team} ·")
    # A traveller's IMPs for the match ("1 Aces High +14"): the team to its
    # card, the figure to how it came about.
    imps = dom.xpath("//table[@class='traveller']//td[@data-label='Match IMPs']")
    assert len(imps) == len(scored.boards)
    for cell in imps:
        *team, figure = cell.xpath("./a")
        assert figure.get("href").startswith("#why-")
        assert len(team) == (cell.text_content() != "0")
        for link in team:
            assert cell.text_content().startswith(f"{link.text_content()} ")
            assert _card_title(cards, link).startswith(f"Team {link.text_content()} ·")


def test_the_teams_in_a_heading_link_their_cards(browser_page: Any) -> None:
    """A match's heading ("1 Lions v 2 Tigers · Round 1"), a match board's
    ("Board 1 · 1 Lions v 2 Tigers") and a pair's scorecard's ("Pair 3-7-8 ·
    EW · Team 3 · …") link each team named to its scorecard."""
    scored = events.fixture("usebio/teams-of-eight-three-matches.xml", "barking")()
    dom = dump_dom(browser_page, report_html.render(scored))
    cards = _cards_by_id(dom)
    matches = dom.xpath("//h3[following-sibling::*[1][self::div[@class='scroll']]"
                        "[.//table[@class='match-boards']]]")  # fmt: skip
    boards = dom.xpath("//div[contains(concat(' ', @class, ' '), ' board ')]/h3")
    pairs = [
        h3 for h3 in dom.xpath("//div[contains(concat(' ', @class, ' '), ' card ')]/h3")
        if h3.text_content().startswith("Pair ")
    ]  # fmt: skip
    assert len(matches) == 3 and len(boards) == 24 and len(pairs) == 24
    for heading in (*matches, *boards):
        teams = heading.text_content().split(" · ")[1 if heading in boards else 0].split(" v ")
        links = heading.xpath("./a")
        assert len(links) == len(teams) == 2
        for team, link in zip(teams, links, strict=True):
            assert team.startswith(f"{link.text_content()} ")
            assert _card_title(cards, link).startswith(f"Team {link.text_content()} ·")
    for heading in pairs:
        (link,) = heading.xpath("./a")
        assert f" · Team {link.text_content()} · " in heading.text_content()
        assert _card_title(cards, link).startswith(f"Team {link.text_content()} ·")


A4_WIDTH = 718  # CSS pixels inside A4 portrait with Chromium's default 1 cm margins


SCREENSHOT_SOURCE = "pbn/mitchell-pairs.pbn"
SCREENSHOT_HEIGHT = 1700


def make_docs_screenshot(folder: Path) -> Path:
    """``docs/screenshot.png``: the page a real run writes (``pbnscore score
    fixtures/pbn/mitchell-pairs.pbn --dd -o page.html``), opened at board 1
    (``page.html#board-1``): the ranking linked to scorecards, the index of
    boards and board 1's hands, traveller and double-dummy table, taken
    1,280 pixels wide by headless Chromium."""
    from pbnscore.cli import main

    page = folder / "page.html"
    assert main(["score", str(events.FIXTURES / SCREENSHOT_SOURCE), "--dd", "-o", str(page)]) == 0
    png = folder / "page.png"
    chromium(
        folder,
        page.as_uri() + "#board-1",
        f"--screenshot={png}",
        f"--window-size={SCREENSHOT_WIDTH},{SCREENSHOT_HEIGHT}",
    )
    DOCS.mkdir(exist_ok=True)
    target = DOCS / "screenshot.png"
    shutil.copyfile(png, target)
    return target


def test_docs_screenshot(tmp_path: Path) -> None:
    """docs/screenshot.png is a picture of a page, 1,280 pixels wide
    (rewritten with PBNSCORE_REGEN_SCREENSHOT=1)."""
    if os.environ.get("PBNSCORE_REGEN_SCREENSHOT") == "1":
        make_docs_screenshot(tmp_path)
    data = (DOCS / "screenshot.png").read_bytes()
    assert png_size(data)[0] == SCREENSHOT_WIDTH


# -- what a person sees: boxes measured by Playwright ---------------------------------

# The widths people use: desktop screens, a small laptop, a phone.
DESKTOP_WIDTHS = (1920, 1440, 1280, 1024, 768)
PHONE_WIDTH = 390
REALBRIDGE = shared_sample_files("pbn/realbridge_2021_online_qual_open_r2.pbn")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _event_page(path: Path, method: str) -> Callable[[], str]:
    return lambda: report_html.render(pbnscore.score(pbnscore.load(path), method))


def _season_page() -> str:
    league = sorted((events.FIXTURES / "season" / "league").iterdir())
    return report_season.html(pbnscore.season(league, "aggregate"))


LAYOUT_PAGES: dict[str, Callable[[], str]] = {
    "club-night": _event_page(events.FIXTURES / "usebio" / "club-night.xml", "butler"),
    "long-names": lambda: report_html.render(events.butler_pairs()),
    "teams-of-four": _event_page(
        events.FIXTURES / "usebio" / "teams-of-four-two-matches.xml", "aggregate"
    ),
    "eight-barking": _event_page(
        events.FIXTURES / "pbn" / "teams-of-eight-three-matches.pbn", "barking"
    ),
    "season": _season_page,
    "realbridge": lambda: _event_page(REALBRIDGE[0], "aggregate")(),
}

# Run in the page: what a person could not see. A table wider than the box
# that holds it hides columns behind a scroll bar; a cell reaching outside
# an ancestor that clips (overflow other than visible) is cut; a cell
# beyond the page's own scrollable area cannot be reached at all.
UNSEEN = """() => {
  const found = [];
  const where = (el) => (el.closest("[id]") || {id: "page"}).id;
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  }
  for (const table of document.querySelectorAll("table")) {
    const box = table.parentElement;
    if (table.scrollWidth > box.clientWidth) {
      found.push(`${where(table)}: table.${table.className} ${table.scrollWidth} px wide ` +
                 `in a box of ${box.clientWidth}`);
    }
  }
  for (const cell of document.querySelectorAll("th, td")) {
    if (cell.getClientRects().length === 0) continue;  // not shown (display: none)
    const r = cell.getBoundingClientRect();
    const left = r.left + window.scrollX, right = r.right + window.scrollX;
    if (left < -0.5 || right > root.scrollWidth + 0.5) {
      found.push(`${where(cell)}: "${cell.textContent}" outside the page`);
      continue;
    }
    for (let up = cell.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === "visible") continue;
      const b = up.getBoundingClientRect();
      if (r.right > b.right + 0.5 || r.left < b.left - 0.5) {
        found.push(`${where(cell)}: "${cell.textContent}" cut off by its box`);
        break;
      }
    }
  }
  return found;
}"""


@functools.cache
def layout_page(name: str) -> str:
    """The page, rendered once per test run."""
    if name == "realbridge" and not REALBRIDGE:
        pytest.skip(no_shared_samples())
    return LAYOUT_PAGES[name]()


@pytest.fixture(scope="module")
def browser_page() -> Iterator[Any]:
    """One Chromium for the module, its one page reused by every test."""
    if sync_playwright is None:
        pytest.skip("playwright is not installed (pip install '.[test]')")
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield browser.new_page()
        finally:
            browser.close()


# Every board, scorecard and note of how a figure came about shown at once,
# as each is when a link leads to it: each is measured at every width.
EVERY_PART = ".part, .why { display: block !important; }"


def unseen(page: Any, html: str, width: int, png: Path, media: str = "screen") -> list[str]:
    """What of ``html`` a person cannot see at ``width``, every part of the
    page shown; a screenshot kept in ``png``."""
    page.emulate_media(media=media)
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(html)
    page.add_style_tag(content=EVERY_PART)
    page.screenshot(path=str(png))
    found: list[str] = page.evaluate(UNSEEN)
    return found


LAYOUTS = pytest.mark.parametrize("name", LAYOUT_PAGES)


@LAYOUTS
@pytest.mark.parametrize("width", [*DESKTOP_WIDTHS, PHONE_WIDTH])
def test_every_cell_is_in_sight(browser_page: Any, name: str, width: int, tmp_path: Path) -> None:
    """At each width people use, no table is wider than its box, no cell is
    cut off by a box that scrolls and none lies outside the page."""
    html = layout_page(name)
    assert "<td" in html
    assert unseen(browser_page, html, width, tmp_path / f"{name}-{width}.png") == []
    assert (tmp_path / f"{name}-{width}.png").stat().st_size > 1000


@LAYOUTS
def test_printed_page_shows_every_column(browser_page: Any, name: str, tmp_path: Path) -> None:
    """With the print style sheet, at an A4 page's width, every cell is in sight."""
    html = layout_page(name)
    assert unseen(browser_page, html, A4_WIDTH, tmp_path / f"{name}-print.png", "print") == []
    pdf = tmp_path / f"{name}.pdf"
    browser_page.pdf(path=str(pdf), format="A4")
    assert pdf.read_bytes().startswith(b"%PDF")


# -- every figure one click from its reason -----------------------------------------

EXPLAINED = {
    "butler": ("usebio/club-night.xml", "butler"),
    "cross-imps": ("usebio/club-night.xml", "cross-imps"),
    "aggregate": ("usebio/teams-of-eight-three-matches.xml", "aggregate"),
    "barking": ("usebio/teams-of-eight-three-matches.xml", "barking"),
}


def _opened(page: Any, path: str, method: str) -> Any:
    """``page`` showing the report of the fixture ``path`` scored by ``method``."""
    page.goto("about:blank")  # no fragment left from another test
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.set_content(
        report_html.render(pbnscore.score(pbnscore.load(events.FIXTURES / path), method))
    )
    return page


def _explained_as_explain_says(
    page: Any, target: str, path: str, method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The note ``target``, shown, alone, holds the datum and the steps
    (each comparison's summary, the IMPs it gave) that ``explain --to json``
    gives for its board and the pair of the traveller's row that links to it
    (aggregate: the match's, every table's)."""
    from pbnscore.cli import main

    note = page.locator(target)
    assert note.is_visible()
    assert page.locator(".why:visible").count() == 1
    link = page.locator(f"section#boards table.traveller a[href='{target}']").first
    row = link.locator("xpath=ancestor::tr[1]")
    heads = page.locator(f"{target} >> xpath=ancestor::div[contains(@class, 'board')][1]//th")
    columns = [h.strip() for h in heads.all_inner_texts()]
    cells = [c.strip() for c in row.locator("td").all_inner_texts()]
    if "NS" not in columns:  # an aggregate traveller's IMPs are on its first row
        row = link.locator("xpath=ancestor::tbody[1]/tr[1]")
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
    ns, ew = cells[columns.index("NS")], cells[columns.index("EW")]
    shown = [line.strip() for line in note.inner_text().splitlines()]
    board = int(shown[1].split()[1])  # "Board 3 · Session 1 · Section A"
    pair = [] if method == "aggregate" else ["--pair", ns]
    source = str(events.FIXTURES / path)
    argv = ["explain", source, "--board", str(board), "-m", method, "--to", "json", *pair]
    capsys.readouterr()
    assert main(argv) == 0
    document = json.loads(capsys.readouterr().out)
    fields = [
        field for field in document["fields"]
        if any((t["ns"], t["ew"]) == (ns, ew) for t in field["tables"])
    ]  # fmt: skip
    assert len(fields) == 1
    (field,) = fields
    (table,) = [t for t in field["tables"] if (t["ns"], t["ew"]) == (ns, ew)]
    if field["datum"] is not None:
        assert any(line.startswith(f"Datum shown: {field['datum']}") for line in shown)
    # Aggregate's note is the board's in the match: every table's steps.
    tables = field["tables"] if method == "aggregate" else [table]
    steps = [step["text"] for step in (*field["steps"], *(s for t in tables for s in t["steps"]))]
    assert steps
    assert [line for line in shown if line in steps] == steps


def _figure_opened(page: Any, part: str, table: str, holder: str, nth: int) -> str:
    """Opens, from ``part``'s index, the ``holder`` (a board, a card) of the
    ``nth`` figure linked to a note in its ``table``s, clicks that figure and
    gives the note's anchor (hidden until then)."""
    links = page.locator(f"section#{part} table.{table} a[href^='#why-']")
    assert links.count() > 0
    link = links.nth(min(nth, links.count() - 1))
    target = link.get_attribute("href")
    assert target is not None
    assert not page.locator(target).is_visible()
    ident = link.locator(f"xpath=ancestor::div[contains(@class, '{holder}')][1]").get_attribute(
        "id"
    )
    page.locator(f"section#{part} .index a[href='#{ident}']").click()  # the board or card, then
    assert link.is_visible()
    link.click()  # the figure
    return str(target)


@pytest.mark.parametrize(("path", "method"), EXPLAINED.values(), ids=EXPLAINED.keys())
def test_a_figure_opens_how_it_came_about(
    browser_page: Any, path: str, method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Clicking a board in the index and then an IMP figure on its traveller
    shows, on the board, how that figure came about as ``explain --to json``
    gives it for that board and pair; none of the other figures' notes."""
    page = _opened(browser_page, path, method)
    target = _figure_opened(page, "boards", "traveller", "board", 5)
    _explained_as_explain_says(page, target, path, method, capsys)


@pytest.mark.parametrize(("path", "method"), EXPLAINED.values(), ids=EXPLAINED.keys())
def test_a_scorecard_figure_opens_how_it_came_about(
    browser_page: Any, path: str, method: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Clicking a scorecard in the index and then an IMP figure on it shows
    the same note the traveller's figure opens, as ``explain --to json``
    gives it."""
    page = _opened(browser_page, path, method)
    target = _figure_opened(page, "scorecards", "scorecard", "card", 3)
    _explained_as_explain_says(page, target, path, method, capsys)


# -- the pages a club publishes, at every width and printed ----------------------------

PUBLISHED_WIDTHS = (1920, 1280, 1024, 768, 390)
PUBLISHED: dict[str, Callable[[], str]] = {
    "pairs": _event_page(events.FIXTURES / "usebio" / "club-night.xml", "butler"),
    "two-section-42": _event_page(
        events.FIXTURES / "usebio" / "two-section-mitchell.xml", "butler"
    ),
    "eight-teams": _event_page(events.FIXTURES / "usebio" / "eight-teams.xml", "aggregate"),
    "barking": _event_page(
        events.FIXTURES / "usebio" / "teams-of-eight-three-matches.xml", "barking"
    ),
    "season": _season_page,
    "hand-record": lambda: report_html.render(
        pbnscore.score(pbnscore.load(events.FIXTURES / "pbn" / "hand-record.pbn"))
    ),
    # An individual: each player's number a link of its own, even two in a cell.
    "individual": _event_page(events.FIXTURES / "usebio" / "individual-with-handset.xml", "butler"),
}

# Run in the page: an element whose content is wider than its box (a table
# in a box that scrolls or clips hides columns), a word broken across two
# lines (a Range over it has boxes on two lines; a hyphen or a slash is a
# place to break, as a person reads it), and a link that leads nowhere in
# the page (or out of it: only relative files, a season's own reports).
FLAWS = """() => {
  const found = [];
  const where = (el) => (el.closest("[id]") || {id: "page"}).id;
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.display === "inline") continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      found.push(`${where(el)}: ${el.tagName.toLowerCase()}.${el.className} holds ` +
                 `${el.scrollWidth} px in ${el.clientWidth}`);
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || node.parentElement.getClientRects().length === 0) continue;
    for (const word of node.data.matchAll(/[^\\s\\-–—\\/]+/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) found.push(`${where(node.parentElement)}: "${word[0]}" broken`);
    }
  }
  for (const a of document.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    if (href.startsWith("#")) {
      if (!document.getElementById(decodeURIComponent(href.slice(1)))) {
        found.push(`a link to ${href}, which is not in the page`);
      }
    } else if (/^[a-z][a-z0-9+.-]*:|^\\/\\//i.test(href)) {
      found.push(`a link out of the report: ${href}`);
    }
  }
  return found;
}"""

# Where the ranking's first row is, with nothing asked for (the first screen).
RANKING_TOP = """() => {
  const row = document.querySelector("#standings tbody tr, #ranking tbody tr, #league tbody tr");
  return row ? row.getBoundingClientRect().bottom : null;
}"""


@functools.cache
def published_page(name: str) -> str:
    return PUBLISHED[name]()


def flaws(page: Any, html: str, width: int, media: str = "screen") -> list[str]:
    """What is wrong with ``html`` to the eye at ``width``, every part shown."""
    page.goto("about:blank")
    page.emulate_media(media=media)
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(html)
    page.add_style_tag(content=EVERY_PART)
    found: list[str] = page.evaluate(FLAWS)
    return found


@pytest.mark.parametrize("name", PUBLISHED)
@pytest.mark.parametrize("width", PUBLISHED_WIDTHS)
def test_a_published_page_reads_at_every_width(browser_page: Any, name: str, width: int) -> None:
    """At each width, every part shown: no element's content wider than its
    box, no word broken inside, every link leads to a place in the report;
    and with nothing asked for, the first screen shows the ranking (a hand
    record: its index of boards and its first deal)."""
    html = published_page(name)
    assert flaws(browser_page, html, width)[:10] == []
    page = browser_page
    page.goto("about:blank")  # a fresh page: parts hidden again
    page.set_content(html)
    if name == "hand-record":
        assert page.locator("#boards .index a").first.bounding_box()["y"] < 900
        deal = page.locator("#boards .deal").first  # a deal, with nothing asked for
        assert deal.is_visible() and deal.bounding_box()["y"] < 900
        assert page.locator("#standings, #scoring").count() == 0
        return
    bottom = page.evaluate(RANKING_TOP)
    assert bottom is not None and bottom <= 900


@pytest.mark.parametrize("name", PUBLISHED)
def test_a_published_page_prints(browser_page: Any, name: str) -> None:
    """Printed on A4, the same holds for every part, each shown in turn."""
    assert flaws(browser_page, published_page(name), A4_WIDTH, "print")[:10] == []


def test_barking_s_first_table_ranks_every_pair(browser_page: Any) -> None:
    """Barking's page opens on one table of every pair, ranked 1 to N in order."""
    page = browser_page
    page.goto("about:blank")
    page.set_content(published_page("barking"))
    first = page.locator("#standings table").first
    heads = first.locator("thead th").all_inner_texts()
    assert heads[:3] == ["Rank", "Pair", "Team"]
    ranks = [int(r.rstrip("=")) for r in first.locator("tbody tr td:first-child").all_inner_texts()]
    assert len(ranks) == 24  # six teams of four pairs
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert all(r == i + 1 or r == ranks[i - 1] for i, r in enumerate(ranks))


def test_a_double_dummy_table_stays_a_table_on_a_phone(browser_page: Any) -> None:
    """On a phone a board's double-dummy table (six narrow columns) is still
    a table, its heads of strains shown, and it fits: only wider tables
    become blocks of labelled cells."""
    pytest.importorskip("endplay")  # the dd extra: the hand record's deals are solved
    scored = pbnscore.score(pbnscore.load(events.FIXTURES / "pbn" / "hand-record.pbn"))
    html = report_html.render(scored, dd=True)
    assert flaws(browser_page, html, PHONE_WIDTH)[:10] == []
    page = browser_page
    heads = page.locator("table.double-dummy thead th")
    assert heads.first.is_visible()
    assert heads.all_inner_texts()[:6] == ["Declarer", "NT", "S", "H", "D", "C"]
    rows = page.locator("table.double-dummy").first.locator("tbody tr")
    assert rows.count() == 4
    assert len({round(rows.nth(i).bounding_box()["x"]) for i in range(4)}) == 1
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('table.double-dummy tbody tr')).display"
        )
        == "table-row"
    )
