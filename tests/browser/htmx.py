"""Waiting for htmx's redraws in browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

# htmx marks the element that asked with htmx-request until its answer is swapped in, and the
# target with htmx-swapping and htmx-settling while it swaps.
HTMX_IDLE = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


@contextmanager
def redrawn(page) -> Iterator[None]:
    """Wait for the answer to the change made inside the `with` block and for htmx to have put
    it on the page. A response can have arrived and not yet been swapped in: a box typed into
    then is replaced under the typing, and the typed change is lost (a flaky test once)."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        yield
    page.wait_for_function(HTMX_IDLE)
