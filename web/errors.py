"""The one table from an exception raised by a request to its HTTP status and one-line message,
used by the server (``web.app``) and by its worker processes (``web.worker``) alike."""

from __future__ import annotations

from ..harness.limits import TooLarge
from ..puzzles.errors import FormatError
from .sources import Exists, Forbidden
from .states import BadInput


class NotFound(LookupError):
    """An unknown job or file: 404."""


def one_line(exc: BaseException | str) -> str:
    text = (exc if isinstance(exc, str) else str(exc)).strip() or type(exc).__name__
    return " ".join(text.split())[:500]


def status_of(exc: BaseException) -> tuple[int, str]:
    """(HTTP status, one-line message) of an exception raised while answering a request: 4xx for
    what the request asked, 500 (naming the exception) for a bug."""
    for cls, status in ((Forbidden, 403), (NotFound, 404), (Exists, 409), (TooLarge, 413),
                        ((BadInput, FormatError, ValueError, TypeError), 400)):
        if isinstance(exc, cls):
            return status, one_line(exc)
    return 500, f"internal error: {type(exc).__name__}: {one_line(exc)}"
