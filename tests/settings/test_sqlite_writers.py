"""The embedded default (a SQLite file): writers that arrive together queue for the one write
lock instead of failing with "database is locked" (two players signing up at the same moment
got a 500)."""

import subprocess
import sys

from rulebook.samples import PROJECT_ROOT

WRITERS = 24

# Each thread does what a sign-up does in one transaction: read (is the name taken?), then
# write. SQLite starts a transaction deferred, as a reader; a reader that then wants to write
# while another transaction holds the write lock fails at once, whatever the busy timeout.
SCRIPT = f"""
import threading, time
import django
django.setup()
from django.db import connection, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE player (name TEXT UNIQUE)")
start, failures = threading.Barrier({WRITERS}), []

def sign_up(number):
    start.wait()
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM player WHERE name = %s", [f"p{{number}}"])
            time.sleep(0.05)
            cursor.execute("INSERT INTO player (name) VALUES (%s)", [f"p{{number}}"])
    except Exception as exc:
        failures.append(repr(exc))
    finally:
        connection.close()

threads = [threading.Thread(target=sign_up, args=(n,)) for n in range({WRITERS})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT count(*) FROM player")
    print(cursor.fetchone()[0], failures)
"""


def test_it_queues_writers_arriving_together_on_a_sqlite_file(tmp_path):
    env = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "deckwarden.settings",
        "DECKWARDEN_VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{WRITERS} []"
