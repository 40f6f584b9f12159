"""The README's answer patterns (tests/readme/patterns.py) accept what they say and no more."""

import pytest

from .patterns import json_pattern, mismatches, text_matches


def check(pattern: str, actual) -> list[str]:
    return mismatches(json_pattern(pattern), actual)


def test_an_object_matches_by_its_keys_with_or_without_an_ellipsis():
    assert check('{"legal": false, ...}', {"legal": False, "errors": []}) == []
    assert check('{"legal": false}', {"legal": False, "errors": []}) == []
    assert check('{"legal": false, …}', {"legal": True}) != []
    assert check('{"legal": false}', {"errors": []}) != []


def test_an_object_may_leave_members_out_anywhere():
    answer = {"a": 1, "b": 2, "c": 3}
    for pattern in ('{..., "c": 3}', '{"a": 1, ..., "c": 3}', '{"a": 1, …}', "{...}"):
        assert check(pattern, answer) == [], pattern
    assert check('{"a": 1, ..., "c": 4}', answer) != []


def test_punctuation_inside_strings_is_left_alone():
    assert check('{"m": "a [, b {, …"}', {"m": "a [, b {, c"}) == []


def test_an_ellipsis_value_is_anything_and_digits_before_one_a_number_prefix():
    assert check('{"id": …, "p": 0.224…}', {"id": "x", "p": 0.22419}) == []
    assert check('{"p": 0.224…}', {"p": 0.225}) != []
    assert check('{"p": 0.224…}', {"p": "0.224"}) != []


def test_a_closed_list_matches_item_by_item_and_an_open_one_in_order():
    assert check('[{"code": "a"}]', [{"code": "a"}]) == []
    assert check('[{"code": "a"}]', [{"code": "a"}, {"code": "b"}]) != []
    assert check('[{"code": "b"}, ...]', [{"code": "a"}, {"code": "b"}]) == []
    assert check('[..., {"code": "b"}, {"code": "a"}]', [{"code": "a"}, {"code": "b"}]) != []
    assert check("[...]", []) == []
    assert check("[]", [1]) != []


def test_an_ellipsis_in_a_string_is_any_text():
    assert check('{"url": "…/simulations/…/"}', {"url": "http://h/simulations/9/"}) == []
    assert check('{"url": "…/simulations/…/"}', {"url": "http://h/decks/9/"}) != []
    assert check('{"name": "Hot Dog"}', {"name": "Hot Dog of Justice"}) != []


def test_types_are_not_confused():
    assert check('{"n": 1}', {"n": True}) != []
    assert check('{"n": 1}', {"n": 1.0}) == []
    assert check('{"n": "1"}', {"n": 1}) != []


def test_plain_text_matches_line_by_line_with_ellipses():
    assert text_matches("a.txt: LEGAL\n…", "a.txt: LEGAL\n  warning x\n")
    assert text_matches("…a.txt: LEGAL", "dir/a.txt: LEGAL")
    assert not text_matches("a.txt: LEGAL", "a.txt: ILLEGAL")


@pytest.mark.parametrize("pattern", ['{"a": }', '{"a": 1'])
def test_a_pattern_that_is_not_json_is_refused(pattern):
    with pytest.raises(ValueError):
        json_pattern(pattern)
