"""Every request example in the schema works when sent as the docs page's "Try it out" sends
it (issue 18, item 6): a 2xx from the sample cards, never the 400 of a placeholder body."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from api.examples import REQUEST_EXAMPLES


def _examples(api) -> dict[str, tuple[str, str, list[dict]]]:
    """Operation id -> (method, path, its request examples), as the schema has them."""
    paths = api.get("/api/v1/schema/", {"format": "json"}).json()["paths"]
    found = {}
    for path, operations in paths.items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            values = [example["value"] for example in body.get("examples", {}).values()]
            if values:
                found[operation["operationId"]] = (method.upper(), path, values)
    return found


def test_the_schema_carries_each_example(api, db):
    examples = _examples(api)
    assert set(REQUEST_EXAMPLES) <= set(examples)
    assert "metazoo_archive_swap_create" in examples  # the view's own


@pytest.mark.parametrize("operation_id", [*sorted(REQUEST_EXAMPLES), "metazoo_archive_swap_create"])
def test_each_example_is_answered_with_success(alice_api, operation_id):
    call_command("load_samples", verbosity=0)
    method, path, bodies = _examples(alice_api)[operation_id]
    for body in bodies:
        response = alice_api.generic(method, path, json.dumps(body), "application/json")
        assert 200 <= response.status_code < 300, (operation_id, response.json())
