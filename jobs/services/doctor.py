"""Deck doctor jobs: the request (a deck, its field, swaps given or drawn from a pool of cards)
checked and made into a job of kind `doctor`.

The job's rounds, how a chunk plays and what the result says are its handler's
(jobs.kinds.doctor); limits, queue fairness, claims, cancel and the chunk task are every job's
(jobs.services.admission, submit, chunks).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from basics.errors import InvalidRequest
from cards.models import Game
from cards.selectors import card_queryset
from jobs.models import SimulationJob
from rulebook.core.cards import CardInfo, Deck
from rulebook.core.identity import identity
from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef, Unresolved, find_cards
from rulebook.registry import ruleset_for
from rulebook.simulation import ENGINES, JobKind, engine_for, new_job_seed
from rulebook.simulation.doctor import (
    BudgetTooSmall,
    Swap,
    apply_swap,
    candidate_swaps,
    chunk_games_within,
    field_problem,
    first_round,
    planned_games,
    played_together,
    plays_table,
)
from rules.services.formats import format_info, game_spec_for
from rules.services.validation import deck_resolve, request_pool

from .admission import DecksIllegal, SimulationLimits, client_key
from .submit import deck_freeze, job_submit

# A round keeps a quarter, so the first round, K + 1 games a seed, is most of a job's cost: 256
# candidates (every like-for-like swap a sample format's cards make, 60 to 191) and 20,000 games
# still give each about 50 games before the first cut.
MAX_CANDIDATES = 256
MAX_FORMAT_CARDS = 2000  # a format pool's cards: each is tried for each card of its type


@dataclass(frozen=True)
class SwapRequest:
    """A swap as asked: `count` copies of the card `out` names leave, as many of `into` come."""

    out: EntryRef
    into: EntryRef
    count: int


def doctor_create(
    *,
    owner: User | None,
    game: str,
    deck: tuple[Sequence[EntryRef], Sequence[CardInfo]],
    opponents: Sequence[tuple[Sequence[EntryRef], Sequence[CardInfo]]],
    weights: Sequence[float] | None,
    swaps: Sequence[SwapRequest] | None,
    pool: Sequence[EntryRef] | None,
    budget: int,
    seed: int | None = None,
    format: str | None = None,
    address: str = "",
) -> SimulationJob:
    """A queued deck doctor job: the deck's candidate swaps (given, or one-copy swaps for the
    cards of `pool` that keep the deck legal) ranked by paired games against the opponents.
    The deck, the opponents and every swap are judged in `format` (the game's default if None).

    InvalidRequest naming the field: a game without an engine, a field its engine cannot seat,
    a swap naming a card the deck does not hold (`swaps[i].out`) or no card (`swaps[i].in`), a
    swap that makes the deck illegal, too many or no candidates, a budget too small for the
    plan or past the owner's limits. DecksIllegal when the deck or an opponent is illegal;
    QueueFull and BrokerUnavailable as for test games. Nothing is kept when it raises.
    """
    engine = engine_for(game)
    game_row = Game.objects.filter(slug=game).first()
    if engine is None or game_row is None:
        raise InvalidRequest("game", f"the doctor plays: {', '.join(ENGINES)}")
    problem = field_problem(engine, len(opponents))
    if problem is not None:
        raise InvalidRequest("opponents", problem)
    if weights is not None and plays_table(engine):
        raise InvalidRequest("weights", "a table game's field is the whole table: no weights")
    resolved = [
        deck_resolve(game=game, entries=entries, format=format, cards=cards, viewer=owner)
        for entries, cards in (deck, *opponents)
    ]
    if not all(report.legal for _, report in resolved):
        raise DecksIllegal([report for _, report in resolved])
    base = resolved[0][0]
    legal = _legality(game, format)
    if swaps is not None:
        candidates = _requested(game, base, deck, swaps, owner, legal)
    else:
        candidates = _generated(game, base, deck[1], pool or [], owner, legal)
    limits = SimulationLimits.for_owner(owner)
    try:
        games = planned_games(len(candidates), budget)
    except BudgetTooSmall as exc:
        raise InvalidRequest("budget", str(exc)) from None
    limits.checked_games(games, field="budget")
    return job_submit(
        SimulationJob(
            owner=owner,
            game=game_row,
            kind=JobKind.DOCTOR,
            decks=[deck_freeze(d) for d, _ in resolved]
            + [deck_freeze(apply_swap(base, swap, card)) for swap, card in candidates],
            doctor={
                "swaps": [_described(base, swap, card) for swap, card in candidates],
                "opponents": len(opponents),
                "weights": list(weights or [1.0] * len(opponents)),
                "table": plays_table(engine),
                "budget": budget,
                "rounds": [
                    r.as_json()
                    for r in played_together(
                        first_round(len(candidates), budget), len(candidates), budget
                    )
                ],
            },
            games=games,
            seed=new_job_seed() if seed is None else seed,
            # the rounds' chunks, not only the games', within the job's chunk limit
            chunk_size=chunk_games_within(
                len(candidates), budget, limits.checked_chunk_size(games, None), limits.max_chunks
            ),
            client=client_key(owner, address),
        )
    )


def format_pool(*, game: str, format: str | None, viewer: User | None) -> list[EntryRef]:
    """A pool of a format's cards: every card of the game this viewer may use (the catalogue,
    shared user-made cards and their own) that the format, as in force today, does not ban.

    InvalidRequest naming `pool.format` for a format the game lacks, or one of more cards than a
    pool may try (MAX_FORMAT_CARDS).
    """
    try:
        banned = format_info(game=game, format=format).banned
    except InvalidRequest as problem:
        raise InvalidRequest("pool.format", problem.message) from None
    keys = list(
        card_queryset(viewer)
        .filter(game__slug=game)
        .exclude(key__in=banned)
        .values_list("key", flat=True)[: MAX_FORMAT_CARDS + 1]
    )
    if len(keys) > MAX_FORMAT_CARDS:
        raise InvalidRequest(
            "pool.format",
            f"has more than {MAX_FORMAT_CARDS} cards to try: list the cards, or name decks",
        )
    return [EntryRef(section="", quantity=1, key=key) for key in keys]


def _legality(game: str, format: str | None) -> Any:
    """Whether a resolved deck is legal in the format (the game's default if None)."""
    fmt = format_info(game=game, format=format)
    ruleset = ruleset_for(fmt.ruleset)

    def legal(deck: Deck) -> bool:
        return ruleset.check(deck, fmt, Report(game=game, format=fmt.slug)).legal

    return legal


def _held_card(deck: Deck, ref: EntryRef) -> CardInfo | None:
    """The card of the deck that `ref` names (by id, key or name), or None."""
    for entry in deck.all_entries():
        card = entry.card
        if ref.id is not None and card.id == ref.id:
            return card
        if ref.key is not None and card.key == ref.key:
            return card
        if ref.name is not None and identity(card.name) == identity(ref.name):
            return card
    return None


def _section_of(deck: Deck, card: CardInfo) -> str:
    return next(
        slug for slug, entries in deck.sections.items() if card in (e.card for e in entries)
    )


def _requested(
    game: str,
    base: Deck,
    deck: tuple[Sequence[EntryRef], Sequence[CardInfo]],
    swaps: Sequence[SwapRequest],
    viewer: User | None,
    legal: Any,
) -> list[tuple[Swap, CardInfo]]:
    if not swaps:
        raise InvalidRequest("swaps", "name at least one swap")
    if len(swaps) > MAX_CANDIDATES:
        raise InvalidRequest("swaps", f"at most {MAX_CANDIDATES} swaps")
    spec = game_spec_for(game)
    outgoing = []
    for index, swap in enumerate(swaps):
        out = _held_card(base, swap.out)
        if out is None:
            raise InvalidRequest(f"swaps[{index}].out", f"the deck holds no {swap.out.label}")
        outgoing.append(out)
    # Looked up as an entry of the section its card leaves (a section the game has).
    incoming = [
        EntryRef(section=_section_of(base, out), quantity=1, name=s.into.name, key=s.into.key,
                 id=s.into.id)
        for s, out in zip(swaps, outgoing, strict=True)
    ]  # fmt: skip
    found = find_cards(spec, incoming, request_pool(spec, incoming, viewer, deck[1]))
    candidates = []
    for index, (swap, out, card) in enumerate(zip(swaps, outgoing, found, strict=True)):
        field = f"swaps[{index}]"
        if isinstance(card, Unresolved):
            raise InvalidRequest(f"{field}.in", f"there is no card {swap.into.label}")
        if card.key == out.key:
            raise InvalidRequest(f"{field}.in", f"{card.name} is the card it replaces")
        made = Swap(out.key, card.key, swap.count)
        try:
            swapped = apply_swap(base, made, card)
        except ValueError as exc:
            raise InvalidRequest(f"{field}.count", str(exc)) from None
        if not legal(swapped):
            raise InvalidRequest(field, f"the deck is not legal with {card.name} for {out.name}")
        candidates.append((made, card))
    return candidates


def _generated(
    game: str,
    base: Deck,
    cards: Sequence[CardInfo],
    pool: Sequence[EntryRef],
    viewer: User | None,
    legal: Any,
) -> list[tuple[Swap, CardInfo]]:
    """One-copy like-for-like swaps for the pool's cards that keep the deck legal."""
    if not pool:
        raise InvalidRequest("pool", "give swaps, or a pool of cards to draw swaps from")
    spec = game_spec_for(game)
    refs = [dataclasses.replace(ref, section=spec.section_slugs[0]) for ref in pool]  # any section
    found = find_cards(spec, refs, request_pool(spec, refs, viewer, cards))
    for index, card in enumerate(found):
        if isinstance(card, Unresolved):
            raise InvalidRequest(f"pool.cards[{index}]", f"there is no card {pool[index].label}")
    candidates = candidate_swaps(base, found, legal=legal)  # type: ignore[arg-type]
    if not candidates:
        raise InvalidRequest("pool", "no card of the pool can take a card's place legally")
    if len(candidates) > MAX_CANDIDATES:
        raise InvalidRequest(
            "pool",
            f"makes {len(candidates)} swaps; at most {MAX_CANDIDATES}: name fewer cards",
        )
    return candidates


def _described(base: Deck, swap: Swap, card: CardInfo) -> dict[str, Any]:
    out = next(e.card for e in base.all_entries() if e.card.key == swap.out)
    return {
        **swap.as_json(),
        "out_name": out.name,
        "in_name": card.name,
    }
