"""Screenshots of `dslsolve serve`'s main states, into docs/serve/*.png, taken in headless
Chromium (the system's, driven by Playwright): `python tools/serve_screenshots.py`.

    picked.png        a genre picked and a puzz.link URL pasted (kept; its text below it)
    unique.png        solved, unique, with the determined cells and the answer's export
    not-unique.png    not unique: the other solution and the cells where the two differ
    not-unique-large.png  the same on a 9x9 board, where most cells differ
    no-solution.png   no solution: the fewest clues to leave out
    no-clue.png       no solution in a genre with no clue to leave out (fillomino): why
    rule-error.png    a mistake in an edited genre file, at its line and column
    caret.png         the same after wide characters: the caret under its column
    url-genre.png     a masyu URL pasted while nurikabe is picked: the page picks masyu
    question.png      a tapa URL with '?' in its clues, solved
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from dslsolve.frontends.serve.local import CHROMIUM_ARGS, find_chromium, served

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "serve"
NURIKABE_URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
MASYU_URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
TAPA_QUESTION_URL = "https://puzz.link/p?tapa/5/5/.n5hb5hain2"
OPEN_SUDOKU = "givens:\n12..\n3...\n....\n...4\n"
CLASHING_SUDOKU = "givens:\n1..1\n....\n.2..\n....\n"
WIDTH, HEIGHT = 1200, 800
WIDE_RULE = "- \"'ぬりかべ' = clues and blak\""  # a mistake after wide characters


def solve(page: Page) -> None:
    page.click("#solve")
    page.wait_for_selector("#verdict:not([hidden])", timeout=120_000)


def pick(page: Page, genre: str, puzzle: str) -> None:
    page.select_option("#genre", genre)
    page.wait_for_function(
        "name => document.getElementById('genre-source').textContent.includes(name)", arg=genre
    )
    page.fill("#puzzle", puzzle)


def shoot(page: Page, name: str) -> None:
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
    print(f"docs/serve/{name}.png")


def main() -> int:
    chromium = find_chromium()
    if chromium is None:
        print("no Chromium found (apt-get install chromium)", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with served() as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        page.goto(url)
        pick(page, "nurikabe", NURIKABE_URL)
        page.click("#show")
        page.wait_for_selector("#board-box:not([hidden])")
        shoot(page, "picked")
        page.check("#determined")
        solve(page)
        shoot(page, "unique")
        page.uncheck("#determined")
        pick(page, "sudoku", OPEN_SUDOKU)
        solve(page)
        shoot(page, "not-unique")
        pick(page, "sudoku", CLASHING_SUDOKU)
        solve(page)
        shoot(page, "no-solution")
        pick(page, "nurikabe", MASYU_URL)
        solve(page)
        shoot(page, "url-genre")
        pick(page, "tapa", TAPA_QUESTION_URL)
        solve(page)
        shoot(page, "question")
        pick(page, "nurikabe", NURIKABE_URL)
        page.click("#genre-details summary")
        text = page.input_value("#genre-text")
        page.fill("#genre-text", text.replace("black cells connected", "blak cells connected", 1))
        page.click("#solve")
        page.wait_for_selector("#error:not([hidden])")
        shoot(page, "rule-error")
        page.fill("#genre-text", text.replace("- black cells connected", WIDE_RULE, 1))
        page.click("#solve")
        page.wait_for_function("document.querySelector('#error .caret-gap')")
        shoot(page, "caret")
        pick(page, "sudoku", "givens:\n" + ".........\n" * 9)
        solve(page)
        shoot(page, "not-unique-large")
        pick(page, "fillomino", "givens:\n11.\n...\n...\n")
        solve(page)
        shoot(page, "no-clue")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
