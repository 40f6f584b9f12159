"""Ability text -> the Card Building Guide's components, and the parts it could not read.

How a card's text is laid out (guide, "Constructing Abilities" and "Caveats"; rulebook,
"Creatures" and "Creature Abilities"):
- one paragraph (line) per ability, each optionally named in capitals followed by a colon;
- an ability lists at most one activation condition, one activation cost and one target
  selection, in that order, then one or more effects;
- a creature may open with one caveat; a spell has exactly one ability and no caveat;
- a creature without abilities says "This card has no abilities."
Each sentence must be one official component (or an old wording the rulebook's "Revised Ability
Text" maps to one). What cannot be read is returned with the reason, never silently dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .cards import CREATURE, SPELL
from .components import COMPONENTS, Component, Kind
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

NOT_A_COMPONENT = "not an official component of the Card Building Guide (11th edition)"
_EMPTY = {
    CREATURE: f"a creature without abilities says “{NO_ABILITIES}”",
    SPELL: "a spell has a single ability, and this text has none",
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
class Unread:
    """Text the parser could not read as the guide's components, and why."""

    text: str
    reason: str


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
    if card_type == CREATURE and normalise(text) == normalise(NO_ABILITIES):
        return ParsedText(None, (), ())
    reader = _Reader(card_type, tables)
    for paragraph in _paragraphs(text):
        reader.read_paragraph(paragraph)
    if not (reader.caveat or reader.abilities or reader.unread):
        reader.unread.append(Unread(text, _EMPTY.get(card_type, _EMPTY[SPELL])))
    return ParsedText(reader.caveat, tuple(reader.abilities), tuple(reader.unread))


def _paragraphs(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


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

    def read_paragraph(self, paragraph: str) -> None:
        name, body = split_name(paragraph)
        parts: list[Part] = []
        unread_before = len(self.unread)
        sentences = split_sentences(body)
        for index, sentence in enumerate(sentences):
            part = read_sentence(sentence, self.tables)
            if part is None:
                self.unread.append(Unread(sentence, NOT_A_COMPONENT))
            elif part.kind == Kind.CAVEAT:
                self._read_caveat(part, opens_text=self.first_paragraph and index == 0)
            else:
                parts.append(part)
        self.first_paragraph = False
        if parts:
            self._add_ability(paragraph, name, parts, clean=len(self.unread) == unread_before)
        elif not sentences:
            self.unread.append(Unread(paragraph, "an ability needs at least one effect"))

    def _read_caveat(self, part: Part, *, opens_text: bool) -> None:
        if self.card_type != CREATURE:
            self.unread.append(Unread(part.text, "only creatures have caveats"))
        elif not opens_text:
            self.unread.append(
                Unread(part.text, "a creature's caveat must come first, before its abilities")
            )
        else:
            self.caveat = part

    def _add_ability(
        self, paragraph: str, name: str | None, parts: list[Part], clean: bool
    ) -> None:
        if self.card_type == SPELL and self.abilities:
            self.unread.append(Unread(paragraph, "a spell has only a single ability"))
            return
        kept = self._in_order(parts)
        if any(part.kind == Kind.EFFECT for part in kept):
            self.abilities.append(Ability(len(self.abilities) + 1, name, tuple(kept)))
        elif clean:
            self.unread.append(Unread(paragraph, "an ability needs at least one effect"))
        else:
            self.unread.append(
                Unread(paragraph, "none of this ability's effects could be read: it is not costed")
            )

    def _in_order(self, parts: list[Part]) -> list[Part]:
        """The parts in the guide's order; the others are reported as unread."""
        kept: list[Part] = []
        last = -1
        for part in parts:
            rank = _ORDER[part.kind]
            if rank < last or (rank == last and part.kind != Kind.EFFECT):
                reason = (
                    f"an ability has at most one {part.kind}"
                    if rank == last
                    else "out of order: an ability lists its activation condition, activation "
                    "cost and target selection, in that order, before its effects"
                )
                self.unread.append(Unread(part.text, reason))
            elif "t" in part.component.formula.variables and not any(
                kept_part.kind == Kind.TARGET for kept_part in kept
            ):
                self.unread.append(
                    Unread(
                        part.text,
                        "this effect acts on targets, but no target selection "
                        "comes before it in the ability",
                    )
                )
            else:
                kept.append(part)
                last = rank
        return kept


def split_name(paragraph: str) -> tuple[str | None, str]:
    """An ability's optional name: capitals followed by a colon at the start of the paragraph."""
    found = _ABILITY_NAME.match(paragraph)
    if found is None:
        return None, paragraph
    return found.group(1).strip(), paragraph[found.end() :]


def read_sentence(sentence: str, tables: EditionTables = ELEVENTH_EDITION) -> Part | None:
    """The component a sentence states, in its current or a revised old wording; else None."""
    said = normalise(sentence)
    for component in _BY_FIRST_WORD.get(said.partition(" ")[0], ()):
        variables = component.template.match_normalised(said)
        if variables is not None:
            return Part(component, sentence, variables)
    for revision in tables.text_revisions:
        variables = revision.old.match_normalised(said)
        if variables is not None:
            current = read_sentence(revision.new.fill(variables), tables)
            if current is not None:
                return Part(current.component, sentence, current.variables, revision)
    return None
