"""`manage.py serve`: the web service and its Celery workers, together, for a local start.

The workers (one for test games, one for emails and webhooks) are child processes stopped with
the server (on Ctrl-C, SIGTERM or SIGHUP), within seconds even mid-chunk, so `make run` needs no
second terminal; with the default filesystem broker it needs no broker server either. Test-game
jobs submitted to the server are played by the first, still asynchronously to the HTTP request.
With CELERY_BROKER_URL set, more workers started anywhere with `celery -A deckwarden worker`
share the test games, and with `-Q notices` the emails and webhooks.

The workers start only once the server holds its port and the database is migrated: a start
that fails (port in use, unapplied migrations, a failed system check) leaves no worker behind.
runserver ends a failed bind with os._exit(), which skips every `finally`, so starting the
workers before the bind could not be undone.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from typing import Any

from django.conf import settings
from django.core.management import call_command, get_commands, load_command_class
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

WORKER = [sys.executable, "-m", "celery", "-A", "deckwarden", "worker", "--loglevel=INFO"]
# Stopping: seconds the worker has to finish its chunk, then to end once told to stop at once.
WARM_STOP_SECONDS = 3
COLD_STOP_SECONDS = 2


class Command(BaseCommand):
    help = "Run the development server and, once it listens, a Celery worker beside it."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-worker", action="store_true", help="Serve only; no worker.")

    def handle(self, *args: Any, addrport: str, no_worker: bool, **options: Any) -> None:
        _refuse_unapplied_migrations()
        worker: list[subprocess.Popen] = []
        runserver = load_command_class(get_commands()["runserver"], "runserver")
        if not no_worker:
            # runserver calls on_bind once its socket is bound, just before serving.
            bound = runserver.on_bind

            def on_bind(server_port: int) -> None:
                bound(server_port)
                worker.extend(self._start_workers())

            runserver.on_bind = on_bind
        # SIGTERM (e.g. from a process manager) and SIGHUP (a closed terminal) stop the server
        # the way Ctrl-C does, so the worker below is stopped too rather than left on its own.
        signal.signal(signal.SIGTERM, _exit)
        signal.signal(signal.SIGHUP, _exit)
        try:
            call_command(runserver, addrport, use_reloader=False)
        finally:
            _stop_workers(worker)

    def _start_workers(self) -> list[subprocess.Popen]:
        """One worker for test games, one for emails and webhooks: a webhook that is slow to
        answer never holds a test game up. Each one process, no pool: the embedded default is
        for one machine and SQLite."""
        games = ",".join(sorted({"celery", settings.DECKWARDEN_SIMULATION_QUEUE}))
        processes = []
        for queues, name in ((games, "games"), (settings.DECKWARDEN_NOTICE_QUEUE, "notices")):
            process = subprocess.Popen(
                [*WORKER, "--pool=solo", f"--queues={queues}", f"--hostname={name}@%h"]
            )
            self.stdout.write(f"Celery worker started for {name} (pid {process.pid}).")
            processes.append(process)
        return processes


def _refuse_unapplied_migrations() -> None:
    """A worker on an unmigrated database fails every job: refuse to start instead."""
    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if plan:
        names = ", ".join(f"{migration.app_label}.{migration.name}" for migration, _ in plan)
        raise CommandError(f"Unapplied migrations ({names}): run `manage.py migrate` first.")


def _stop_workers(processes: list[subprocess.Popen]) -> None:
    """Stop every worker as _stop_worker does, all at once: two workers take no longer to stop
    than one."""
    stopping = [threading.Thread(target=_stop_worker, args=(p,)) for p in processes]
    for thread in stopping:
        thread.start()
    for thread in stopping:
        thread.join()


def _stop_worker(process: subprocess.Popen) -> None:
    """Stop the worker within seconds, as a process manager expects of a service it stops.

    SIGTERM is Celery's warm shutdown, which waits for the chunk in hand however long it plays
    (a chunk may take minutes): it gets WARM_STOP_SECONDS, then SIGQUIT, the cold shutdown,
    ends it at once. The chunk it was playing is not lost: its claim lapses and it is played
    again (jobs.services.chunks.chunks_requeue_stale), as when a worker dies. Ctrl-C
    stopped quickly only because the terminal also sent the worker SIGINT, and a second signal
    is Celery's cold shutdown; SIGTERM waited a minute, then left the worker running."""
    process.terminate()
    try:
        process.wait(timeout=WARM_STOP_SECONDS)
        return
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGQUIT)
    try:
        process.wait(timeout=COLD_STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _exit(signum: int, frame: Any) -> None:
    raise SystemExit(0)
