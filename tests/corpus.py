"""Read the shared puzzle corpus and convert it to dslsolve's puzzle and solution formats.

The corpus (``shared/corpus/<genre>/<W>x<H>_<k>.{puzzle,solution}.txt``, described in each
genre's ``FORMAT.md``) sits beside the repository checkout. Its files are turned into the
project's input convention (named sections) and into the exact text the solver prints.
"""

from collections.abc import Callable
from pathlib import Path


def _shared_corpus() -> Path:
    """`shared/corpus` beside the checkout, or beside a folder above it (a git worktree under
    `wt/`); the first place looked at when there is none, for the skip's reason."""
    checkout = Path(__file__).resolve().parents[1]
    for folder in checkout.parents:
        if (folder / "shared" / "corpus").is_dir():
            return folder / "shared" / "corpus"
    return checkout.parent / "shared" / "corpus"


CORPUS = _shared_corpus()


def _read_lines(genre: str, stem: str, kind: str) -> list[str]:
    """Return the non-empty lines of ``<stem>.<kind>.txt`` with line ends removed."""
    text = (CORPUS / genre / f"{stem}.{kind}.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def _read_grid(genre: str, stem: str, kind: str) -> list[list[str]]:
    """Read a corpus grid: a line with a space holds tokens, otherwise one cell per character."""
    return [line.split() if " " in line else list(line) for line in _read_lines(genre, stem, kind)]


def _grid_section(grid: list[list[str]]) -> str:
    """Write grid rows compactly, or space-separated when any cell has more than one character."""
    spaced = any(len(cell) > 1 for row in grid for cell in row)
    return "".join((" ".join(row) if spaced else "".join(row)) + "\n" for row in grid)


def _token_grid(grid: list[list[str]]) -> str:
    """Write a solution grid: tokens separated by single spaces, one line per row."""
    return "".join(" ".join(row) + "\n" for row in grid)


def _sudoku_puzzle(stem: str) -> str:
    """Sudoku givens as a ``givens:`` grid section."""
    return "givens:\n" + _grid_section(_read_grid("sudoku", stem, "puzzle"))


def _sudoku_solution(stem: str) -> str:
    """Sudoku solution: the filled grid as tokens."""
    return _token_grid(_read_grid("sudoku", stem, "solution"))


def _hitori_puzzle(stem: str) -> str:
    """Hitori numbers as a ``numbers:`` grid section."""
    return "numbers:\n" + _grid_section(_read_grid("hitori", stem, "puzzle"))


def _hitori_solution(stem: str) -> str:
    """Hitori solution: ``#`` for shaded cells, the puzzle's number for the others."""
    numbers = _read_grid("hitori", stem, "puzzle")
    shading = _read_grid("hitori", stem, "solution")
    return _token_grid(
        [
            ["#" if mark == "#" else number for number, mark in zip(nrow, srow, strict=True)]
            for nrow, srow in zip(numbers, shading, strict=True)
        ]
    )


def _kurodoko_puzzle(stem: str) -> str:
    """Kurodoko clue numbers as a ``clues:`` grid section."""
    return "clues:\n" + _grid_section(_read_grid("kurodoko", stem, "puzzle"))


def _kurodoko_solution(stem: str) -> str:
    """Kurodoko solution: the clue where the puzzle has one, ``#`` shaded, ``.`` otherwise."""
    clues = _read_grid("kurodoko", stem, "puzzle")
    shading = _read_grid("kurodoko", stem, "solution")
    return _token_grid(
        [
            [clue if clue != "." else mark for clue, mark in zip(crow, srow, strict=True)]
            for crow, srow in zip(clues, shading, strict=True)
        ]
    )


def _akari_puzzle(stem: str) -> str:
    """Akari board as a ``board:`` grid section (the corpus symbols are the project's)."""
    return "board:\n" + _grid_section(_read_grid("akari", stem, "puzzle"))


def _akari_solution(stem: str) -> str:
    """Akari solution: the board with ``+`` on lights (the corpus writes ``L``)."""
    grid = _read_grid("akari", stem, "solution")
    return _token_grid([["+" if cell == "L" else cell for cell in row] for row in grid])


def _nonogram_puzzle(stem: str) -> str:
    """Nonogram clues as ``rows:`` and ``columns:`` list sections."""
    lines = _read_lines("nonogram", stem, "puzzle")
    cols_at = lines.index("cols:")
    rows, cols = lines[1:cols_at], lines[cols_at + 1 :]
    return "".join(
        [
            "rows:\n",
            *(clue.replace(",", " ") + "\n" for clue in rows),
            "columns:\n",
            *(clue.replace(",", " ") + "\n" for clue in cols),
        ]
    )


def _nonogram_solution(stem: str) -> str:
    """Nonogram solution: ``#`` / ``.`` tokens."""
    return _token_grid(_read_grid("nonogram", stem, "solution"))


def _slitherlink_puzzle(stem: str) -> str:
    """Slitherlink clues as a ``clues:`` grid section."""
    return "clues:\n" + _grid_section(_read_grid("slitherlink", stem, "puzzle"))


def _slitherlink_solution(stem: str) -> str:
    """Slitherlink solution canvas: the corpus drawing with clue digits inside the cells."""
    clues = _read_grid("slitherlink", stem, "puzzle")
    width = 2 * len(clues[0]) + 1
    path = CORPUS / "slitherlink" / f"{stem}.solution.txt"
    canvas = [list(line.ljust(width)) for line in path.read_text(encoding="utf-8").splitlines()]
    for i, row in enumerate(clues):
        for j, clue in enumerate(row):
            canvas[2 * i + 1][2 * j + 1] = " " if clue == "." else clue
    return "".join("".join(line).rstrip() + "\n" for line in canvas)


def _masyu_puzzle(stem: str) -> str:
    """Masyu pearls (``w`` white, ``b`` black) as a ``circles:`` grid section."""
    return "circles:\n" + _grid_section(_read_grid("masyu", stem, "puzzle"))


_PIECES = {
    (0, 0, 1, 1): "─",
    (1, 1, 0, 0): "│",
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
}


def _masyu_solution(stem: str) -> str:
    """Masyu solution: the corpus drawing (cells at even positions, ``-`` and ``|`` between)
    as one loop piece per cell (up, down, left, right), ``.`` off the loop."""
    lines = (CORPUS / "masyu" / f"{stem}.solution.txt").read_text(encoding="utf-8").splitlines()
    width = max(len(line) for line in lines) + 2
    canvas = [" " * width] + [" " + line.ljust(width - 1) for line in lines] + [" " * width]
    rows = []
    for r in range(1, len(canvas) - 1, 2):
        row = []
        for c in range(1, width - 1, 2):
            if canvas[r][c] != "+":
                row.append(".")
                continue
            key = (
                canvas[r - 1][c] == "|",
                canvas[r + 1][c] == "|",
                canvas[r][c - 1] == "-",
                canvas[r][c + 1] == "-",
            )
            row.append(_PIECES[tuple(int(k) for k in key)])
        rows.append(row)
    return _token_grid(rows)


def _hashiwokakero_puzzle(stem: str) -> str:
    """Hashiwokakero islands as an ``islands:`` grid section."""
    return "islands:\n" + _grid_section(_read_grid("hashiwokakero", stem, "puzzle"))


def _hashiwokakero_solution(stem: str) -> str:
    """Hashiwokakero solution canvas: ``+`` at lattice points, islands at cell centres, each
    bridge of the corpus's pair list drawn on the links it spans (``-``/``=`` across,
    ``|``/``‖`` down, for one or two bridges)."""
    islands = _read_grid("hashiwokakero", stem, "puzzle")
    rows, columns = len(islands), len(islands[0])
    canvas = [[" "] * (2 * columns + 1) for _ in range(2 * rows + 1)]
    for r in range(rows + 1):
        for c in range(columns + 1):
            canvas[2 * r][2 * c] = "+"
    for r, row in enumerate(islands):
        for c, token in enumerate(row):
            canvas[2 * r + 1][2 * c + 1] = " " if token == "." else token
    for line in _read_lines("hashiwokakero", stem, "solution"):
        r1, c1, r2, c2, n = (int(part) for part in line.split())
        if r1 == r2:
            for c in range(c1, c2):
                canvas[2 * r1 + 1][2 * c + 2] = "-" if n == 1 else "="
        else:
            for r in range(r1, r2):
                canvas[2 * r + 2][2 * c1 + 1] = "|" if n == 1 else "‖"
    return "".join("".join(line).rstrip() + "\n" for line in canvas)


def _fillomino_puzzle(stem: str) -> str:
    """Fillomino givens as a ``givens:`` grid section."""
    return "givens:\n" + _grid_section(_read_grid("fillomino", stem, "puzzle"))


def _fillomino_solution(stem: str) -> str:
    """Fillomino solution: the numbers as tokens."""
    return _token_grid(_read_grid("fillomino", stem, "solution"))


def _shikaku_puzzle(stem: str) -> str:
    """Shikaku clues as a ``clues:`` grid section."""
    return "clues:\n" + _grid_section(_read_grid("shikaku", stem, "puzzle"))


def walls_drawing(labels: list[list[str]], clues: list[list[str]]) -> str:
    """A partition given as one label per cell, drawn as the solver prints walls: ``+`` at
    the points, ``-`` and ``|`` between cells of different labels and on the outline, each
    clue's first character at its cell."""
    rows, columns = len(labels), len(labels[0])
    canvas = [[" "] * (2 * columns + 1) for _ in range(2 * rows + 1)]
    for r in range(rows + 1):
        for c in range(columns + 1):
            canvas[2 * r][2 * c] = "+"
    for r in range(rows):
        for c in range(columns):
            canvas[2 * r + 1][2 * c + 1] = " " if clues[r][c] == "." else clues[r][c][0]
            if r == 0 or labels[r - 1][c] != labels[r][c]:
                canvas[2 * r][2 * c + 1] = "-"
            if c == 0 or labels[r][c - 1] != labels[r][c]:
                canvas[2 * r + 1][2 * c] = "|"
        canvas[2 * r + 1][2 * columns] = "|"
    for c in range(columns):
        canvas[2 * rows][2 * c + 1] = "-"
    return "".join("".join(line).rstrip() + "\n" for line in canvas)


def _shikaku_solution(stem: str) -> str:
    """Shikaku solution: the rectangles (labels in the corpus) drawn as walls, with clues."""
    return walls_drawing(
        _read_grid("shikaku", stem, "solution"), _read_grid("shikaku", stem, "puzzle")
    )


def _futoshiki_puzzle(stem: str) -> str:
    """Futoshiki drawing as a ``board:`` section on links: a space becomes ``.``."""
    path = CORPUS / "futoshiki" / f"{stem}.puzzle.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    width = max(len(line) for line in lines)
    rows = [[ch if ch != " " else "." for ch in line.ljust(width)] for line in lines]
    return "board:\n" + "".join(" ".join(row) + "\n" for row in rows)


def _digits_solution(genre: str, stem: str) -> str:
    """A solution of N lines of N digits, as tokens."""
    return _token_grid(_read_grid(genre, stem, "solution"))


def _skyscrapers_puzzle(stem: str) -> str:
    """Skyscrapers: the four clue lists (``0`` = no clue, written ``.``) and the givens."""
    lines = _read_lines("skyscrapers", stem, "puzzle")
    sides = {}
    for line in lines[:4]:
        side, _, clues = line.partition(":")
        sides[side] = ["." if clue == "0" else clue for clue in clues.split()]
    text = "".join(f"{side}:\n" + "".join(c + "\n" for c in sides[side]) for side in sides)
    return text + "givens:\n" + "".join(line + "\n" for line in lines[5:])


_CONVERTERS: dict[str, tuple[Callable[[str], str], Callable[[str], str]]] = {
    "sudoku": (_sudoku_puzzle, _sudoku_solution),
    "hitori": (_hitori_puzzle, _hitori_solution),
    "akari": (_akari_puzzle, _akari_solution),
    "kurodoko": (_kurodoko_puzzle, _kurodoko_solution),
    "nonogram": (_nonogram_puzzle, _nonogram_solution),
    "slitherlink": (_slitherlink_puzzle, _slitherlink_solution),
    "masyu": (_masyu_puzzle, _masyu_solution),
    "hashiwokakero": (_hashiwokakero_puzzle, _hashiwokakero_solution),
    "fillomino": (_fillomino_puzzle, _fillomino_solution),
    "shikaku": (_shikaku_puzzle, _shikaku_solution),
    "futoshiki": (_futoshiki_puzzle, lambda stem: _digits_solution("futoshiki", stem)),
    "skyscrapers": (_skyscrapers_puzzle, lambda stem: _digits_solution("skyscrapers", stem)),
}


def _size_key(stem: str) -> tuple[int, int, int, int]:
    """Sort key of a stem ``<W>x<H>_<k>``: cell count, width, height, then instance number."""
    size, k = stem.split("_")
    w, h = (int(part) for part in size.split("x"))
    return (w * h, w, h, int(k))


def corpus_instances(genre: str) -> list[str]:
    """Return the instance stems of a corpus genre (``["10x10_1", ...]``), by size then number."""
    stems = (
        path.name.removesuffix(".puzzle.txt") for path in (CORPUS / genre).glob("*.puzzle.txt")
    )
    return sorted(stems, key=_size_key)


def puzzle_text(genre: str, stem: str) -> str:
    """Return a corpus puzzle in the project's input convention; ``KeyError`` if unsupported."""
    return _CONVERTERS[genre][0](stem)


def solution_text(genre: str, stem: str) -> str:
    """Return a corpus solution exactly as the solver prints it; ``KeyError`` if unsupported."""
    return _CONVERTERS[genre][1](stem)
