"""`python -m bench.jobs`: a test-game job's speed against its engine's, and 1 → 2 workers.

    .venv/bin/python -m bench.jobs [--seconds 3] [--engines neopets keeper …] [--workers]

Migrates a PostgreSQL bench database (BENCH_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/deckwarden_bench_jobs; a sqlite:/// URL works too) and loads
the sample cards, rate limits off. For each engine, its sample decks (Neopets strong against
weak, Keeper value against aggro, MetaZoo's first two Spellbooks, a Millennium Blades table of
four) are submitted as a test-game job through the service layer, as the API does
(jobs.services.test_games.simulation_create, a signed-in user's job, chunks of the default
size), and its chunks are run one after another in this process by `chunk_run`, the body of
the Celery task that the embedded worker (`manage.py serve`: one solo-pool process) runs for
each chunk: claim, play, record, and the last chunk's merge. The broker is kombu's in-memory
one, so what is timed is the job less the broker's round trips.

Beside it, in the same run, the engine plays the same games (the same prepared decks and the
job's game seeds, no statistics: what bench.engine and the per-game benches time), and then
counts them in its statistics in one chunk with no database. The figure is job games per
CPU-second of this process ÷ engine games per CPU-second (target, issue 44: >= 85%): the
median of five repeats of the three runs, one after another (a busy moment of a shared machine
slows all three), with the repeats' spread; the share of the job's CPU its statistics took and
the rest (chunk claims and records, the merge, submission); the same ratio by wall clock, and
the CPU the PostgreSQL server spent for a job (from /proc when it is local). A job whose
result differs from the same games counted in one chunk, or whose game count, wins, draws or
placements differ from the engine's own games, stops the benchmark. `--chunk-size` sets the
default chunk size (DECKWARDEN_SIMULATION_CHUNK_GAMES) the jobs are submitted with.

`--workers` (issue 44, item 5) measures real `celery worker` processes on RabbitMQ instead
(CELERY_BROKER_URL, default amqp://guest:guest@127.0.0.1:5672//, a queue named after the bench
database): one worker process, then two, each playing the same Neopets job (same seed) from
submission to its result. Prints games per wall-second of each, the speed-up (target >= 1.8x),
the workers' games per CPU-second ÷ the engine's, and the load average; the two answers must be
identical, and the same as the in-process one. Wall-clock figures need an idle machine. The job
is 30,000 games (`--games`) by default: two processes play 6,000 in under two seconds, of which
a job's fixed latency (submission, the first chunk's dispatch, the last one's merge, noticing
the job finished) is a fifth, so 6,000 games read 1.56x where 30,000 read 1.85x on the same
quiet machine, measuring that latency as much as the workers. Jobs an interrupted run left
unfinished in the bench database are cancelled first: the workers' sweep would find their
tasks lost and play them while the job is timed.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from statistics import median as statistics_median
from typing import Any

from bench.answers import run_unthrottled
from bench.validate import create_database

TARGET_RATIO = 0.85
TARGET_SPEEDUP = 1.8
REPEATS = 5
SEED = 44
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/deckwarden_bench_jobs"
DEFAULT_BROKER = "amqp://guest:guest@127.0.0.1:5672//"
ROOT = Path(__file__).resolve().parent.parent
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
# Each engine's decks: sample deck names, a table's four seats for Millennium Blades.
DECKS = {
    "neopets": ("strong", "weak"),
    "keeper": ("value", "aggro"),
    "metazoo": ("flame-aggro", "forest-swarm"),
    "millennium-blades": ("beasts", "clash", "disruption", "knights"),
}


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float
    server_cpu: float | None = None  # the PostgreSQL backend's, when local


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="engine time per job, about")
    parser.add_argument("--engines", nargs="+", choices=sorted(DECKS), default=list(DECKS))
    parser.add_argument("--workers", action="store_true", help="1 → 2 celery worker processes")
    parser.add_argument("--games", type=int, default=30_000, help="the --workers job's games")
    parser.add_argument(
        "--chunk-size", type=int, help="games a chunk (DECKWARDEN_SIMULATION_CHUNK_GAMES)"
    )
    parser.add_argument("--profile", metavar="FILE", help="cProfile the jobs into FILE")
    args = parser.parse_args()
    if args.chunk_size:
        os.environ["DECKWARDEN_SIMULATION_CHUNK_GAMES"] = str(args.chunk_size)
    database = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE)
    broker = (
        os.environ.get("CELERY_BROKER_URL", DEFAULT_BROKER)
        if args.workers
        else "memory://localhost/"
    )
    _setup(database, broker)
    from rulebook import compiled

    print(compiled.summary())
    if args.workers:
        return workers_figures(database, broker, args.games)
    failed = False
    for game in args.engines:
        failed |= not engine_figures(game, args.seconds, args.profile)
    return 1 if failed else 0


def _setup(database: str, broker: str) -> None:
    """Django on the bench database, migrated, the sample cards loaded, limits off."""
    run_unthrottled()
    os.environ.update(
        DEBUG="false",  # as a worker runs, deployed or under `make run`
        SECRET_KEY=os.environ.get("SECRET_KEY", "bench-only-secret-key"),  # DEBUG off needs one
        DATABASE_URL=database,
        CELERY_BROKER_URL=broker,
        DECKWARDEN_SIMULATION_QUEUE=f"simulations-{Path(database).name}",
        DJANGO_SETTINGS_MODULE="deckwarden.settings",
    )
    if database.startswith("postgres"):
        create_database(database)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", "--no-input", verbosity=0)
    call_command("load_samples", verbosity=0)


def _owner() -> Any:
    from django.contrib.auth.models import User

    return User.objects.get_or_create(username="bench-jobs")[0]


def _submit(game: str, games: int, seed: int = SEED, decks: Sequence[str] = ()) -> Any:
    """A job of the engine's sample decks (these, or DECKS'), as the API submits it."""
    from jobs.services.test_games import simulation_create
    from rulebook.samples import SAMPLES
    from rulebook.simulation import decks_kind, engine_for

    engine = engine_for(game)
    assert engine is not None
    samples = SAMPLES[game]
    return simulation_create(
        owner=_owner(),
        game=game,
        decks=[samples.entries(name) for name in decks or DECKS[game]],
        games=games,
        seed=seed,
        kind=decks_kind(engine),
    )


# In this process: the job through chunk_run, the engine alone on the same games.


def engine_figures(game: str, seconds: float, profile: str | None) -> bool:
    """Print the job's rate ÷ the engine's for this engine, and where the difference goes;
    False if the job answered wrong."""
    from rulebook.samples import SAMPLES
    from rulebook.simulation import decks_kind, engine_for

    engine = engine_for(game)
    assert engine is not None
    kind = decks_kind(engine)
    decks = [engine.prepare(SAMPLES[game].deck(name)) for name in DECKS[game]]
    warm = _engine_run(engine, decks, 50)  # warm up, and how many games `seconds` takes
    games = max(500, int(round(50 / warm[0].cpu * seconds, -2)))
    runs: dict[str, list[tuple[Timing, Any]]] = {"engine": [], "statistics": [], "job": []}
    for _ in range(REPEATS):  # interleaved, so a busy moment of the machine hits each alike
        runs["engine"].append(_engine_run(engine, decks, games))
        runs["statistics"].append(_statistics_run(engine, kind, decks, games))
        runs["job"].append(_job_run(game, games, profile))
    played, counted = runs["engine"][0][1], runs["statistics"][0][1]
    for _, job in runs["job"]:
        answer = _result_answer(job)
        expected = {key: played[key] for key in answer}
        if len(answer) < 3 or answer != expected or job.result != counted:
            print(f"{game}: WRONG ANSWER: the job counted {answer}, its games {expected}")
            return False
    # Each repeat's three runs follow one another, so a busy moment of a shared machine slows
    # them alike: the figures are the median of each repeat's ratios, their spread beside them.
    timings = {name: [timing for timing, _ in done] for name, done in runs.items()}
    ratios = sorted(e.cpu / j.cpu for e, j in zip(timings["engine"], timings["job"], strict=True))
    counting = sorted(
        (s.cpu - e.cpu) / j.cpu
        for e, s, j in zip(timings["engine"], timings["statistics"], timings["job"], strict=True)
    )
    walls = sorted(e.wall / j.wall for e, j in zip(timings["engine"], timings["job"], strict=True))
    ratio, statistics, wall = (statistics_median(values) for values in (ratios, counting, walls))
    best_engine = min(t.cpu for t in timings["engine"])
    best_job = min(t.cpu for t in timings["job"])
    server = [t.server_cpu for t in timings["job"] if t.server_cpu is not None]
    on_server = f"; PostgreSQL {1000 * statistics_median(server):.0f} ms CPU a job" * bool(server)
    verdict = "meets" if ratio >= TARGET_RATIO else "misses"
    print(
        f"{game:17} {games:6} games: engine {games / best_engine:6.0f}/CPU-s, job "
        f"{games / best_job:6.0f}/CPU-s (best runs); job ÷ engine {ratio:4.0%} "
        f"({ratios[0]:.0%} to {ratios[-1]:.0%}) - {verdict} {TARGET_RATIO:.0%}\n"
        f"{'':17} of the job's CPU: statistics {statistics:4.0%}, chunks and service "
        f"{1 - ratio - statistics:4.0%}; {wall:4.0%} by wall clock{on_server}"
    )
    return True


def _seeds(games: int) -> list[int]:
    from rulebook.simulation import game_seed

    return [game_seed(SEED, number) for number in range(games)]


def _engine_run(engine: Any, decks: list[Any], games: int) -> tuple[Timing, dict[str, Any]]:
    """The job's games played by the engine alone: their time, and what they add up to."""
    seeds = _seeds(games)
    with _collector_as_in_an_engine_bench():
        wall, cpu = time.perf_counter(), time.process_time()
        placements = [engine.play(decks, seed).placements for seed in seeds]
        timing = Timing(time.perf_counter() - wall, time.process_time() - cpu)
    return timing, _answer(placements, len(decks))


def _statistics_run(
    engine: Any, kind: Any, decks: list[Any], games: int
) -> tuple[Timing, dict[str, Any]]:
    """The job's games counted in its statistics in one chunk, no database: time and result."""
    from rulebook.simulation import run_job_chunk

    with _collector_as_in_an_engine_bench():
        wall, cpu = time.perf_counter(), time.process_time()
        stats = run_job_chunk(engine, kind, decks, job_seed=SEED, first_game=0, count=games)
        timing = Timing(time.perf_counter() - wall, time.process_time() - cpu)
    return timing, stats.result()


def _answer(placements: list[tuple[int, ...]], seats: int) -> dict[str, Any]:
    """Games, each seat's wins (first alone) and placements, draws: what a result must say."""
    by_seat = [Counter(p[seat] for p in placements) for seat in range(seats)]
    return {
        "games": len(placements),
        "draws": sum(p.count(1) != 1 for p in placements),
        "wins": [
            sum(p[seat] == 1 and p.count(1) == 1 for p in placements) for seat in range(seats)
        ],
        "placements": [
            {str(place): counts[place] for place in range(1, seats + 1)} for counts in by_seat
        ],
    }


@contextmanager
def _collector_as_in_an_engine_bench() -> Iterator[None]:
    """The engine's benches run in a process holding the engine alone; this one holds Django,
    some 200,000 objects more, which the cycle collector would walk over and over as games are
    played. A worker freezes them while it plays a chunk (jobs.services.chunks): so does this."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _result_answer(job: Any) -> dict[str, Any]:
    """The same figures, read from a finished job's result (a match reports no placements)."""
    result = job.result or {}
    keys = ("games", "draws", "wins", "placements")
    return {key: result[key] for key in keys if result.get(key) is not None}


def _job_run(game: str, games: int, profile: str | None) -> tuple[Timing, Any]:
    """Submit the job and run its chunks here, as the embedded worker does: time and job."""
    from django.db import connection

    from jobs.services.chunks import ChunkOutcome, chunk_run

    server = _backend_cpu(connection)
    before = server()
    wall, cpu = time.perf_counter(), time.process_time()
    with _profiled(profile):
        job = _submit(game, games)
        for chunk_id in job.chunks.order_by("index").values_list("pk", flat=True):
            outcome = chunk_run(chunk_id=chunk_id, worker="bench").outcome
            if outcome is not ChunkOutcome.RECORDED:
                raise SystemExit(f"{game}: chunk {chunk_id} was {outcome.value}, not recorded")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = server()
    job.refresh_from_db()
    if (job.status, job.done) != ("done", games):
        raise SystemExit(f"{game}: the job ended {job.status}, {job.done}/{games}: {job.error}")
    used = None if before is None or after is None else after - before
    return Timing(wall, cpu, used), job


def _backend_cpu(connection: Any) -> Callable[[], float | None]:
    """This connection's PostgreSQL backend CPU seconds so far (None: not a local server)."""
    if connection.vendor != "postgresql":
        return lambda: None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        stat = Path(f"/proc/{cursor.fetchone()[0]}/stat")
    return lambda: _stat_cpu(stat)


def _stat_cpu(stat: Path) -> float | None:
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


@contextmanager
def _profiled(path: str | None) -> Iterator[None]:
    if path is None:
        yield
        return
    import cProfile

    profiler = cProfile.Profile(time.process_time)  # CPU: a loaded machine adds no waits
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        profiler.dump_stats(path)


# Real workers on a real broker (--workers).


def workers_figures(database: str, broker: str, games: int) -> int:
    """One worker process, then two, play the same Neopets job: print the speed-up."""
    from rulebook.samples import SAMPLES
    from rulebook.simulation import decks_kind, engine_for

    game = "neopets"
    engine = engine_for(game)
    assert engine is not None
    decks = [engine.prepare(SAMPLES[game].deck(name)) for name in DECKS[game]]
    _engine_run(engine, decks, 50)  # warm up
    engine_timing, played = min(
        (_engine_run(engine, decks, games) for _ in range(REPEATS)), key=lambda run: run[0].cpu
    )
    counted = _statistics_run(engine, decks_kind(engine), decks, games)[1]
    _cancel_unfinished()
    print(f"load average before: {_load()}")
    rates: dict[int, float] = {}
    for processes in (1, 2):
        with _worker(processes, database, broker) as worker_cpu:
            _wait(_submit(game, 500, seed=SEED + 1), timeout=300)  # every process warmed up
            cpu = worker_cpu()
            wall = time.perf_counter()
            job = _wait(_submit(game, games), timeout=1800)
            wall, cpu = time.perf_counter() - wall, worker_cpu() - cpu
        answer = _result_answer(job)
        if (
            len(answer) < 3
            or answer != {key: played[key] for key in answer}
            or (job.result != counted)
        ):
            print(f"WRONG ANSWER with {processes} worker processes: {answer}, not {played}")
            return 1
        rates[processes] = games / wall
        print(
            f"{processes} worker process{'es' if processes > 1 else ''}: {games} games in "
            f"{wall:5.1f} s = {games / wall:5.0f} games/s wall; workers' CPU {cpu:5.1f} s = "
            f"{games / cpu:5.0f} games/CPU-s = {engine_timing.cpu / cpu:4.0%} of the engine's "
            f"{games / engine_timing.cpu:5.0f}; load average {_load()}"
        )
    speedup = rates[2] / rates[1]
    verdict = "meets" if speedup >= TARGET_SPEEDUP else "misses"
    print(f"speed-up 1 → 2 processes: {speedup:.2f}x - {verdict} {TARGET_SPEEDUP}x (same answer)")
    return 0


def _cancel_unfinished() -> None:
    """Cancel the jobs an interrupted run left queued or running in the bench database."""
    from jobs.models import SimulationJob

    SimulationJob.objects.filter(status__in=SimulationJob.UNFINISHED).update(
        status=SimulationJob.Status.CANCELLED
    )


def _load() -> str:
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def _wait(job: Any, timeout: float) -> Any:
    """The job once finished, read whole then. Meanwhile only its status is polled: a doctor
    job's row holds every swap's deck (about 1 MB for 154 swaps), and reading it fifty times a
    second took a core from the workers being timed."""
    from jobs.models import SimulationJob

    status = SimulationJob.objects.filter(pk=job.pk).values_list("status", flat=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if status.get() not in SimulationJob.UNFINISHED:
            job.refresh_from_db()
            if job.status != "done":
                raise SystemExit(f"the job ended {job.status}: {job.error}")
            return job
        time.sleep(0.02)
    job.refresh_from_db()
    raise SystemExit(f"the job was {job.status}, {job.done}/{job.games}, after {timeout:.0f} s")


@contextmanager
def _worker(processes: int, database: str, broker: str) -> Iterator[Callable[[], float]]:
    """A `celery worker` of `processes` pool processes on the bench queue, as deployed (its own
    process group, stopped on the way out): yields its CPU seconds so far, all processes."""
    from django.conf import settings
    from kombu import Exchange, Queue

    from deckwarden.celery import app

    queue = settings.DECKWARDEN_SIMULATION_QUEUE
    with app.connection_for_write() as conn:  # tasks of an earlier run would muddle this one
        bound = Queue(queue, Exchange(queue), routing_key=queue)(conn.default_channel)
        bound.declare()
        bound.purge()
    command = [sys.executable, "-m", "celery", "-A", "deckwarden", "worker"]
    command += [f"--concurrency={processes}", f"--queues={queue}", "--loglevel=WARNING"]
    command += [f"--hostname=bench{processes}@%h", "--without-gossip", "--without-mingle"]
    env = {**os.environ, "DATABASE_URL": database, "CELERY_BROKER_URL": broker}
    with tempfile.TemporaryFile() as log:
        worker = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            yield lambda: _group_cpu(worker.pid)
        except BaseException:
            log.seek(0)
            print(log.read()[-3000:].decode(errors="replace"))
            raise
        finally:
            os.killpg(worker.pid, signal.SIGTERM)
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait()


def _group_cpu(group: int) -> float:
    """CPU seconds used so far by the live processes of a process group (from /proc)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[2]) == group:
            total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return total


if __name__ == "__main__":
    sys.exit(main())
