"""The docs cannot rot: every example of docs/cookbook.md runs (its genre, a block marked
`yaml cookbook`, loads, the puzzle beside it has exactly the solution shown, and `check`
accepts it); every link into a heading (`language.md#...`) lands on one; language.md lists
the lowering choices the code has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)


def cookbook_examples() -> list[tuple[str, str, str, str]]:
    """(heading, genre, puzzle, solution) of each example, in page order: a `yaml cookbook`
    block, then the next `text puzzle` and `text solution` blocks."""
    text = (DOCS / "cookbook.md").read_text()
    examples = []
    for block in FENCE.finditer(text):
        if block["info"].strip() != "yaml cookbook":
            continue
        heading = re.findall(r"^## (.+)$", text[: block.start()], re.MULTILINE)[-1]
        rest: dict[str, str] = {}
        for later in FENCE.finditer(text, block.end()):
            rest.setdefault(later["info"].strip(), later["body"])
        examples.append((heading, block["body"], rest["text puzzle"], rest["text solution"]))
    return examples


EXAMPLES = cookbook_examples()


def test_the_cookbook_has_its_examples():
    headings = {heading for heading, *_ in EXAMPLES}
    assert len(EXAMPLES) == len(headings) >= 10


@pytest.mark.parametrize(
    ("genre", "puzzle", "solution"),
    [pytest.param(*example, id=heading) for heading, *example in EXAMPLES],
)
def test_a_cookbook_example_solves_to_the_solution_shown(tmp_path, run, genre, puzzle, solution):
    (tmp_path / "g.yaml").write_text(genre)
    (tmp_path / "p.txt").write_text(puzzle)
    (tmp_path / "s.txt").write_text(solution)
    result = run(tmp_path / "g.yaml", tmp_path / "p.txt", "--unique")
    assert result.code == 0, result.err
    assert result.out == solution and "unique" in result.err, (result.out, result.err)
    assert run("check", tmp_path / "g.yaml", tmp_path / "p.txt", tmp_path / "s.txt").code == 0


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text())
    return {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def test_every_link_into_a_doc_heading_lands_on_one():
    sources = [*DOCS.glob("*.md"), ROOT / "README.md"]
    broken = []
    for source in sources:
        for target, anchor in re.findall(r"\]\(([\w./-]*\.md|)#([\w-]+)\)", source.read_text()):
            path = (source.parent / target) if target else source
            if anchor not in anchors(path):
                broken.append(f"{source.name}: {target}#{anchor}")
    assert not broken


def test_the_reference_lists_every_lowering_choice():
    """language.md §12 names each construct's choices, the default first, as the code has them."""
    from dslsolve.formulations import CHOICES

    text = (DOCS / "language.md").read_text()
    listed = {
        name: tuple(re.findall(r"`([\w-]+)`", choices))
        for name, choices in re.findall(
            r"^\| `(\w+)` \| [^\n]* \| ((?:`[\w-]+`(?:, )?)+) \|$", text, re.MULTILINE
        )
    }
    assert listed == dict(CHOICES)
