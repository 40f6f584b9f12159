"""The base of every game's deck-construction ruleset.

A ruleset is a class per game (and, for variant formats, a small subclass of it) registered by
slug in rulebook.registry. `check` runs the checks every game shares (format lists, which card
types a section accepts) and then the game's own `check_construction`; every problem is
collected, none stops the others.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from .cards import CardInfo, Deck, Entry, FormatInfo
from .codes import COMMON_CODES
from .game import GameSpec
from .report import Report
from .wording import listed, with_article


class Ruleset:
    game: GameSpec
    # Which card types each section accepts; a section absent here accepts every type.
    section_types: Mapping[str, frozenset[str]] = {}
    # The rule each section_types entry cites, e.g. {"main": "8.13.1"}.
    section_rules: Mapping[str, str] = {}
    # The rule a banned or restricted list entry cites: the format's, not a rulebook's.
    list_rule = "format list"
    # Every issue code this ruleset's reports can carry, with its meaning (rulebook.core.codes).
    codes: Mapping[str, str] = COMMON_CODES

    def check(self, deck: Deck, fmt: FormatInfo, report: Report | None = None) -> Report:
        """Check a resolved deck against this ruleset and a format; return the full report.

        Cards a section may not hold, or does not count, are set aside first (`place`), so
        every size and section limit counts the section as its rules do; `counts` reports
        those sizes and `not_counted` the copies left out of them.
        """
        report = report or Report(game=self.game.slug, format=fmt.slug)
        deck = self.place(deck, report)
        report.counts.update({slug: deck.count(slug) for slug in self.game.section_slugs})
        report.not_counted.update(
            {slug: n for slug in self.game.section_slugs if (n := deck.not_counted(slug))}
        )
        self.check_lists(deck, fmt, report)
        self.check_construction(deck, fmt, report)
        return report

    def check_construction(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        """The game's own rules: sizes, copy limits, and the rest. Subclasses implement it."""
        raise NotImplementedError

    def place(self, deck: Deck, report: Report) -> Deck:
        """The deck with every entry that does not count toward its section set aside.

        A card the section may not hold (see section_problem) is reported, with the code
        `section_code` gives; a card the section holds without counting it (`counts_toward`)
        is legal and set aside in silence.
        """
        counted: dict[str, tuple[Entry, ...]] = {}
        aside: dict[str, tuple[Entry, ...]] = {}
        for section, entries in deck.sections.items():
            kept: list[Entry] = []
            left: list[Entry] = []
            for entry in entries:
                problem = self.misplaced(section, entry.card)
                if problem is not None:
                    rule, message = problem
                    report.error(
                        self.section_code(section, entry.card),
                        rule,
                        f"{message} It is not counted in the {self.section_name(section)}.",
                        section=section,
                        cards=[entry.card.name],
                    )
                (
                    kept if problem is None and self.counts_toward(section, entry.card) else left
                ).append(entry)
            counted[section] = tuple(kept)
            if left:
                aside[section] = tuple(left)
        # Built directly rather than by dataclasses.replace, which costs as much as the rest of
        # this method: it runs for every deck validated.
        return Deck(deck.game, counted, deck.unresolved, aside)

    @classmethod
    def home_section(cls, card_type: str) -> str:
        """The first of the game's sections that may hold a card of this type (section_types,
        citing section_rules): where the card goes when it leaves the deck's maybeboard."""
        slugs = cls.game.section_slugs
        allowed = cls.section_types
        return next((s for s in slugs if card_type in allowed.get(s, {card_type})), slugs[0])

    def misplaced(self, section: str, card: CardInfo) -> tuple[str, str] | None:
        """(rule, message) when the section may not hold the card, else None."""
        allowed = self.section_types.get(section)
        if allowed is None or card.type in allowed:
            return None
        return self.section_problem(section, card)

    def counts_toward(self, section: str, card: CardInfo) -> bool:
        """Whether a card the section may hold counts toward its size; by default, all do."""
        return True

    def section_code(self, section: str, card: CardInfo) -> str:
        """The error code of a card a section may not hold."""
        return "card.section"

    def section_problem(self, section: str, card: CardInfo) -> tuple[str, str] | None:
        """(rule, message) for a card whose type `section_types` does not list for a section,
        or None to accept it all the same.

        The default refuses it, citing `section_rules`; a ruleset whose sections also accept
        cards by an attribute, or that cites a different rule for some types, overrides this.
        """
        allowed = self.section_types.get(section, frozenset())
        return self.section_rules.get(section, ""), (
            f"{card.name} is {with_article(card.type)}; the {self.section_name(section)} may "
            f"hold only {listed(sorted(allowed))} cards. Move it or remove it."
        )

    def check_lists(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        """Banned cards, and restricted cards over their format's copy limit, over every copy
        in the deck: a card set aside (one that begins the game in the Rainbow Pool, Neopets
        CR 7.9.4, or one in a section that may not hold it) is still in the deck (issue 14)."""
        if not fmt.banned and not fmt.restricted:
            return
        for cards, copies in self.copies_by_identity(deck.all_entries()):
            card = cards[0]
            if any(each.key in fmt.banned for each in cards):
                report.error(
                    "card.banned",
                    self.list_rule,
                    f"{card.name} is banned in {fmt.name}; remove all {copies} copies.",
                    cards=[card.name],
                )
            limit = min(
                (fmt.restricted[each.key] for each in cards if each.key in fmt.restricted),
                default=None,
            )
            if limit is not None and copies > limit:
                report.error(
                    "card.restricted",
                    self.list_rule,
                    f"{card.name} is restricted to {limit} in {fmt.name}; the deck has {copies}: "
                    f"remove {copies - limit}.",
                    cards=[card.name],
                    limit=limit,
                )

    def copies_by_identity(
        self, entries: Iterable[Entry]
    ) -> list[tuple[tuple[CardInfo, ...], int]]:
        """(the cards that are one card, their copies together), in deck order.

        Every game counts copies by the card, whatever its printing or key (Neopets CR 6.7.2):
        two keys with the same name and rules are one card (CardInfo.same_card). Namesakes whose
        rules differ are different cards (the importer refuses them unless marked
        `distinct_namesake`).
        """
        copies: dict[str, int] = {}  # same_card -> copies, in deck order
        keys: dict[str, list[CardInfo]] = {}  # same_card -> the card's keys, first one first
        for entry in entries:
            card = entry.card
            same = card.same_card
            cards = keys.get(same)
            if cards is None:
                keys[same] = [card]
                copies[same] = entry.quantity
            else:
                copies[same] += entry.quantity
                if card not in cards:
                    cards.append(card)
        return [(tuple(keys[same]), total) for same, total in copies.items()]

    def section_name(self, slug: str) -> str:
        return next((s.name for s in self.game.sections if s.slug == slug), slug)


def same_card(card: CardInfo) -> str:
    """The rules identity of a card (rulebook.core.identity.rules_identity), once per card."""
    return card.same_card


def copies_by_card(entries: Iterable[Entry]) -> dict[CardInfo, int]:
    """Copies per card, whatever printing each entry pins (the same card is one card)."""
    totals: dict[CardInfo, int] = defaultdict(int)
    for entry in entries:
        totals[entry.card] += entry.quantity
    return totals
