"""POSTing to an organiser's webhook without letting the organiser aim the worker elsewhere.

The URL is the organiser's: anyone who runs an event chooses it. So the host is resolved once,
at send time, every address of that answer must be public (unless the settings allow private
ones), and the connection goes to the address that was checked: a second lookup (DNS rebinding)
never happens. Redirects are refused, not followed, since a public host could send the worker
to an internal one. The answer's size and the whole exchange's time are capped, so a webhook
that never answers, or answers forever, holds a notice worker for at most
DECKWARDEN_WEBHOOK_TIMEOUT seconds (issue 43, item 1).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

import httpx
from django.conf import settings

USER_AGENT = "Deckwarden webhook"


class PinnedTransport(httpx.AsyncHTTPTransport):
    """Connects to one address whatever the URL's host, keeping the host for the Host header
    (set by the client from the URL) and for TLS: the name is sent as SNI and the server's
    certificate is verified against it, not against the address."""

    def __init__(self, *, hostname: str, address: str) -> None:
        super().__init__(retries=0)
        self.hostname, self.address = hostname, address

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        request.url = request.url.copy_with(host=self.address)
        request.extensions = {**request.extensions, "sni_hostname": self.hostname}
        return await super().handle_async_request(request)


def webhook_post(url: str, payload: dict[str, Any]) -> int:
    """POST the payload as JSON; the HTTP status. Refuses (as ValueError) a URL that is not
    http(s), a host with a private address (unless settings allow), a redirect, and an answer
    past DECKWARDEN_WEBHOOK_MAX_BYTES; gives up (TimeoutError) past DECKWARDEN_WEBHOOK_TIMEOUT
    seconds for the whole exchange; httpx.HTTPError when the connection fails."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an http(s) URL: {url!r}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = checked_address(parts.hostname, port)
    return asyncio.run(_post(url, payload, parts.hostname, address))


def checked_address(hostname: str, port: int) -> str:
    """The address to connect to: the first of one lookup, every one of which is public."""
    answers = socket.getaddrinfo(hostname, port, type=socket.SOCK_STREAM)
    addresses = [ipaddress.ip_address(address[0].split("%")[0]) for *_, address in answers]
    if not settings.DECKWARDEN_WEBHOOK_ALLOW_PRIVATE:
        for ip in addresses:
            if not ip.is_global:
                raise ValueError(f"{hostname} is a private address ({ip})")
    return str(addresses[0])


async def _post(url: str, payload: dict[str, Any], hostname: str, address: str) -> int:
    seconds = settings.DECKWARDEN_WEBHOOK_TIMEOUT
    client = httpx.AsyncClient(
        transport=PinnedTransport(hostname=hostname, address=address),
        timeout=seconds,
        follow_redirects=False,
        trust_env=False,  # no proxy from the environment: the connection is the checked one
        headers={"User-Agent": USER_AGENT},
    )
    async with client:
        # asyncio.timeout bounds the whole exchange: httpx's timeouts bound each read alone,
        # so a server sending a byte a second would otherwise hold the worker for ever.
        async with asyncio.timeout(seconds):
            async with client.stream("POST", url, json=payload) as answer:
                if answer.is_redirect:
                    raise ValueError(
                        f"answered {answer.status_code} to {answer.headers.get('location')!r}: "
                        "a webhook's redirect is not followed"
                    )
                await _read_capped(answer)
                return answer.status_code


async def _read_capped(answer: httpx.Response) -> None:
    """Read the answer's body (nothing is kept) up to the cap, so the connection ends cleanly."""
    limit, read = settings.DECKWARDEN_WEBHOOK_MAX_BYTES, 0
    async for chunk in answer.aiter_raw():
        read += len(chunk)
        if read > limit:
            raise ValueError(f"answered more than {limit} bytes")
