"""Ports of the Takegaki (van Dam 2008) solvers: see issue 6."""
