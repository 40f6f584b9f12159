"""Servers a fault test starts for itself and stops itself: a gunicorn serving the test database,
and a private redis-server on a free port (never the shared one), which the test may stop,
restart or freeze."""

from __future__ import annotations

import http.client
import http.cookiejar
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def suite_database_url() -> str:
    """DATABASE_URL of the test database pytest-django created, for another process."""
    db = connection.settings_dict
    user = quote(db["USER"] or "", safe="")
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{user}{password}@{host}/{db['NAME']}"


def terminate_other_sessions() -> int:
    """End every other session of this test's database (a server's, a thread's), as
    PostgreSQL does to idle ones; never the server itself. How many were ended."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        (terminated,) = cursor.fetchone()
    return terminated


def wait_listening(port: int, process: subprocess.Popen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server on port {port} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {seconds} s")


class Redis:
    """A private redis-server: no persistence, on a free port, which the test controls."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--dir", tempfile.gettempdir()]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        wait_listening(self.port, self.process)

    def stop(self) -> None:
        """Stop it (everything it held is lost, as in a restart without persistence)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # a frozen server cannot stop otherwise
            self.process.kill()
            self.process.wait(timeout=10)

    def freeze(self) -> None:
        """Leave it listening but answering nothing, as a hung or swapped-out server does."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)


class TcpProxy:
    """A TCP relay in front of a server (the test database's PostgreSQL), which the test can
    stop, as a server going down looks to its clients (every connection dropped, new ones
    refused), and start again on the same port; the server itself is never touched."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.listener: socket.socket | None = None
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.start()

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self) -> None:
        """Refuse new connections and drop every open one."""
        with self.lock:
            open_sockets, self.sockets = self.sockets, []
            listener, self.listener = self.listener, None
        for sock in [*open_sockets, *([listener] if listener else [])]:
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                return  # stopped
            server.settimeout(None)
            with self.lock:
                self.sockets += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=_relay, args=(source, sink), daemon=True).start()


def _relay(source: socket.socket, sink: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    for sock in (source, sink):
        with suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


@contextmanager
def database_proxy() -> Iterator[TcpProxy]:
    """A TcpProxy to the test database's server; its URL is `proxied_database_url(proxy)`."""
    db = connection.settings_dict
    proxy = TcpProxy(db["HOST"] or "127.0.0.1", int(db["PORT"] or 5432))
    try:
        yield proxy
    finally:
        proxy.stop()


def proxied_database_url(proxy: TcpProxy) -> str:
    host = connection.settings_dict["HOST"] or "127.0.0.1"
    port = connection.settings_dict["PORT"] or 5432
    return suite_database_url().replace(f"@{host}:{port}/", f"@127.0.0.1:{proxy.port}/")


@contextmanager
def private_redis() -> Iterator[Redis]:
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server on PATH, to start a private one (CI has it)")
    redis = Redis()
    try:
        yield redis
    finally:
        redis.stop()


@contextmanager
def gunicorn(**env: str) -> Iterator[str]:
    """One sync gunicorn worker (as in production: one thread keeping its connections between
    requests) on the test database; yields its base URL."""
    port = free_port()
    environment = {
        **os.environ,
        "DATABASE_URL": suite_database_url(),
        "CACHE_URL": "locmem://",
        "DECKWARDEN_THROTTLE_ANON": "",
        "DECKWARDEN_THROTTLE_USER": "",
        **env,
    }
    command = [sys.executable, "-m", "gunicorn", "deckwarden.wsgi", "--workers", "1"]
    command += ["--bind", f"127.0.0.1:{port}", "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=ROOT, env=environment)
    try:
        wait_listening(port, server)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def get(base: str, path: str, timeout: float = 30) -> http.client.HTTPResponse:
    """GET on a fresh connection; the response, read."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response
    finally:
        conn.close()


class Browser:
    """urllib with cookies: enough for Django's forms and their CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def open(self, path: str, data: dict | bytes | None = None, **headers: str):
        """(status, headers, body text, seconds taken)."""
        if isinstance(data, dict):
            data = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        started = time.monotonic()
        try:
            with self.opener.open(request, timeout=90) as response:
                status, answer_headers, body = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, answer_headers, body = error.code, error.headers, error.read()
        return status, answer_headers, body.decode(), time.monotonic() - started

    def post_form(self, path: str, fields: dict[str, str]):
        status, _, page, _ = self.open(path)
        assert status == 200, page
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return self.open(path, {**fields, "csrfmiddlewaretoken": token}, Referer=self.base + path)
