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
EXAMPLES = 10  # per operation and phase: about 30 operations in about a minute

schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/?format=json",
    application,
    # The coverage phase's hundreds of boundary cases per operation are for the CLI's long run.
    config=SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": False}}}),
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
    case.call_and_validate(
        headers={"Authorization": f"Token {alice_things.token}"}, checks=CHECKS
    )
