"""The Store the tournament's clashes reveal from: a declared composition of sample cards.

The rules summary has each player in a clash reveal "the top card of the Store" and add its Star
Rating, but says nothing of what the Store holds during a tournament (in the real game it is
whatever the Deckbuilding Phase left, which this engine does not play). The engine's Store is
one of these declared compositions, every card a sample card (cards/sample_data/
millennium-blades.json; tests/rulebook/millennium_blades check each name and star rating against
that file), shuffled from the game's seed. A revealed card goes to the Store's discard, which is
shuffled back in when the Store runs out. Only a revealed card's Star Rating counts.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Store:
    """A named Store: (card name, Star Rating, copies) for each sample card it holds."""

    name: str
    cards: tuple[tuple[str, int, int], ...]

    @property
    def stars(self) -> tuple[int, ...]:
        """Every card's Star Rating, one a copy, in the declared order (shuffled in a game)."""
        return tuple(stars for _, stars, copies in self.cards for _ in range(copies))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _, copies in self.cards for _ in range(copies))


# Every sample Single twice and every sample Deck Box and Accessory once: a Store whose mean
# Star Rating (about 2.6) is the sample cards' own.
SAMPLE_STORE = Store(
    "sample",
    (
        ("Cardboard Vanguard", 1, 2),
        ("Papercut Ronin", 2, 2),
        ("Foil-Edge Duelist", 3, 2),
        ("Shuffle Sprite", 1, 2),
        ("Sleeve Sentinel", 4, 2),
        ("Mulligan Monk", 2, 2),
        ("Booster Brute", 5, 2),
        ("Errata Enchantress", 3, 2),
        ("Playmat Paladin", 4, 2),
        ("Tempo Tinker", 2, 2),
        ("Misprint Mimic", 1, 2),
        ("Rulebook Warden", 5, 2),
        ("Chase-Rare Chimera", 6, 2),
        ("Pre-Release Pilgrim", 0, 2),
        ("Tournament Challenger", 3, 2),
        ("Foil Hunter", 4, 2),
        ("Binder Archivist", 2, 2),
        ("Sealed Product Golem", 5, 2),
        ("Draft Chaff Goblin", 0, 2),
        ("Meta Breaker", 3, 2),
        ("Judge Call Sentinel", 2, 2),
        ("Promo Phoenix", 4, 2),
        ("Card Shop Regular", 1, 2),
        ("Grading Slab Knight", 3, 2),
        ("Speed Shuffler", 2, 2),
        ("Sideboard Sage", 3, 2),
        ("Loot Crate Mimic", 2, 2),
        ("Prize Wall Dragon", 7, 2),
        ("Starter Deck Squire", 1, 2),
        ("Tide Pool Oracle", 3, 2),
        ("Velvet Deck Box of Patience", 2, 1),
        ("Iron Deck Box of Ruin", 3, 1),
        ("Tidal Deck Box", 2, 1),
        ("Lacquered Deck Box", 1, 1),
        ("Shadowstitched Deck Box", 3, 1),
        ("Premium Deck Box", 4, 1),
        ("Lucky Sample Dice", 1, 1),
        ("Sample Card Sleeves", 1, 1),
        ("Deckwarden Demo Playmat", 2, 1),
        ("Counterfeit Trophy", 3, 1),
        ("Glowing Token Pouch", 2, 1),
        ("Foil Binder Pages", 2, 1),
        ("Judge's Whistle", 2, 1),
    ),
)

# A Store of the Commons and Uncommons' low stars only (no card above 3 stars): clashes decided
# more by the Top Card than by the reveal. For a job that wants to see that difference.
BARGAIN_BIN = Store(
    "bargain-bin",
    tuple((name, stars, copies) for name, stars, copies in SAMPLE_STORE.cards if stars <= 3),
)

STORES: dict[str, Store] = {store.name: store for store in (SAMPLE_STORE, BARGAIN_BIN)}
DEFAULT_STORE = SAMPLE_STORE.name
