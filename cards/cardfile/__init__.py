"""The Deckwarden card data format, read by `import_cards` and written by `export_cards`.

A card file holds the cards of one game, as JSON::

    {"game": "neopets",
     "sample": false,
     "sets": [{"code": "SMP", "name": "Sample Set", "released": "2024-01-01", "sample": true}],
     "cards": [
      {"key": "red-kau", "name": "Red Kau", "type": "Neopet", "text": "",
       "attributes": {"species": "Kau", "color": "red", "hp": 8, "attack": 4,
                      "defence": 3, "agility": 3},
       "sample": true,
       "printings": [{"set": "SMP", "number": "001", "rarity": "common",
                      "image_url": "https://example.org/red-kau.png"}]}]}

- `game` (required): a game slug, one of the rules registry's (rulebook.registry: the shipped
  games are `neopets`, `keeper`, `metazoo` and `millennium-blades`).
- `sample` (optional, default false): the default for every set and card of the file. `true`
  marks invented sample data, never to be shown as a real product.
- `sets` (optional): `code` and `name` required; `released` an ISO date (`YYYY-MM-DD`) or null;
  `sample` overrides the file's default.
- `cards` (required): `name` and `type` required; `text` (default ""), `attributes` (an object
  checked against the game's attribute schema, default {}), `sample` (overrides the file's
  default), `printings` (default []). `key` identifies the card within its game; without one the
  key is the slug of the name (`Hot Dog of Justice` -> `hot-dog-of-justice`). Cards that share a
  name but differ (MetaZoo Pages, say) carry different keys and `"distinct_namesake": true`:
  without it a card sharing its name (compared as rulebook.core.identity compares names) with a
  card of other rules, in the file or stored, is refused, as one card entered twice with a slip
  would otherwise count as two for copy limits. Two keys with the same name and rules are one
  card. `begins_in_rainbow_pool` on a Rainbow Pool Neopet and `basic` on a MetaZoo Page that is
  not an Aura or Terra are refused too (GameSpec.attribute_types).
- printings: `set` (a code among the file's sets or a set already in the database for the
  game) and `number` (the collector number, a string) required; `rarity` and `image_url`
  optional. A set and number name one printing.

Importing applies the file as an upsert: sets by code, cards by key, printings by set and
number; nothing absent from the file is deleted, and rows that already match are not written,
so importing a file twice changes nothing. A file with any problem is refused whole, with every
problem named by file, record and field.

The same content as CSV (`.csv`): one row per printing, or per card with no printing, or per
set with no printing, with the columns of `CSV_COLUMNS` in `cards.cardfile.csv_format`;
`attributes` is a JSON object, `sample`, `set_sample` and `distinct_namesake` are `true`,
`false` or empty; the `distinct_namesake` column may be left out. A printing row whose
`set_name` is empty names a set already in the database by its code alone.
"""
