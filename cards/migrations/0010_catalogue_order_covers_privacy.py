"""The catalogue-order index carries owner and shared (INCLUDE, PostgreSQL only; SQLite builds
the index without them): a search page's ids in catalogue order, filtered by the privacy rule and
a name match, are then read from the index alone (issue 25, item 7; basics/counted_pages.py)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0009_construction_data_from_text"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="card",
            name="card_catalogue_order",
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=["name", "key", "id"],
                include=("owner", "shared"),
                name="card_catalogue_order",
            ),
        ),
    ]
