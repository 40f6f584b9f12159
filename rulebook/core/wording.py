"""Small pieces of English used in messages, so every message says "an Equipment", not "a"."""

VOWEL_SOUNDS = frozenset("AEIOU")


def with_article(noun: str) -> str:
    """`noun` after "a" or "an", by its first letter ("an Equipment", "a Food"); card types are
    the only nouns this serves, and none of them starts with a silent or a sounded letter
    that breaks the rule (no "hour", no "unicorn")."""
    return f"{'an' if noun[:1].upper() in VOWEL_SOUNDS else 'a'} {noun}"


def counted(number: int, noun: str) -> str:
    """`number` and `noun`, plural unless it is one: "1 Neopet", "3 Neopets", "1 card". Every
    noun it counts (card, Neopet, Page) takes a plain -s."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
