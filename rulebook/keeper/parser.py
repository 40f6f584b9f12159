"""Ability text -> the Card Building Guide's components, and the parts it could not read.

How a card's text is laid out (guide, "Constructing Abilities" and "Caveats"; rulebook,
"Creatures" and "Creature Abilities"):
- one paragraph (line) per ability, each optionally named in capitals followed by a colon;
- an ability lists at most one activation condition, one activation cost and one target
  selection, in that order, then one or more effects;
- a creature may open with one caveat; a spell has exactly one ability and no caveat;
- a creature without abilities says "This card has no abilities."
Each sentence must be one official component (or an old wording the rulebook's "Revised Ability
Text" maps to one): "You must choose non-redacted components from the lists on the following
pages only". What cannot be read is returned with the reason and the nearest components
(nearest.py), never silently dropped; what the parser can read but breaks one of the guide's
musts carries the stable code of that must (`MUSTS`). Construction calls both errors.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeGuard

from .cards import CREATURE, SPELL
from .components import COMPONENTS, Component, Kind
from .nearest import Nearest, nearest_components
from .tables import ELEVENTH_EDITION, EditionTables, TextRevision
from .templates import normalise, words

NO_ABILITIES = "This card has no abilities."
_ABILITY_NAME = re.compile(r"^\s*([^:a-z]*[A-Z][^:a-z]*):\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_ORDER = {Kind.CONDITION: 0, Kind.COST: 1, Kind.TARGET: 2, Kind.EFFECT: 3}


def _by_first_word(components: tuple[Component, ...]) -> dict[str, tuple[Component, ...]]:
    """Components grouped by their first word, so a sentence is tried against few of them."""
    index: dict[str, tuple[Component, ...]] = {}
    for component in components:
        first = words(component.text)[0]
        index[first] = (*index.get(first, ()), component)
    return index


_BY_FIRST_WORD = _by_first_word(COMPONENTS)


@dataclass(frozen=True)
class Unread:
    """Text left out of the card's components, and why: either text the parser cannot read
    (`code` None; a sentence that is no component has the `nearest` components offered), or text
    that breaks one of the guide's musts (`code`, a key of MUSTS)."""

    text: str
    reason: str
    code: str | None = None
    nearest: tuple[Nearest, ...] = ()


NOT_A_COMPONENT = "not an official component of the Card Building Guide (11th edition)"

# The guide's musts, each with its own code and the section of the guide that states it.
GUIDE_INTRODUCTION = "Card Building Guide: Introduction"
GUIDE_ABILITIES = "Card Building Guide: Constructing Abilities"
GUIDE_CAVEATS = "Card Building Guide: Caveats"
CAVEAT = "card.caveat"  # one caveat, on a creature only, before its abilities
SPELL_ABILITIES = "card.spell_abilities"  # a spell has exactly one ability
NO_ABILITIES_TEXT = "card.no_abilities"  # a creature without abilities says so
COMPONENT_ORDER = "card.component_order"  # condition, cost, target selection, effects
COMPONENT_COUNT = "card.component_count"  # at most one condition, cost, target selection
NO_EFFECT = "card.no_effect"  # an ability has at least one effect
NO_TARGET = "card.no_target"  # an effect costed by "t" needs the ability's target selection
VARIABLE = "card.variable"  # variables are positive integers
PARAGRAPH = "card.paragraph"  # one ability, one paragraph
MUSTS = {
    CAVEAT: GUIDE_CAVEATS,
    SPELL_ABILITIES: GUIDE_INTRODUCTION,
    NO_ABILITIES_TEXT: GUIDE_ABILITIES,
    COMPONENT_ORDER: GUIDE_ABILITIES,
    COMPONENT_COUNT: GUIDE_ABILITIES,
    NO_EFFECT: GUIDE_ABILITIES,
    NO_TARGET: "Card Building Guide: Target Selections",
    VARIABLE: GUIDE_ABILITIES,
    PARAGRAPH: GUIDE_ABILITIES,
}
_EMPTY = {
    CREATURE: Unread("", f"a creature without abilities says “{NO_ABILITIES}”", NO_ABILITIES_TEXT),
    SPELL: Unread("", "a spell has a single ability, and this text has none", SPELL_ABILITIES),
}


@dataclass(frozen=True)
class Part:
    """One sentence of a card read as an official component."""

    component: Component
    text: str  # the sentence as the card writes it
    variables: Mapping[str, int]
    revision: TextRevision | None = None  # set when the card uses a revised (old) wording

    @property
    def kind(self) -> Kind:
        return self.component.kind

    @property
    def read_as(self) -> str:
        """The wording the card is read in, numbers filled in: the rulebook's new text for an
        old wording, else the component's own."""
        template = self.revision.new if self.revision else self.component.template
        return template.fill(self.variables)


@dataclass(frozen=True)
class Ability:
    number: int  # 1-based, in the order the card lists its abilities
    name: str | None
    parts: tuple[Part, ...]

    def of_kind(self, kind: Kind) -> tuple[Part, ...]:
        return tuple(part for part in self.parts if part.kind == kind)

    @property
    def target(self) -> Part | None:
        return next(iter(self.of_kind(Kind.TARGET)), None)


@dataclass(frozen=True)
class ParsedText:
    caveat: Part | None
    abilities: tuple[Ability, ...]
    unread: tuple[Unread, ...]

    @property
    def parts(self) -> tuple[Part, ...]:
        caveat = (self.caveat,) if self.caveat else ()
        return caveat + tuple(part for ability in self.abilities for part in ability.parts)


@lru_cache(maxsize=4096)
def parse_ability_text(
    card_type: str, text: str, tables: EditionTables = ELEVENTH_EDITION
) -> ParsedText:
    """Read a card's ability text into components; a card of an unknown type reads as a spell
    would, without a caveat."""
    paragraphs = _paragraphs(text)
    says_none = _ends_saying_no_abilities(paragraphs)
    reader = _Reader(card_type, tables)
    for paragraph in paragraphs:
        reader.read_paragraph(paragraph)
    if says_none and card_type != CREATURE:
        reader.unread.append(
            Unread(
                NO_ABILITIES,
                "a spell has a single ability; only a creature has none",
                SPELL_ABILITIES,
            )
        )
    elif says_none and reader.abilities:
        reader.unread.append(
            Unread(NO_ABILITIES, "a creature with abilities cannot say it has none")
        )
    elif not (says_none or reader.caveat or reader.abilities or reader.unread):
        empty = _EMPTY.get(card_type, _EMPTY[SPELL])
        reader.unread.append(Unread(text, empty.reason, empty.code))
    return ParsedText(reader.caveat, tuple(reader.abilities), tuple(reader.unread))


def _paragraphs(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _ends_saying_no_abilities(paragraphs: list[str]) -> bool:
    """Whether the text ends with the guide's "This card has no abilities." (alone, or after a
    caveat); if so the sentence is taken off the last paragraph, as it is no component."""
    if not paragraphs:
        return False
    *rest, last = split_sentences(paragraphs[-1])
    if normalise(last) != normalise(NO_ABILITIES):
        return False
    paragraphs[-1:] = [" ".join(rest)] if rest else []
    return True


def split_sentences(text: str) -> list[str]:
    """The sentences of a paragraph; the guide's texts never hold a full stop inside."""
    return [sentence for sentence in _SENTENCE_END.split(text.strip()) if sentence]


class _Reader:
    """Reads paragraphs in order, remembering whether a caveat may still come."""

    def __init__(self, card_type: str, tables: EditionTables) -> None:
        self.card_type = card_type
        self.tables = tables
        self.caveat: Part | None = None
        self.abilities: list[Ability] = []
        self.unread: list[Unread] = []
        self.first_paragraph = True
        # The previous paragraph, when it held an activation condition, cost or target
        # selection and no effect (its place in `unread`, its name and parts): the next one may
        # be the rest of its ability.
        self.effectless: tuple[int, str | None, list[Part]] | None = None

    def read_paragraph(self, paragraph: str) -> None:
        name, body = split_name(paragraph)
        parts: list[Part] = []
        unread_before = len(self.unread)
        sentences = split_sentences(body)
        for index, sentence in enumerate(sentences):
            part = read_sentence(sentence, self.tables)
            if part is None:
                self.unread.append(_unreadable(sentence, self.tables))
            elif part.kind == Kind.CAVEAT:
                self._read_caveat(part, opens_text=self.first_paragraph and index == 0)
            else:
                parts.append(part)
        self.first_paragraph = False
        effectless, self.effectless = self.effectless, None
        if effectless is not None and parts and _continues(effectless[2], parts):
            index, name, earlier = effectless
            self._split_ability(index, earlier[-1].kind)
            parts = earlier + parts
        if parts:
            self._add_ability(paragraph, name, parts, clean=len(self.unread) == unread_before)
        elif not sentences:
            self.unread.append(Unread(paragraph, "an ability needs at least one effect", NO_EFFECT))

    def _read_caveat(self, part: Part, *, opens_text: bool) -> None:
        if self.card_type != CREATURE:
            self.unread.append(Unread(part.text, "only creatures have caveats", CAVEAT))
        elif not opens_text:
            self.unread.append(
                Unread(
                    part.text,
                    "a creature has at most one caveat, and it comes first, before its abilities",
                    CAVEAT,
                )
            )
        else:
            self.caveat = part

    def _add_ability(
        self, paragraph: str, name: str | None, parts: list[Part], clean: bool
    ) -> None:
        if self.card_type == SPELL and self.abilities:
            self.unread.append(
                Unread(paragraph, "a spell has only a single ability", SPELL_ABILITIES)
            )
            return
        kept = self._in_order(parts)
        if any(part.kind == Kind.EFFECT for part in kept):
            self.abilities.append(Ability(len(self.abilities) + 1, name, tuple(kept)))
        elif clean:
            self.effectless = (len(self.unread), name, kept)
            self.unread.append(Unread(paragraph, "an ability needs at least one effect", NO_EFFECT))
        else:
            self.unread.append(
                Unread(paragraph, "none of this ability's effects could be read: it is not costed")
            )

    def _split_ability(self, index: int, last_kind: Kind) -> None:
        """The effectless paragraph at `unread[index]` is continued by the next paragraph."""
        paragraph = self.unread[index].text
        self.unread[index] = Unread(
            paragraph,
            f"this ability's {last_kind} and what follows it are split into two paragraphs; "
            "an ability is written in one paragraph",
            PARAGRAPH,
        )

    def _in_order(self, parts: list[Part]) -> list[Part]:
        """The parts in the guide's order; the others are reported with the must they break."""
        kept: list[Part] = []
        last = -1
        for part in parts:
            rank = _ORDER[part.kind]
            if rank == last and part.kind != Kind.EFFECT:
                self.unread.append(
                    Unread(part.text, f"an ability has at most one {part.kind}", COMPONENT_COUNT)
                )
            elif rank < last:
                self.unread.append(
                    Unread(
                        part.text,
                        "out of order: an ability lists its activation condition, activation "
                        "cost and target selection, in that order, before its effects (a "
                        "second ability goes in a paragraph of its own)",
                        COMPONENT_ORDER,
                    )
                )
            elif "t" in part.component.formula.variables and not any(
                kept_part.kind == Kind.TARGET for kept_part in kept
            ):
                self.unread.append(
                    Unread(
                        part.text,
                        "this effect acts on targets, but no target selection "
                        "comes before it in the ability",
                        NO_TARGET,
                    )
                )
            else:
                kept.append(part)
                last = rank
        return kept


def _continues(effectless: list[Part], parts: list[Part]) -> bool:
    """Whether `parts` go on in the guide's order from an ability that has no effect yet."""
    return _ORDER[parts[0].kind] > _ORDER[effectless[-1].kind]


def _unreadable(sentence: str, tables: EditionTables) -> Unread:
    """Why a sentence is no component: a component with a number that is not a positive
    whole number (or a repeated variable with two numbers) breaks a must; the rest is
    text the parser cannot read."""
    if loosely_read(normalise(sentence), tables):
        return Unread(
            sentence,
            "a variable must be a positive whole number, in figures (“2”, not “two”), the same "
            "each time it is written",
            VARIABLE,
        )
    return Unread(sentence, NOT_A_COMPONENT, nearest=nearest_components(sentence, tables))


def split_name(paragraph: str) -> tuple[str | None, str]:
    """An ability's optional name: capitals followed by a colon at the start of the paragraph."""
    found = _ABILITY_NAME.match(paragraph)
    if found is None:
        return None, paragraph
    return found.group(1).strip(), paragraph[found.end() :]


def loosely_read(said: str, tables: EditionTables = ELEVENTH_EDITION) -> frozenset[str]:
    """The keys of the component texts a normalised sentence says whatever numbers fill their
    variables (an old wording counts as the text it was revised to)."""
    first_word = said.partition(" ")[0]
    return frozenset(
        component.template.key
        for component in _BY_FIRST_WORD.get(first_word, ())
        if component.template.says(said)
    ) | frozenset(revision.new.key for revision in tables.text_revisions if revision.old.says(said))


def read_sentence(sentence: str, tables: EditionTables = ELEVENTH_EDITION) -> Part | None:
    """The component a sentence states, in its current or a revised old wording; else None."""
    said = normalise(sentence)
    for component in _BY_FIRST_WORD.get(said.partition(" ")[0], ()):
        variables = component.template.match_normalised(said)
        if _positive(variables):
            return Part(component, sentence, variables)
    for revision in tables.text_revisions:
        variables = revision.old.match_normalised(said)
        if _positive(variables):
            current = read_sentence(revision.new.fill(variables), tables)
            if current is not None:
                return Part(current.component, sentence, current.variables, revision)
    return None


def _positive(variables: Mapping[str, int] | None) -> TypeGuard[Mapping[str, int]]:
    """Whether a match was found and every variable is positive (guide, "Constructing
    Abilities": "Variable amounts must be positive, non-zero integers")."""
    return variables is not None and all(value > 0 for value in variables.values())
