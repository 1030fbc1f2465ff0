"""User errors: a message with a place, never a traceback.

Exit codes of the command line: 0 solved (or valid), 1 no solution (or invalid solution),
2 bad input (genre file, puzzle file, options).
"""

from __future__ import annotations

import os
import re
import stat
import sys
from dataclasses import dataclass

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3  # a bug of dslsolve's: a wrong lowering, an unexpected exception


@dataclass(frozen=True)
class Location:
    file: str
    line: int = 0  # 1-based; 0 when unknown
    column: int = 0  # 1-based; 0 when unknown

    def shifted(self, column_in_text: int) -> Location:
        """The place of 1-based column `column_in_text` of a text that starts here."""
        if not self.line:
            return self
        return Location(self.file, self.line, self.column + max(column_in_text, 1) - 1)

    def __str__(self) -> str:
        if self.line and self.column:
            return f"{self.file}:{self.line}:{self.column}"
        if self.line:
            return f"{self.file}:{self.line}"
        return self.file


class DslError(Exception):
    """A mistake in a genre file, a puzzle file, a solution file or the options."""

    def __init__(
        self,
        where: Location,
        message: str,
        *,
        expected: str | None = None,
        hint: str | None = None,
        source: str | None = None,
        source_column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.where = where
        self.message = message
        self.expected = expected
        self.hint = hint
        self.source = source
        self.source_column = source_column

    def __reduce__(self) -> tuple:
        """Pickled whole, as a DslError: a worker process's error (`compare`'s jobs) reaches
        the command intact, whatever the subclass's own arguments."""
        return (DslError, (self.where, self.message), self.__dict__)

    def render(self) -> str:
        lines = [f"{self.where}: error: {self.message}"]
        if self.source is not None:
            lines.append(f"    {self.source}")
            if self.source_column:
                lines.append("    " + " " * (self.source_column - 1) + "^")
        if self.expected:
            lines.append(f"  expected: {self.expected}")
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


def rule_error(origin, text: str, message: str, hint: str | None = None) -> DslError:
    """An error about a whole rule, at the place where the rule is written."""
    return DslError(
        Location(origin.file, origin.line, origin.column), message, hint=hint, source=text
    )


MAX_NUMBER = 10**100  # a number in a genre or puzzle file; beyond 10^308 no float holds it
MAX_DOMAIN_VALUES = 10_000  # values of one unknown: a literal domain, or one read from a puzzle
MAX_FILE_BYTES = 16 * 1024 * 1024  # a 2000x2000 grid of one-character cells is 8 MB


def read_text(path: str, what: str) -> str:
    """The text of a file the user named (`what`: "genre file", "puzzle file", ...); a file
    that cannot be read, is not a regular file (a FIFO would block, /dev/zero never end), is
    larger than MAX_FILE_BYTES or is not UTF-8 text is a user error."""
    try:
        # O_NONBLOCK: opening a FIFO without a writer returns at once, to be refused below
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise DslError(Location(path), f"the {what} is not a regular file")
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise DslError(Location(path), f"cannot read the {what}: {err.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise DslError(
            Location(path), f"the {what} is larger than {MAX_FILE_BYTES // 2**20} MB: not read"
        )
    try:
        text = data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as err:
        raise DslError(
            Location(path),
            f"the {what} is not UTF-8 text (byte {err.object[err.start]:#04x} at offset "
            f"{err.start})",
        ) from None
    _refuse_endless_numbers(text, path)
    return text


def _refuse_endless_numbers(text: str, path: str) -> None:
    """A run of digits longer than Python converts to a number (4,300 digits) is refused
    here, wherever it is: every reader (grids, lists, tables, YAML, solutions) would fail on
    it with a ValueError. Shorter numbers beyond MAX_NUMBER get their section's message. Only
    lines longer than the limit are searched (a 2000x2000 grid has none)."""
    limit = sys.get_int_max_str_digits()
    if not limit or len(text) <= limit:
        return
    for number, line in enumerate(text.split("\n"), 1):
        # from the start of a run only: elsewhere in a long run the search is quadratic
        found = re.search(rf"(?<!\d)\d{{{limit + 1}}}", line) if len(line) > limit else None
        if found:
            digits = re.match(r"\d+", line[found.start() :]).group()
            raise DslError(
                Location(path, number, found.start() + 1),
                f"a number of {len(digits)} digits: beyond 10^100, the largest number dslsolve "
                "reads",
            )
