"""The rule-file syntax of van Dam (2008), Chapter 5, the shipped Appendix A file, and the eight
symmetric variants (native_rules/slitherlink/rulefile.py)."""

from __future__ import annotations

import fnmatch
import tomllib

import pytest
from gridsolve.native_rules.slitherlink import rulefile
from gridsolve.puzzles.formats import FormatError

from ..helpers import ROOT

# Chapter 5 prints rule #14 cleanly (the reference for reading the garbled Appendix A)
CHAPTER_5_RULE_14 = """\
% rule number 14
s 0|0|3
s 0|2|3
e -2|1|0
e 0|-1|1
e 0|3|1
e 2|1|0
q
"""


def test_the_shipped_file_holds_the_36_rules_of_appendix_a_with_their_numbers():
    rules = rulefile.load()
    assert [r.number for r in rules] == list(range(1, 37))
    by_number = {r.number: r for r in rules}
    [printed] = rulefile.parse(CHAPTER_5_RULE_14)
    assert sorted(by_number[14].starts) == sorted(printed.starts)
    # Appendix A's #14 also draws the line between the two 3s, which Chapter 5's text argues for
    # ("so we make a line of the edge") but its printed example leaves out
    assert sorted(by_number[14].ends) == sorted(printed.ends + ((0, 1, 1),))
    # the longest rule, and the one whose start lines the seed text lost (restored)
    assert by_number[30].starts == ((0, 0, 3), (2, 2, 2), (4, 4, 3))
    assert len(by_number[30].ends) == 8
    assert by_number[2].starts == ((0, 0, 1), (0, -1, 1))
    assert sorted(by_number[2].ends) == [(-1, 0, 0), (0, 1, 0), (1, 0, 0)]


def test_both_condition_syntaxes_and_comments():
    pipes = rulefile.parse("% a comment\ns 0|0|0\ne 1|0|0\nq\n")
    spaces = rulefile.parse("s 0 0 0\n\n   e 1 0 0\nq")
    mixed = rulefile.parse("s 0 | 0 | 0\ne 1 0|0\nq")
    assert pipes == spaces == mixed
    assert pipes[0].starts == ((0, 0, 0),) and pipes[0].ends == ((1, 0, 0),)


def test_rules_are_numbered_by_comment_or_by_position():
    rules = rulefile.parse("% #7\ns 0 0 0\ne 1 0 0\nq\ns 0 0 1\ne 1 0 0\nq\n")
    assert [r.number for r in rules] == [7, 2]


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("s 0 0 0\ne 1 0 0\n", 1, "does not end with q"),
        ("s 0 0 0\ne 1 1 0\nq\n", 2, "is a vertex"),
        ("s 0 0 5\ne 1 0 0\nq\n", 1, "number 0-4"),
        ("s 0 0 0\ne 1 0 2\nq\n", 2, "0 (cross) or 1 (line)"),
        ("s 0 0 0\nx 1 0 0\nq\n", 2, "starts with %, s, e or q"),
        ("s 0 0\ne 1 0 0\nq\n", 1, "three integers"),
        ("s 0 0 0\ne 1 0 0\nq now\n", 3, "after q"),
        ("s 0 0 0\nq\n", 1, "needs start (s) and end (e)"),
        ("s 1 0 1\ne 1 0 0\nq\n", 1, "sets (1, 0) to 0 but it is 1"),
        ("% only comments\n", None, "no rules"),
    ],
)
def test_malformed_rule_files_name_the_line(text, line, fragment):
    with pytest.raises(FormatError) as err:
        rulefile.parse(text, "my.rules")
    assert err.value.line == line and fragment in str(err.value) and "my.rules" in str(err.value)


def test_unreadable_rule_file_is_a_format_error(tmp_path):
    with pytest.raises(FormatError, match="cannot read rules file"):
        rulefile.load(tmp_path / "missing.rules")


def test_variants_turn_clockwise_then_mirror_and_drop_duplicates():
    assert rulefile.transform(0, 1, 1) == (1, 0)  # right -> down: a quarter turn clockwise
    assert rulefile.transform(1, 0, 1) == (0, -1)  # down -> left
    assert rulefile.transform(0, 1, 4) == (0, -1)  # mirrored left-right
    assert rulefile.transform(0, 1, 5) == (-1, 0)  # mirrored, then turned
    by_number = {r.number: r for r in rulefile.load()}
    # #1 (a 0 crosses one side) has 4 distinct variants, #14 (two 3s side by side) too, #5 all 8
    assert [v.number for v in rulefile.variants(by_number[1])] == [0, 1, 2, 3]
    assert len(rulefile.variants(by_number[14])) == 4
    assert len(rulefile.variants(by_number[5])) == 8
    for rule in by_number.values():
        variants = rulefile.variants(rule)
        assert variants[0].starts == tuple(sorted(rule.starts))
        keys = {(v.starts, v.ends) for v in variants}
        assert len(keys) == len(variants)


def test_the_rule_file_is_package_data():
    """pyproject's package-data for native_rules matches the shipped file, so it is installed."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["gridsolve.native_rules"]
    path = "slitherlink/rules/" + rulefile.APPENDIX_A
    assert (ROOT / "native_rules" / path).is_file()
    assert any(fnmatch.fnmatch(path, p) for p in patterns)
