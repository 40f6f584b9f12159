"""Status Effects (p. 29), on a game in progress (game.py hands itself in).

An effect that inflicts one flips one coin for all its targets (heads: inflicted), none when it
inflicts "automatically"; a Page carries one indicator of each kind but any number of Poison,
and loses them all as it leaves the Arena (Page.reset). What each does was a table the seed
lost; the README's rules notes decide it: Burn deals 10 Damage and each Poison indicator 10 LP
Loss at the end of its controller's turn (a Caster's too: a Caster suffers Burn and Poison only);
Sleep ends on heads of a coin at the start of its controller's turn; Frozen Fatigues the Page
and keeps it Fatigued through its controller's next Awaken; Paralyze, Scared and Confusion end
with its controller's next turn. Paralyze also removes the Page's Effect text box (`disabled`);
who may not attack or defend is read by combat.py and legal.py.
"""

from __future__ import annotations

from typing import Any

from .state import CASTER_STATUSES, STATUS_DAMAGE, Caster, Page, Subject, log_id, present

SUFFERED = ("burn", "poison")  # at the end of its controller's turn (`suffer`)
LASTING_A_TURN = ("paralyze", "scared", "confusion")  # until the end of its controller's next turn


def disabled(page: Page) -> bool:
    """Paralyze removes a Page's Effect text box (Tribal Boost, p. 28): no Powers, no
    effects, no Tribal Boost."""
    return "paralyze" in page.statuses


def can_carry(subject: Subject, status: str) -> bool:
    """Whether a subject there to be reached can have this indicator placed: a Page in the
    Arena any, a Caster Burn and Poison only (README rules notes)."""
    if isinstance(subject, Caster):
        return status in CASTER_STATUSES
    return present(subject)


def inflict(
    game: Any, subjects: list[Subject], status: str, me: Caster, automatically: bool
) -> None:
    """Inflict a Status Effect: one coin flip for every target of the effect (heads:
    inflicted), none when it inflicts automatically (Status Effects, p. 29; Simultaneous
    Effects, p. 23). One indicator of each kind, but any number of Poison. Frozen Fatigues
    an Awakened Page as it is placed (README rules notes), so it neither attacks nor defends
    until it thaws."""
    subjects = [s for s in subjects if can_carry(s, status)]
    if not subjects:
        return
    if not automatically and not game.flip(me, f"inflict:{status}"):
        return
    for subject in subjects:
        if status in subject.statuses and status != "poison":
            continue
        if status == "poison":
            subject.statuses[status] = subject.statuses.get(status, 0) + 1
        else:
            subject.statuses[status] = game.turn
        if status == "frozen" and isinstance(subject, Page):
            subject.fatigued = True
        if status == "paralyze":
            game.dirty = True  # its Tribal Boost and LP bonuses end: a Page may be at 0 LP
        if game.log is not None:
            game.event(
                "inflict",
                me.seat,
                target=log_id(subject),
                status=status,
                count=subject.statuses[status] if status == "poison" else 1,
            )


def remove_status(game: Any, subject: Subject, status: str) -> None:
    del subject.statuses[status]
    if game.log is not None:
        game.event("status_removed", None, target=log_id(subject), status=status)


def wake(game: Any, me: Caster) -> None:
    """Sleep, at the start of its controller's turn: a coin for each sleeping Page, heads and
    it wakes."""
    for page in list(me.arena):
        if "sleep" in page.statuses:
            woke = game.flip(me, f"sleep:{page.uid}")
            if woke:
                remove_status(game, page, "sleep")


def suffer(game: Any, subject: Subject, status: str) -> None:
    """Burn or Poison at the end of its controller's turn (a Page's or a Caster's): Burn 10
    Damage, Poison 10 LP Loss an indicator."""
    if status == "burn":
        game.deal(subject, STATUS_DAMAGE, None, "burn")
    else:
        game.lose_lp(subject, STATUS_DAMAGE * subject.statuses[status], "poison")


def expire(game: Any, me: Caster) -> None:
    """The end of a turn: the indicators inflicted before this turn that last a turn end."""
    for page in [p for p in me.arena if p.statuses]:
        for status in LASTING_A_TURN:
            since = page.statuses.get(status)
            if since is not None and since < game.turn:
                remove_status(game, page, status)
