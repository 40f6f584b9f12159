# A card's picture moves out of the card's row into a table of its own (cards.models.CardPicture):
# the names made every row half as wide again, which search paid for (issue 36). Every picture a
# card has is carried across before the columns go; going back carries them home.

import django.db.models.deletion
from django.db import migrations, models


def pictures_to_their_table(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    CardPicture = apps.get_model("cards", "CardPicture")
    pictured = Card.objects.exclude(image_thumb="").values_list("id", "image_thumb", "image_full")
    CardPicture.objects.bulk_create(
        CardPicture(card_id=card_id, thumb=thumb, full=full) for card_id, thumb, full in pictured
    )


def pictures_to_the_rows(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    CardPicture = apps.get_model("cards", "CardPicture")
    for picture in CardPicture.objects.all():
        Card.objects.filter(pk=picture.card_id).update(
            image_thumb=picture.thumb.name, image_full=picture.full.name
        )


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0013_collection"),
    ]

    operations = [
        migrations.CreateModel(
            name="CardPicture",
            fields=[
                (
                    "card",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="picture",
                        serialize=False,
                        to="cards.card",
                    ),
                ),
                ("thumb", models.FileField(editable=False, upload_to="")),
                ("full", models.FileField(editable=False, upload_to="")),
            ],
        ),
        migrations.RunPython(pictures_to_their_table, pictures_to_the_rows),
        migrations.RemoveField(model_name="card", name="image_full"),
        migrations.RemoveField(model_name="card", name="image_thumb"),
    ]
