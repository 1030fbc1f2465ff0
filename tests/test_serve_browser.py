"""`dslsolve serve` in a real browser: headless Chromium (the system's: Debian's `chromium`,
which `.ci/run` installs) driven by Playwright. The tests read the answer from the SVG the page
draws and check it against the known solution and the evaluator. One browser and one server
for the module."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from dslsolve.dsl.genre import load_genre
from dslsolve.errors import DslError
from dslsolve.frontends.api import Genre
from dslsolve.puzzlink.referee import pzpr_verdicts, referee_ready

from helpers import EMPTY_SUDOKU, PUZZLES, serve_workers

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from dslsolve.frontends.serve.local import CHROMIUM_ARGS, find_chromium, served  # noqa: E402

CHROMIUM = find_chromium()
pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no Chromium found (apt-get install chromium; or $DSLSOLVE_CHROMIUM)",
    ),
    pytest.mark.xdist_group("browser"),  # one test worker starts the browser and the server
]
SOLVE_MS = 120_000
OPEN_SUDOKU = "givens:\n12..\n3...\n....\n...4\n"
CLASHING_SUDOKU = "givens:\n1..1\n....\n.2..\n....\n"


@pytest.fixture(scope="module")
def site():
    with served() as (url, server), sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield url, server, browser
        browser.close()


@pytest.fixture
def page(site):
    url, _, browser = site
    page = browser.new_page()
    page.goto(url)
    yield page
    page.close()


def pick(page, genre: str, puzzle: str) -> None:
    page.select_option("#genre", genre)
    page.wait_for_function(
        "name => document.getElementById('genre-source').textContent.includes(name)", arg=genre
    )
    page.fill("#puzzle", puzzle)


def solve(page) -> str:
    """The verdict of a run; a message shown in its place fails the test at once with its
    text (waiting for a verdict that never comes said nothing of why)."""
    page.click("#solve")
    page.wait_for_selector("#verdict:not([hidden]), #error:not([hidden])", timeout=SOLVE_MS)
    assert page.is_hidden("#error"), page.inner_text("#error")
    return page.inner_text("#verdict")


def drawing(page, box: str) -> dict:
    """What the picture in `box` shows, read from its SVG: the shaded cells, the text in
    each cell, and the cells marked by the page (row, column; 0-based)."""
    return page.eval_on_selector(
        box,
        """box => {
          const picture = box.querySelector('svg');
          const x0 = +box.dataset.x, y0 = +box.dataset.y, size = +box.dataset.cell;
          const at = (x, y) => [Math.floor((x - x0) / size), Math.floor((y - y0) / size)];
          const shaded = [], texts = {}, marked = [];
          for (const rect of picture.querySelectorAll('rect')) {
            if (rect.getAttribute('fill') !== '#333') continue;
            const [c, r] = at(+rect.getAttribute('x') + 1, +rect.getAttribute('y') + 1);
            shaded.push([r, c]);
          }
          for (const text of picture.querySelectorAll('text')) {
            if (text.getAttribute('fill') === 'none') continue;  // the halo under a token
            const [c, r] = at(+text.getAttribute('x'), +text.getAttribute('y'));
            texts[`${r},${c}`] = text.textContent;
          }
          for (const mark of picture.querySelectorAll('rect.mark')) {
            marked.push(mark.dataset.cell.split(',').map(Number));
          }
          return {shaded, texts, marked};
        }""",
    )


def cells(pairs) -> set[tuple[int, int]]:
    return {tuple(pair) for pair in pairs}


def digits(drawn: dict, size: int) -> str:
    """A sudoku's solution text from the digits drawn in each cell."""
    return "".join(
        " ".join(drawn["texts"][f"{r},{c}"] for c in range(size)) + "\n" for r in range(size)
    )


def test_a_pasted_url_is_solved_and_drawn_unique(page):
    puzzle = PUZZLES / "nurikabe" / "puzzlink-5x5.txt"
    url = re.search(r"https://puzz\.link/p\?\S+?(?=\))", puzzle.read_text()).group()
    pick(page, "nurikabe", url)
    assert solve(page).startswith("Unique")
    drawn = drawing(page, "#solution .picture")
    known = (PUZZLES / "nurikabe" / "puzzlink-5x5.solution.txt").read_text().splitlines()
    black = {(r, c) for r, row in enumerate(known) for c, token in enumerate(row.split())}
    black = {(r, c) for r, c in black if known[r].split()[c] == "#"}
    assert cells(drawn["shaded"]) == black
    # the drawing, written as a solution, satisfies every rule (the evaluator)
    clues = {key: text for key, text in drawn["texts"].items()}
    text = "".join(
        " ".join(
            "#" if (r, c) in cells(drawn["shaded"]) else clues.get(f"{r},{c}", ".")
            for c in range(5)
        )
        + "\n"
        for r in range(5)
    )
    assert Genre.load(str(PUZZLES / "nurikabe.yaml")).check(url, text) == []
    assert page.input_value("#puzzle") == url  # the URL stays in its box
    assert "clues:" in page.text_content("#puzzle-text")  # its puzzle as text, below it


def test_not_unique_marks_where_the_two_solutions_differ(page):
    pick(page, "sudoku", OPEN_SUDOKU)
    assert solve(page).startswith("Not unique")
    first, second = drawing(page, "#solution .picture"), drawing(page, "#second .picture")
    differ = {
        tuple(map(int, key.split(",")))
        for key in first["texts"]
        if first["texts"][key] != second["texts"][key]
    }
    assert differ and cells(first["marked"]) == differ == cells(second["marked"])
    sudoku = Genre.load(str(PUZZLES / "sudoku.yaml"))
    for drawn in (first, second):
        assert sudoku.check(OPEN_SUDOKU, digits(drawn, 4)) == []


def test_no_solution_shows_the_fewest_clues_to_leave_out(page):
    pick(page, "sudoku", CLASHING_SUDOKU)
    assert "Leaving out 1 clue gives one" in solve(page)
    ways = page.query_selector_all(".diagnosis .picture")
    assert len(ways) == 2
    sudoku = Genre.load(str(PUZZLES / "sudoku.yaml"))
    for index in range(len(ways)):
        drawn = drawing(page, f".diagnosis:nth-of-type({index + 1}) .picture")
        [(row, column)] = cells(drawn["marked"])
        assert (row, column) in {(0, 0), (0, 3)}  # one of the two 1s of the first row
        rows = CLASHING_SUDOKU.splitlines()
        rows[row + 1] = rows[row + 1][:column] + "." + rows[row + 1][column + 1 :]
        assert sudoku.check("\n".join(rows) + "\n", digits(drawn, 4)) == []


def test_a_rule_error_is_shown_at_its_line_and_column(page, tmp_path, monkeypatch):
    pick(page, "nurikabe", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    page.click("#genre-details summary")
    mistaken = page.input_value("#genre-text").replace(
        "black cells connected", "blak cells connected"
    )
    page.fill("#genre-text", mistaken)
    page.click("#solve")
    shown = page.wait_for_selector("#error:not([hidden])").inner_text()
    monkeypatch.chdir(tmp_path)
    Path("nurikabe.yaml").write_text(mistaken)
    with pytest.raises(DslError) as error:
        load_genre("nurikabe.yaml")
    assert shown.strip() == error.value.render().strip()  # the command's own message
    assert re.match(r"nurikabe\.yaml:\d+:\d+: error: unknown name 'blak'", shown)


def test_clicking_a_cell_edits_its_clue(page):
    pick(page, "sudoku", OPEN_SUDOKU)
    page.click("#show")
    page.wait_for_selector("#board-box:not([hidden])")
    box = page.eval_on_selector("#board", "b => [+b.dataset.x, +b.dataset.y, +b.dataset.cell]")
    x, y, size = box
    page.click("#board svg", position={"x": x + 1.5 * size, "y": y + 1.5 * size})  # r2c2
    page.fill("#cell-input", "4")
    page.press("#cell-input", "Enter")
    page.wait_for_function("document.getElementById('puzzle').value.includes('34..')")
    assert page.input_value("#puzzle").splitlines()[2] == "34.."
    page.wait_for_function(
        "[...document.querySelectorAll('#board text')].some(t => t.textContent === '4' "
        "&& +t.getAttribute('y') < 100 && +t.getAttribute('y') > 50)"
    )


def test_cancel_stops_the_solver_process(site, page):
    _, server, _ = site
    pick(page, "sudoku", EMPTY_SUDOKU)
    page.check("#determined")
    page.click("#solve")
    page.wait_for_function(
        "document.getElementById('progress').textContent.includes('determined')",
        timeout=SOLVE_MS,
    )
    assert len(serve_workers(server.pid)) == 1
    page.click("#cancel")
    page.wait_for_function("document.getElementById('progress').textContent.includes('cancel')")
    assert serve_workers(server.pid) == []
    assert page.is_hidden("#verdict")


def test_the_determined_cells_are_those_every_solution_shares(page):
    pick(page, "sudoku", OPEN_SUDOKU)
    page.check("#determined")
    solve(page)
    marked = cells(drawing(page, "#determined .picture")["marked"])
    determined = Genre.load(str(PUZZLES / "sudoku.yaml")).determined(OPEN_SUDOKU)
    assert determined.complete and marked == {key for _, key in determined.undetermined}
    assert page.inner_text("#determined h2") == f"Determined cells: all but {len(marked)}"


def test_an_uploaded_genre_file_is_used_and_its_mistakes_named(page):
    text = (PUZZLES / "sudoku.yaml").read_text()
    upload = {"name": "mine.yaml", "mimeType": "text/yaml"}
    pick(page, "sudoku", "")  # the page's first genre has loaded: the upload replaces it
    page.set_input_files("#genre-upload", {**upload, "buffer": text.encode()})
    page.wait_for_function("document.getElementById('genre-source').textContent.includes('mine')")
    page.fill("#puzzle", OPEN_SUDOKU)
    assert solve(page).startswith("Not unique")
    mistaken = text.replace("rules:\n", "rules:\n  - each row: alldifferent(givens\n", 1)
    page.set_input_files("#genre-upload", {**upload, "buffer": mistaken.encode()})
    page.wait_for_function("document.getElementById('genre-text').value.includes('(givens\\n')")
    page.click("#solve")
    shown = page.wait_for_selector("#error:not([hidden])").inner_text()
    assert re.match(r"mine\.yaml:\d+:\d+: error: ", shown)


@pytest.mark.parametrize("held_reply", ["**/api/genres/nurikabe", "**/api/genres"])
def test_an_upload_during_the_first_load_is_not_overwritten_by_the_default_genre(site, held_reply):
    """The default genre's text arriving after an upload left the upload's name on the page
    and the default genre in the box, and the run used it ('unknown section givens'): seen
    in CI under load, made certain here by holding back the default genre's reply, or the
    list of genres before it (after which the page used to pick the default genre)."""
    url, _, browser = site
    page = browser.new_page()
    held = []
    page.route(held_reply, lambda route: held.append(route))
    page.goto(url)
    while not held:
        page.wait_for_timeout(50)
    text = (PUZZLES / "sudoku.yaml").read_text()
    upload = {"name": "mine.yaml", "mimeType": "text/yaml", "buffer": text.encode()}
    page.set_input_files("#genre-upload", upload)
    page.wait_for_function("document.getElementById('genre-source').textContent.includes('mine')")
    held[0].continue_()
    page.wait_for_function("document.getElementById('genre').options.length > 1")
    page.wait_for_timeout(500)
    assert "mine.yaml" in page.inner_text("#genre-source")
    assert page.input_value("#genre-text") == text
    page.fill("#puzzle", OPEN_SUDOKU)
    assert solve(page).startswith("Not unique")
    page.close()


def test_a_genre_that_is_not_a_grid_shows_its_answer_as_text(page):
    puzzle = PUZZLES / "cryptarithm" / "example.txt"
    pick(page, "cryptarithm", puzzle.read_text())
    assert solve(page).startswith("Unique")
    known = (PUZZLES / "cryptarithm" / "example.solution.txt").read_text()
    assert page.inner_text("#solution pre").strip() == known.strip()


def test_no_solution_says_why_when_no_clue_can_be_left_out(page):
    pick(page, "fillomino", "givens:\n11.\n...\n...\n")  # two 1s side by side
    shown = solve(page)
    assert shown.startswith("No solution: the rules cannot all hold for this puzzle")
    assert "no rule of this genre reads a clue that can be left out" in shown
    assert "even without any clue" not in shown  # what the page said, falsely
    assert "no piece fits at r1c1" in shown  # where, as the command says it


def test_the_answer_goes_back_to_puzzlink_as_a_url_and_a_pzprv3_file(page):
    puzzle = PUZZLES / "nurikabe" / "puzzlink-5x5.txt"
    url = re.search(r"https://puzz\.link/p\?\S+?(?=\))", puzzle.read_text()).group()
    pick(page, "nurikabe", url)
    assert solve(page).startswith("Unique")
    href = page.get_attribute("#puzzlink-answer", "href")
    assert href.startswith("https://puzz.link/p?pzprv3/nurikabe/5/5/")
    data = unquote(href.removeprefix("https://puzz.link/p?"))
    assert "#" not in href and " " not in href  # a '#' would end the URL
    download = page.get_attribute("#pzprv3-download", "download")
    assert download == "nurikabe-answer.txt"
    file = page.evaluate(
        "a => fetch(a.href).then(r => r.text())", page.query_selector("#pzprv3-download")
    )
    assert file.rstrip("\n").split("\n") == data.split("/")
    if referee_ready():  # puz.link's engine opens it as a complete, correct answer
        [verdict] = pzpr_verdicts([data])
        assert verdict["code"] is None and verdict["type"] == "nurikabe", verdict


def test_the_caret_stands_under_its_column_after_wide_characters(page):
    pick(page, "nurikabe", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    page.click("#genre-details summary")
    mistaken = page.input_value("#genre-text").replace(
        "- black cells connected", "- \"'ぬりかべ' = clues and blak\""
    )
    page.fill("#genre-text", mistaken)
    page.click("#solve")
    page.wait_for_selector("#error:not([hidden])")
    offset = page.evaluate(
        """() => {
          const gap = document.querySelector('#error .caret-gap');
          const quoted = gap.previousSibling.previousSibling;  // the line above, then '\\n'
          const at = document.createRange();
          at.setStart(quoted.firstChild, gap.textContent.length);
          at.setEnd(quoted.firstChild, gap.textContent.length + 1);
          const caret = document.createRange();
          caret.selectNodeContents(gap.nextSibling);
          const left = (range) => range.getBoundingClientRect().left;
          return [at.toString(), left(at), left(caret)];
        }"""
    )
    assert offset[0] == "b"  # the caret's column is blak's b, after four wide characters
    assert abs(offset[1] - offset[2]) < 1.5


def test_no_message_names_a_path_of_the_server(page):
    answer = page.evaluate(
        """() => fetch('/api/preview', {
             method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({
               genre: {name: 'nurikabe'}, puzzle: 'https://puzz.link/p?nosuchtype/4/4/g1h'})
           }).then(r => r.json())"""
    )
    assert "nurikabe.yaml" in answer["error"]
    assert str(PUZZLES.resolve()) not in answer["error"] and "/tmp" not in answer["error"]


def test_many_differing_cells_are_tinted_not_framed(page):
    """Sudoku with its one-hot digits (its file's CP-SAT key left out): CP-SAT's integer model
    finds a second answer to the empty grid that differs in 4 cells, the one-hot model one that
    differs in many, which is this test's subject (the picture's tint)."""
    text = (PUZZLES / "sudoku.yaml").read_text()
    one_hot = re.sub(r"(?m)^formulation:.*\n", "", text)
    assert one_hot != text
    upload = {"name": "onehot.yaml", "mimeType": "text/yaml", "buffer": one_hot.encode()}
    pick(page, "sudoku", "")  # the page's first genre has loaded: the upload replaces it
    page.set_input_files("#genre-upload", upload)
    page.wait_for_function("document.getElementById('genre-source').textContent.includes('onehot')")
    page.fill("#puzzle", "givens:\n" + ".........\n" * 9)
    assert solve(page).startswith("Not unique")
    marks = page.query_selector_all("#second rect.mark")
    assert len(marks) > 10
    for mark in marks:
        assert float(mark.get_attribute("fill-opacity")) < 0.3
        assert float(mark.get_attribute("stroke-width")) <= 1


def test_a_pasted_url_of_another_genre_picks_that_genre(page):
    """A masyu URL pasted while nurikabe is picked runs as masyu (the run's `genre`), and the
    page picks masyu and shows its genre file."""
    pick(page, "nurikabe", "https://puzz.link/p?mashu/6/6/1063000i3000")
    assert solve(page).startswith("Unique")
    assert page.input_value("#genre") == "masyu"
    assert "the URL's genre, not nurikabe" in page.text_content("#genre-source")
    assert page.input_value("#genre-text") == (PUZZLES / "masyu.yaml").read_text()
