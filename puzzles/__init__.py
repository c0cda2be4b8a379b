"""gridsolve domain layer: puzzle and solution types, formats, checkers and renderers.

Standard library only; every other layer imports from here, never the other way round.
"""
