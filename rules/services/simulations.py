"""Test-game jobs on the Django side: create, read, cancel, and the chunk life cycle.

The chunk life cycle is what makes the distribution safe with any number of workers:

- claim: a conditional UPDATE turns a chunk `pending` (or `running` with a stale claim, whose
  worker must have died) into `running`; one worker wins, the others see 0 rows updated,
  exactly as healthchecks claims its work.
- play: plain Python (rulebook.simulation), no database; meanwhile a thread renews the claim
  (`claimed_at`) every third of the claim lease, so a live worker's claim never goes stale
  however long its chunk takes, and a dead worker's goes stale within the lease. Every worker
  sweeps stale claims back to `pending` and queues their chunks again (chunks_requeue_stale),
  and sends again pending chunks whose task the broker lost (chunks_requeue_lost: a Redis
  restarted without persistence, a killed worker's tasks on the embedded broker).
- record: a conditional UPDATE from `running` to `done`; only the first completion counts. The
  job's done count and, for the last chunk, the merged result are written in the same
  transaction, so the job finishes exactly once.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import hmac
import logging
import math
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, cast

from celery import current_app  # the project's Celery app (deckwarden.celery)
from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError, connection, transaction
from django.db.models import F, Q, Sum
from django.utils import timezone
from kombu.exceptions import KombuError

from basics.errors import InvalidRequest
from cards.models import Game
from rulebook.core import frozen
from rulebook.core.cards import CardInfo, Deck
from rulebook.core.identity import identity
from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef
from rulebook.simulation import (
    ENGINES,
    ChunkStats,
    Engine,
    JobKind,
    PairedStats,
    engine_for,
    job_problem,
    new_job_seed,
    option_problem,
    plan_chunks,
    run_job_chunk,
    stats_type,
)
from rules.models import SimulationChunk, SimulationJob

from .validation import deck_resolve

logger = logging.getLogger(__name__)

# The chunk task's name, pinned: chunks already queued name it, so moving a module moves no task.
CHUNK_TASK = "rules.tasks.run_simulation_chunk"
MAX_GAMES = 100_000  # what any deployment's limits may reach (settings set the limits in force)
MAX_CHUNK_SIZE = 10_000
ADMISSION_LOCK = 0x5_1A_0B_5  # PostgreSQL advisory lock: job submissions take turns under it


PRIORITY_STEPS = (0, 3, 6, 9)  # the Redis transport's priority lists; 0 is taken first
# A client's games queued (this job's included) past each of these lowers its job's priority a
# step; an anonymous job starts a step lower.
BACKLOG_STEPS = (5_000, 50_000, 100_000)


class DecksIllegal(Exception):
    """One or both decks break the construction rules; `reports` holds both decks' reports."""

    def __init__(self, reports: list[Report]) -> None:
        super().__init__("illegal decks")
        self.reports = reports


class SubmitLater(Exception):
    """The job cannot be taken now and nothing was kept; the same request may succeed after
    `retry_after` seconds. `message` says why, for the person who asked; `code` and `status`
    are how the API and the website answer it."""

    retry_after = 30
    code = "service_unavailable"
    status = 503

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class QueueFull(SubmitLater):
    """The client (or anonymous clients together) already has as many games queued as the
    limits allow; nothing was kept."""

    retry_after = 60
    code = "queue_full"
    status = 429


class BrokerUnavailable(SubmitLater):
    """The job's tasks could not be sent; the job was not kept."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "The job queue cannot be reached; nothing was kept. Submit the job again in a moment."
        )
        self.reason = reason


@dataclass(frozen=True)
class SimulationLimits:
    """What one job may ask for (settings.DECKWARDEN_SIMULATION_*), stricter when anonymous."""

    max_games: int
    min_chunk_size: int
    max_chunks: int
    anonymous: bool

    @classmethod
    def for_owner(cls, owner: User | None) -> SimulationLimits:
        anonymous = owner is None
        return cls(
            max_games=settings.DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS
            if anonymous
            else settings.DECKWARDEN_SIMULATION_MAX_GAMES,
            min_chunk_size=settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS
            if anonymous
            else settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES,
            max_chunks=settings.DECKWARDEN_SIMULATION_MAX_CHUNKS,
            anonymous=anonymous,
        )

    def checked_chunk_size(self, games: int, asked: int | None) -> int:
        """The chunk size for `games` games within the limits: the one asked for, else the
        default raised as far as the chunk count needs. InvalidRequest naming the field past a
        limit (`games` or `chunk_size`)."""
        if games > self.max_games:
            who = " without logging in" if self.anonymous else ""
            raise InvalidRequest("games", f"must be at most {self.max_games}{who}")
        fewest = max(self.min_chunk_size, math.ceil(games / self.max_chunks))
        if asked is None:
            return max(settings.DECKWARDEN_SIMULATION_CHUNK_GAMES, fewest)
        if asked < fewest and asked < games:
            raise InvalidRequest(
                "chunk_size",
                f"must be at least {fewest} for {games} games (at most {self.max_chunks} chunks, "
                f"at least {self.min_chunk_size} games each)",
            )
        return asked


@dataclass(frozen=True)
class RoundedKind:
    """A kind of job played in rounds that its own games decide (the deck doctor,
    rules.services.doctor, which registers itself in ROUNDED): how a chunk plays, how many games
    a chunk counts for, and what follows a chunk's recording (in its transaction, the job's row
    locked): the next round's chunks, or the result."""

    play: Callable[[SimulationChunk], Any]
    games: Callable[[SimulationJob, SimulationChunk], int]
    recorded: Callable[[SimulationJob], None]


ROUNDED: dict[str, RoundedKind] = {}


# -- create, read, cancel ---------------------------------------------------------------------


def simulation_create(
    *,
    owner: User | None,
    game: str,
    decks: Sequence[Sequence[EntryRef]],
    games: int,
    kind: JobKind = JobKind.MATCH,
    seed: int | None = None,
    chunk_size: int | None = None,
    cards: Sequence[Sequence[CardInfo]] | None = None,
    names: Sequence[str | None] | None = None,
    address: str = "",
    options: Mapping[str, str] | None = None,
) -> SimulationJob:
    """A queued job of `games` test games of this kind between legal decks, its chunks sent to
    workers.

    The job is what `kind` says (rulebook.simulation.kinds), never what its number of decks
    suggests: a `match` of two decks; a `table` of 2 to 5, for a game that seats them; a
    `card_test` of three ("test this card": the first and second, a deck with a card and without
    it, each play the third on the same seeds).

    Raises InvalidRequest naming the field for a game without an engine, a kind its engine does
    not play or a number of decks the kind does not take, or a job past the owner's limits
    (SimulationLimits); DecksIllegal with every deck's validation report when any deck is
    illegal, QueueFull when the client (the owner, else `address`, the client's address)
    already has as many games queued as it may, BrokerUnavailable when the tasks cannot be
    sent: then nothing is kept. An anonymous job comes back with `cancel_key`, the one secret
    that cancels it (only its hash is kept). `cards` are each deck's user-made cards (an inline
    deck's `cards`), frozen into the job with the rest. `options` are the engine's own
    (`Engine.options`, the Millennium Blades Store), InvalidRequest naming one it does not take.
    """
    game_row = Game.objects.filter(slug=game).first()
    engine = engine_for(game)
    if game_row is None or engine is None:
        raise InvalidRequest("game", f"test games can be played for: {', '.join(ENGINES)}")
    kind = JobKind(kind)
    problem = job_problem(engine, kind, len(decks))
    if problem is not None:
        raise InvalidRequest("game" if kind not in engine.kinds else "decks", problem)
    for name, value in (options or {}).items():
        if (option := option_problem(engine, name, value)) is not None:
            raise InvalidRequest(name, option)
    chunk_size = SimulationLimits.for_owner(owner).checked_chunk_size(games, chunk_size)
    inline = cards or [()] * len(decks)
    resolved, reports = zip(
        *(
            deck_resolve(game=game, entries=entries, cards=deck_cards, viewer=owner)
            for entries, deck_cards in zip(decks, inline, strict=True)
        ),
        strict=True,
    )
    # An illegal deck is refused, unless the engine plays it after a fix of its own in each
    # game (Millennium Blades' random fix), which the result then reports.
    if not all(engine.plays_deck(issue.code for issue in report.errors) for report in reports):
        raise DecksIllegal(list(reports))
    job = SimulationJob(
        owner=owner,
        game=game_row,
        kind=kind,
        decks=[
            deck_freeze(deck, name)
            for deck, name in zip(resolved, names or [None] * len(resolved), strict=True)
        ],
        options=dict(options or {}),
        games=games,
        seed=new_job_seed() if seed is None else seed,
        chunk_size=chunk_size,
        client=client_key(owner, address),
    )
    cancel_key = None if owner else secrets.token_urlsafe(24)
    if cancel_key:
        job.cancel_key_hash = _digest(cancel_key)
    try:
        with transaction.atomic():  # the tasks are sent as it commits (_send_chunks)
            job.priority = _admitted(job, anonymous=owner is None)
            job.save()
            chunks = SimulationChunk.objects.bulk_create(
                SimulationChunk(
                    job=job,
                    index=plan.index,
                    first_game=plan.first_game,
                    count=plan.count,
                    queued_at=job.created,
                )
                for plan in plan_chunks(games, chunk_size)
            )
            _send_chunks(chunks)
    except (KombuError, OSError) as exc:
        # Committed but not (all) queued: a job no worker would ever play unless it was
        # resubmitted, so it goes, and the client is told to retry. Tasks already sent find no
        # chunk and do nothing.
        logger.warning("Test-game job %s not queued, the broker is unavailable: %s", job.pk, exc)
        SimulationJob.objects.filter(pk=job.pk).delete()
        raise BrokerUnavailable(str(exc)) from exc
    job.cancel_key = cancel_key
    return job


def client_key(owner: User | None, address: str) -> str:
    """Whose queue a job counts in: the user's, else the address's (keyed hash: the address
    itself is not kept)."""
    if owner is not None:
        return f"user:{owner.pk}"
    keyed = hmac.new(settings.SECRET_KEY.encode(), address.encode(), hashlib.sha256)
    return f"addr:{keyed.hexdigest()[:32]}"


def _queued_games(jobs: Any) -> int:
    """Games of these jobs not yet played, of the unfinished ones."""
    unfinished = jobs.filter(status__in=SimulationJob.UNFINISHED)
    return unfinished.aggregate(left=Sum(F("games") - F("done")))["left"] or 0


def _admitted(job: SimulationJob, *, anonymous: bool) -> int:
    """The job's queue priority, if the limits on queued games let it in; QueueFull if not.

    Runs in the transaction that saves the job; on PostgreSQL submissions take turns here, so
    two at once cannot both squeeze under a limit.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [ADMISSION_LOCK])
    mine = _queued_games(SimulationJob.objects.filter(client=job.client)) + job.games
    limit = (
        settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS
        if anonymous
        else settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_USER
    )
    if mine > limit:
        raise QueueFull(
            f"You have {mine - job.games} games queued; at most {limit} may wait at once. "
            "Submit this job when some have been played, or cancel one."
        )
    if anonymous:
        everyone = _queued_games(SimulationJob.objects.filter(owner__isnull=True)) + job.games
        if everyone > settings.DECKWARDEN_SIMULATION_QUEUED_GAMES_ANONYMOUS:
            raise QueueFull(
                "Too many games are queued by visitors who are not logged in; log in, or "
                "submit the job again in a few minutes."
            )
    step = sum(mine > backlog for backlog in BACKLOG_STEPS) + anonymous
    return PRIORITY_STEPS[min(step, len(PRIORITY_STEPS) - 1)]


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def deck_without_card(
    *, entries: Sequence[EntryRef], card: EntryRef, replacement: EntryRef
) -> list[EntryRef]:
    """The deck with every entry naming `card` naming `replacement` instead, same quantities
    and sections: the "without" side of a paired comparison ("test this card").

    InvalidRequest naming `card` when no entry names it.
    """

    def names_card(entry: EntryRef) -> bool:
        if card.id is not None:
            return entry.id == card.id
        if card.key is not None:
            return entry.key == card.key
        return entry.name is not None and identity(entry.name) == identity(card.name or "")

    if not any(names_card(entry) for entry in entries):
        raise InvalidRequest("card", f"the deck has no entry naming {card.label}")
    return [
        dataclasses.replace(
            entry,
            name=replacement.name,
            key=replacement.key,
            id=replacement.id,
            set=None,
            number=None,
        )
        if names_card(entry)
        else entry
        for entry in entries
    ]


def simulation_may_cancel(*, job: SimulationJob, cancel_key: str | None) -> bool:
    """Whether this request may cancel a job it can see: a user's job is its owner's (whom
    simulation_get already checked), an anonymous job is whoever holds its cancel key, not
    everyone its shared link reached."""
    if job.owner_id is not None:
        return True
    if not job.cancel_key_hash or not cancel_key:
        return False
    return hmac.compare_digest(job.cancel_key_hash, _digest(cancel_key))


def simulation_share(*, job: SimulationJob, sharing: bool) -> SimulationJob:
    """Share the owner's job by an unguessable link (a new one each time it is shared again),
    or stop sharing it: the old link then finds nothing. Anonymous jobs are read by their id
    already and have no such link."""
    if job.owner_id is None:
        raise ValueError("an anonymous job is shared by its own address")
    job.share_token = secrets.token_urlsafe(16) if sharing else None
    job.save(update_fields=["share_token"])
    return job


def simulation_cancel(*, job: SimulationJob) -> bool:
    """Cancel an unfinished job: chunks not yet claimed are skipped. False if already finished."""
    cancelled = SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.CANCELLED, finished=timezone.now()
    )
    job.refresh_from_db()
    return bool(cancelled)


def deck_freeze(deck: Deck, name: str | None = None) -> dict[str, Any]:
    """A resolved deck as JSON, cards and all (rulebook.core.frozen): the job plays exactly this
    whatever changes later. `name` is what the person who chose the deck called it, kept so a
    result can say which deck was which."""
    return {**({"name": name} if name else {}), **frozen.deck_freeze(deck)}


def _send_chunks(chunks: Sequence[SimulationChunk]) -> None:
    """Queue one task per chunk once the transaction that wrote them commits."""
    # The task by its pinned name, from the app's registry: rules.tasks imports this module.
    run_simulation_chunk = current_app.tasks[CHUNK_TASK]
    queue = settings.DECKWARDEN_SIMULATION_QUEUE
    for chunk in chunks:
        send = functools.partial(
            run_simulation_chunk.apply_async,
            (chunk.pk,),
            queue=queue,
            priority=chunk.job.priority,
        )
        transaction.on_commit(send)


# -- the chunk life cycle ---------------------------------------------------------------------


class ChunkOutcome(enum.Enum):
    RECORDED = "recorded"  # this run's result counted
    SKIPPED = "skipped"  # nothing to do: chunk already done, or its job finished or cancelled
    BUSY = "busy"  # another worker holds a live claim; try again once it could have gone stale


@dataclass(frozen=True)
class ChunkRun:
    outcome: ChunkOutcome
    retry_in: float = 0.0  # seconds, for BUSY


def chunk_run(*, chunk_id: int, worker: str) -> ChunkRun:
    """Claim, play and record one chunk: everything the Celery task does."""
    chunk = chunk_claim(chunk_id=chunk_id, worker=worker)
    if chunk is None:
        return _unclaimed(chunk_id)
    with _claim_kept(chunk):
        stats = chunk_play(chunk=chunk)
    recorded = chunk_record(chunk=chunk, stats=stats)
    return ChunkRun(ChunkOutcome.RECORDED if recorded else ChunkOutcome.SKIPPED)


def claim_timeout() -> timedelta:
    """How old a claim must be before another worker may take the chunk over: the lease, which
    a live worker renews every third of it while it plays (_claim_kept)."""
    return timedelta(seconds=settings.DECKWARDEN_SIMULATION_CLAIM_SECONDS)


def chunk_claim(*, chunk_id: int, worker: str) -> SimulationChunk | None:
    """Take the chunk if it is free (or its claim went stale) and its job is unfinished."""
    now = timezone.now()
    claimable = Q(status=SimulationChunk.Status.PENDING) | Q(
        status=SimulationChunk.Status.RUNNING, claimed_at__lt=now - claim_timeout()
    )
    claimed = (
        SimulationChunk.objects.filter(claimable, pk=chunk_id)
        .filter(job__status__in=SimulationJob.UNFINISHED)
        .update(
            status=SimulationChunk.Status.RUNNING,
            claimed_at=now,
            worker=worker[:200],
            attempts=F("attempts") + 1,
        )
    )
    if not claimed:
        return None
    chunk = SimulationChunk.objects.select_related("job__game").get(pk=chunk_id)
    SimulationJob.objects.filter(pk=chunk.job_id, status=SimulationJob.Status.QUEUED).update(
        status=SimulationJob.Status.RUNNING, started=now
    )
    return chunk


@contextmanager
def _claim_kept(chunk: SimulationChunk) -> Iterator[None]:
    """Renew the chunk's claim every third of the lease while the block runs (the games are
    pure Python; the GIL lets this thread in every few milliseconds)."""
    stop = threading.Event()
    interval = claim_timeout().total_seconds() / 3

    def renew() -> None:
        try:
            while not stop.wait(interval):
                try:
                    SimulationChunk.objects.filter(
                        pk=chunk.pk, status=SimulationChunk.Status.RUNNING, worker=chunk.worker
                    ).update(claimed_at=timezone.now())
                except DatabaseError:  # a missed renewal; the next may get through
                    logger.warning("Could not renew the claim on chunk %s", chunk.pk)
                    # A connection the server closed stays broken: the next renewal opens a new
                    # one, or every renewal would fail and the claim go stale under a live worker.
                    connection.close()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=renew, name=f"claim-{chunk.pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _unclaimed(chunk_id: int) -> ChunkRun:
    """Why a chunk could not be claimed: finished work, or a live claim worth waiting for."""
    chunk = SimulationChunk.objects.select_related("job").filter(pk=chunk_id).first()
    if (
        chunk is None
        or chunk.status != SimulationChunk.Status.RUNNING
        or chunk.job.is_finished
        or chunk.claimed_at is None
    ):
        return ChunkRun(ChunkOutcome.SKIPPED)
    stale_at = chunk.claimed_at + claim_timeout()
    return ChunkRun(ChunkOutcome.BUSY, max(1.0, (stale_at - timezone.now()).total_seconds()))


def chunk_play(*, chunk: SimulationChunk) -> ChunkStats | PairedStats | Any:
    """Play the chunk's games (no database work): its mergeable statistics, of the kind its job
    says it is."""
    rounded = ROUNDED.get(chunk.job.kind)
    if rounded is not None:
        return rounded.play(chunk)
    engine, decks = _prepared(chunk.job_id)
    return run_job_chunk(
        engine,
        JobKind(chunk.job.kind),
        decks,
        job_seed=chunk.job.seed,
        first_game=chunk.first_game,
        count=chunk.count,
        options=chunk.job.options,
    )


@functools.lru_cache(maxsize=16)
def _prepared(job_id: Any) -> tuple[Engine, list[Any]]:
    """A job's engine and prepared decks, kept per worker process for all its chunks.

    Safe to keep: a job's decks are frozen at submission and never change.
    """
    job = SimulationJob.objects.select_related("game").get(pk=job_id)
    game = job.game.slug
    engine = engine_for(game)
    if engine is None:
        raise ValueError(f"no engine plays {game}")
    return engine, [engine.prepare(frozen.deck_thaw(game, deck)) for deck in job.decks]


def chunk_record(*, chunk: SimulationChunk, stats: ChunkStats | PairedStats | Any) -> bool:
    """Store a played chunk's statistics; the job's last chunk finishes the job.

    False when another run of the same chunk got there first: its (identical) result stands.
    """
    with transaction.atomic():
        recorded = SimulationChunk.objects.filter(
            pk=chunk.pk, status=SimulationChunk.Status.RUNNING
        ).update(status=SimulationChunk.Status.DONE, result=stats.as_json())
        if not recorded:
            return False
        rounded = ROUNDED.get(chunk.job.kind)
        games = rounded.games(chunk.job, chunk) if rounded else chunk.count
        # The UPDATE locks the job's row until commit, so concurrent last chunks take turns.
        SimulationJob.objects.filter(pk=chunk.job_id).update(done=F("done") + games)
        job = SimulationJob.objects.get(pk=chunk.job_id)
        if rounded:
            rounded.recorded(job)
        elif job.done == job.games:
            _finish(job)
    return True


def chunk_results(job: SimulationJob) -> list[Mapping[str, Any]]:
    """The statistics of a job's chunks in index order, once every chunk is done (a chunk is
    marked done and given its result in one UPDATE, simulation_record)."""
    results = job.chunks.order_by("index").values_list("result", flat=True)
    return cast("list[Mapping[str, Any]]", list(results))


def _finish(job: SimulationJob) -> None:
    """Merge every chunk's statistics, in index order, into the job's result: the statistics of
    the job's kind."""
    result = stats_type(JobKind(job.kind)).merge_json(chunk_results(job)).result()
    SimulationJob.objects.filter(pk=job.pk, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.DONE, result=result, finished=timezone.now()
    )


def simulation_fail(*, chunk_id: int, error: str) -> None:
    """Mark a chunk's job failed (a chunk that cannot be played would fail every time)."""
    SimulationJob.objects.filter(chunks__pk=chunk_id, status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.FAILED, error=error[:2000], finished=timezone.now()
    )


def chunks_requeue_stale() -> int:
    """Queue again the chunks whose claim went stale (their worker died mid-chunk); how many.

    Each goes back to `pending` with a conditional UPDATE first, so of all the workers sweeping
    at once exactly one queues it; any worker then claims it at once.
    """
    stale_before = timezone.now() - claim_timeout()
    stale = Q(status=SimulationChunk.Status.RUNNING, claimed_at__lt=stale_before)
    candidates = SimulationChunk.objects.filter(
        stale, job__status__in=SimulationJob.UNFINISHED
    ).select_related("job")
    freed = [
        chunk
        for chunk in candidates
        if SimulationChunk.objects.filter(stale, pk=chunk.pk).update(
            status=SimulationChunk.Status.PENDING,
            claimed_at=None,
            worker="",
            queued_at=timezone.now(),
        )
    ]
    try:
        with transaction.atomic():
            _send_chunks(freed)
    except (KombuError, OSError):
        # Not (all) queued: stale again, so the next sweep tries them again.
        SimulationChunk.objects.filter(
            pk__in=[chunk.pk for chunk in freed], status=SimulationChunk.Status.PENDING
        ).update(status=SimulationChunk.Status.RUNNING, claimed_at=stale_before)
        raise
    return len(freed)


def chunks_requeue_lost() -> int:
    """Send again the pending chunks whose task the broker lost; how many.

    A pending chunk is held by no worker; its task waits in the queue, unless the broker lost
    it (Redis restarted without persistence, or a killed worker's reserved tasks on the
    embedded broker). Chunks sent more than a claim lease ago are suspects; when the queue
    holds fewer tasks than there are suspects, some are lost and which ones cannot be told, so
    every suspect is sent again: a duplicate is harmless (claims are conditional) and costs a
    worker a moment. Each is stamped first with a conditional UPDATE, so of all the workers
    sweeping at once exactly one sends it, and it is not suspect again for another lease.
    """
    now = timezone.now()
    waited = Q(queued_at__lt=now - claim_timeout()) | Q(queued_at__isnull=True)
    pending = Q(status=SimulationChunk.Status.PENDING) & waited
    suspects = SimulationChunk.objects.filter(pending, job__status__in=SimulationJob.UNFINISHED)
    count = suspects.count()
    if not count or queued_tasks() >= count:
        return 0
    resent = [
        chunk
        for chunk in suspects.select_related("job").order_by("job__created", "index")
        if SimulationChunk.objects.filter(pending, pk=chunk.pk).update(queued_at=now)
    ]
    try:
        with transaction.atomic():
            _send_chunks(resent)
    except (KombuError, OSError):
        # Not (all) sent: suspects again at the next sweep.
        SimulationChunk.objects.filter(pk__in=[chunk.pk for chunk in resent]).update(
            queued_at=None
        )
        raise
    return len(resent)


def queued_tasks() -> int:
    """How many tasks wait in the chunk queue (not those a worker has taken); 0 when the
    queue does not exist, as after a broker restart."""
    with current_app.connection_for_read() as conn:
        channel = conn.default_channel
        try:
            # kombu's typed StdChannel lacks queue_declare, which each transport's channel has
            declared = channel.queue_declare(  # type: ignore[attr-defined]
                queue=settings.DECKWARDEN_SIMULATION_QUEUE, passive=True
            )
        except conn.channel_errors:
            return 0
        waiting: int = declared.message_count
        return waiting
