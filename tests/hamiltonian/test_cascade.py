"""The labyrinth cascade's order in one place: ``engine.CASCADE`` names every rule group once, in
the order ``apply_rules_control`` runs them."""

from __future__ import annotations

import ast
import inspect
import textwrap

from gridsolve.native_rules.hamiltonian.cascade import engine


def test_the_cascade_runs_its_groups_in_the_listed_order():
    cascade = getattr(engine.apply_rules_control, "py_func", engine.apply_rules_control)
    source = textwrap.dedent(inspect.getsource(cascade))
    tested = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If):
            for part in ast.walk(node.test):
                if isinstance(part, ast.BinOp) and isinstance(part.left, ast.Name) \
                        and part.left.id == "groups" and isinstance(part.right, ast.Name):
                    tested.append((node.lineno, part.right.id))
    name_of = {bit: name for name, bit in engine.GROUPS.items()}
    order = [name_of[getattr(engine, constant)] for _, constant in sorted(tested)]
    assert order == list(engine.CASCADE)
    assert sorted(engine.CASCADE) == sorted(engine.GROUPS)
