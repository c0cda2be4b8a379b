"""``python -m benchmarks cli-latency`` builds the peers it is given from their sources -- a Go
folder by its go.mod (as e2_go), a C++ file (as Lavavej's solver) -- takes an executable as it
is, and skips a peer it cannot have with the reason."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from benchmarks.cli_latency import PeerSkipped, peer_program


@pytest.mark.skipif(shutil.which("go") is None, reason="no Go toolchain here")
def test_a_go_source_folder_is_built_in_place_by_its_go_mod(tmp_path):
    source = tmp_path / "peer"
    source.mkdir()
    (source / "go.mod").write_text("module example.com/peer\n\ngo 1.19\n")
    program_text = 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("go peer") }\n'
    (source / "main.go").write_text(program_text)
    program = peer_program("e2go", source, tmp_path / "build")
    assert subprocess.run([str(program)], capture_output=True, text=True).stdout == "go peer\n"


@pytest.mark.skipif(not (shutil.which("c++") or shutil.which("g++")), reason="no C++ compiler here")
def test_a_cpp_source_is_compiled_and_an_executable_taken_as_it_is(tmp_path):
    source = tmp_path / "peer.cpp"
    source.write_text('#include <cstdio>\nint main() { std::puts("c++ peer"); }\n')
    program = peer_program("lavavej", source, tmp_path / "build")
    assert subprocess.run([str(program)], capture_output=True, text=True).stdout == "c++ peer\n"
    assert peer_program("lavavej", program, tmp_path / "elsewhere") == program


def test_a_peer_that_is_not_there_is_skipped_with_the_reason(tmp_path):
    with pytest.raises(PeerSkipped, match="does not exist"):
        peer_program("e2go", tmp_path / "no-such-folder", tmp_path / "build")
