"""An organiser's webhook cannot aim the worker at the service's own network, nor hold it
(issue 43, item 1): a redirect is refused and never followed, the connection goes to the
address that was checked whatever a second lookup would say (DNS rebinding), and a slow or
endless answer is cut off at the time and size caps.

The tests play the internet on loopback: a resolver (socket.getaddrinfo, patched) names the
hosts, and connections to a public address are routed to a local server standing for it, for
the new client (httpx over anyio) and the old (urllib over socket.create_connection) alike.
"""

from __future__ import annotations

import ipaddress
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anyio
import httpx
import pytest

from events.notifications import webhook_post

PUBLIC = "93.184.215.14"  # a global address: the guard lets it through


@dataclass
class Server:
    port: int
    requests: list[tuple[str, str, str]] = field(default_factory=list)  # method, path, Host


@dataclass
class Internet:
    names: dict[str, list[str]] = field(default_factory=dict)  # host -> answers, one per lookup
    routes: dict[tuple[str, int], int] = field(default_factory=dict)  # public -> local port
    connections: list[tuple[str, int]] = field(default_factory=list)

    def local(self, host: str, port: int) -> tuple[str, int]:
        """Where a connection to host:port lands: its route, or loopback itself."""
        address = socket.getaddrinfo(host, port)[0][4][0]
        self.connections.append((address, port))
        if (address, port) in self.routes:
            return "127.0.0.1", self.routes[address, port]
        if ipaddress.ip_address(address).is_loopback:
            return address, port
        raise ConnectionRefusedError(f"no route to {address} in the test's internet")


@pytest.fixture
def internet(monkeypatch) -> Internet:
    net = Internet()
    real_getaddrinfo, real_create = socket.getaddrinfo, socket.create_connection
    real_connect_tcp = anyio.connect_tcp

    def getaddrinfo(host, port, *args, **kwargs):
        answers = net.names.get(host)
        if not answers:
            return real_getaddrinfo(host, port, *args, **kwargs)
        address = answers.pop(0) if len(answers) > 1 else answers[0]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    def create_connection(address, *args, **kwargs):
        return real_create(net.local(*address), *args, **kwargs)

    async def connect_tcp(remote_host, remote_port, **kwargs):
        return await real_connect_tcp(*net.local(remote_host, remote_port), **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    monkeypatch.setattr(anyio, "connect_tcp", connect_tcp)
    return net


@pytest.fixture
def serve():
    """Start local HTTP servers answering with `answer(handler)`; all shut down after."""
    servers = []

    def start(answer: Callable[[BaseHTTPRequestHandler], None]) -> Server:
        record: list[tuple[str, str, str]] = []

        class Handler(BaseHTTPRequestHandler):
            def handle_one(self) -> None:
                record.append((self.command, self.path, self.headers.get("Host", "")))
                answer(self)

            do_GET = do_POST = handle_one

            def log_message(self, *args) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return Server(server.server_port, record)

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def no_content(handler: BaseHTTPRequestHandler) -> None:
    handler.send_response(204)
    handler.end_headers()


def test_a_redirect_into_the_services_network_is_refused_and_never_followed(internet, serve):
    internal = serve(no_content)

    def redirect(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(302)
        handler.send_header("Location", f"http://127.0.0.1:{internal.port}/internal-admin")
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    public = serve(redirect)
    internet.names["hooks.example"] = [PUBLIC]
    internet.routes[PUBLIC, 80] = public.port
    with pytest.raises(ValueError, match="redirect is not followed"):
        webhook_post("http://hooks.example/deckwarden", {"kind": "list.illegal"})
    assert [method for method, *_ in public.requests] == ["POST"]
    assert internal.requests == []


def test_a_second_lookup_cannot_rebind_the_host_to_loopback(internet, serve):
    """The name answers a public address to the check, then 127.0.0.1: the POST goes to the
    address that was checked, with the name in its Host header, and loopback hears nothing."""
    internal = serve(no_content)
    public = serve(no_content)
    internet.names["rebind.example"] = [PUBLIC, "127.0.0.1"]
    internet.routes[PUBLIC, internal.port] = public.port  # the same port on both hosts
    status = webhook_post(f"http://rebind.example:{internal.port}/hook", {"kind": "x"})
    assert status == 204
    assert public.requests == [("POST", "/hook", f"rebind.example:{internal.port}")]
    assert internal.requests == []
    assert internet.connections == [(PUBLIC, internal.port)]


def test_a_name_with_any_private_address_is_refused_at_send_time(internet, serve):
    internal = serve(no_content)
    internet.names["mixed.example"] = ["127.0.0.1"]
    with pytest.raises(ValueError, match="private address"):
        webhook_post(f"http://mixed.example:{internal.port}/", {})
    assert internal.requests == []


def dribble(handler: BaseHTTPRequestHandler) -> None:
    """Headers one byte at a time, each well within a read timeout, for six seconds."""
    for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 30:
        handler.wfile.write(bytes([byte]))
        handler.wfile.flush()
        time.sleep(0.2)


def test_a_webhook_answering_a_byte_at_a_time_is_cut_off_at_the_time_cap(settings, serve):
    settings.DECKWARDEN_WEBHOOK_ALLOW_PRIVATE = True
    settings.DECKWARDEN_WEBHOOK_TIMEOUT = 1.0
    slow = serve(dribble)
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        webhook_post(f"http://127.0.0.1:{slow.port}/", {})
    assert time.monotonic() - started < 2.5


def endless(handler: BaseHTTPRequestHandler) -> None:
    handler.send_response(200)
    handler.end_headers()
    deadline = time.monotonic() + 5
    try:
        while time.monotonic() < deadline:
            handler.wfile.write(b"x" * 65536)
    except OSError:
        pass  # the client hung up: what the cap is for


def test_an_endless_answer_is_cut_off_at_the_size_cap(settings, serve):
    settings.DECKWARDEN_WEBHOOK_ALLOW_PRIVATE = True
    settings.DECKWARDEN_WEBHOOK_MAX_BYTES = 100_000
    huge = serve(endless)
    started = time.monotonic()
    with pytest.raises(ValueError, match="more than 100000 bytes"):
        webhook_post(f"http://127.0.0.1:{huge.port}/", {})
    assert time.monotonic() - started < 2.5


def test_notices_are_routed_to_a_queue_no_test_game_worker_reads(settings):
    from deckwarden.celery import app
    from events.notifications import DELIVER_TASK, PENALTY_TASK, REMIND_TASK

    for name in (DELIVER_TASK, PENALTY_TASK, REMIND_TASK):
        queue = app.amqp.router.route({}, name)["queue"].name
        assert queue == settings.DECKWARDEN_NOTICE_QUEUE == "notices"
    assert settings.DECKWARDEN_SIMULATION_QUEUE != "notices"


TLS = Path(__file__).parent / "tls"  # a self-signed certificate for hooks.example, for tests


@pytest.fixture
def tls_server(monkeypatch):
    """An https server on loopback for hooks.example, its certificate trusted (SSL_CERT_FILE);
    the names clients asked for (SNI) and the Host headers it received."""
    seen: dict[str, list[str]] = {"sni": [], "host": []}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            seen["host"].append(self.headers["Host"])
            no_content(self)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(TLS / "hooks.example.pem", TLS / "hooks.example.key")
    context.sni_callback = lambda sock, name, ctx: seen["sni"].append(name)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # The operator's way to trust a CA of their own: httpx reads it for the webhook's TLS.
    monkeypatch.setenv("SSL_CERT_FILE", str(TLS / "hooks.example.pem"))
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    yield server.server_port, seen
    server.shutdown()
    server.server_close()


def test_https_to_the_pinned_address_still_speaks_tls_to_the_name(internet, tls_server):
    """The connection goes to the checked address, but TLS is the name's: it is sent as SNI,
    the certificate is verified against it (not the address), and it is the Host header."""
    port, seen = tls_server
    internet.names["hooks.example"] = [PUBLIC]
    internet.names["other.example"] = [PUBLIC]
    internet.routes[PUBLIC, 443] = port
    assert webhook_post("https://hooks.example/deckwarden", {}) == 204
    assert seen == {"sni": ["hooks.example"], "host": ["hooks.example"]}
    with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED"):
        webhook_post("https://other.example/deckwarden", {})  # the certificate is not its
