"""Keeper of the Cards deck construction, 11th edition (rulebook and Card Building Guide).

- A deck has exactly 40 cards and no limit on copies (rulebook, "Setup and Deck Building").
- A card with a redacted ability text is banned (rulebook, "Redacted Ability Text").
- A card bearing a text whose cost was revised must indicate that edition or a later one, or it
  is banned (rulebook, "Revised Costs").
- A card setting a variable above a revised limit is banned (rulebook, "Revised Variable Limits"),
  as is one above the limit its component prints (guide, "Constructing Abilities").
- A card in an old wording is legal and read in the new one (rulebook, "Revised Ability Text").
- A card follows the guide's musts (one caveat, on a creature only; a spell has one ability;
  components in order, at most one of each but effects; at least one effect; variables positive
  integers; one paragraph per ability): breaking one is an error with its own code (parser.MUSTS).
- A card is built only from the guide's components ("You must choose non-redacted components
  from the lists on the following pages only", guide, "Constructing Abilities"): text that is
  none of them, in any wording the parser reads (case, punctuation, apostrophes, the singular
  of a variable of 1, an old wording), is an error, `card.unparsed`, with the nearest components
  offered. So "Win the game." and a re-worded redacted text ("Pay two hitpoints.", "Pay 2
  hitpoints, then draw 2 cards.") make a card illegal, not merely uncosted.
- The printed cost must be the cost the guide's formula gives (guide, "Resource Cost"); the
  printed cost of a card with unread text is not judged on the part that could be read.

Redacted texts and cost-revised texts are looked for in every sentence of the card, whatever the
parser made of it and whatever numbers fill their variables: a card cannot escape a ban by
writing "Pay 0 hitpoints." or by breaking another rule in the same ability.

The revision tables are data (tables.py); a later edition is a subclass with other `tables`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rulebook.core.cards import CardInfo, Deck, FormatInfo
from rulebook.core.codes import COMMON_CODES
from rulebook.core.report import Report
from rulebook.core.ruleset import Ruleset, copies_by_card
from rulebook.core.wording import counted

from .cards import GAME
from .cost import explain_cost
from .parser import (
    CAVEAT,
    COMPONENT_COUNT,
    COMPONENT_ORDER,
    MUSTS,
    NO_ABILITIES_TEXT,
    NO_EFFECT,
    NO_TARGET,
    PARAGRAPH,
    SPELL_ABILITIES,
    VARIABLE,
    Part,
    Unread,
    loosely_read,
    parse_ability_text,
    read_sentence,
    split_name,
    split_sentences,
)
from .tables import ELEVENTH_EDITION, CostRevision, EditionTables, RedactedText
from .templates import Template, normalise

DECK_SIZE = 40
SECTION = "deck"

RULE_DECK_SIZE = "Setup and Deck Building"
RULE_REDACTED = "Redacted Ability Text (Banned Cards)"
RULE_REVISED_COSTS = "Revised Costs"
RULE_REVISED_TEXT = "Revised Ability Text"
RULE_VARIABLE_LIMITS = "Revised Variable Limits"
RULE_COST = "Card Building Guide: Resource Cost"
RULE_COMPONENTS = "Card Building Guide: Constructing Abilities"


class KeeperRuleset(Ruleset):
    game = GAME
    tables: EditionTables = ELEVENTH_EDITION
    codes = {
        **COMMON_CODES,
        "deck.size": "The deck does not hold its number of cards.",
        "card.banned_text": "A card bears redacted ability text, or a variable above its limit.",
        "card.edition": "A card bears revised text and indicates too early an edition.",
        "card.cost": "A card's printed cost is not the Card Building Guide's formula's.",
        "card.unparsed": "Card text that is no component of the guide (`nearest` offers some).",
        "card.revised_text": "Warning: an old wording, read as its revised text.",
        CAVEAT: "A caveat on a spell, more than one, or after the abilities.",
        SPELL_ABILITIES: "A spell without exactly one ability.",
        NO_ABILITIES_TEXT: "A creature without abilities that does not say so.",
        COMPONENT_ORDER: "An ability's components out of order.",
        COMPONENT_COUNT: "More than one condition, cost or target selection in an ability.",
        NO_EFFECT: "An ability without an effect.",
        NO_TARGET: "An effect that needs a target selection the ability lacks.",
        VARIABLE: "A variable that is not a positive integer.",
        PARAGRAPH: "An ability over more than one paragraph.",
    }

    def check_construction(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        self.check_size(deck, report)
        entries = (entry for entries in deck.sections.values() for entry in entries)
        for card in copies_by_card(entries):
            self.check_card(card, report)

    def check_size(self, deck: Deck, report: Report) -> None:
        size = deck.count(SECTION)
        if size != DECK_SIZE:
            report.error(
                "deck.size",
                RULE_DECK_SIZE,
                f"The deck has {counted(size, 'card')}; it must have exactly {DECK_SIZE} "
                "(10 of them go to the reserves before each game).",
                section=SECTION,
            )

    def check_card(self, card: CardInfo, report: Report) -> None:
        """Every problem with one card's text, edition and printed cost."""
        self.check_redacted_texts(card, report)
        parsed = parse_ability_text(card.type, card.text, self.tables)
        # Every sentence that is a component, wherever it stands: one the parser left out of an
        # ability (out of order, on a spell's second ability) is still on the card.
        parts = sentence_parts(card.text, self.tables)
        self.check_edition(card, parts, report)
        self.check_variable_limits(card, parts, report)
        self.check_revised_texts(card, parts, report)
        if not parsed.unread:  # a cost formula over part of the text proves nothing
            self.check_cost(card, report)
        self.check_unread(card, parsed.unread, report)

    def check_redacted_texts(self, card: CardInfo, report: Report) -> None:
        for redacted, sentence in redacted_texts(card.text, self.tables):
            report.error(
                "card.banned_text",
                RULE_REDACTED,
                f"{card.name} is banned: “{sentence}” is redacted ability text "
                f"(redacted in the {ordinal(redacted.edition)} edition).",
                section=SECTION,
                cards=[card.name],
                text=sentence,
            )

    def check_edition(self, card: CardInfo, parts: tuple[Part, ...], report: Report) -> None:
        """A cost-revised text in any sentence (read, or read only as far as its words), or an
        old wording of one, needs the revision's Edition Indicator."""
        revisions = dict(cost_revised_texts(card.text, self.tables))
        for part in parts:
            revision = self.tables.cost_revision(part.component.template)
            if revision is not None:
                revisions.setdefault(part.text, revision)
        if not revisions:
            return
        required = max(revision.edition for revision in revisions.values())
        edition = card.attr("edition")
        if edition is not None and edition >= required:
            return
        texts = ", ".join(f"“{text}”" for text in revisions)
        indicated = (
            "has no Edition Indicator"
            if edition is None
            else f"indicates the {ordinal(edition)} edition"
        )
        report.error(
            "card.edition",
            RULE_REVISED_COSTS,
            f"{card.name} is banned: it bears {texts}, whose cost was revised, so it must "
            f"indicate the {ordinal(required)} edition or later, but it {indicated}.",
            section=SECTION,
            cards=[card.name],
            required_edition=required,
        )

    def check_variable_limits(
        self, card: CardInfo, parts: tuple[Part, ...], report: Report
    ) -> None:
        """A variable above the limit its component prints ({x≤14}, guide "Constructing
        Abilities") or above a revised limit (rulebook "Revised Variable Limits") bans the card."""
        for part in parts:
            for name, highest, rule in self.variable_limits(part):
                value = part.variables.get(name)
                if value is not None and value > highest:
                    report.error(
                        "card.banned_text",
                        rule,
                        f"{card.name} is banned: “{part.text}” sets {name} to {value}, above "
                        f"its limit {{{name}≤{highest}}}.",
                        section=SECTION,
                        cards=[card.name],
                        text=part.text,
                        limit={name: highest},
                    )

    def variable_limits(self, part: Part) -> list[tuple[str, int, str]]:
        """(variable, highest value allowed, rule) for each limit on the part's component."""
        limits = [
            (name, highest, RULE_COMPONENTS) for name, highest in part.component.limits.items()
        ]
        revised = self.tables.variable_limit(part.component.template)
        if revised is not None:
            limits += [
                (name, highest, RULE_VARIABLE_LIMITS) for name, highest in revised.limits.items()
            ]
        return limits

    def check_revised_texts(self, card: CardInfo, parts: tuple[Part, ...], report: Report) -> None:
        for part in parts:
            if part.revision is None:
                continue
            report.warn(
                "card.revised_text",
                RULE_REVISED_TEXT,
                f"{card.name}: read “{part.text}” as “{part.read_as}” (revised in the "
                f"{ordinal(part.revision.edition)} edition).",
                section=SECTION,
                cards=[card.name],
                text=part.text,
                read_as=part.read_as,
            )

    def check_cost(self, card: CardInfo, report: Report) -> None:
        printed = card.attr("cost")
        if printed is None:
            return
        explanation = explain_cost(
            card.type,
            card.text,
            card.attr("offense", 0),
            card.attr("defense", 0),
            self.tables,
        )
        if printed == explanation.cost:
            return
        report.error(
            "card.cost",
            RULE_COST,
            f"{card.name} has a printed cost of {printed}, but the Card Building Guide's formula "
            f"gives {explanation.cost}.",
            section=SECTION,
            cards=[card.name],
            printed_cost=printed,
            computed_cost=explanation.cost,
        )

    def check_unread(
        self, card: CardInfo, unread_parts: tuple[Unread, ...], report: Report
    ) -> None:
        """A broken must is an error with its own code; text that is no component of the guide
        is an error too (card.unparsed), with the nearest components offered, and the printed
        cost is then left unchecked."""
        for unread in unread_parts:
            if unread.code is not None:
                report.error(
                    unread.code,
                    MUSTS[unread.code],
                    f"{card.name}: “{unread.text}”: {unread.reason}.",
                    section=SECTION,
                    cards=[card.name],
                    text=unread.text,
                )
                continue
            nearest = (
                " A card is built only from the guide's components; nearest: "
                f"{', '.join(str(near) for near in unread.nearest)}."
                if unread.nearest
                else ""
            )
            report.error(
                "card.unparsed",
                RULE_COMPONENTS,
                f"{card.name}: “{unread.text}”: {unread.reason}.{nearest} Its printed cost is "
                "not checked until every sentence is a component.",
                section=SECTION,
                cards=[card.name],
                text=unread.text,
                nearest=[near.as_dict() for near in unread.nearest],
            )


@lru_cache(maxsize=4096)
def redacted_texts(text: str, tables: EditionTables) -> tuple[tuple[RedactedText, str], ...]:
    """Each redacted text the card's text contains, with the sentence containing it."""
    return tuple(
        (redacted, sentence)
        for sentence, index in _sentences_saying(
            text, tuple(redacted.template for redacted in tables.redacted), tables
        )
        for redacted in (tables.redacted[index],)
    )


@lru_cache(maxsize=4096)
def sentence_parts(text: str, tables: EditionTables) -> tuple[Part, ...]:
    """Each sentence of the card that reads as a component, on its own, in the card's order."""
    return tuple(
        part
        for line in text.splitlines()
        for sentence in split_sentences(split_name(line)[1])
        if (part := read_sentence(sentence, tables)) is not None
    )


@lru_cache(maxsize=4096)
def cost_revised_texts(text: str, tables: EditionTables) -> tuple[tuple[str, CostRevision], ...]:
    """Each sentence of the card bearing a text whose cost was revised, with the revision."""
    templates = tuple(revision.template for revision in tables.cost_revisions)
    return tuple(
        (sentence, tables.cost_revisions[index])
        for sentence, index in _sentences_saying(text, templates, tables)
    )


def _sentences_saying(
    text: str, templates: tuple[Template, ...], tables: EditionTables
) -> list[tuple[str, int]]:
    """(sentence, index of the template) for each sentence of the card that says a template,
    whatever numbers stand for its variables.

    Every official text is a whole sentence, so a sentence says one when it ends with it
    (after any ability name or other words): "Pay 3 hitpoints." is in "COST: Pay 3 hitpoints."
    but "Target up to 2 cards in your graveyard." is not in the legal "Show all cards in your
    graveyard to an opponent of your choice and target up to 2 cards in your graveyard selected
    by that player."
    """
    endings = _endings(templates)
    found = []
    for line in text.splitlines():
        for sentence in split_sentences(split_name(line)[1]):
            said = normalise(sentence)
            # A sentence that is an official text, numbers aside, says that text and no
            # other: "All players draw 2 cards." does not say "Draw [x] cards.".
            components = loosely_read(said, tables)
            found += [
                (sentence, index)
                for index, (template, ending) in enumerate(zip(templates, endings, strict=True))
                if (template.key in components if components else ending.search(said))
            ]
    return found


@lru_cache(maxsize=16)
def _endings(templates: tuple[Template, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(f"(?:^| ){template.loose_pattern.pattern}$") for template in templates)


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"
