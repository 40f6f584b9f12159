"""Production settings: with DEBUG off the service needs its own SECRET_KEY, and behind HTTPS
(HTTPS=1, every part from the environment) Django's deployment checks find nothing."""

import subprocess
import sys

from rulebook.samples import PROJECT_ROOT

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7Kq2-production-secret-key-for-the-deploy-check-test-only-9f3Lw",
    "ALLOWED_HOSTS": "deckwarden.example",
    "HTTPS": "1",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env={"PATH": "/usr/bin:/bin", "DECKWARDEN_VAR_DIR": env.pop("var"), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_passes_the_deployment_checks_behind_https(tmp_path):
    result = manage("check", "--deploy", "--fail-level", "WARNING", var=str(tmp_path), **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_the_deployment_checks_flag_a_site_served_without_https(tmp_path):
    plain = {**PRODUCTION, "HTTPS": "0"}
    result = manage("check", "--deploy", "--fail-level", "WARNING", var=str(tmp_path), **plain)
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stderr and "SECURE_HSTS_SECONDS" in result.stderr


def test_it_refuses_to_start_with_debug_off_and_no_secret_key(tmp_path):
    env = {key: value for key, value in PRODUCTION.items() if key != "SECRET_KEY"}
    result = manage("check", var=str(tmp_path), **env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_it_starts_in_development_with_no_configuration_at_all(tmp_path):
    result = manage("check", var=str(tmp_path))
    assert result.returncode == 0, result.stderr
