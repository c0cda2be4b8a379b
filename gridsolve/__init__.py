"""gridsolve: grid logic puzzles solved three ways that must agree."""
