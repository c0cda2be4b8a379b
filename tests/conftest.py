"""pytest fixtures shared by the test modules (none at the moment); the shared helpers -- where
the fixtures and the corpora are, running the command line -- are in helpers.py."""
