"""MetaZoo Spellbook and Archive construction, by the 2023 rulebook.

The rulebook has no numbered rules, so each check cites the rulebook's own heading and the page
its revision notes give for it (the constants below). Where the rulebook is terse, the reading
taken here is stated in the docstring of the check that relies on it. One reading matters most:
"A Page that is functionally the same but from a different set cannot be added to a Spellbook"
(p. 40) is read, as DESIGN does, as "a reprint does not bring a Spellbook Limit of its own": the
copies of functionally identical Pages from different sets are counted together against the one
limit, rather than a reprint being banned outright.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo
from rulebook.core.codes import COMMON_CODES
from rulebook.core.identity import wording
from rulebook.core.report import Report
from rulebook.core.ruleset import Ruleset, copies_by_card
from rulebook.core.wording import counted

from .cards import AURA, GAME, TOKEN
from .construction_grammar import TOKEN_SECTIONS, Clause, clauses_of

SPELLBOOK, ARCHIVE = "spellbook", "archive"

SPELLBOOK_RULES = "Spellbook Rules and Tips (p. 43)"
ARCHIVE_RULES = "Archive (p. 41)"
SPELLBOOK_LIMIT = "Page Layout: Spellbook Limit (p. 5)"
FUNCTIONALLY_SAME = "Spellbook Rules and Tips: functionally the same Page (p. 40)"
BASIC_AURA = "Page Types: Basic Aura Page (p. 6)"
TOKENS = "Page Types: Tokens (p. 7)"
RESTRICTIONS = "Static Effects: Spellbook Restrictions (p. 25)"


def functional_identity(card: CardInfo) -> str:
    """What makes two Pages "functionally the same" (Spellbook Rules and Tips, p. 40): the one
    card identity every rule compares (rulebook.core.identity.rules_identity, kept on the card).

    Two Pages are functionally identical when they have the same name and the same rules text,
    each compared by its wording (ignoring case, spacing, punctuation and the kind of
    apostrophe: a reprint's typesetting is no rule, but "+1" is not "-1"), the same Page type and
    the same rules attributes (all of a Page's `attributes`: Aura cost, LP, Spellbook Limit,
    Basic, Aura type, tribe, traits, attacks, restrictions). Set code, collector number, rarity
    and art live on printings and are never compared; a card key that differs only because the
    Page was entered once per set does not make it a different Page. Pages that share a name
    but differ in any of the above are mechanically unique (Page Layout, p. 5) and each has its
    own Spellbook Limit. The same identity decides bans and restrictions of a format's lists
    and lookups by name: one Page everywhere (issue 38).
    """
    return card.same_card


@dataclass(frozen=True, slots=True)
class PageGroup:
    """The cards that count as one Page for its Spellbook Limit, and their copies."""

    cards: tuple[CardInfo, ...]
    copies: int

    @property
    def page(self) -> CardInfo:
        return self.cards[0]


def page_groups(entries: Iterable[Entry]) -> list[PageGroup]:
    """Copies per Page, functionally identical cards from different sets merged (p. 40)."""
    grouped: dict[str, list[tuple[CardInfo, int]]] = {}
    for card, copies in copies_by_card(entries).items():
        grouped.setdefault(functional_identity(card), []).append((card, copies))
    return [
        PageGroup(tuple(card for card, _ in members), sum(copies for _, copies in members))
        for members in grouped.values()
    ]


class MetaZooRuleset(Ruleset):
    """The Spellbook and Archive rules: sizes, Spellbook Limits, Restrictions and Tokens."""

    game = GAME
    # Tokens "cannot be added to a Spellbook or Archive" (p. 7): set aside and not counted.
    section_types = {
        SPELLBOOK: frozenset(GAME.card_types) - {TOKEN},
        ARCHIVE: frozenset(GAME.card_types) - {TOKEN},
    }
    codes = {
        **COMMON_CODES,
        "card.token": "A Token, which may not be in a Spellbook or Archive.",
        "spellbook.size": "The Spellbook holds fewer Pages than it must.",
        "archive.size": "The Archive holds more Pages than it may.",
        "spellbook.restriction": "A Page's Spellbook Restriction is broken (`restriction`).",
        "spellbook.restriction_unread": "Warning: a Spellbook Restriction could not be read.",
        # A swap between Spellbook and Archive (rulebook.metazoo.swap).
        "swap.added": "A swap brought in Pages from outside the Spellbook and Archive.",
        "swap.removed": "A swap took Pages out of the Spellbook and Archive.",
        f"swap.{SPELLBOOK}_size": "A swap changed the Spellbook's size (`before`, `after`).",
        f"swap.{ARCHIVE}_size": "A swap changed the Archive's size (`before`, `after`).",
    }
    spellbook_min = 40  # Spellbook Rules and Tips: "a minimum of 40 Pages", no maximum
    archive_max = 15  # Archive: "an Archive of up to 15 Pages"; not required

    def check_construction(self, deck: Deck, fmt: FormatInfo, report: Report) -> None:
        self.check_sizes(deck, report)
        self.check_spellbook_limits(deck, report)
        self.check_restrictions(deck, report)

    def check_sizes(self, deck: Deck, report: Report) -> None:
        """At least 40 Pages in the Spellbook (p. 43); at most 15 in the Archive (p. 41)."""
        spellbook = deck.count(SPELLBOOK)
        if spellbook < self.spellbook_min:
            report.error(
                "spellbook.size",
                SPELLBOOK_RULES,
                f"Spellbook has {counted(spellbook, 'Page')}; it must have at least "
                f"{self.spellbook_min}: "
                f"add {self.spellbook_min - spellbook}.",
                section=SPELLBOOK,
            )
        archive = deck.count(ARCHIVE)
        if archive > self.archive_max:
            report.error(
                "archive.size",
                ARCHIVE_RULES,
                f"Archive has {counted(archive, 'Page')}; it may have at most "
                f"{self.archive_max}: remove {archive - self.archive_max}.",
                section=ARCHIVE,
            )

    def section_problem(self, section: str, card: CardInfo) -> tuple[str, str] | None:
        """Tokens "cannot be added to a Spellbook or Archive unless otherwise specified by an
        Effect" (Page Types: Tokens, p. 7): a Token whose own text says it may be in this
        section (its `token_sections` data, read from the text by construction_grammar.py) is
        accepted; the others are refused."""
        if section in (card.attr(TOKEN_SECTIONS) or ()):
            return None
        return TOKENS, (
            f"{card.name} is a Token; Tokens may not be in a Spellbook or Archive: remove it."
        )

    def section_code(self, section: str, card: CardInfo) -> str:
        return "card.token"

    def check_spellbook_limits(self, deck: Deck, report: Report) -> None:
        """Each Page's Spellbook Limit counts its copies in the Spellbook and the Archive together
        (p. 5); functionally identical Pages from different sets are one Page (p. 40); no limit
        printed means any number (p. 43); Basic Aura any number (p. 6)."""
        for group in page_groups(deck.all_entries()):
            limit = spellbook_limit(group.page)
            if limit is None or group.copies <= limit:
                continue
            merged = len(group.cards) > 1
            report.error(
                "copies.limit",
                FUNCTIONALLY_SAME if merged else SPELLBOOK_LIMIT,
                f"{group.page.name} has a Spellbook Limit of {limit}; the Spellbook and Archive "
                f"hold {group.copies}"
                + (
                    f" (its printings from different sets, {_keys(group.cards)}, are one Page)"
                    if merged
                    else ""
                )
                + f": remove {group.copies - limit}.",
                cards=[group.page.name],
                keys=[card.key for card in group.cards],
                limit=limit,
            )

    def check_restrictions(self, deck: Deck, report: Report) -> None:
        """Spellbook Restrictions ("You may not include this Page in a Spellbook with -", p. 25)
        hold between Pages of the Spellbook, as each Page's reviewed `restrictions` data records
        them (read from its text by construction_grammar.py when it was stored; a Page whose
        restriction text cannot be read is refused then, never passed here). Data that cannot be
        read is a warning. A Page's own copies and printings never break its restriction; a
        forbidding clause allows `more_than` copies of what it names, and is lifted when the
        Spellbook holds a Page it names in `unless`."""
        entries = deck.entries(SPELLBOOK)
        spellbook = [entry.card for entry in entries]
        held = {name_key(card.name) for card in spellbook}
        for card in spellbook:
            clauses = clauses_of(card.attr("restrictions"))
            if clauses is None:
                _warn_unread(report, card, json.dumps(card.attr("restrictions")))
                continue
            for clause in clauses:
                others = _clashing(card, clause, entries, held)
                if others:
                    report.error(
                        "spellbook.restriction",
                        RESTRICTIONS,
                        _clash_message(card.name, clause, others),
                        section=SPELLBOOK,
                        cards=[card.name, *others],
                        restriction=clause.as_data(),
                    )


def _clashing(
    card: CardInfo, clause: Clause, entries: Iterable[Entry], held: set[str]
) -> list[str]:
    """The other Spellbook Pages that break the clause, by name."""
    if not clause.only and held & {name_key(name) for name in clause.unless}:
        return []
    own = name_key(card.name)
    matching: dict[str, int] = {}
    for entry in entries:
        other = entry.card
        if name_key(other.name) == own:
            continue
        if _is_one_of(other, clause) != clause.only:
            matching[other.name] = matching.get(other.name, 0) + entry.quantity
    if not clause.only and sum(matching.values()) <= clause.more_than:
        return []
    return sorted(matching)


def _is_one_of(page: CardInfo, clause: Clause) -> bool:
    """Whether the Page is one of what the clause names: a name, or a kind (Page type, Aura
    type, or both)."""
    if name_key(page.name) in {name_key(name) for name in clause.names}:
        return True
    auras = _aura_types(page)
    return any(
        (kind is None or page.type.casefold() == kind) and (aura is None or aura in auras)
        for kind, aura in clause.kinds
    )


def name_key(name: str) -> str:
    """A Page name as restrictions compare it: by its wording, as the card identity compares
    names (rulebook.core.identity.rules_identity: "Will-o'-Wisp" is "Will-o\u2019-Wisp", a final
    full stop is typesetting): one Page everywhere."""
    return wording(name)


def spellbook_limit(card: CardInfo) -> int | None:
    """A Page's Spellbook Limit; None when any number is allowed: a Basic Aura Page ("You can
    play any number of Basic Aura Pages", p. 6) or a Page with no limit printed (p. 43). A
    `basic` flag on any other Page lifts nothing (the importer refuses it but on a Terra)."""
    if card.attr("basic") and card.type == AURA:
        return None
    limit: int | None = card.attr("spellbook_limit")  # the importer checked it is a number
    return limit


def _aura_types(card: CardInfo) -> set[str]:
    costs = card.attr("aura_cost") or {}
    types = {kind for kind, amount in costs.items() if amount and kind != "neutral"}
    if card.attr("aura_type"):
        types.add(card.attr("aura_type"))
    return types


def _clash_message(name: str, clause: Clause, others: list[str]) -> str:
    remove = f"remove {name} or {' and '.join(others)}."
    if clause.only:
        return (
            f"{name} may be in a Spellbook only with {clause.what()}; {', '.join(others)} "
            f"{'is' if len(others) == 1 else 'are'} not: {remove}"
        )
    if clause.more_than:
        return (
            f"{name} may not be in a Spellbook with more than {clause.more_than} of "
            f"{clause.what()}; it holds {', '.join(others)}: {remove}"
        )
    return f"{name} may not be in a Spellbook with {', '.join(others)}: {remove}"


def _warn_unread(report: Report, card: CardInfo, clause: str) -> None:
    report.warn(
        "spellbook.restriction_unread",
        RESTRICTIONS,
        f"{card.name} has Spellbook Restriction data Deckwarden cannot read ({clause}); "
        "check it by hand: clauses are not_with or only_with, kinds, more_than, unless.",
        section=SPELLBOOK,
        cards=[card.name],
    )


def _keys(cards: Iterable[CardInfo]) -> str:
    return ", ".join(card.key for card in cards)
