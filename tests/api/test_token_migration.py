"""Migration api 0002: the plain-text tokens DRF's authtoken stored (the ones
`POST /api/v1/auth/token/` handed out before) become hashed tokens that keep working."""

import importlib
from types import SimpleNamespace

from django.apps import apps
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from api.models import ApiToken

migration = importlib.import_module("api.migrations.0002_token_last_used")


def test_it_hashes_the_old_tokens_so_their_keys_keep_working_and_drops_the_plain_text(alice):
    key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer, "
            "created timestamp with time zone)"
            if connection.vendor == "postgresql"
            else "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id integer, "
            "created datetime)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, %s, %s)", [key, alice.pk, timezone.now()]
        )
    # What the migration uses of a schema editor (SQLite refuses a real one inside a test's
    # transaction).
    editor = SimpleNamespace(connection=connection, execute=connection.cursor().execute)
    migration.hash_drf_tokens(apps, editor)
    assert "authtoken_token" not in connection.introspection.table_names()
    token = ApiToken.objects.get(user=alice)
    assert key not in (token.key_digest, token.name) and token.prefix == key[:8]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/auth/tokens/").status_code == 200
