"""The native_rules layer: the edge-matching port's compiled loop does not import the port, and
importing a kind's backend neither compiles anything nor imports another kind's kernels."""

from __future__ import annotations

import subprocess
import sys

from ..helpers import IMPORTS


def test_the_compiled_edge_matching_loop_does_not_import_the_port():
    """The layer rules (no checker import, no cycle) are tests/project/test_architecture.py's; this one pins
    the direction between the port and its compiled loop."""
    package = "gridsolve.native_rules.edgematching"
    imported = IMPORTS[f"{package}.backtrack_fast"]
    assert not [i for i in imported if i in (f"{package}.backtrack", f"{package}.backends")]


IMPORT_PROBE = """
import sys
from numba.core import event
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())
import importlib
importlib.import_module(sys.argv[1])
others = [m for m in sys.modules if m.startswith("gridsolve.native_rules.") and not m.startswith(sys.argv[2])
          and m not in ("gridsolve.native_rules.kernels", "gridsolve.native_rules.compiler")]
print(compiled, others)
"""


def test_importing_a_kind_compiles_nothing_and_imports_no_other_kind():
    native = "gridsolve.native_rules."
    for kind, module in (("nurikabe", "deduce"), ("hamiltonian", "tools.drivers"),
                         ("slitherlink", "backends"), ("edgematching", "backends")):
        module, own = f"{native}{kind}.{module}", native + kind
        out = subprocess.run([sys.executable, "-c", IMPORT_PROBE, module, own], capture_output=True,
                             text=True, check=True).stdout.strip()
        assert out == "[] []", (module, out)
