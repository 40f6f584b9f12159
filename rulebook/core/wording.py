"""Small pieces of English used in messages, so every message says "an Equipment", not "a"."""

from collections.abc import Callable, Iterable
from typing import Any

VOWEL_SOUNDS = frozenset("AEIOU")


def with_article(noun: str) -> str:
    """`noun` after "a" or "an", by its first letter ("an Equipment", "a Food"); card types are
    the only nouns this serves, and none of them starts with a silent or a sounded letter
    that breaks the rule (no "hour", no "unicorn")."""
    return f"{'an' if noun[:1].upper() in VOWEL_SOUNDS else 'a'} {noun}"


def listed(parts: Iterable[Any]) -> str:
    """ "a", "a and b", "a, b and c"."""
    words = [str(part) for part in parts]
    if len(words) < 2:
        return "".join(words) or "nothing"
    return f"{', '.join(words[:-1])} and {words[-1]}"


def counted(number: int, noun: str) -> str:
    """`number` and `noun`, plural unless it is one: "1 Neopet", "3 Neopets", "1 card". Every
    noun it counts (card, Neopet, Page) takes a plain -s."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def option_words(option: object, who: Callable[[int], str] | None = None) -> str:
    """One option of a decision as a person reads it: a card or creature by its name, a player
    by seat (or as `who` names a seat), yes or no, a pass, a list and a tuple part by part."""
    if option is None:
        return "pass"
    if option is True or option is False:
        return "yes" if option else "no"
    if isinstance(option, list):
        return "[" + ", ".join(option_words(part, who) for part in option) + "]"
    if isinstance(option, tuple):
        return " ".join(option_words(part, who) for part in option if part is not None)
    for attribute in ("name", "card"):  # a card by its name, a card in play by its card's
        part = getattr(option, attribute, None)
        if part is not None:
            return part if isinstance(part, str) else option_words(part, who)
    for attribute in ("seat", "index"):  # a player, a Caster: by seat
        seat = getattr(option, attribute, None)
        if isinstance(seat, int) and not isinstance(option, str | int):
            return f"seat {seat}" if who is None else who(seat)
    return str(option)
