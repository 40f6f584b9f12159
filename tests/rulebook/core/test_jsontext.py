"""The strict JSON reader skips its walk over the data when nothing refusable can be there;
these are the cases where something is, each reached by a different road (issue 44's speed
work must not let one through)."""

import pytest

from rulebook.core.jsontext import UnreadableValue, json_loads


@pytest.mark.parametrize(
    ("text", "where", "problem"),
    [
        # a repeated key deep inside, in text with no escape at all
        ('{"sections": {"main": [{"name": "Acara", "name": "Aisha"}]}}', "sections.main[0]",
         'gives the key "name" more than once'),
        # a NUL can only come from an escape: json refuses the raw control character
        ('{"game": "neo\\u0000pets"}', "game", "must not contain NUL characters"),
        # a lone surrogate from an escape, and one already in the text as a character
        ('{"format": "\\udc80"}', "format", "holds a lone surrogate"),
        ('{"format": "\udc80"}', "format", "holds a lone surrogate"),
        # a surrogate character in a key
        ('{"\ud800": 1}', "\\ud800", "holds a lone surrogate"),
    ],
)  # fmt: skip
def test_a_refusable_value_is_named_wherever_it_came_from(text, where, problem):
    with pytest.raises(UnreadableValue) as refused:
        json_loads(text, name_records=False)
    assert refused.value.path == where
    assert refused.value.problem.startswith(problem)


def test_escaped_text_that_is_fine_reads_as_usual():
    text = '{"name": "caf\\u00e9 \\ud83c\\udccf", "quantity": 2, "n\\u00e4me": [1, "\\\\u0000"]}'
    assert json_loads(text) == {"name": "café 🃏", "quantity": 2, "näme": [1, "\\u0000"]}
