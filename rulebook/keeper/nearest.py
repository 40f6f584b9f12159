"""The official components nearest in wording to a sentence that is none of them.

A card is built only from the Card Building Guide's components ("You must choose non-redacted
components from the lists on the following pages only", guide, "Constructing Abilities"), so a
sentence that is none is an error; this finds what the designer most likely meant, to offer it.
Sentences are compared word by word (difflib's ratio over `templates.words`), every number,
number word ("two", "a") and variable counting as one word, so "Pay two hitpoints." is nearest
"Pay [x] hitpoints.".

The components offered are those a card may use; a redacted component worded at least as close
as any of them (and half alike) is offered first, marked redacted, so a re-worded redacted text
("Pay 2 hitpoints, then draw 2 cards.") is told for what it is.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from .components import COMPONENTS, Component
from .tables import EditionTables
from .templates import NUMBER_WORDS, words

_NUMERAL = re.compile(r"\[[xyz]\]|-?\d+(?:[.,]\d+)?")
_NUMBER_WORDS = frozenset(NUMBER_WORDS)
_CLOSE = 0.1  # components within this ratio of the best are offered with it
_AT_MOST = 3
_LIKE = 0.5  # a redacted component is offered only when worded at least this like the sentence


@dataclass(frozen=True)
class Nearest:
    """An official component offered for a sentence, and the edition that redacted it, if any."""

    component: Component
    redacted: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "text": self.component.text,
            "kind": str(self.component.kind),
            "redacted_in": self.redacted,
        }

    def __str__(self) -> str:
        if self.redacted is None:
            return f"“{self.component.text}”"
        return f"the redacted “{self.component.text}” (a card with it is banned)"


def _shape(text: str) -> tuple[str, ...]:
    return tuple(
        "#" if _NUMERAL.fullmatch(word) or word in _NUMBER_WORDS else word for word in words(text)
    )


_SHAPES = tuple((component, _shape(component.text)) for component in COMPONENTS)


@lru_cache(maxsize=1024)
def nearest_components(sentence: str, tables: EditionTables) -> tuple[Nearest, ...]:
    """The components a card may use nearest to `sentence` (at least one), best first; before
    them a redacted one, if it is as near."""
    said = _shape(sentence)
    redacted = {entry.template.key: entry.edition for entry in tables.redacted}
    scored = sorted(
        (
            (difflib.SequenceMatcher(None, said, shape, autojunk=False).ratio(), index)
            for index, (_, shape) in enumerate(_SHAPES)
        ),
        key=lambda scored: (-scored[0], scored[1]),
    )
    usable = [(ratio, index) for ratio, index in scored if _key(index) not in redacted]
    best = usable[0][0]
    offered = [Nearest(_SHAPES[index][0]) for ratio, index in usable if ratio >= best - _CLOSE][
        :_AT_MOST
    ]
    ratio, index = scored[0]
    if ratio >= max(best, _LIKE) and _key(index) in redacted:
        offered.insert(0, Nearest(_SHAPES[index][0], redacted[_key(index)]))
    return tuple(offered)


def _key(index: int) -> str:
    return _SHAPES[index][0].template.key
