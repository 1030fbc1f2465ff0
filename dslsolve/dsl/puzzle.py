"""Puzzle files: one reader for every genre, driven by the genre file's `input` sections.

A puzzle file is a sequence of sections, each started by a line `name:`. Outside grid
sections, a line whose first non-blank character is `#` followed by a space (or nothing) is a
comment; inside a grid section every non-blank line is a row (`# . #` is a row of akari
tokens). Blank lines are ignored. A grid section is rows of tokens: one character per cell,
or white-space separated tokens when any row contains white space; `.` is an empty cell. A
list section has one entry per line: numbers separated by spaces (or commas); `.` is an entry
without a clue. A genre with a single section may leave out its header line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dslsolve import ir
from dslsolve.dsl.genre import GenreFile
from dslsolve.errors import MAX_DOMAIN_VALUES, MAX_NUMBER, DslError, Location, read_text
from dslsolve.instance import Instance, Table, Token, parse_token
from dslsolve.ir import GridSection, GroupsSection, ListSection, TableSection

HEADER = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*$")
INLINE_HEADER = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*\S")  # `name: data`
NUMBER = re.compile(r"^-?\d+$")


@dataclass
class _RawSection:
    name: str
    where: Location
    lines: list[tuple[int, str]]


def _is_comment(line: str) -> bool:
    stripped = line.strip()
    return stripped == "#" or stripped.startswith("# ")


def _split_sections(path: str, text: str, genre: GenreFile) -> list[_RawSection]:
    sections: list[_RawSection] = []
    grids = {s.name for s in genre.genre.sections if isinstance(s, GridSection)}
    for number, line in enumerate(text.splitlines(), start=1):
        in_grid = bool(sections) and sections[-1].name in grids
        if not line.strip() or (_is_comment(line) and not in_grid):
            continue  # inside a grid every line is a row: `# . #` is an akari row
        header = HEADER.match(line)
        if header:
            sections.append(_RawSection(header.group(1), Location(path, number), []))
            continue
        inline = INLINE_HEADER.match(line)
        if inline and inline.group(1) in {s.name for s in genre.genre.sections}:
            raise DslError(
                Location(path, number),
                f"the header '{inline.group(1)}:' has data after it on its line",
                hint="a header stands on a line of its own; its data follow on the next lines",
            )
        if sections:
            sections[-1].lines.append((number, line.rstrip()))
        elif len(genre.genre.sections) == 1:
            only = genre.genre.sections[0].name
            sections.append(_RawSection(only, Location(path, number), [(number, line.rstrip())]))
        else:
            names = ", ".join(f"'{s.name}:'" for s in genre.genre.sections)
            raise DslError(
                Location(path, number),
                "data before the first section header",
                hint=f"start each section with its name, one of {names}",
            )
    return sections


def _grid(raw: _RawSection, section: GridSection) -> list[list[Token]]:
    if not raw.lines:
        raise DslError(raw.where, f"section '{raw.name}' is empty")
    tokenised = any(re.search(r"\s", line.strip()) for _, line in raw.lines)
    rows: list[list[str]] = [
        line.split() if tokenised else list(line.strip()) for _, line in raw.lines
    ]
    width = len(rows[0])
    for (number, _), row in zip(raw.lines, rows, strict=True):
        if len(row) != width:
            comment = any(line.lstrip().startswith("#") for _, line in raw.lines)
            raise DslError(
                Location(raw.where.file, number),
                f"ragged row in section '{raw.name}': {len(row)} cells, the first row has {width}",
                hint="inside a grid section every line is a row: put comments before the "
                "section header"
                if comment
                else None,
            )
    for (number, line), row in zip(raw.lines, rows, strict=True):
        for column, token in enumerate(row):
            if len(token) > 101 and re.fullmatch(r"-?\d+", token) and abs(int(token)) > MAX_NUMBER:
                raise DslError(
                    Location(raw.where.file, number, line.find(token) + 1),
                    f"a number of {len(token.lstrip('-'))} digits in section '{raw.name}': "
                    "beyond 10^100, the largest number dslsolve reads",
                )
            if not _allowed(token, section):
                position = line.find(token) + 1 if tokenised else column + 1
                allowed = ["a number", "'.'"] + [f"'{s}'" for s in section.symbols]
                if section.split:
                    allowed.append(f"NUMBER{section.split}NUMBER")
                    if section.lists and "?" in section.symbols:
                        allowed[-1] += " (a part may be '?': a run of any length)"
                    elif section.symbols and not section.lists:
                        allowed[-1] += " (a part may be a symbol)"
                raise DslError(
                    Location(raw.where.file, number, position),
                    f"unknown symbol '{token}' in section '{raw.name}'",
                    hint="a cell here is " + ", ".join(allowed),
                )
    return [[parse_token(token) for token in row] for row in rows]


def _check_link_drawing(raw: _RawSection, section: GridSection, grid: list[list[Token]]) -> None:
    """A section on links is the between-cell drawing: (2R-1) lines of (2C-1) tokens, cells at
    even (line, position), links between them, and `.` at the corners where four cells meet
    (and at the cells too, unless the section names a `cells` layer; at the corners, unless
    it names a `points` layer)."""
    for what, length in (("lines", len(grid)), ("tokens per line", len(grid[0]))):
        if length % 2 == 0:
            raise DslError(
                raw.where,
                f"section '{raw.name}' is on links: it needs an odd number of {what}, "
                f"found {length}",
                hint="R rows of C cells are drawn as 2R-1 lines of 2C-1 tokens, "
                "with the links between the cells",
            )
    for i, row in enumerate(grid):
        for j, token in enumerate(row):
            corner = i % 2 == 1 and j % 2 == 1
            cell = i % 2 == 0 and j % 2 == 0
            if token is None or not (
                (corner and section.points is None) or (cell and section.cells is None)
            ):
                continue
            number, _ = raw.lines[i]
            what = "a corner between four cells" if corner else f"cell r{i // 2 + 1}c{j // 2 + 1}"
            raise DslError(
                Location(raw.where.file, number),
                f"section '{raw.name}': line {i + 1}, token {j + 1} is {what}, not a link",
                hint="write '.' there"
                if corner
                else "write '.' there, or name a cell layer with 'cells:' in the genre",
            )


def _allowed(token: str, section: GridSection) -> bool:
    if token == "." or NUMBER.match(token) or token in section.symbols:
        return True
    if section.symbols == ("any",):
        return True
    if section.split and section.split in token:
        parts = token.split(section.split)
        if section.lists:  # a list of numbers, or `?` if declared: no empty part
            unknown = "?" if "?" in section.symbols else None
            return all(NUMBER.match(part) or part == unknown for part in parts)
        return all(part == "" or NUMBER.match(part) or part in section.symbols for part in parts)
    return False


def _list(raw: _RawSection) -> list[tuple[int, ...] | None]:
    entries: list[tuple[int, ...] | None] = []
    for number, line in raw.lines:
        tokens = [t for t in re.split(r"[\s,]+", line.strip()) if t]
        if tokens == ["."]:
            entries.append(None)
            continue
        bad = [t for t in tokens if not NUMBER.match(t)]
        if bad:
            raise DslError(
                Location(raw.where.file, number),
                f"'{bad[0]}' is not a number (section '{raw.name}')",
                hint="a list entry is numbers separated by spaces, or '.' for none",
            )
        entries.append(tuple(int(t) for t in tokens))
    return entries


def _groups(
    raw: _RawSection, section: GroupsSection, labels: set[Token]
) -> list[tuple[Token, tuple[Token, ...]]]:
    """Each line: the group's value, then the labels of its members (cells of `section.of`)."""
    groups: list[tuple[Token, tuple[Token, ...]]] = []
    for number, line in raw.lines:
        tokens = line.split()
        value = tokens[0]
        if not (value == "." or NUMBER.match(value) or value in section.symbols):
            allowed = ["a number", "'.'"] + [f"'{s}'" for s in section.symbols]
            raise DslError(
                Location(raw.where.file, number, line.find(value) + 1),
                f"unknown symbol '{value}' in section '{raw.name}'",
                hint="a group starts with its value: " + ", ".join(allowed),
            )
        members = tuple(parse_token(token) for token in tokens[1:])
        for token, member in zip(tokens[1:], members, strict=True):
            if member not in labels:
                raise DslError(
                    Location(raw.where.file, number),
                    f"'{token}' labels no cell of section '{section.of}' (section '{raw.name}')",
                    hint="after its value, a group lists labels of the cells it holds",
                )
        groups.append((parse_token(value), members))
    return groups


def _pad(record: list[Token], width: int, right: bool) -> list[Token]:
    gap: list[Token] = [None] * (width - len(record))
    return gap + record if right else record + gap


def _table(raw: _RawSection, section: TableSection) -> Table:
    """Records of tokens; a line made only of the separator character is a rule line."""
    records: list[list[Token]] = []
    blocks: list[int] = []
    layout: list[int | None] = []
    block = 1
    for _, line in raw.lines:
        if section.separator and set(line.strip()) == {section.separator}:
            layout.append(None)
            block += 1
            continue
        if section.delimiter == "chars":
            texts = [" " if ch.isspace() else ch for ch in line]
        elif section.delimiter == "spaces":
            texts = line.split()
        else:
            texts = [part.strip() for part in line.split(section.delimiter)]
        if section.rest == "chars":
            head = len(section.fields)
            texts = texts[:head] + [ch for ch in "".join(texts[head:]) if not ch.isspace()]
        tokens = [None if t in ("", " ") else parse_token(t) for t in texts]
        layout.append(len(records))
        records.append(tokens)
        blocks.append(block)
    width = max((len(r) for r in records), default=0)
    padded = tuple(tuple(_pad(record, width, section.align == "right")) for record in records)
    return Table(padded, tuple(blocks), tuple(layout), len(section.fields))


def read_puzzle(path: str, genre: GenreFile, text: str | None = None) -> Instance:
    """A puzzle in dslsolve's text format: the file at `path`, or `text` (then `path` names it
    in messages). A puz.link URL or pzprv3 board reaches here already written in this format
    (`dslsolve/puzzlink/source.py`): reading goes one way, from puz.link's formats to this."""
    if text is None:
        text = read_text(path, "puzzle file")
    declared = {s.name: s for s in genre.genre.sections}
    found: dict[str, _RawSection] = {}
    for raw in _split_sections(path, text, genre):
        if raw.name not in declared:
            import difflib  # a misspelt section only: not at every start

            close = difflib.get_close_matches(raw.name, list(declared), n=1)
            hint = (
                f"did you mean '{close[0]}:'?"
                if close
                else ("this genre's sections: " + ", ".join(declared))
            )
            raise DslError(raw.where, f"unknown section '{raw.name}'", hint=hint)
        if raw.name in found:
            raise DslError(raw.where, f"section '{raw.name}' appears twice")
        found[raw.name] = raw
    for name, section in declared.items():
        if name not in found and isinstance(section, TableSection) and section.default:
            lines = list(enumerate(section.default.splitlines(), start=1))
            found[name] = _RawSection(name, Location(path), lines)
        if name not in found:
            raise DslError(
                Location(path),
                f"missing section '{name}:'",
                hint=f"the genre {genre.genre.name} needs the sections "
                + ", ".join(f"'{n}:'" for n in declared),
            )

    sizes: dict[str, tuple[str, int, Location]] = {}  # dimension -> (section, length, where)

    def agree(dimension: str, length: int, raw: _RawSection) -> None:
        if dimension in sizes and sizes[dimension][1] != length:
            other, other_length, _ = sizes[dimension]
            raise DslError(
                raw.where,
                f"sizes disagree: section '{raw.name}' gives {length} "
                f"{dimension}, section '{other}' gives {other_length}",
            )
        sizes.setdefault(dimension, (raw.name, length, raw.where))

    grids: dict[str, list[list[Token]]] = {}
    lists: dict[str, list[tuple[int, ...] | None]] = {}
    tables: dict[str, Table] = {}
    for name, section in declared.items():
        raw = found[name]
        if isinstance(section, GroupsSection):
            continue  # read once the grid that labels the cells is known
        if isinstance(section, TableSection):
            tables[name] = _table(raw, section)
        elif isinstance(section, GridSection):
            grid = _grid(raw, section)
            if section.on.value == "link":
                _check_link_drawing(raw, section, grid)
                agree("rows", (len(grid) + 1) // 2, raw)
                agree("columns", (len(grid[0]) + 1) // 2, raw)
            else:
                shrink = 1 if section.on.value == "point" else 0
                agree("rows", len(grid) - shrink, raw)
                agree("columns", len(grid[0]) - shrink, raw)
            grids[name] = grid
        else:
            assert isinstance(section, ListSection)
            entries = _list(raw)
            agree("rows" if section.per == "row" else "columns", len(entries), raw)
            lists[name] = entries
    if not sizes and tables:
        return _valued(Instance.build(genre.genre, 0, 0, grids, lists, tables=tables), genre, path)
    if "rows" not in sizes or "columns" not in sizes:
        raise DslError(
            Location(path),
            "the puzzle file does not give the grid size",
            hint="a grid section, or list sections per row and per column, give it",
        )
    rows, columns = sizes["rows"][1], sizes["columns"][1]
    if rows < 1 or columns < 1:
        raise DslError(Location(path), "the grid is empty")
    groups = {
        name: _groups(found[name], section, {t for row in grids[section.of] for t in row})
        for name, section in declared.items()
        if isinstance(section, GroupsSection)
    }
    return _valued(
        Instance.build(genre.genre, rows, columns, grids, lists, groups, tables), genre, path
    )


def _valued(instance: Instance, genre: GenreFile, path: str) -> Instance:
    """`instance`, once every symbol variable has a value to take: its values are the members
    of an index set, which an empty table leaves without any."""
    for var in genre.genre.variables:
        if var.values is not None and not instance.domain(var):
            raise DslError(
                Location(path),
                f"'{var.name}' takes its values from the set '{var.values}', "
                "which has no members in this puzzle",
            )
        if var.type != ir.Type.INT:
            continue
        high = instance.high(var)
        if high < var.low:
            raise DslError(
                Location(path),
                f"'{var.name}' has no value to take in this puzzle: its domain "
                f"{var.low}..{var.high} is {var.low}..{high}",
            )
        if high - var.low >= MAX_DOMAIN_VALUES:
            raise DslError(
                Location(path),
                f"'{var.name}' would take more than {MAX_DOMAIN_VALUES} values in this puzzle: "
                f"its domain {var.low}..{var.high} is {var.low}..{high}",
                hint="docs/robustness.md lists the bounds of dslsolve and why",
            )
    return instance
