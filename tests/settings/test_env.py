"""Settings read from the environment fail loudly on a value they cannot read."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from basics.env import env_bool, env_float, env_int, env_list, env_str


def test_it_uses_the_default_when_the_variable_is_unset(monkeypatch):
    monkeypatch.delenv("DW_TEST", raising=False)
    assert (env_bool("DW_TEST", True), env_int("DW_TEST", 3), env_float("DW_TEST", 1.5)) == (
        True,
        3,
        1.5,
    )
    assert env_str("DW_TEST", "x") == "x" and env_list("DW_TEST", ["a"]) == ["a"]


@pytest.mark.parametrize(
    "raw, expected", [("true", True), ("1", True), ("Off", False), ("", False)]
)
def test_it_reads_booleans(monkeypatch, raw, expected):
    monkeypatch.setenv("DW_TEST", raw)
    assert env_bool("DW_TEST", not expected) is expected


def test_it_reads_numbers_and_lists(monkeypatch):
    monkeypatch.setenv("DW_TEST", "42")
    assert env_int("DW_TEST", 0) == 42 and env_float("DW_TEST", 0) == 42.0
    monkeypatch.setenv("DW_TEST", " a.example , b.example ,")
    assert env_list("DW_TEST", []) == ["a.example", "b.example"]


@pytest.mark.parametrize(
    "reader, raw, complaint",
    [
        (lambda: env_bool("DW_TEST", False), "maybe", "must be a boolean"),
        (lambda: env_int("DW_TEST", 0), "4x", "must be an integer"),
        (lambda: env_int("DW_TEST", 0, minimum=1), "0", "must be at least 1"),
        (lambda: env_float("DW_TEST", 0.0), "soon", "must be a number"),
        (lambda: env_float("DW_TEST", 0.0, minimum=0), "-1", "must be at least 0"),
    ],
)
def test_it_refuses_a_value_it_cannot_read_naming_the_variable(monkeypatch, reader, raw, complaint):
    monkeypatch.setenv("DW_TEST", raw)
    with pytest.raises(ImproperlyConfigured, match=f"DW_TEST {complaint}"):
        reader()


def test_a_bad_database_url_stops_the_service_at_start_up(tmp_path):
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env={
            "DJANGO_SETTINGS_MODULE": "deckwarden.settings",
            "DATABASE_URL": "nosuch://x",
            "PATH": "/usr/bin:/bin",
        },
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "DATABASE_URL" in result.stderr
