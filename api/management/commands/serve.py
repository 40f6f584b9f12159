"""`manage.py serve`: the web service and one Celery worker, together, for a local start.

The worker is a child process that is stopped with the server (on Ctrl-C or SIGTERM), so
`make run` needs no second terminal; with the default filesystem broker it needs no broker
server either. Test-game jobs submitted to the server are played by that worker, still
asynchronously to the HTTP request. With CELERY_BROKER_URL set, more workers started anywhere
with `celery -A deckwarden worker` share the work.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

WORKER = [sys.executable, "-m", "celery", "-A", "deckwarden", "worker", "--loglevel=INFO"]


class Command(BaseCommand):
    help = "Run the development server and a Celery worker beside it."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-worker", action="store_true", help="Serve only; no worker.")

    def handle(self, *args: Any, addrport: str, no_worker: bool, **options: Any) -> None:
        worker = None
        if not no_worker:
            # One process, no pool: the embedded default is for one machine and SQLite.
            queues = sorted({"celery", settings.DECKWARDEN_SIMULATION_QUEUE})
            worker = subprocess.Popen([*WORKER, "--pool=solo", f"--queues={','.join(queues)}"])
            self.stdout.write(f"Celery worker started (pid {worker.pid}).")
        # SIGTERM (e.g. from a process manager) stops the server the way Ctrl-C does, so the
        # worker below is stopped too rather than left running on its own.
        signal.signal(signal.SIGTERM, _exit)
        try:
            call_command("runserver", addrport, use_reloader=False)
        finally:
            if worker is not None:
                worker.terminate()  # Celery's warm shutdown: the current chunk finishes
                worker.wait(timeout=60)


def _exit(signum: int, frame: Any) -> None:
    raise SystemExit(0)
