import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0006_deck_draft_revision"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ProxyPrint",
            fields=[
                (
                    "id",
                    models.UUIDField(
                        default=uuid.uuid4, editable=False, primary_key=True, serialize=False
                    ),
                ),
                ("paper", models.CharField(max_length=10)),
                (
                    "missing",
                    models.BooleanField(
                        default=False, help_text="Only the copies the owner's collection lacked."
                    ),
                ),
                (
                    "copies",
                    models.PositiveIntegerField(help_text="Cards printed, one per copy."),
                ),
                (
                    "contents",
                    models.CharField(
                        help_text="sha256 of what is printed (the title, the paper, each card "
                        "and its copies): the same cards asked for again while this is kept get "
                        "this print, not another.",
                        max_length=64,
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[("queued", "Queued"), ("done", "Done"), ("failed", "Failed")],
                        default="queued",
                        max_length=10,
                    ),
                ),
                (
                    "file",
                    models.CharField(
                        blank=True,
                        default="",
                        help_text="The PDF's name in the private storage, once drawn.",
                        max_length=200,
                    ),
                ),
                ("error", models.TextField(blank=True, default="")),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("finished", models.DateTimeField(blank=True, null=True)),
                (
                    "deck",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="proxy_prints",
                        to="decks.deck",
                    ),
                ),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="proxy_prints",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created"],
                "indexes": [
                    models.Index(fields=["owner", "contents"], name="proxy_print_owner_contents"),
                    models.Index(fields=["created"], name="proxy_print_created"),
                ],
            },
        ),
    ]
