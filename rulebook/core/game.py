"""A game's static description: card types, attribute schema, deck sections, search aliases."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .schema import Field, check_attributes
from .wording import with_article


@dataclass(frozen=True, slots=True)
class Section:
    """A deck section: its slug (as in the API), its name for people, the header words a
    plain-text decklist may use for it (lower case, without the colon)."""

    slug: str
    name: str
    headers: tuple[str, ...]


# The cards considered for a deck but not in it (Moxfield's and Archidekt's maybeboard): every
# game's decks may keep one beside their sections, in their versions and their text. It is no
# section of any game, so the rules (which count only a game's sections), test games and the deck
# doctor never read it; a game's own section may not take its slug.
MAYBEBOARD = Section("maybeboard", "Maybeboard", ("maybeboard", "maybe", "considering"))


@dataclass(frozen=True)
class GameSpec:
    """Everything about a game that is data rather than rules logic."""

    slug: str
    name: str
    rules_source: str
    card_types: tuple[str, ...]
    sections: tuple[Section, ...]
    attributes: Mapping[str, Field]
    # Attributes a card of a given type must carry, e.g. a Neopet's hp.
    required_by_type: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Short names the search language accepts for numeric attributes: {"atk": "attack"}.
    stat_aliases: Mapping[str, str] = field(default_factory=dict)
    # The attribute a card prints as its cost, which `cost` names in every game (a search's
    # `cost<=2` and `order:cost`, the site's Cost column): Keeper's cost, a Neopets card's
    # level requirement. Compared and sorted only where it is one number.
    cost_attribute: str | None = None
    # Attributes only some types may carry, and why: one on another type would make the rules
    # lie (a Rainbow Pool Neopet "beginning in the Rainbow Pool" would escape its ten), so it is
    # refused at import, naming the field. {attribute: (types allowed, the rule's reason)}.
    attribute_types: Mapping[str, tuple[frozenset[str], str]] = field(default_factory=dict)
    # Problems of a card's data that its own text contradicts (card text takes precedence), and
    # construction sentences its grammar cannot read: (card type, name, text, attributes, known
    # card names) -> [(field path, message)]. None: the game has none.
    text_problems: (
        Callable[[str, str, str, Mapping[str, Any], Iterable[str]], list[tuple[str, str]]] | None
    ) = None
    # The construction data a card's text states, kept on the card as reviewed data (the
    # validator reads only the data): (name, text, attributes, known card names) -> attributes.
    derive_attributes: (
        Callable[[str, str, Mapping[str, Any], Iterable[str]], dict[str, Any]] | None
    ) = None
    # The attributes `derive_attributes` writes from the text, in the order a curator reads
    # them back (rulebook.readout's construction readout).
    construction_fields: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if MAYBEBOARD.slug in (section.slug for section in self.sections):
            raise ValueError(f"{self.name}: {MAYBEBOARD.slug!r} is every deck's, not a section")

    @cached_property
    def section_slugs(self) -> tuple[str, ...]:
        return tuple(section.slug for section in self.sections)

    @cached_property
    def section_names(self) -> Mapping[str, str]:
        """Each section's name by slug, the maybeboard's too: how a page says where a card is."""
        return {section.slug: section.name for section in (*self.sections, MAYBEBOARD)}

    def card_problems(
        self,
        card_type: object,  # read from a card file or a form: any value, checked first
        attributes: Mapping[str, Any],
        *,
        name: str = "",
        text: str = "",
        known_names: Iterable[str] = (),
    ) -> list[tuple[str, str]]:
        """Every problem with a card's type and attributes, as (field path, message), including
        data its own text (when given) contradicts and construction text its game's grammar
        cannot read (`known_names`: the card names that text may name)."""
        if not isinstance(card_type, str) or card_type not in self.card_types:
            return [("type", f"must be one of {', '.join(self.card_types)}; not {card_type!r}")]
        problems = [
            (f"attributes.{path}", msg)
            for path, msg in check_attributes(self.attributes, attributes)
        ]
        for attribute in self.required_by_type.get(card_type, ()):
            if attribute not in attributes:
                problems.append(
                    (f"attributes.{attribute}", f"is required on {with_article(card_type)}")
                )
        for attribute, (types, reason) in self.attribute_types.items():
            if attributes.get(attribute) not in (None, False) and card_type not in types:
                problems.append(
                    (
                        f"attributes.{attribute}",
                        f"may not be on {with_article(card_type)}: {reason}",
                    )
                )
        if self.text_problems is not None:
            problems += self.text_problems(card_type, name, text, attributes, known_names)
            if not problems and self.derive_attributes is not None:
                derived = self.derive_attributes(name, text, attributes, known_names)
                problems += self.card_problems(card_type, derived) if derived != attributes else []
        return problems

    def reviewed_attributes(
        self,
        name: str,
        text: str,
        attributes: Mapping[str, Any],
        known_names: Iterable[str] = (),
    ) -> dict[str, Any]:
        """The card's attributes with the construction data its text states (what the importer,
        the admin and inline cards keep; `card_problems` first refuses a disagreement)."""
        if self.derive_attributes is None:
            return dict(attributes)
        return self.derive_attributes(name, text, attributes, known_names)

    def numeric_attribute(self, alias: str) -> str | None:
        """The attribute a search alias (or a full attribute name) compares, if it is numeric."""
        name = self.stat_aliases.get(alias, alias)
        if name == "cost" and self.cost_attribute is not None:
            name = self.cost_attribute
        spec = self.attributes.get(name)
        return name if spec is not None and spec.numeric else None
