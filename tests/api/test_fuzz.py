"""Schemathesis over every endpoint of the OpenAPI schema: whatever the schema allows, and
what it does not, is never answered with a 5xx. Runs on the suite's database (SQLite or
PostgreSQL) with a bounded number of examples per operation, so CI stays quick; the CLI runs
it at length against a live server (docs/testing/index.md)."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.config import SchemathesisConfig

from deckwarden.wsgi import application

# No 5xx, and every answer one the schema describes: its status, media type, headers and body.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
EXAMPLES = 10  # per operation, generated (the coverage phase adds its own): 78 operations

schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/?format=json",
    application,
    # The coverage phase too: its boundary and wrong-type cases (a name that is an object, a
    # null count, an id past 64 bits) found the 500s the examples and fuzzing phases missed
    # (issue 43); with the examples' bound, every operation in a few minutes.
    config=SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": True}}}),
)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples every run: a failure is reproducible, never flaky
    suppress_health_check=list(HealthCheck),
)
@pytest.mark.django_db
def test_every_answer_is_one_the_schema_describes(case, alice_things, connection_kept):
    if case.path_parameters:
        case.path_parameters.update(alice_things.path_parameters(case.path))
    case.call_and_validate(headers={"Authorization": f"Token {alice_things.token}"}, checks=CHECKS)
