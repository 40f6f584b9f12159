#!/usr/bin/env bash
# A production-shaped Deckwarden on this machine in one command (`make deploy-example`):
# PostgreSQL, a broker (Redis or RabbitMQ), gunicorn and a Celery worker, DEBUG off, a secret key
# of its own. It uses the servers already running here; Ctrl-C or SIGTERM stops both processes.
#
# Environment (defaults in brackets): DATABASE_URL [postgres://postgres@127.0.0.1:5432/
# deckwarden_example, created if missing], CELERY_BROKER_URL [redis://127.0.0.1:6379/0], PORT
# [8000], WEB_WORKERS [2], DECKWARDEN_VAR_DIR [var/deploy-example]. Behind a TLS proxy, add
# HTTPS=1 SECURE_PROXY_SSL_HEADER=X-Forwarded-Proto ALLOWED_HOSTS=your.host (see docs/operations/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}

export DEBUG=0
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/deckwarden_example}
export CELERY_BROKER_URL=${CELERY_BROKER_URL:-redis://127.0.0.1:6379/0}
export DECKWARDEN_VAR_DIR=${DECKWARDEN_VAR_DIR:-var/deploy-example}
PORT=${PORT:-8000}

mkdir -p "$DECKWARDEN_VAR_DIR"
key_file="$DECKWARDEN_VAR_DIR/secret_key"  # made once, kept: sessions survive a restart
[ -s "$key_file" ] || "$PY" -c 'import secrets; print(secrets.token_urlsafe(50))' > "$key_file"
export SECRET_KEY=${SECRET_KEY:-$(cat "$key_file")}

database=${DATABASE_URL##*/}
if ! psql "${DATABASE_URL%/*}/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname='$database'" \
    | grep -q 1; then
  psql "${DATABASE_URL%/*}/postgres" -qc "CREATE DATABASE \"$database\""
fi
"$PY" manage.py migrate --no-input
"$PY" manage.py load_samples

"$PY" -m celery -A deckwarden worker --loglevel=INFO --hostname=games@%h &
worker=$!
# Emails and webhooks on a worker of their own (DECKWARDEN_NOTICE_QUEUE): a slow webhook never
# holds a test game up.
"$PY" -m celery -A deckwarden worker --loglevel=INFO --hostname=notices@%h \
  --queues="${DECKWARDEN_NOTICE_QUEUE:-notices}" --concurrency=2 &
notices=$!
"$PY" -m gunicorn deckwarden.wsgi --workers "${WEB_WORKERS:-2}" --bind "127.0.0.1:$PORT" &
web=$!
trap 'kill -TERM "$web" "$worker" "$notices" 2>/dev/null || true; wait' INT TERM EXIT
echo "Deckwarden at http://127.0.0.1:$PORT/api/v1/ (workers $worker and $notices, gunicorn $web)"
wait -n "$web" "$worker" "$notices"  # any one stopping stops the example
