"""Sentences generated from a construction grammar itself (lark's rules): a hypothesis strategy
that expands a rule, choosing one of its alternatives at each step, into the words it reads, so
the tests cover every clause shape the grammar has, not a list typed beside it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hypothesis import strategies as st

from rulebook.core.construction_text import Grammar


def alternatives(grammar: Grammar) -> dict[str, list[tuple[list[str], str | None]]]:
    """Each rule's alternatives: (its symbols, its alias)."""
    rules: dict[str, list[tuple[list[str], str | None]]] = {}
    for rule in grammar.parser.rules:
        rules.setdefault(rule.origin.name, []).append(
            ([symbol.name for symbol in rule.expansion], rule.alias)
        )
    return rules


def sentences(
    grammar: Grammar, start: str, leaves: Mapping[str, Callable[[], st.SearchStrategy]]
) -> st.SearchStrategy[tuple[str, list[str]]]:
    """(a sentence the rule `start` reads, the rules and aliases chosen on the way). `leaves`
    gives the words of the special terminals (SELF, NAME, DIGITS) and of any rule the test
    decides itself (a MetaZoo `side`); every other terminal is its own word."""
    rules = alternatives(grammar)

    @st.composite
    def expand(draw, symbol: str) -> tuple[list[str], list[str]]:
        if symbol in leaves:
            words, chosen = draw(leaves[symbol]())
            return words, chosen
        if symbol not in rules:  # a terminal: the word it is
            return [_MARKS.get(symbol, symbol.lower())], []
        symbols, alias = draw(st.sampled_from(rules[symbol]))
        words: list[str] = []
        chosen = [symbol] + ([alias] if alias else [])
        for child in symbols:
            child_words, child_chosen = draw(expand(child))
            words += child_words
            chosen += child_chosen
        return words, chosen

    return expand(start).map(lambda said: (_sentence(said[0]), said[1]))


_MARKS = {"COMMA": ",", "PUNCT": ":"}


def _sentence(words: list[str]) -> str:
    text = " ".join(words).replace(" ,", ",")
    return text[:1].upper() + text[1:] + "."
