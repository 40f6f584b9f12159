"""A Python client generated from the live OpenAPI schema by openapi-python-client (a maintained
generator, installed from PyPI with the dev extras), talking to the WSGI application in-process,
and the record of every answer it received, for tests/api/test_typed_session.py."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
from drf_spectacular.generators import SchemaGenerator

from api.request_fields import path_pattern, unknown_fields

PACKAGE = "deckwarden_client"
# The generator's default hook runs ruff over the code: none. It reads only JSON, text and
# application/octet-stream answers; a PDF (a deck's proxies) is bytes too, as a client says.
CONFIG = "post_hooks: []\ncontent_type_overrides:\n  application/pdf: application/octet-stream\n"


def live_schema() -> dict[str, Any]:
    """The schema /api/v1/schema/ serves."""
    return json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))


def generate(schema: dict[str, Any], folder: Path) -> ModuleType:
    """The generated client package, imported."""
    (folder / "schema.json").write_text(json.dumps(schema))
    (folder / "config.yml").write_text(CONFIG)
    generator = Path(sys.executable).parent / "openapi-python-client"
    subprocess.run(
        [str(generator), "generate", "--path", "schema.json", "--meta", "none",
         "--output-path", PACKAGE, "--config", "config.yml"],
        cwd=folder, check=True, capture_output=True, text=True,
    )  # fmt: skip
    sys.path.insert(0, str(folder))
    return importlib.import_module(PACKAGE)


@dataclass
class Answer:
    method: str
    path: str
    status: int
    content_type: str
    body: Any


@dataclass
class Recorder:
    """Every answer the client received, to hold against the schema afterwards."""

    answers: list[Answer] = field(default_factory=list)

    def __call__(self, response: httpx.Response) -> None:
        response.read()
        content_type = response.headers.get("content-type", "").split(";")[0]
        body = response.json() if content_type.endswith("json") and response.content else None
        request = response.request
        self.answers.append(
            Answer(request.method, request.url.path, response.status_code, content_type, body)
        )


def operation_of(schema: dict[str, Any], method: str, path: str) -> tuple[str, dict[str, Any]]:
    """The schema's path template and operation that answer `method path`."""
    candidates = sorted(schema["paths"].items(), key=lambda item: item[0].count("{"))
    for template, operations in candidates:
        if path_pattern(template).match(path) and method.lower() in operations:
            return template, operations[method.lower()]
    raise AssertionError(f"{method} {path} is an operation the schema does not have")


def undeclared(schema: dict[str, Any], answer: Answer) -> list[str]:
    """Why `answer` is not what the schema says its operation answers: an undocumented status
    or media type, or each field the body carries that the schema does not declare."""
    template, operation = operation_of(schema, answer.method, answer.path)
    where = f"{answer.method} {template} answered {answer.status}"
    response = operation["responses"].get(str(answer.status))
    if response is None:
        return [f"{where}, a status the schema does not document"]
    content = response.get("content", {})
    if answer.body is None and not content:
        return []
    if answer.content_type not in content:
        return [f"{where} as {answer.content_type}; the schema says {sorted(content)}"]
    body_schema = content[answer.content_type].get("schema")
    return [
        f"{where} with the field `{name}`, which the schema does not declare"
        for name in unknown_fields(answer.body, body_schema, schema["components"])
    ]
