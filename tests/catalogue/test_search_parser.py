"""The search language's parser: the tree it builds, and each syntax error with its position."""

from __future__ import annotations

import pytest

from cards.search import QuerySyntaxError, parse
from cards.search.nodes import And, Comparison, ExactName, Filter, NameWords, Not, Or, Order


def test_it_reads_bare_words_as_name_words_joined_by_and():
    assert parse("hot dog") == And((NameWords("hot", 0), NameWords("dog", 4)))


def test_it_reads_a_quoted_phrase_as_one_name_term():
    assert parse('"hot dog"') == NameWords("hot dog", 0)


def test_it_reads_text_filters_under_their_canonical_keys():
    assert parse("t:food") == Filter("type", "food", False, 0)
    assert parse("type:food") == Filter("type", "food", False, 0)
    assert parse("o:draw") == Filter("text", "draw", False, 0)
    assert parse('text:"draw a card"') == Filter("text", "draw a card", True, 0)
    assert parse("set:SMP") == Filter("set", "SMP", False, 0)
    assert parse("GAME:Keeper") == Filter("game", "keeper", False, 0)


@pytest.mark.parametrize(
    ("query", "operator", "number"),
    [
        ("hp>=8", ">=", 8),
        ("hp<=8", "<=", 8),
        ("hp>8", ">", 8),
        ("hp<8", "<", 8),
        ("hp=8", "=", 8),
        ("hp:8", "=", 8),
        ("hp!=8", "!=", 8),
    ],
)
def test_it_reads_every_comparison_operator(query, operator, number):
    assert parse(query) == Comparison("hp", operator, number, 0)


def test_it_binds_and_tighter_than_or():
    assert parse("a b or c") == Or((And((NameWords("a", 0), NameWords("b", 2))), NameWords("c", 7)))


def test_it_reads_or_in_any_case_and_groups_with_parentheses():
    assert parse("a (b OR c)") == And(
        (NameWords("a", 0), Or((NameWords("b", 3), NameWords("c", 8))))
    )


def test_it_negates_terms_and_groups():
    assert parse("-t:food -(a or b)") == And(
        (
            Not(Filter("type", "food", False, 1)),
            Not(Or((NameWords("a", 10), NameWords("b", 15)))),
        )
    )


def test_it_keeps_hyphens_inside_words():
    assert parse("x-ray") == NameWords("x-ray", 0)


def test_an_empty_query_matches_everything():
    assert parse("   ") == And(())


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ('hot "dog', 4, "unclosed quote"),
        ('o:"draw a', 2, "unclosed quote"),
        ("(hot dog", 0, "unclosed '('"),
        ("a (b (c)", 2, "unclosed '('"),
        ("hot dog)", 7, "')' has no matching '('"),
        ("()", 0, "empty parentheses"),
        ("hot or", 4, "'or' needs a term after it"),
        ("or hot", 0, "'or' needs a term before it"),
        ("hot or or dog", 4, "'or' needs a term after it"),
        ("(hot or) dog", 5, "'or' needs a term after it"),
        ("hot -", 4, "'-' must come directly before"),
        ("-or dog", 0, "'-' must come directly before"),
        ("dog foo:bar", 4, "unknown key 'foo'"),
        ("dog power>3", 4, "unknown stat 'power'"),
        ("hp>=x", 4, "compares with a whole number, not 'x'"),
        ("atk>", 4, "compares with a whole number, not nothing"),
        ("t>food", 1, "'t' takes ':'"),
        ("o:", 2, "'o:' needs a value"),
        ("game:chess", 5, "unknown game 'chess'"),
        ("(" * 40 + "a" + ")" * 40, 32, "nested more than 32 deep"),
        ("-" * 40 + "a", 32, "nested more than 32 deep"),
        ("a" * 1001, 1000, "longer than 1000 characters"),
        ("dog !", 4, "'!' must come directly before"),
        ("order:power", 6, "cannot sort by 'power'"),
        ("dir:up", 4, "'dir:' is asc or desc"),
        ("order:hp order:name", 9, "'order:' is given twice"),
        ("hot or order:name", 7, "sort the whole query"),
        ("-order:hp", 1, "sort the whole query"),
        ("(a order:hp) b", 3, "sort the whole query"),
    ],
)
def test_it_refuses_a_syntax_error_naming_its_position(query, position, message):
    with pytest.raises(QuerySyntaxError) as caught:
        parse(query)
    assert caught.value.position == position
    assert message in caught.value.message


def test_it_reads_an_exact_name_as_a_word_or_a_phrase():
    assert parse('!"Hot Dog" !omelette') == And(
        (ExactName("Hot Dog", 0), ExactName("omelette", 11))
    )


def test_it_reads_name_as_a_text_filter():
    assert parse("name:dog") == Filter("name", "dog", False, 0)


def test_it_merges_order_and_direction_into_one_sort_at_the_end():
    assert parse("dir:desc t:food order:HP") == And(
        (Filter("type", "food", False, 9), Order("hp", True, 16))
    )
    assert parse("dir:desc") == And((Order("name", True, 0),))
