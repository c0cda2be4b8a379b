"""What every frontier DP here shares and no numpy is needed for: how wide a frontier packs
(2 bits a plug, W + 1 plugs, plus 2 tag bits, in 64 bits), the default state bound and the
error past either. A module of its own so that the interpreted count and the ``dp`` backend's
route are imported without numpy (``dp`` re-exports these names)."""

from __future__ import annotations

MAX_WIDTH = 29  # 2 bits per plug (W + 1 plugs) plus 2 tag bits in 64 bits
DEFAULT_MAX_STATES = 8_000_000  # 17x17 peaks near 3.1 M states; 19x19 would need ~20 M


class TooLarge(RuntimeError):
    """The frontier grew past ``max_states`` (or the grid is too wide to pack)."""
