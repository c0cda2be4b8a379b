"""The one error type of bad input, raised by every reader (``puzzles.formats``) and by
``kinds.normalize``; it sits outside ``formats`` so that ``kinds`` can use it without a cycle.
Whatever the message echoes from the input is escaped to printable text."""

from __future__ import annotations


class FormatError(ValueError):
    """Bad input: the one exception every reader raises. ``str(err)`` is the one line shown to the
    user: the place once (``source:line:column: ``, as far as known), then the message, with every
    character that is not printable escaped (input is echoed in messages)."""

    def __init__(self, message: str, source: str | None = None, line: int | None = None,
                 column: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    def place(self) -> str:
        """``source:line:column: `` with the parts known ("line N: " without a source)."""
        parts = [str(p) for p in (self.line, self.column) if p]
        if self.source:
            return ":".join([self.source, *parts]) + ": "
        return f"line {':'.join(parts)}: " if parts else ""

    def __str__(self) -> str:
        return printable(self.place() + self.message)

    def at(self, source: str | None = None, line: int | None = None,
           column: int | None = None) -> FormatError:
        """The same error placed in a file (keeps a more precise place already known)."""
        if self.source or self.line:
            return FormatError(self.message, self.source or source, self.line or line, self.column)
        return FormatError(self.message, source, line, column)

    def inside(self, source: str, line: int) -> FormatError:
        """This error of a text nested in line ``line`` of ``source`` (a JSON Lines puzzle): placed
        at that line; where it was inside the nested text is said in words."""
        inner = f"puzzle line {self.line}: " if self.line else ""
        return FormatError(inner + self.message, source, line)


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (``\\x1b``, ``\\u200b``):
    what a message echoes from the input never reaches a terminal raw."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
