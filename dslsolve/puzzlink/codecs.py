"""The data formats of puzz.link URL bodies (ENCODINGS.md sections 4 and 5), one function each.

Each decoder reads from a `Cursor` over the body and returns one value per slot (cell, lattice
point, border, room or outside clue), `None` for an empty slot. A value is an int (`QUESTION`
for a "?" clue) or a tuple of named parts (see `FIELDS`). None of them knows a genre: a genre
file says which decoder fills which of its sections.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

QUESTION = -2  # pzprjs's value of a "?" clue (in akari and shakashaka: a black cell)

Value = int | str | tuple[int, ...] | None


@dataclass
class Cursor:
    body: str
    at: int = 0
    cut: bool = False  # a run-length part ended with the body, before its last slot

    def more(self) -> bool:
        return self.at < len(self.body)

    def take(self, count: int = 1) -> str:
        piece = self.body[self.at : self.at + count]
        self.at += count
        return piece

    def peek(self) -> str:
        return self.body[self.at] if self.more() else ""

    def rest(self) -> str:
        return self.body[self.at :]


def _b36(char: str) -> int:
    return int(char, 36)


Step = Callable[[str, Cursor], list[Value]]


def _walk(cursor: Cursor, count: int, step: Step) -> list[Value]:
    """The skeleton of the run-length decoders: one character at a time, `step` gives the
    values of the slots it covers from the current one on (None: an empty slot, so a skip of
    n slots is n Nones; no slot: the character is passed over), reading more characters from
    the cursor if its format says so. The slots past the body's end are empty."""
    values: list[Value] = []
    while len(values) < count and cursor.more():
        values.extend(step(cursor.take(), cursor))
    cursor.cut = cursor.cut or len(values) < count
    return values[:count] + [None] * (count - len(values))


def _skip(slots: int) -> list[Value]:
    return [None] * slots


def _numbers(
    cursor: Cursor,
    count: int,
    wide: dict[str, tuple[int, int]],
    marks: dict[str, Value],
    skip_from: str = "g",
) -> list[Value]:
    """The Number16 family: a hex digit; a prefix of `wide` then (digits, base) more hex digits;
    a character of `marks` for its value; `skip_from`..`z` skip 1, 2, ... slots; anything else
    is passed over."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char in "0123456789abcdef":
            return [int(char, 16)]
        if char in wide:
            digits, base = wide[char]
            return [int(cursor.take(digits), 16) + base]
        if char in marks:
            return [marks[char]]
        if skip_from <= char <= "z":
            return _skip(_b36(char) - _b36(skip_from) + 1)
        return []

    return _walk(cursor, count, step)


NUMBER16_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192)}
NUMBER16_WIDE |= {"*": (4, 12240), "$": (5, 77776)}


def number16(cursor: Cursor, count: int) -> list[Value]:
    """Numbers per slot: hex digit, `-`XX, `+`XXX, `=`XXX, `%`/`@`XXX, `*`XXXX, `$`XXXXX, `.` for
    "?"; `g`..`z` skip 1..20 slots (section 4.1)."""
    return _numbers(cursor, count, NUMBER16_WIDE, {".": QUESTION})


def number10(cursor: Cursor, count: int) -> list[Value]:
    """Digits 0..9, `.` for "?", `a`..`z` skip 1..26 (section 4.3)."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char.isdigit():
            return [int(char)]
        if char == ".":
            return [QUESTION]
        if "a" <= char <= "z":
            return _skip(_b36(char) - 9)
        return _skip(1)

    return _walk(cursor, count, step)


def number10or16(cursor: Cursor, count: int) -> list[Value]:
    """Number10, or Number16 after a leading `-`: puz.link's newer writer (robx/pzprjs
    `encodeNumber10or16`) falls back to Number16 when a number is over 9 (usotatami)."""
    if cursor.peek() == "-":
        cursor.take()
        return number16(cursor, count)
    return number10(cursor, count)


def four(cursor: Cursor, count: int) -> list[Value]:
    """4Cell / 4Cross: clues 0..4 with a built-in skip of 0, 1 or 2 (section 4.2)."""

    def step(char: str, _: Cursor) -> list[Value]:
        code = _b36(char) if char.isalnum() else -1
        if 0 <= code <= 14:
            return [code % 5, *_skip(code // 5)]
        if 16 <= code <= 35:
            return _skip(code - 15)
        return [QUESTION] if char == "." else _skip(1)

    return _walk(cursor, count, step)


def _bits(cursor: Cursor, count: int) -> list[bool]:
    """`count` bits, 5 per base-32 character, most significant first."""
    bits: list[bool] = []
    for _ in range((count + 4) // 5):
        char = cursor.take()
        number = int(char, 32) if char else 0
        bits.extend(bool(number >> shift & 1) for shift in range(4, -1, -1))
    return bits[:count]


def binary(cursor: Cursor, count: int) -> list[Value]:
    """One bit per slot (section 4.6): 1 for a marked slot."""
    return [1 if bit else None for bit in _bits(cursor, count)]


def binary_clear(cursor: Cursor, count: int) -> list[Value]:
    """One bit per slot as `binary`, read the other way: 1 for a slot whose bit is clear
    (nondango sets the bit of a cell without a circle). The slots past the body's end are
    empty, as pzprjs leaves them, not clear bits."""
    present = 5 * len(cursor.rest())
    return [None if bit or slot >= present else 1 for slot, bit in enumerate(_bits(cursor, count))]


def binary_past_end(cursor: Cursor, count: int) -> list[Value]:
    """One bit per slot as `binary`, and the slots past the body's end marked too: pzprjs's
    default where a URL cut short stops (bosanowa: a cell the URL does not reach is off the
    board, as a set bit says)."""
    present = 5 * len(cursor.rest())
    return [1 if bit or slot >= present else None for slot, bit in enumerate(_bits(cursor, count))]


def ternary(cursor: Cursor, count: int) -> list[Value]:
    """Circle: three slots per base-27 character, 0 none, 1 white, 2 black (section 4.5)."""
    values: list[Value] = []
    for _ in range((count + 2) // 3):
        char = cursor.take()
        number = int(char, 27) if char else 0
        values.extend((number // 9, number // 3 % 3, number % 3))
    return [v or None for v in values[:count]]


def one_cell(cursor: Cursor, count: int) -> list[Value]:
    """1Cell (section 4.9): `0`..`h` mark the slot then skip that many; `i`..`z` skip 1..18."""

    def step(char: str, _: Cursor) -> list[Value]:
        code = _b36(char)
        return [1, *_skip(code)] if code <= 17 else _skip(code - 17)

    return _walk(cursor, count, step)


def arrow_number16(cursor: Cursor, count: int) -> list[Value]:
    """(arrow, number) per slot, arrow 0 none, 1 up, 2 down, 3 left, 4 right (section 4.7)."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char in "01234":
            digit = cursor.take()
            return [(int(char), QUESTION if digit == "." else int(digit, 16))]
        if char in "56789":
            return [(int(char) - 5, int(cursor.take(2), 16))]
        if char == "-":
            return [(int(cursor.take(), 16), int(cursor.take(3), 16))]
        if char == "+":
            return [(0, -3)]
        if "a" <= char <= "z":
            return _skip(_b36(char) - 9)
        return _skip(1)

    return _walk(cursor, count, step)


def arrows(cursor: Cursor, count: int) -> list[Value]:
    """An arrow per slot (pzprjs's `decode4Cell_toichika`): `1`..`4` an arrow up, down, left,
    right, `.` "?", `5`..`z` skip 1..31 slots."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char in "1234":
            return [int(char)]
        if char == ".":
            return [QUESTION]
        if char.isalnum() and _b36(char) >= 5:
            return _skip(_b36(char) - 4)
        return []

    return _walk(cursor, count, step)


def tateyoko(cursor: Cursor, count: int) -> list[Value]:
    """Tatebo-yokobo's cells (pzprjs's `decodeTateyoko`): a hex digit or `-`XX a number, `x` a
    shaded cell (`#`), `o`..`s` a shaded cell with the number 0..4 (`('#', n)`, the fields
    `shade` and `number`), `i` then a hex digit skip that many cells; anything else (`n`, `.`)
    skips one."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char in "0123456789abcdef":
            return [int(char, 16)]
        if char == "-":
            return [int(cursor.take(2), 16)]
        if char == "x":
            return ["#"]
        if "o" <= char <= "s":
            return [("#", _b36(char) - _b36("o"))]
        if char == "i":
            return _skip(int(cursor.take() or "1", 16))
        return _skip(1)

    return _walk(cursor, count, step)


def reflectlink(cursor: Cursor, count: int) -> list[Value]:
    """Triangles and crosses (pzprjs's `decodeReflectlink`): `1`..`4` and one hex digit, or
    `6`..`9` and two, a triangle of kind 2..5 (pzprjs's ques) with that number, the number 0
    none; `5` a cross (11); `a`..`z` skip 1..26 cells. A triangle with its number is the fields
    `kind` and `length`, one without it its kind alone."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char in "1234" or char in "6789":
            kind = int(char) + 1 if char in "1234" else int(char) - 4
            number = int(cursor.take(1 if char in "1234" else 2) or "0", 16)
            return [(kind, number) if number else kind]
        if char == "5":
            return [11]
        if "a" <= char <= "z":
            return _skip(_b36(char) - 9)
        return _skip(1)

    return _walk(cursor, count, step)


def letters_excell(cursor: Cursor, count: int) -> list[Value]:
    """Letters outside the grid, then their numbers (pzprjs's `decodeKinkonkan`): per clue
    slot in the excell order (top, bottom, left, right) `A`..`Z` a letter 1..26, `a`..`z`
    skip 1..26 slots; then one number per letter, in the same order: a hex digit, `-`XX, `.`
    "?". A value is (letter, number); a letter after a digit (pzprjs's letters past Z) is
    refused as `None` parts, -1."""
    letters: list[int | None] = []
    while len(letters) < count and cursor.more():
        char = cursor.take()
        if "A" <= char <= "Z":
            letters.append(_b36(char) - 9)
        elif char.isdigit():
            cursor.take()
            letters.append(-1)
        elif "a" <= char <= "z":
            letters.extend([None] * (_b36(char) - 9))
        else:
            letters.append(None)
    if len(letters) < count:  # pzprjs then reads the numbers from the body's start
        cursor.cut = True
    letters = letters[:count] + [None] * (count - len(letters))
    values: list[Value] = []
    for letter in letters:
        if letter is None:
            values.append(None)
            continue
        char = cursor.take()
        if char == ".":
            number = QUESTION
        elif char == "-":
            number = int(cursor.take(2), 16)
        else:
            number = int(char, 16) if char else -1
        values.append((letter, number))
    return values


def number16_excell(cursor: Cursor, count: int) -> list[Value]:
    """Clues outside the grid (section 4.8): hex digit, `-`XX, `.`, `g`..`z` skip 1..20."""
    return _numbers(cursor, count, {"-": (2, 0)}, {".": QUESTION})


def number32_excell(cursor: Cursor, count: int) -> list[Value]:
    """Clues outside the grid, one per slot with no skips: a base-32 digit (0..31) or `-` and
    two base-32 digits (box's frame)."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        return [int(cursor.take(2) if char == "-" else char, 32)]

    return _walk(cursor, count, step)


EXCELL_DECODERS: dict[str, Callable[[Cursor, int], list[Value]]] = {
    "number16excell": number16_excell,
    "number32excell": number32_excell,
}


def hitori(cursor: Cursor, count: int) -> list[Value]:
    """One base-36 number per slot, `-`XX for 36..1295, `%`/`@` "?", `.` empty (section 5)."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char == "-":
            return [int(cursor.take(2), 36)]
        if char in "%@":
            return [QUESTION]
        return [None if char == "." else _b36(char)]

    return _walk(cursor, count, step)


def makaro(cursor: Cursor, count: int) -> list[Value]:
    """Makaro's cells (section 5): a digit d is the number d + 1, `-`XX (decimal) the number
    XX + 1, `a`..`e` a black cell: `#` plain, `U` `D` `L` `R` with an arrow; `g`..`z` skip
    1..20."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char.isdigit():
            return [int(char) + 1]
        if char == "-":
            return [int(cursor.take(2)) + 1]
        if "a" <= char <= "e":
            return ["#UDLR"[_b36(char) - 10]]
        if "g" <= char <= "z":
            return _skip(_b36(char) - 15)
        return _skip(1)

    return _walk(cursor, count, step)


def kakuru(cursor: Cursor, count: int) -> list[Value]:
    """Kakuru's cells (section 5): `+` a black cell (`#`), a base-36 digit `0`..`j` the number
    0..19, `A`..`Z` the number 20..45, `_` "?", `.` an empty cell, `k`..`z` skip 2..17."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char == "+":
            return ["#"]
        if char == "_":
            return [QUESTION]
        if "k" <= char <= "z":
            return _skip(_b36(char) - 18)
        if char.isdigit() or "a" <= char <= "j":
            return [_b36(char)]
        if "A" <= char <= "Z":
            return [_b36(char) + 10]
        return _skip(1)

    return _walk(cursor, count, step)


def sashigane(cursor: Cursor, count: int) -> list[Value]:
    """Sashigane's cells (section 5): a hex digit or `-`XX a circle with that number, `.` a
    circle without one (`o`), `%` "?", `g`..`j` an arrow `U` `D` `L` `R`; `k`..`z` skip
    1..16."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char.isdigit() or "a" <= char <= "f":
            return [int(char, 16)]
        if char == "-":
            return [int(cursor.take(2), 16)]
        if char == ".":
            return ["o"]
        if char == "%":
            return [QUESTION]
        if "g" <= char <= "j":
            return ["UDLR"[_b36(char) - 16]]
        if "k" <= char <= "z":
            return _skip(_b36(char) - 19)
        return _skip(1)

    return _walk(cursor, count, step)


def yosenabe(cursor: Cursor, count: int) -> list[Value]:
    """Yosenabe's cells (pzprjs's `decodeNumber16_yosenabe`, section 5): a hex digit or `-`XX
    a circle with that number, `.` a circle without one; `i`X or `g`XX a pot's number (one or
    two hex digits), `h` a pot's "?"; `j`..`z` skip 1..17. A value is (kind, number): kind 0 a
    circle, 1 a pot's number; the number `QUESTION` for "?"."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char.isdigit() or "a" <= char <= "f":
            return [(0, int(char, 16))]
        if char == "-":
            return [(0, int(cursor.take(2), 16))]
        if char == ".":
            return [(0, QUESTION)]
        if char == "i":
            return [(1, int(cursor.take(1), 16))]
        if char == "g":
            return [(1, int(cursor.take(2), 16))]
        if char == "h":
            return [(1, QUESTION)]
        if "j" <= char <= "z":
            return _skip(_b36(char) - 18)
        return _skip(1)

    return _walk(cursor, count, step)


def tapa(cursor: Cursor, count: int) -> list[Value]:
    """A tuple of clue numbers per slot (0 inside a multi-clue code means "?") (section 5)."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char in "012345678":
            return [(int(char),)]
        if char == "9":
            return [(1, 1, 1, 1)]
        if char == ".":
            return [(QUESTION,)]
        if "a" <= char <= "f":
            code = _b36(char) * 36 + _b36(cursor.take())
            if 360 <= code < 396:
                parts = [(code - 360) // 6, (code - 360) % 6]
            elif 396 <= code < 460:
                parts = [(code - 396) // 16, (code - 396) // 4 % 4, (code - 396) % 4]
            else:
                parts = [(code - 460) >> shift & 1 for shift in (3, 2, 1, 0)]
            return [tuple(part or QUESTION for part in parts)]
        if "g" <= char <= "z":
            return _skip(_b36(char) - 15)
        return _skip(1)

    return _walk(cursor, count, step)


def pipelink(cursor: Cursor, count: int) -> list[Value]:
    """Pipe pieces 11..17 (section 5), `.` "?", digits: n+1 circle cells (value 6)."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char == ".":
            return [QUESTION]
        if char.isdigit():
            return [6] * (int(char) + 1)
        if "a" <= char <= "g":
            return [_b36(char) + 1]
        if "h" <= char <= "z":
            return _skip(_b36(char) - 16)
        return _skip(1)

    return _walk(cursor, count, step)


def loopsp(cursor: Cursor, count: int) -> list[Value]:
    """Numbered circles and line pieces (pzprjs's `decodeLoopsp`): a hex digit, `-`XX or
    `+`XXX a circle with that number, `.` a circle without one; `g`..`m` a line piece 11..17
    (pzprjs's ques, as `pipelink`'s: a cross, vertical, horizontal, then the turns); `n`..`z`
    skip 1..13 cells. A piece is its value alone, a circle the fields `piece` (0) and
    `number`."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char in "0123456789abcdef":
            return [(0, int(char, 16))]
        if char in "-+":
            return [(0, int(cursor.take(2 if char == "-" else 3), 16))]
        if char == ".":
            return [(0, QUESTION)]
        if "g" <= char <= "m":
            return [_b36(char) - 5]
        if "n" <= char <= "z":
            return _skip(_b36(char) - 22)
        return _skip(1)

    return _walk(cursor, count, step)


def slalom(cursor: Cursor, count: int) -> list[Value]:
    """Slalom's board (pzprjs's `decodeSlalom` for URLs with the flag `d`): per cell `1` a post
    (1), `2` a gate cell of a gate running up and down (21), `3` one running across (22),
    `4`..`z` skip 1..32 cells; then per post in reading order `0`..`4` a direction and one hex
    digit, `5`..`9` a direction + 5 and two, `-` a direction and three: its number; `g`..`z`
    skip 1..20 posts; then `/` and the start cell's index (10). A numbered post is the fields
    `kind` (1), `number` and `arrow` (0 none, 1 up, 2 down, 3 left, 4 right)."""
    kinds: list[Value] = []
    while len(kinds) < count and cursor.more():
        char = cursor.take()
        if char in "123":
            kinds.append({"1": 1, "2": 21, "3": 22}[char])
        elif char.isalnum():
            kinds.extend(_skip(_b36(char) - 3))
    values = kinds[:count] + _skip(count - len(kinds))
    posts = [i for i, kind in enumerate(values) if kind == 1]
    at = 0
    while at < len(posts) and cursor.more() and cursor.peek() != "/":
        char = cursor.take()
        if char in "01234":
            arrow, number = int(char), int(cursor.take(1), 16)
        elif char in "56789":
            arrow, number = int(char) - 5, int(cursor.take(2), 16)
        elif char == "-":
            arrow, number = int(cursor.take(1), 16), int(cursor.take(3), 16)
        elif "g" <= char <= "z":
            at += _b36(char) - 15
            continue
        else:
            continue
        values[posts[at]] = (1, number, arrow)
        at += 1
    while cursor.more() and cursor.peek() != "/":
        cursor.take()
    start = 0  # a URL without its start (cut short) starts where pzprjs's board does: cell 0
    if cursor.more():
        cursor.take()
        digits = ""
        while cursor.more() and cursor.peek().isdigit():
            digits += cursor.take()
        start = int(digits or "0")
    if 0 <= start < count and values[start] is None:
        values[start] = 10
    return values


def wall_logic(cursor: Cursor, count: int) -> list[Value]:
    """Number16 up to two hex digits, with `+` a given wall cell (value -4) (section 5)."""
    return _numbers(cursor, count, {"-": (2, 0)}, {".": QUESTION, "+": -4})


def _kakuro_sum(char: str) -> int | None:
    if char == "-" or not char:
        return None
    value = _b36(char) + (10 if char.isupper() else 0) if char.isalpha() else int(char)
    return value or None


def kakuro(cursor: Cursor, columns: int, rows: int) -> list[Value]:
    """The play area then the margin sums (section 5): per cell of the (rows+1) x (columns+1)
    board, `None` for a white cell, else (down, across) with 0 for no sum."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if "k" <= char <= "z":
            return _skip(_b36(char) - 19)
        if char == ".":
            return [(0, 0)]
        down, across = _kakuro_sum(char), _kakuro_sum(cursor.take())
        return [(down or 0, across or 0)]

    play = _walk(cursor, columns * rows, step)
    board: list[Value] = [(0, 0)] * (columns + 1)
    for row in range(rows):
        board.append((0, 0))
        board.extend(play[row * columns : (row + 1) * columns])
    for column in range(columns):
        if play[column] is None:
            board[column + 1] = (_kakuro_sum(cursor.take()) or 0, 0)
    for row in range(rows):
        if play[row * columns] is None:
            board[(row + 1) * (columns + 1)] = (0, _kakuro_sum(cursor.take()) or 0)
    return board


def triplace(cursor: Cursor, columns: int, rows: int) -> list[Value]:
    """Tri-place's clue cells (pzprjs's `decodeTriplace`, section 5), as `kakuro` gives them:
    per cell of the (rows+1) x (columns+1) board, `None` for a white cell, else (down, across)
    with -1 for no number (0 is a number here). Inside the grid: `g`..`z` skip 1..20 cells,
    `_` a clue cell without numbers, `%`x a down number only and `$`x an across number only
    (one base-36 digit), else two hex parts (down, across; `.` none), one digit each, or with
    `-` (across of two digits), `+` (down of two) or `=` (both of two). Then the margin: a
    down number per column, an across number per row (`.` none, a hex digit, or `-` and two).
    The frame's corner and margin cells are clue cells."""
    widths = {"-": (1, 2), "+": (2, 1), "=": (2, 2)}

    def part(text: str) -> int:
        return -1 if text in (".", "") else int(text, 16)

    def step(char: str, cursor: Cursor) -> list[Value]:
        if "g" <= char <= "z":
            return _skip(_b36(char) - 15)
        if char == "_":
            return [(-1, -1)]
        if char == "%":
            return [(_b36(cursor.take()), -1)]
        if char == "$":
            return [(-1, _b36(cursor.take()))]
        down, across = widths.get(char, (1, 1))
        if char not in widths:
            cursor.at -= 1
        return [(part(cursor.take(down)), part(cursor.take(across)))]

    play = _walk(cursor, columns * rows, step)

    def margin() -> int:
        char = cursor.take()
        return part(cursor.take(2)) if char == "-" else part(char)

    board: list[Value] = [(-1, -1)]
    board.extend((margin(), -1) for _ in range(columns))
    for row in range(rows):
        board.append((-1, margin()))
        board.extend(play[row * columns : (row + 1) * columns])
    return board


def inequalities(cursor: Cursor, vertical: int, horizontal: int) -> list[Value]:
    """Minarism's borders (verticals first): a hex digit or `-`XX is a difference, `.` "?",
    `g` the first mark (`lt` on a vertical border, `up` on a horizontal one), `h` the second
    (`rt`, `dn`), `i`..`z` skip 1..18 borders."""
    marks: dict[str, Value] = {".": QUESTION, "g": "first", "h": "second"}
    values = _numbers(cursor, vertical + horizontal, {"-": (2, 0)}, marks, skip_from="i")
    names = {("first", True): "lt", ("second", True): "rt"}
    names |= {("first", False): "up", ("second", False): "dn"}
    return [
        names[(value, slot < vertical)] if isinstance(value, str) else value
        for slot, value in enumerate(values)
    ]


def _hex_or_none(text: str) -> int | None:
    return None if text in (".", "") else int(text, 16)


def tile_paint(cursor: Cursor, columns: int, rows: int) -> tuple[list[Value], list[Value]]:
    """Tilepaint's part after its Border (section 5): black clue cells (a pair of sums per
    cell; `g`..`z` skip 1..20 cells), then the column sums and the row sums (`.` none, a hex
    digit, or `-` and two hex digits, of which pzprjs reads only the first for a column).
    Returns the clue cells (a (down, right) pair, None for none) and the sums, columns first."""
    widths = {"-": (1, 2), "+": (2, 1), "=": (2, 2)}

    def step(char: str, cursor: Cursor) -> list[Value]:
        if "g" <= char <= "z":
            return _skip(_b36(char) - 15)
        down, right = widths.get(char, (1, 1))
        if char not in widths:
            cursor.at -= 1
        parts = (_hex_or_none(cursor.take(down)), _hex_or_none(cursor.take(right)))
        return [tuple(-1 if part is None else part for part in parts)]

    cells = _walk(cursor, columns * rows, step)
    sums: list[Value] = []
    for index in range(columns + rows):
        char = cursor.take()
        if char == "-":
            digits = cursor.take(2)
            sums.append(int(digits[0] if index < columns else digits, 16))
        else:
            sums.append(_hex_or_none(char))
    return cells, sums


def ice_arrows(cursor: Cursor, vertical: int, horizontal: int) -> list[Value]:
    """Icebarn's arrows on the inside borders (section 5): two passes, each a run-length code
    in base 36 (`z` moves on 35 borders without an arrow); the first pass's arrows point left
    (`lt`, on a vertical border) or up (`up`), the second's right (`rt`) or down (`dn`)."""
    count = vertical + horizontal
    values: list[Value] = [None] * count
    for first in (True, False):
        border = 0
        while border < count and cursor.more():
            step = _b36(cursor.take())
            border += step
            if step != 35 and border < count:
                names = ("lt", "up") if first else ("rt", "dn")
                values[border] = names[border >= vertical]
                border += 1
    return values


def digit_arrows(cursor: Cursor, count: int) -> list[Value]:
    """A digit `1`..`9` per marked slot, `a`..`z` skip 1..26 slots (pzprjs's `decodeNagare`:
    the digit is 5 x shaded + arrow, the arrow 0 none, 1 up, 2 down, 3 left, 4 right)."""

    def step(char: str, _: Cursor) -> list[Value]:
        if "1" <= char <= "9":
            return [int(char)]
        if "a" <= char <= "z":
            return _skip(_b36(char) - 9)
        return _skip(1)

    return _walk(cursor, count, step)


def block_cells(cursor: Cursor, count: int) -> list[Value]:
    """Blocked cells, one mark `#` each (pzprjs's BlockCell, dosufuwa's blocks): a base-36
    digit `0`..`z` skips that many slots, then marks one; `.` skips 36 slots unmarked."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char.isdigit() or "a" <= char <= "z":
            return [*_skip(_b36(char)), "#"]
        if char == ".":
            return _skip(36)
        return _skip(1)

    return _walk(cursor, count, step)


def nurimaze(cursor: Cursor, count: int) -> list[Value]:
    """Nuri-maze's marks: `1` the start `s`, `2` the goal `g`, `3` a circle `o`, `4` a
    triangle `t`, each on one slot; `5`..`z` skip 1..31 slots. Where the body places no start
    (no goal), it is on the first (the last) slot, as pzprjs places them."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char in "1234":
            return ["sgot"[int(char) - 1]]
        if char.isdigit() or "a" <= char <= "z":
            return _skip(_b36(char) - 4)
        return _skip(1)

    marks: list[Value] = [None] * count
    start, goal = 0, count - 1
    for slot, value in enumerate(_walk(cursor, count, step)):
        if value == "s":
            start = slot
        elif value == "g":
            goal = slot
        else:
            marks[slot] = value
    marks[goal] = "g"
    marks[start] = "s"  # pzprjs writes a start that is also the goal as the start
    return marks


def shugaku(cursor: Cursor, count: int) -> list[Value]:
    """School trip's pillars (pzprjs's `decodeShugaku`): `0`..`4` a number, `5` "?", `6`..`z`
    skip 1..30 slots."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char in "01234":
            return [int(char)]
        if char == "5":
            return [QUESTION]
        if char.isdigit() or "a" <= char <= "z":
            return _skip(_b36(char) - 5)
        return []

    return _walk(cursor, count, step)


def kaero(cursor: Cursor, count: int) -> list[Value]:
    """Return Home's letters (pzprjs's `decodeKaero`), as numbers 1..52: `A`..`Z` 1..26,
    `0`..`9` 27..36, `-` and a base-36 digit 37..72, `.` "?"; `a`..`z` skip 1..26 slots."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if "A" <= char <= "Z":
            return [_b36(char) - 9]
        if char.isdigit():
            return [int(char) + 27]
        if char == "-":
            return [_b36(cursor.take()) + 37]
        if char == ".":
            return [QUESTION]
        if "a" <= char <= "z":
            return _skip(_b36(char) - 9)
        return []

    return _walk(cursor, count, step)


def herugolf(cursor: Cursor, count: int) -> list[Value]:
    """Herugolf's cells (pzprjs's `decodeNumber16_herugolf`): a hex digit or `-`XX a ball with
    that number, `h` a hole (the value `h`), `i`..`z` skip 1..18 slots; any other character
    (`g`, `.`) one empty slot."""

    def step(char: str, cursor: Cursor) -> list[Value]:
        if char.isdigit() or "a" <= char <= "f":
            return [int(char, 16)]
        if char == "-":
            return [int(cursor.take(2), 16)]
        if char == "h":
            return ["h"]
        if "i" <= char <= "z":
            return _skip(_b36(char) - 17)
        return _skip(1)

    return _walk(cursor, count, step)


WALL_WIDENING = (0, 1, 1, 2)  # a brick wall's half-cells beyond two per column, by shape


def bricks(rows: int, columns: int, shape: int) -> list[tuple[int, int]]:
    """The bricks of pzprjs's brick wall (tawa) of `columns` bricks a row and shape 0..3 (which
    rows start half a brick in, and which rows hold a brick more or fewer), in pzprjs's cell
    order: each as (row, its left half's column) on a grid of half-cells, `2 * columns +
    WALL_WIDENING[shape]` wide, where a brick covers two side by side."""
    if shape == 0:
        count = rows // 2 * (2 * columns - 1) + rows % 2 * columns
    elif shape == 3:
        count = rows // 2 * (2 * columns + 1) + rows % 2 * columns
    else:
        count = rows * columns
    found = []
    for a in range(count):
        if shape == 0:
            row, centre = 2 * a // (2 * columns - 1), 1 + 2 * a % (2 * columns - 1)
        elif shape == 3:
            row = (2 * a + 1) // (2 * columns + 1)
            centre = 1 + (2 * a + 1) % (2 * columns + 1)
        else:
            row = a // columns
            centre = 2 * (a % columns) + (row % 2 == (shape == 1)) + 1
        found.append((row, centre - 1))
    return found


def brick_wall(cursor: Cursor, columns: int, rows: int) -> tuple[list[list[Value]], int]:
    """Tawamurenga's body: the wall's shape (`0`..`3`, then `/`), then Number10 over its bricks.
    Returns the grid of half-cells (a brick's number, or `[`, on its left half, `]` on its
    right half, None off the wall) and the wall's shape."""
    text, _, _ = cursor.rest().partition("/")
    cursor.take(len(text) + 1)
    if text not in ("", "0", "1", "2", "3"):
        raise ValueError(f"a brick wall's shape is 0..3, not {text!r}")
    shape = int(text or 0)  # none given: pzprjs reads 0
    places = bricks(rows, columns, shape)
    numbers = number10(cursor, len(places))
    grid: list[list[Value]] = [[None] * (2 * columns + WALL_WIDENING[shape]) for _ in range(rows)]
    for (row, left), number in zip(places, numbers, strict=True):
        grid[row][left] = "[" if number is None else number
        grid[row][left + 1] = "]"
    return grid, shape


def dots(cursor: Cursor, count: int) -> list[Value]:
    """pzprjs's `decodeDot`: marks of 1 or 2 on the slots (a between-cells drawing, `over:
    drawing`: cells, the borders between them and the points inside); a hex digit v puts
    v % 2 + 1 on the slot and skips v // 2 more, g..z skip 1..20 slots."""

    def step(char: str, _: Cursor) -> list[Value]:
        if char in "0123456789abcdef":
            digit = int(char, 16)
            return [digit % 2 + 1] + _skip(digit // 2)
        if "g" <= char <= "z":
            return _skip(_b36(char) - 15)
        return []

    return _walk(cursor, count, step)


def every_border(cursor: Cursor, defaults: list[bool]) -> list[bool]:
    """One bit per border of pzprjs's whole border list (the inside borders, then the
    outline: mejilink's), 5 per base-32 character with no break between the vertical and the
    horizontal borders; a border past the body's end keeps its default."""
    count = len(defaults)
    read = min((count + 4) // 5, len(cursor.rest()))
    bits = _bits(cursor, 5 * read)[:count]
    return bits + defaults[len(bits) :]


def letters_abc(cursor: Cursor, count: int) -> list[Value]:
    """Letters on the slots (pzprjs's `decodeCrossABC`, kouchoku's points): `a`..`z` the
    letters A..Z, `.` a `?` (a letter not given), a digit `0`..`9` skips that many slots more
    than the one it stands on; a body that ends leaves the rest empty."""
    values: list[Value] = []
    while len(values) < count and cursor.more():
        char = cursor.take()
        if "a" <= char <= "z":
            values.append(char.upper())
        elif char == ".":
            values.append(QUESTION)
        elif char.isdigit():
            values += [None] * (int(char) + 1)
        else:
            raise ValueError(char)
    return (values + [None] * count)[:count]


BORDER_DECODERS = {"inequalities": inequalities}

CountDecoder = Callable[[Cursor, int], list[Value]]

SLOT_DECODERS: dict[str, CountDecoder] = {
    "number16": number16,
    "number10": number10,
    "number10or16": number10or16,
    "4cell": four,
    "4cross": four,
    "binary": binary,
    "binary0": binary_clear,
    "binary1": binary_past_end,
    "circle": ternary,
    "1cell": one_cell,
    "arrownumber16": arrow_number16,
    "hitori": hitori,
    "makaro": makaro,
    "kakuru": kakuru,
    "sashigane": sashigane,
    "tapa": tapa,
    "pipelink": pipelink,
    "walllogic": wall_logic,
    "arrows": arrows,
    "tateyoko": tateyoko,
    "blockcell": block_cells,
    "nurimaze": nurimaze,
    "shugaku": shugaku,
    "dots": dots,
    "digitarrows": digit_arrows,
    "reflectlink": reflectlink,
    "loopsp": loopsp,
    "slalom": slalom,
    "kaero": kaero,
    "herugolf": herugolf,
    "abc": letters_abc,
}

FIELDS: dict[str, tuple[str, ...]] = {
    "arrownumber16": ("arrow", "number"),
    "tateyoko": ("shade", "number"),
    "kakuro": ("down", "across"),
    "triplace": ("down", "across"),
    "reflectlink": ("kind", "length"),
    "loopsp": ("piece", "number"),
    "slalom": ("kind", "number", "arrow"),
}
