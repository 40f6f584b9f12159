"""Tokens get a last-used time, and DRF's plain-text authtoken tokens (the ones
`POST /api/v1/auth/token/` handed out before) become hashed ApiTokens: the same keys keep working,
only their digests are stored, and DRF's table, which held the keys in plain text, is dropped."""

import hashlib

from django.db import migrations, models

DRF_TABLE = "authtoken_token"


def hash_drf_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if DRF_TABLE not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("api", "ApiToken")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {DRF_TABLE}")
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        token = ApiToken.objects.create(
            user_id=user_id,
            name="API token (from auth/token)",
            key_digest=hashlib.sha256(key.encode()).hexdigest(),
            prefix=key[:8],
        )
        ApiToken.objects.filter(pk=token.pk).update(created=created)  # auto_now_add set now
    schema_editor.execute(f"DROP TABLE {DRF_TABLE}")


class Migration(migrations.Migration):

    dependencies = [
        ("api", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="last_used",
            field=models.DateTimeField(blank=True, null=True),
        ),
        # Not reversible: the plain-text keys are gone, which is the point.
        migrations.RunPython(hash_drf_tokens, migrations.RunPython.noop),
    ]
