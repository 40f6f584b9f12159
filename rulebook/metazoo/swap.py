"""The Archive swap between two games of a match: one registered list against the next.

Archive (p. 41): "When using an Archive between games to replace Pages in your Spellbook, your
Spellbook and Archive must end up with the same number of Pages in it before the start of your
next game." So a swap is legal when both sizes are unchanged and Pages only moved between the
Spellbook and the Archive: no Page came from outside the two, none left them. Copies are counted
by card, whatever printing an entry names.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rulebook.core.cards import CardInfo, Deck
from rulebook.core.report import Issue, Report
from rulebook.core.ruleset import copies_by_card

from .construction import ARCHIVE, SPELLBOOK

SAME_SIZE = (
    'Archive (p. 41): "your Spellbook and Archive must end up with the same number of Pages in it '
    'before the start of your next game"'
)
ONLY_MOVED = (
    'Archive (p. 41): "When using an Archive between games to replace Pages in your Spellbook" '
    "- Pages move between the Spellbook and the Archive only"
)


@dataclass(frozen=True)
class SwapCheck:
    """What moved each way, and every problem with the swap (codes `swap.*`)."""

    to_spellbook: dict[CardInfo, int]
    to_archive: dict[CardInfo, int]
    problems: list[Issue] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems


def swap_check(before: Deck, after: Deck) -> SwapCheck:
    """Check the swap from `before` to `after`; every problem is listed, none stops another."""
    report = Report(game=before.game, format="")
    for section, name in ((SPELLBOOK, "Spellbook"), (ARCHIVE, "Archive")):
        _check_size(report, section, name, before.count(section), after.count(section))
    spellbook = _change(before, after, SPELLBOOK)
    archive = _change(before, after, ARCHIVE)
    for card in sorted(spellbook.keys() | archive.keys(), key=lambda c: (c.name, c.key)):
        net = spellbook[card] + archive[card]
        if net > 0:
            report.error(
                "swap.added",
                ONLY_MOVED,
                f"{net} {_copies(net)} of {card.name} came from outside the Spellbook and "
                f"Archive; only Pages already in them may be swapped.",
                cards=[card.name],
                quantity=net,
            )
        elif net < 0:
            report.error(
                "swap.removed",
                ONLY_MOVED,
                f"{-net} {_copies(-net)} of {card.name} left the Spellbook and Archive; a swap "
                f"only moves Pages between them.",
                cards=[card.name],
                quantity=-net,
            )
    return SwapCheck(
        to_spellbook=_moved(gained=spellbook, lost=archive),
        to_archive=_moved(gained=archive, lost=spellbook),
        problems=report.errors,
    )


def _check_size(report: Report, section: str, name: str, before: int, after: int) -> None:
    """The Spellbook, and the Archive, end the swap with as many Pages as they began it."""
    if before != after:
        report.error(
            f"swap.{section}_size",
            SAME_SIZE,
            f"The {name} had {before} Pages and now has {after}; it must keep {before}.",
            section=section,
            before=before,
            after=after,
        )


def _change(before: Deck, after: Deck, section: str) -> Counter[CardInfo]:
    """Copies gained (positive) or lost (negative) by a section, per card."""
    change: Counter[CardInfo] = Counter(copies_by_card(after.entries(section)))
    change.subtract(copies_by_card(before.entries(section)))
    return change


def _moved(*, gained: Counter[CardInfo], lost: Counter[CardInfo]) -> dict[CardInfo, int]:
    """Copies that one section gained and the other lost: the Pages that moved across."""
    return {
        card: min(gained[card], -lost[card])
        for card in gained
        if gained[card] > 0 and lost[card] < 0
    }


def _copies(count: int) -> str:
    return "copy" if count == 1 else "copies"
