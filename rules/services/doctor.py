"""Deck doctor jobs on the Django side: create one, play a chunk of a round, and move on.

A doctor job is a SimulationJob of kind `doctor`: `decks` holds the deck, its opponents, then
each candidate swap's deck, frozen at submission; `doctor` holds the swaps, the field's weights
and the rounds so far. The plan (rulebook.simulation.doctor) fixes every round's size before a
game is played, so the job's `games` and progress are known from the start. The chunks of round
r are written when round r-1's last chunk is recorded (in that chunk's transaction, under the
job's row lock, so exactly once): which candidates go on is read from the merged counts of all
chunks so far, which merge exactly, so 1 worker or 40 give the same rounds and the same answer.
Limits, queue fairness, claims, cancel and the chunk task are the test games' own
(rules.services.simulations).
"""

from __future__ import annotations

import dataclasses
import functools
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import KombuError

from basics.errors import InvalidRequest
from cards.models import Game
from cards.selectors import card_queryset
from rulebook.core import frozen
from rulebook.core.cards import CardInfo, Deck
from rulebook.core.identity import identity
from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef, Unresolved, find_cards
from rulebook.registry import ruleset_for
from rulebook.simulation import ENGINES, Engine, JobKind, engine_for, new_job_seed, plan_chunks
from rulebook.simulation.doctor import (
    BudgetTooSmall,
    DoctorStats,
    Field,
    Round,
    Swap,
    apply_swap,
    candidate_swaps,
    doctor_result,
    field_problem,
    first_round,
    next_round,
    planned_games,
    play_round_chunk,
    plays_table,
)
from rules.models import SimulationChunk, SimulationJob

from . import simulations
from .formats import format_info, game_spec_for
from .simulations import (
    ROUNDED,
    BrokerUnavailable,
    DecksIllegal,
    RoundedKind,
    SimulationLimits,
    _admitted,
    _digest,
    chunk_results,
    client_key,
    deck_freeze,
    logger,
)
from .validation import deck_resolve, request_pool

# A round keeps a quarter, so the first round, K + 1 games a seed, is most of a job's cost: 256
# candidates (every like-for-like swap a sample format's cards make, 60 to 191) and 20,000 games
# still give each about 50 games before the first cut.
MAX_CANDIDATES = 256
MAX_FORMAT_CARDS = 2000  # a format pool's cards: each is tried for each card of its type


class DoctorPlan(TypedDict):
    """What a doctor job keeps beside its decks (SimulationJob.doctor), written once by
    doctor_create and a round longer as each round ends."""

    swaps: list[dict[str, Any]]  # each candidate, as the result describes it (_described)
    opponents: int  # how many decks after the deck are its field (the candidates follow)
    weights: list[float]  # each opponent's share of the field's games
    table: bool  # the field is one table (plays_table)
    budget: int  # the games the plan may spend
    rounds: list[dict[str, Any]]  # each round so far (Round.as_json)


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
    if games > limits.max_games:
        who = " without logging in" if limits.anonymous else ""
        raise InvalidRequest("budget", f"must be at most {limits.max_games}{who}")
    job = SimulationJob(
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
            "rounds": [first_round(len(candidates), budget).as_json()],
        },
        games=games,
        seed=new_job_seed() if seed is None else seed,
        chunk_size=limits.checked_chunk_size(games, None),
        client=client_key(owner, address),
    )
    cancel_key = None if owner else secrets.token_urlsafe(24)
    if cancel_key:
        job.cancel_key_hash = _digest(cancel_key)
    try:
        with transaction.atomic():
            job.priority = _admitted(job, anonymous=owner is None)
            job.save()
            _start_round(job, Round.from_json(_plan(job)["rounds"][0]))
    except (KombuError, OSError) as exc:
        logger.warning("Deck doctor job %s not queued, the broker is unavailable: %s", job.pk, exc)
        SimulationJob.objects.filter(pk=job.pk).delete()
        raise BrokerUnavailable(str(exc)) from exc
    job.cancel_key = cancel_key
    return job


def format_pool(
    *, game: str, format: str | None, viewer: User | None
) -> list[EntryRef]:
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


def _legality(game: str, format: str | None) -> Callable[[Deck], bool]:
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
    legal: Callable[[Deck], bool],
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
    legal: Callable[[Deck], bool],
) -> list[tuple[Swap, CardInfo]]:
    """One-copy like-for-like swaps for the pool's cards that keep the deck legal."""
    if not pool:
        raise InvalidRequest("pool", "give swaps, or a pool of cards to draw swaps from")
    spec = game_spec_for(game)
    refs = [dataclasses.replace(ref, section=spec.section_slugs[0]) for ref in pool]  # any section
    found: list[CardInfo] = []
    for index, card in enumerate(find_cards(spec, refs, request_pool(spec, refs, viewer, cards))):
        if isinstance(card, Unresolved):
            raise InvalidRequest(f"pool.cards[{index}]", f"there is no card {pool[index].label}")
        found.append(card)
    candidates = candidate_swaps(base, found, legal=legal)
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


def _start_round(job: SimulationJob, current: Round) -> None:
    """Write a round's chunks (seeds split so a chunk plays about chunk_size games) and send
    them as the transaction commits."""
    seeds_per_chunk = max(1, job.chunk_size // (len(current.candidates) + 1))
    start = SimulationChunk.objects.filter(job=job).count()
    chunks = SimulationChunk.objects.bulk_create(
        SimulationChunk(
            job=job,
            index=start + plan.index,
            first_game=current.first_game + plan.first_game,
            count=plan.count,
            queued_at=timezone.now(),
        )
        for plan in plan_chunks(current.seeds, seeds_per_chunk)
    )
    simulations._send_chunks(chunks)  # by the module, as tests replace it there


def _plan(job: SimulationJob) -> DoctorPlan:
    """A doctor job's plan (every doctor job is created with one, by doctor_create)."""
    return cast(DoctorPlan, job.doctor)


def _rounds(job: SimulationJob) -> list[Round]:
    return [Round.from_json(data) for data in _plan(job)["rounds"]]


def _round_of(job: SimulationJob, chunk: SimulationChunk) -> Round:
    first = chunk.first_game
    return next(r for r in _rounds(job) if r.first_game <= first < r.first_game + r.seeds)


def doctor_chunk_games(job: SimulationJob, chunk: SimulationChunk) -> int:
    """The games a chunk of a doctor job plays: each seed's, the deck's own and each
    candidate's of its round."""
    return chunk.count * (len(_round_of(job, chunk).candidates) + 1)


def doctor_chunk_play(chunk: SimulationChunk) -> DoctorStats:
    """Play a doctor chunk's seeds (no database work beyond reading its job)."""
    job = chunk.job
    engine, base, candidates, field = _prepared(job.pk)
    current = _round_of(job, chunk)
    return play_round_chunk(
        engine,
        base,
        {index: candidates[index] for index in current.candidates},
        field,
        job_seed=job.seed,
        first_game=chunk.first_game,
        count=chunk.count,
    )


@functools.lru_cache(maxsize=8)
def _prepared(job_id: Any) -> tuple[Engine, Any, list[Any], Field]:
    """A doctor job's engine, prepared deck, candidates and field, kept per worker process
    (a job's decks are frozen and never change)."""
    job = SimulationJob.objects.select_related("game").get(pk=job_id)
    game = job.game.slug
    engine = engine_for(game)
    if engine is None:
        raise ValueError(f"no engine plays {game}")
    decks = [engine.prepare(frozen.deck_thaw(game, deck)) for deck in job.decks]
    spec = _plan(job)
    opponents = spec["opponents"]
    field = Field(tuple(decks[1 : 1 + opponents]), tuple(spec["weights"]), spec["table"])
    return engine, decks[0], decks[1 + opponents :], field


def doctor_chunk_recorded(job: SimulationJob) -> None:
    """After a chunk is recorded (in its transaction, the job's row locked): when its round is
    complete, start the next round, or finish the job with its result after the last."""
    if job.is_finished:  # cancelled: no round starts
        return
    rounds = _rounds(job)
    current = rounds[-1]
    if job.chunks.exclude(status=SimulationChunk.Status.DONE).exists():
        return
    stats = DoctorStats.merge_json(chunk_results(job))
    spec = _plan(job)
    following = next_round(current, stats, len(spec["swaps"]), spec["budget"], job.seed)
    if following is not None:
        spec["rounds"].append(following.as_json())
        SimulationJob.objects.filter(pk=job.pk).update(doctor=spec)
        _start_round(job, following)
        return
    result = doctor_result(rounds, stats, spec["swaps"], table=spec["table"], seed=job.seed)
    SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.DONE, result=_with_policy(job, result), finished=timezone.now()
    )


def _with_policy(job: SimulationJob, result: dict[str, Any]) -> dict[str, Any]:
    engine = engine_for(job.game.slug)
    return {**result, "policy": engine.policy if engine else ""}


ROUNDED[JobKind.DOCTOR] = RoundedKind(doctor_chunk_play, doctor_chunk_games, doctor_chunk_recorded)
