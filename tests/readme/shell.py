"""Runs the README's example commands the way a shell would, against the test database.

curl requests to localhost:8000 go through Django's test client; `python manage.py …` runs
in-process (it must see the test database); other `python …` commands run as processes.
`NAME=$(…)` keeps a command's output for later `$NAME`s (expanded everywhere, single quotes
too, so keep `$` out of literal text), `A | python3 -c '…'` pipes an output
into Python, and `VAR=value cmd` sets the environment for one command. Anything else is refused,
so an example this runner cannot run fails the test rather than being skipped.
"""

from __future__ import annotations

import glob
import io
import json
import os
import re
import shlex
import subprocess
import sys
from contextlib import chdir, contextmanager, redirect_stdout
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from rulebook.samples import PROJECT_ROOT

HOST = "localhost:8000"  # where `make run` serves, as the README's examples say
PYTHONS = {"python", "python3", ".venv/bin/python"}
_ASSIGNMENT = re.compile(r"^([A-Z_][A-Z0-9_]*)=\$\((.*)\)$", re.S)
_ENV = re.compile(r"^[A-Z_][A-Z0-9_]*=")
_VARIABLE = re.compile(r"\$(?:\{([A-Z_][A-Z0-9_]*)\}|([A-Z_][A-Z0-9_]*))")


class CannotRun(Exception):
    """An example that cannot run as written: a program or option the runner does not know,
    a variable used before an example sets it, a `NAME=$(…)` whose command failed."""


@dataclass
class Result:
    output: str
    status: int | None = None  # an HTTP request's
    exit: int | None = None  # a command's
    json: Any = None

    @property
    def succeeded(self) -> bool:
        return self.exit == 0 if self.status is None else 200 <= self.status < 300


class ReadmeShell:
    def __init__(self) -> None:
        self.client = Client(HTTP_HOST=HOST)
        self.variables: dict[str, str] = {}

    def run(self, command: str) -> Result:
        assignment = _ASSIGNMENT.match(command.strip())
        if assignment:
            result = self.run(assignment.group(2))
            if not result.succeeded:
                raise CannotRun(f"{assignment.group(1)}=$(…) failed: {result.output[:300]}")
            self.variables[assignment.group(1)] = result.output.strip()
            return result
        joined = command.replace("\\\n", " ")  # a backslash at a line's end continues it
        words = shlex.split(self.expand(joined), comments=True)
        stages = _split_pipeline(words)
        result = self._run_words(stages[0], stdin=None)
        for stage in stages[1:]:
            result = self._run_words(stage, stdin=result.output)
        return result

    def expand(self, command: str) -> str:
        """$NAME and ${NAME} replaced by what earlier examples set."""

        def value(match: re.Match) -> str:
            name = match.group(1) or match.group(2)
            if name not in self.variables:
                raise CannotRun(f"${name} is used before an example sets it")
            return self.variables[name]

        return _VARIABLE.sub(value, command)

    def _run_words(self, words: list[str], *, stdin: str | None) -> Result:
        env = {}
        while words and _ENV.match(words[0]):
            name, _, value = words.pop(0).partition("=")
            env[name] = value
        if not words:
            raise CannotRun("an assignment with no command")
        program, args = words[0], words[1:]
        if program == "curl" and stdin is None:
            return self._curl(args)
        if program in PYTHONS and args[:1] == ["manage.py"]:
            with _environment(env):
                return _manage(_globbed(args[1:]))
        if program in PYTHONS and args[:1] in (["-c"], ["-m"]):
            return _python(args, stdin=stdin, env=env)
        raise CannotRun(f"cannot run {program!r} here: {shlex.join(words)}")

    def _curl(self, args: list[str]) -> Result:
        request = CurlRequest.parse(args)
        response = self.client.generic(
            request.method,
            request.path,
            data=request.body,
            content_type=request.content_type,
            headers=request.headers,
        )
        text = response.content.decode()
        is_json = response.get("Content-Type", "").startswith("application/json")
        return Result(text, status=response.status_code, json=json.loads(text) if is_json else None)


@dataclass
class CurlRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    content_type: str

    @classmethod
    def parse(cls, args: list[str]) -> CurlRequest:
        method, url, headers, data, form = None, None, {}, [], {}
        words = iter(args)
        for word in words:
            if word in ("-X", "--request"):
                method = next(words)
            elif word in ("-H", "--header"):
                name, _, value = next(words).partition(":")
                headers[name.strip()] = value.strip()
            elif word in ("-d", "--data", "--data-raw", "--data-binary"):
                value = next(words)
                from_file = value.startswith("@") and word != "--data-raw"
                data.append(_read(value[1:]) if from_file else value)
            elif word in ("-F", "--form"):
                name, _, value = next(words).partition("=")
                if value.startswith("<"):  # the file's text as the field's value
                    form[name] = _read(value[1:])
                elif value.startswith("@"):  # the file itself, uploaded under its name
                    path = PROJECT_ROOT / value[1:]
                    form[name] = SimpleUploadedFile(path.name, path.read_bytes())
                else:
                    form[name] = value
            elif word in ("-s", "--silent", "-S", "--show-error"):
                continue
            elif word.startswith("-"):
                raise CannotRun(f"curl option {word} is not understood by the README runner")
            elif url is None:
                url = word
            else:
                raise CannotRun(f"curl with two URLs: {url} and {word}")
        parts = urlsplit(url if "://" in url else f"http://{url}")
        if parts.netloc != HOST:
            raise CannotRun(f"examples talk to {HOST} (where `make run` serves), not {url}")
        content_type = headers.pop("Content-Type", None)
        if form:
            body, content_type = encode_multipart(BOUNDARY, form), MULTIPART_CONTENT
        else:
            body = "&".join(data).encode()
            content_type = content_type or "application/x-www-form-urlencoded"
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        return cls(method or ("POST" if data or form else "GET"), path, headers, body, content_type)


def _read(name: str) -> str:
    return (PROJECT_ROOT / name).read_text()


def _split_pipeline(words: list[str]) -> list[list[str]]:
    stages: list[list[str]] = [[]]
    for word in words:
        if word == "|":
            stages.append([])
        else:
            stages[-1].append(word)
    return stages


def _globbed(args: list[str]) -> list[str]:
    """Shell globbing, from the project folder; a pattern that matches nothing stays as is."""
    expanded: list[str] = []
    for arg in args:
        matches = sorted(glob.glob(arg, root_dir=PROJECT_ROOT)) if "*" in arg else []
        expanded += matches or [arg]
    return expanded


def _manage(args: list[str]) -> Result:
    out = io.StringIO()
    try:
        with chdir(PROJECT_ROOT), redirect_stdout(out):
            call_command(*args, stdout=out, stderr=out)
    except CommandError as exc:
        return Result(f"{out.getvalue()}{exc}\n", exit=exc.returncode)
    except SystemExit as exc:
        return Result(out.getvalue(), exit=exc.code if isinstance(exc.code, int) else 1)
    return Result(out.getvalue(), exit=0)


def _python(args: list[str], *, stdin: str | None, env: dict[str, str]) -> Result:
    done = subprocess.run(
        [sys.executable, *args],
        input=stdin or "",
        capture_output=True,
        text=True,
        cwd=PROJECT_ROOT,
        env={**os.environ, **env},
        timeout=120,
    )
    return Result(done.stdout + done.stderr, exit=done.returncode)


@contextmanager
def _environment(env: dict[str, str]):
    saved = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
