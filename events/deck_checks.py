"""Judges and deck checks (issue 26, item 7): the organiser adds judges to an event; during it a
judge checks a player's physical deck against the list locked at registration and the service
says what differs and what the deck as presented breaks, kept as a log per event.

Who may do what is events.selectors' rule (can_judge): the organiser and the event's judges.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from decks.resolution import entries_resolve
from decks.services import DecklistUnreadable
from rulebook.core.decklist import parse_decklist, write_decklist
from rulebook.core.game import GameSpec
from rulebook.core.resolve import EntryRef
from rules.services.validation import deck_validate

from .models import (
    DeckCheck,
    DeckCheckEdit,
    Event,
    EventJudge,
    Infraction,
    JudgePenalty,
    Penalty,
    Registration,
    penalty_said,
)
from .notifications import notify_penalty
from .services import RegistrationRefused


def judge_add(*, event: Event, username: str) -> EventJudge:
    """Make a user a judge of the event (again: nothing changes); RegistrationRefused naming
    `username` if nobody has that name."""
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise RegistrationRefused("username", f"Nobody here is called {username.strip()!r}.")
    return EventJudge.objects.get_or_create(event=event, judge=user)[0]


def judge_remove(*, event: Event, judge_id: int) -> bool:
    """Take a judge off the event (their checks stay in the log); whether they were one."""
    return EventJudge.objects.filter(event=event, judge_id=judge_id).delete()[0] > 0


def deck_check_record(
    *,
    registration: Registration,
    judge: AbstractBaseUser,
    text: str | None,
    penalty: str = "",
    infraction: str = "",
    notes: str = "",
) -> DeckCheck:
    """Record a check of the player's deck: `text` is the deck as presented (a decklist, read
    as the player's deck is: their own cards count), None when it matched the locked list.
    A penalty (a Penalty value, with an Infraction; "" for none) is told to the player (the
    penalty only: never the notes).

    Raises RegistrationRefused naming `penalty` or `infraction` for a value not on the lists,
    DecklistUnreadable and InvalidEntries (decks) for a list that cannot be read.
    """
    penalty, infraction = penalty_checked(penalty, infraction)
    check = DeckCheck(
        event=registration.event,
        registration=registration,
        judge=judge,
        penalty=penalty,
        infraction=infraction,
        notes=notes.strip(),
    )
    _find(check, text)
    check.save()
    if check.penalty:
        notify_penalty(given=check)
    return check


def penalty_give(
    *,
    registration: Registration,
    judge: AbstractBaseUser,
    penalty: str,
    infraction: str,
    notes: str = "",
) -> JudgePenalty:
    """A penalty given outside a deck check (issue 39, item 4: slow play at a table, a player
    late), from the lists a check's penalty comes from, told to the player as a check's is (the
    penalty only, never the notes). RegistrationRefused naming `penalty` for none or one off
    the list, or `infraction` as deck_check_record does."""
    if not penalty:
        raise RegistrationRefused("penalty", "Choose the penalty to give.")
    penalty, infraction = penalty_checked(penalty, infraction)
    given = JudgePenalty.objects.create(
        event=registration.event,
        registration=registration,
        judge=judge,
        penalty=penalty,
        infraction=infraction,
        notes=notes.strip(),
    )
    notify_penalty(given=given)
    return given


def penalty_checked(penalty: str, infraction: str) -> tuple[str, str]:
    """The penalty and its infraction if both are on the lists (or both empty: none);
    RegistrationRefused naming the field that is not."""
    if penalty not in Penalty.values and penalty != "":
        kinds = ", ".join(Penalty.values)
        raise RegistrationRefused("penalty", f"A penalty is one of {kinds} (or none).")
    if penalty and infraction not in Infraction.values:
        kinds = ", ".join(Infraction.values)
        raise RegistrationRefused("infraction", f"Say what the penalty is for: one of {kinds}.")
    if not penalty and infraction:
        raise RegistrationRefused("infraction", "An infraction goes with a penalty.")
    return penalty, infraction


PENALTY_PARTS = ("penalty", "infraction")
EDITABLE = (
    "matches",
    "presented",
    "differences",
    "problems",
    "penalty",
    "infraction",
    "notes",
)


def deck_check_edit(
    *,
    check: DeckCheck,
    editor: AbstractBaseUser,
    text: str | None = None,
    matches: bool = False,
    penalty: str | None = None,
    infraction: str | None = None,
    notes: str | None = None,
) -> DeckCheck:
    """Correct a check: `matches` (it matched after all) or `text` (the deck as presented,
    read again as on recording), and/or the penalty, its infraction and the notes; None leaves
    a part as it is (a penalty withdrawn takes its infraction with it).

    Keeps the edit (DeckCheckEdit: who, when, each field before and after) when anything
    changed; a changed penalty is told to the player. Raises what deck_check_record raises for
    a penalty off the lists or an unreadable list, and then changes nothing.
    """
    with transaction.atomic():
        # the row locked: of two corrections at once, the second's "before" is what the first
        # left, so the history chains and no edit is lost
        check = DeckCheck.objects.select_for_update().get(pk=check.pk)
        before = {name: getattr(check, name) for name in EDITABLE}
        if matches or text is not None:
            _find(check, None if matches else text)
        new_penalty = check.penalty if penalty is None else penalty
        if infraction is None:
            infraction = check.infraction if new_penalty else ""
        check.penalty, check.infraction = penalty_checked(new_penalty, infraction)
        if notes is not None:
            check.notes = notes.strip()
        changed = {name for name in EDITABLE if getattr(check, name) != before[name]}
        if changed & set(PENALTY_PARTS):  # the two read together: keep both, changed or not
            changed |= set(PENALTY_PARTS)
        changes = {
            name: {"before": before[name], "after": getattr(check, name)}
            for name in EDITABLE
            if name in changed
        }
        if changes:
            check.save(update_fields=list(changes))
            DeckCheckEdit.objects.create(deck_check=check, editor=editor, changes=changes)
        if "penalty" in changes:
            previous = penalty_said(before["penalty"], before["infraction"])
            notify_penalty(given=check, previous=previous)
    return check


def edit_summary(*, changes: dict[str, Any], game: GameSpec) -> list[str]:
    """An edit's changes (DeckCheckEdit.changes) as judges read them, one line each: every card
    whose count as presented changed ("Hot Dog 3 → 2", each named by its section when more
    than one section changed), whether it matched the locked list, the penalty and the notes.
    Worked out from the stored before and after alone; the differences and problems follow
    from the counts, so they get no line of their own, nor does any field's internal name."""
    lines = _card_changes(changes, game)
    if "matches" in changes:
        was, now = ("yes" if changes["matches"][side] else "no" for side in ("before", "after"))
        lines.append(f"matched the locked list: {was} → {now}")
    if "penalty" in changes:  # with its infraction, which an edit keeps beside it
        none = {"before": "", "after": ""}  # an edit from before penalties came from a list
        was, now = (
            penalty_said(changes["penalty"][side], changes.get("infraction", none)[side])
            for side in ("before", "after")
        )
        lines.append(f"penalty: {was or '—'} → {now or '—'}")
    if "notes" in changes:
        notes = changes["notes"]
        lines.append(f"notes: {notes['before'] or '—'} → {notes['after'] or '—'}")
    return lines


def _card_changes(changes: dict[str, Any], game: GameSpec) -> list[str]:
    if "presented" not in changes:
        return []
    before, after = changes["presented"]["before"], changes["presented"]["after"]
    differences = changes.get("differences", {"before": [], "after": []})
    counts: dict[tuple[str, str], list[int]] = {}  # (section, name): [before, after]
    if before is None:  # it matched: the counts were the locked list's, differing as now
        for d in differences["after"]:
            counts[d["section"], d["name"]] = [d["locked"], d["presented"]]
    elif after is None:  # it matches now: back to the locked list's counts
        for d in differences["before"]:
            counts[d["section"], d["name"]] = [d["presented"], d["locked"]]
    else:
        for side, presented in enumerate((before, after)):
            for section, rows in presented.items():
                for row in rows:
                    counts.setdefault((section, row["name"]), [0, 0])[side] += row["quantity"]
    changed = {place: pair for place, pair in counts.items() if pair[0] != pair[1]}
    order = {section.slug: i for i, section in enumerate(game.sections)}
    names = {section.slug: section.name for section in game.sections}
    several = len({section for section, _ in changed}) > 1
    return [
        f"{names.get(section, section) + ': ' if several else ''}{name} {old} → {new}"
        for (section, name), (old, new) in sorted(
            changed.items(), key=lambda item: (order.get(item[0][0], len(order)), item[0][1])
        )
    ]


def deck_check_text(*, check: DeckCheck) -> str:
    """The deck as presented at a check as a decklist to correct ("" if it matched), each
    card by its key too, so that it reads back to the same cards whatever their names."""
    if check.presented is None:
        return ""
    entries = [
        EntryRef(section=section, quantity=e["quantity"], name=e["name"], key=e["key"])
        for section, rows in check.presented.items()
        for e in rows
    ]
    return write_decklist(check.event.game.spec, entries)


def _find(check: DeckCheck, text: str | None) -> None:
    """Set what the check found from the deck as presented (None: it matched the locked list):
    the one place counts become differences and problems, on recording and on every edit."""
    check.matches, check.presented, check.differences, check.problems = True, None, [], []
    if text is None:
        return
    registration = check.registration
    presented = _presented(registration, text)
    check.presented = _by_section(presented)
    check.differences = _differences(registration.deck_version.snapshot, presented)
    check.matches = not check.differences
    check.problems = _problems(registration, presented)


def _presented(registration: Registration, text: str) -> list[EntryRef]:
    game = registration.event.game
    parsed = parse_decklist(text, game.spec)
    if parsed.problems:
        raise DecklistUnreadable(parsed.problems)
    owner = registration.deck_version.deck.owner
    # a pasted list, as sites export it: a printing the catalogue lacks still names the card
    lines = entries_resolve(game=game, refs=parsed.entries, owner=owner, pasted=True)
    copies: Counter[tuple[str, str]] = Counter()
    names = {}
    for line in lines:  # counted by the card, whatever printing (as copy limits count)
        copies[line.section, line.card.key] += line.quantity
        names[line.card.key] = line.card.name
    return [
        EntryRef(section=section, quantity=quantity, key=key, name=names[key])
        for (section, key), quantity in copies.items()
    ]


def _by_section(entries: list[EntryRef]) -> dict[str, list[dict[str, Any]]]:
    sections: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        sections.setdefault(entry.section, []).append(
            {"key": entry.key, "name": entry.name, "quantity": entry.quantity}
        )
    return sections


def _differences(snapshot: dict[str, Any], presented: list[EntryRef]) -> list[dict[str, Any]]:
    """Each card (by section) whose count as presented is not its count in the locked list."""
    locked: Counter[tuple[str, str]] = Counter()
    names = {}
    for section, entries in snapshot["sections"].items():
        for entry in entries:
            locked[section, entry["key"]] += entry["quantity"]
            names[entry["key"]] = entry["name"]
    shown = Counter({(e.section, e.key): e.quantity for e in presented})
    names.update({e.key: e.name for e in presented})
    return [
        {
            "section": section,
            "key": key,
            "name": names[key],
            "locked": locked[section, key],
            "presented": shown[section, key],
        }
        for section, key in sorted(set(locked) | set(shown))
        if locked[section, key] != shown[section, key]
    ]


def _problems(registration: Registration, presented: list[EntryRef]) -> list[dict[str, Any]]:
    """The errors of the deck as presented, judged as the locked list was (its event's format,
    the lists in force on its date, as its player sees their cards)."""
    event = registration.event
    report = deck_validate(
        game=event.game.slug,
        entries=[EntryRef(section=e.section, quantity=e.quantity, key=e.key) for e in presented],
        format=event.format.slug if event.format else None,
        as_of=event.date,
        viewer=registration.deck_version.deck.owner,
    )
    return report.as_dict()["errors"]
