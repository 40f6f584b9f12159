"""`manage.py serve`: the web service and one Celery worker, together, for a local start.

The worker is a child process that is stopped with the server, so `make run` needs no second
terminal; with the default filesystem broker it needs no broker server either.
"""

import subprocess
import sys

from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the development server and a Celery worker beside it."

    def add_arguments(self, parser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-worker", action="store_true", help="Serve only; no worker.")

    def handle(self, *args, addrport: str, no_worker: bool, **options) -> None:
        worker = None
        if not no_worker:
            worker = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "deckwarden",
                    "worker",
                    "--pool=solo",
                    "--loglevel=INFO",
                ],
            )
            self.stdout.write(f"Celery worker started (pid {worker.pid}).")
        try:
            call_command("runserver", addrport, use_reloader=False)
        finally:
            if worker is not None:
                worker.terminate()
                worker.wait(timeout=30)
