"""The deployment example (`make deploy-example`) starts gunicorn and a worker on PostgreSQL and
a real broker with DEBUG off, and answers /api/v1/health/."""

import json
import os
import signal
import subprocess
import time
import urllib.request

import pytest
from django.conf import settings

from rulebook.samples import PROJECT_ROOT
from tests.faults.servers import free_port, suite_database_url

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(
        not settings.IS_POSTGRES or settings.CELERY_BROKER_URL.startswith("filesystem"),
        reason="needs PostgreSQL (DATABASE_URL) and a real broker (CELERY_BROKER_URL), as CI has",
    ),
]


def example_database_url() -> str:
    """A database of the example's own beside the suite's (the script creates it)."""
    return f"{suite_database_url()}_deploy_example"


def test_the_deployment_example_starts_and_answers_health(tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": example_database_url(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "PORT": str(port),
        "DECKWARDEN_VAR_DIR": str(tmp_path),
        "WEB_WORKERS": "1",
    }
    env.pop("DEBUG", None)
    env.pop("SECRET_KEY", None)
    log = tmp_path / "example.log"
    with log.open("w") as out:
        example = subprocess.Popen(
            ["deploy/example.sh"],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 240
        while True:
            assert example.poll() is None, log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health/") as answer:
                    assert json.load(answer)["status"] == "ok"
                    break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(1)
        assert (tmp_path / "secret_key").stat().st_size > 50  # its own key, DEBUG off
        while " ready." not in log.read_text():  # the worker says so once it takes tasks
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(1)
    finally:
        os.killpg(example.pid, signal.SIGTERM)
        example.wait(timeout=60)
