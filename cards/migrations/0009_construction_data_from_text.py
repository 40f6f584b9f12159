"""Keep each card's construction text as reviewed data (issue 29): the rules core now reads only
a card's data (Neopets begins_in_rainbow_pool, collectable_as_map_piece, any_number_of_copies;
MetaZoo restrictions), which the importer, the admin and inline cards derive from the text with
the game's grammar. Stored cards get theirs here; names are refolded too (a backtick or an acute
accent is now an apostrophe). Only changed rows are written."""

from django.db import migrations

from rulebook.core.identity import identity
from rulebook.registry import GAMES


def derive_construction_data(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    names: dict[int, frozenset[str]] = {}
    changed = []
    for card in Card.objects.select_related("game").iterator(chunk_size=2000):
        game = GAMES.get(card.game.slug)
        if game is None:
            continue
        if card.game_id not in names:
            catalogue = Card.objects.filter(game_id=card.game_id, owner__isnull=True)
            names[card.game_id] = frozenset(catalogue.values_list("name", flat=True))
        attributes = game.reviewed_attributes(
            card.name, card.text, card.attributes or {}, names[card.game_id]
        )
        folded = identity(card.name)
        if attributes != card.attributes or folded != card.folded_name:
            card.attributes, card.folded_name = attributes, folded
            changed.append(card)
    Card.objects.bulk_update(changed, ["attributes", "folded_name"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0008_refold_typographic_names"),
    ]

    operations = [
        migrations.RunPython(derive_construction_data, migrations.RunPython.noop),
    ]
