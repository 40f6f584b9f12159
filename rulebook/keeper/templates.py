"""Official ability texts with variables ("Draw [x] cards.") matched against what a card says.

Cards are typed by hand, so matching forgives what carries no meaning: letter case, spacing,
punctuation (curly or straight apostrophes, hyphens, the final full stop) and the plurals the
guide tells designers to make singular when a variable is 1 ("Draw 1 card.", "1 six-sided die",
"at least 1 card in your hand is destroyed"). A variable is read as a whole number of any size
("007" is 7); that it is positive is the reader's check (guide, "Constructing Abilities"), and
the same variable written twice must carry the same number. `says` recognises the text whatever
number stands for a variable (0, -1, 1.5, a different number each time, a number written as a
word: "Pay two hitpoints."): what the rulebook's tables ban or gate is found whatever numbers the
card filled in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from rulebook.core.identity import identity

_VARIABLE = re.compile(r"\[([xyz])\]")
# A number keeps its sign and decimals ("-1", "1.5") so that it cannot pass for a variable.
_NUMBER = r"-?\d+(?:[.,]\d+)?"
# Numbers written as words, which no variable may be but which say a component all the same.
NUMBER_WORDS = (
    *("a", "an", "one", "two", "three", "four", "five", "six"),
    *("seven", "eight", "nine", "ten", "eleven", "twelve"),
)
_ANY_NUMBER = "|".join((_NUMBER, *NUMBER_WORDS))
_WORD = re.compile(rf"\[[xyz]\]|{_NUMBER}|[a-z0-9]+")
_APOSTROPHES = re.compile("['`\u00b4]")  # after identity, every apostrophe is one of these
# Plural -> singular, applied to the card's text and to the template alike, so the singular a
# designer writes for a variable of 1 reads as the official plural.
_SINGULAR = {
    "cards": "card",
    "counters": "counter",
    "creatures": "creature",
    "dice": "die",
    "hitpoints": "hitpoint",
    "resources": "resource",
    "times": "time",
    "are": "is",
}


def words(text: str) -> list[str]:
    """The text as lower-case words, apostrophes dropped, plurals made singular; "[x]" kept.
    Folded as card identity first, so a text typed on a phone (curly or modifier apostrophes,
    no-break spaces, full-width letters) reads as the same components."""
    lowered = _APOSTROPHES.sub("", identity(text))
    return [_SINGULAR.get(word, word) for word in _WORD.findall(lowered)]


def normalise(text: str) -> str:
    """A form of the text in which two wordings that mean the same thing are equal."""
    return " ".join(words(text))


@dataclass(frozen=True)
class Template:
    """One official text; `match` reads a sentence against it and returns the variables."""

    text: str
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)
    # The text with any number at all for each variable, for `says`.
    loose_pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pattern", re.compile(_regex(self.text)))
        object.__setattr__(self, "loose_pattern", re.compile(_regex(self.text, loose=True)))

    @property
    def variables(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(_VARIABLE.findall(self.text)))

    @property
    def key(self) -> str:
        """The normalised text: equal for two templates a card could not tell apart."""
        return normalise(self.text)

    def match(self, sentence: str) -> dict[str, int] | None:
        """The variables' values if the sentence says this text, else None."""
        return self.match_normalised(normalise(sentence))

    def match_normalised(self, said: str) -> dict[str, int] | None:
        """`match` for a sentence already passed through `normalise`."""
        found = self.pattern.fullmatch(said)
        if found is None:
            return None
        return {name: int(value) for name, value in found.groupdict().items()}

    def says(self, said: str) -> bool:
        """Whether a normalised sentence is this text whatever numbers fill its variables."""
        return self.loose_pattern.fullmatch(said) is not None

    def fill(self, values: Mapping[str, int]) -> str:
        """The text with each variable replaced by its value."""
        return _VARIABLE.sub(lambda found: str(values[found.group(1)]), self.text)


def _regex(template: str, *, loose: bool = False) -> str:
    parts: list[str] = []
    seen: set[str] = set()
    for word in words(template):
        variable = _VARIABLE.fullmatch(word)
        if variable is None:
            parts.append(re.escape(word))
        elif loose:
            parts.append(f"(?:{_ANY_NUMBER})")
        elif variable.group(1) in seen:
            parts.append(f"(?P={variable.group(1)})")
        else:
            seen.add(variable.group(1))
            parts.append(f"(?P<{variable.group(1)}>[0-9]+)")
    return " ".join(parts)
