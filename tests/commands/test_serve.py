"""`manage.py serve` (what `make run` starts): a failed start never leaves its worker running.

Each test runs the command as a new user would, in a process of its own with its own SQLite
file and file broker, and looks for worker processes by that private folder in their
environment, so it finds exactly the workers this test started.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from rulebook.samples import PROJECT_ROOT

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/environ").exists(), reason="finds worker processes through /proc"
)


@pytest.fixture
def var_dir(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture(scope="module")
def migrated_database(tmp_path_factory) -> Path:
    """A migrated SQLite file, made once for the module (migrating takes a while)."""
    folder = tmp_path_factory.mktemp("migrated")
    process = manage(folder, "migrate", "--no-input")
    output, _ = process.communicate(timeout=300)
    assert process.returncode == 0, output
    return folder / "deckwarden.sqlite3"


def environment(var_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env["DECKWARDEN_VAR_DIR"] = str(var_dir)
    return env


def manage(var_dir: Path, *args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env=environment(var_dir),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **kwargs,
    )


def workers_of(var_dir: Path) -> list[int]:
    """Pids of live celery workers started with this var folder."""
    marker = f"DECKWARDEN_VAR_DIR={var_dir}".encode()
    found = []
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes()
            env = (proc / "environ").read_bytes()
        except (OSError, ValueError):
            continue
        if b"celery" in cmdline and b"worker" in cmdline and marker in env.split(b"\0"):
            found.append(int(proc.name))
    return found


def test_it_starts_no_worker_when_the_port_is_taken(var_dir, migrated_database):
    """README "Quick start": a failed `make run` leaves nothing running."""
    shutil.copy(migrated_database, var_dir)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = manage(var_dir, "serve", f"127.0.0.1:{port}")
        output, _ = process.communicate(timeout=120)
    assert process.returncode != 0
    assert "That port is already in use." in output
    assert "Celery worker started" not in output
    assert workers_of(var_dir) == []


def test_it_starts_no_worker_on_an_unmigrated_database(var_dir):
    process = manage(var_dir, "serve", "127.0.0.1:0")
    output, _ = process.communicate(timeout=120)
    assert process.returncode == 1
    assert "Unapplied migrations" in output and "manage.py migrate" in output
    assert workers_of(var_dir) == []


def queues_of(pid: int) -> str:
    """The queues a worker was started to take (its --queues option)."""
    arguments = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
    return next(a.removeprefix("--queues=") for a in arguments if a.startswith("--queues="))


def test_it_stops_its_worker_when_the_server_is_stopped(var_dir, migrated_database):
    """The other half: a start that succeeds has its workers, and SIGTERM stops them all. One
    takes the test games, the other the emails and webhooks alone (issue 43): a webhook slow
    to answer never holds a test game."""
    shutil.copy(migrated_database, var_dir)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = manage(var_dir, "serve", f"127.0.0.1:{port}")
    try:
        deadline = time.monotonic() + 60
        while len(workers_of(var_dir)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert sorted(map(queues_of, workers_of(var_dir))) == ["celery", "notices"]
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # the server listens on the port it was given
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=90)
    assert workers_of(var_dir) == [], output


@pytest.fixture(scope="module")
def database_with_samples(migrated_database: Path, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("samples")
    shutil.copy(migrated_database, folder)
    process = manage(folder, "load_samples")
    output, _ = process.communicate(timeout=300)
    assert process.returncode == 0, output
    return folder / "deckwarden.sqlite3"


def test_sigterm_stops_server_and_worker_within_seconds_even_mid_chunk(
    var_dir, database_with_samples
):
    """Issue 25, item 6: a process manager stops a service with SIGTERM and waits seconds, not
    minutes. Before, SIGTERM asked the worker for a warm shutdown and waited for its chunk (one
    chunk of 100,000 games here, minutes of play); Ctrl-C was quick only because the terminal
    signalled the worker too."""
    shutil.copy(database_with_samples, var_dir)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    one_long_chunk = {
        "DECKWARDEN_SIMULATION_CHUNK_GAMES": "100000",
        "DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS": "100000",
        "DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES_ANONYMOUS": "1",
        "DECKWARDEN_SIMULATION_QUEUED_GAMES_PER_ADDRESS": "100000",
    }
    process = subprocess.Popen(
        [sys.executable, "manage.py", "serve", f"127.0.0.1:{port}"],
        cwd=PROJECT_ROOT,
        env={**environment(var_dir), **one_long_chunk},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True).start()
    try:
        wait_for(lambda: any("games@" in line and "ready" in line for line in lines), 120)
        samples = PROJECT_ROOT / "rulebook" / "neopets" / "sample_decks"
        body = {
            "game": "neopets",
            "decks": [{"text": (samples / f"{n}.txt").read_text()} for n in ("strong", "weak")],
            "games": 100_000,
        }
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/v1/simulations/",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.status == 202
        wait_for(lambda: any("run_simulation_chunk" in line for line in lines), 60)
        time.sleep(1)  # the chunk is being played
    finally:
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)
        seconds = time.monotonic() - started
    assert workers_of(var_dir) == [], "".join(lines)
    assert seconds < 10, f"{seconds:.1f} s to stop"
    print(f"stopped mid-chunk {seconds:.1f} s after SIGTERM")


def wait_for(condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)
