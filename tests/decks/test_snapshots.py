"""Snapshot content hashes and diffs: plain functions, no database."""

from hypothesis import given
from hypothesis import strategies as st

from decks.diff import snapshot_diff
from decks.snapshots import SnapshotEntry, content_hash, snapshot_build

HOT_DOG = SnapshotEntry("hot-dog", "Hot Dog", 2)
HOT_DOG_PRINTED = SnapshotEntry("hot-dog", "Hot Dog", 1, set="SMP", number="001")
POTION = SnapshotEntry("healing-potion", "Healing Potion", 1)


def snapshot(main, name="Kau Rush", format=None, **sections):
    return snapshot_build(name=name, format=format, sections={"main": main, **sections})


def test_it_hashes_the_same_contents_the_same_whatever_the_entry_order():
    assert content_hash(snapshot([HOT_DOG, POTION])) == content_hash(snapshot([POTION, HOT_DOG]))


def test_it_ignores_empty_sections_and_card_display_names():
    renamed = SnapshotEntry("hot-dog", "Hot Dog (renamed)", 2)
    assert content_hash(snapshot([HOT_DOG], neopets=[])) == content_hash(snapshot([renamed]))


def test_it_is_a_sha256_hex_digest_that_does_not_change_between_runs():
    digest = content_hash(snapshot([HOT_DOG]))
    assert len(digest) == 64
    assert digest == content_hash(snapshot([SnapshotEntry("hot-dog", "Hot Dog", 2)]))


def test_it_hashes_differently_when_quantity_printing_section_name_or_format_differ():
    base = content_hash(snapshot([HOT_DOG]))
    others = [
        snapshot([SnapshotEntry("hot-dog", "Hot Dog", 3)]),
        snapshot([SnapshotEntry("hot-dog", "Hot Dog", 2, set="SMP", number="001")]),
        snapshot([], rainbow_pool=[HOT_DOG]),
        snapshot([HOT_DOG], name="Kau Rush 2"),
        snapshot([HOT_DOG], format="standard"),
    ]
    hashes = {content_hash(other) for other in others}
    assert base not in hashes
    assert len(hashes) == len(others)


def test_it_keeps_the_entry_order_and_printing_in_the_snapshot():
    assert snapshot([POTION, HOT_DOG_PRINTED])["sections"]["main"] == [
        {"key": "healing-potion", "name": "Healing Potion", "quantity": 1},
        {"key": "hot-dog", "name": "Hot Dog", "quantity": 1, "set": "SMP", "number": "001"},
    ]


def test_it_diffs_added_removed_and_changed_entries_per_section():
    old = snapshot([HOT_DOG, POTION], neopets=[])
    new = snapshot(
        [SnapshotEntry("hot-dog", "Hot Dog", 3), HOT_DOG_PRINTED],
        neopets=[SnapshotEntry("red-kau", "Red Kau", 1)],
        name="Kau Rush 2",
    )
    diff = snapshot_diff(old, new)
    assert diff["name"] == {"from": "Kau Rush", "to": "Kau Rush 2"}
    assert "format" not in diff
    assert diff["sections"]["main"] == {
        "added": [
            {"key": "hot-dog", "name": "Hot Dog", "set": "SMP", "number": "001", "quantity": 1}
        ],
        "removed": [{"key": "healing-potion", "name": "Healing Potion", "quantity": 1}],
        "changed": [{"key": "hot-dog", "name": "Hot Dog", "from": 2, "to": 3}],
    }
    assert diff["sections"]["neopets"]["added"] == [
        {"key": "red-kau", "name": "Red Kau", "quantity": 1}
    ]


def test_it_diffs_a_snapshot_with_itself_as_no_change():
    same = snapshot([HOT_DOG, POTION], neopets=[])
    diff = snapshot_diff(same, same)
    assert diff == {
        "sections": {
            slug: {"added": [], "removed": [], "changed": []} for slug in ("main", "neopets")
        }
    }


_entries = st.lists(
    st.builds(
        SnapshotEntry,
        key=st.sampled_from(["hot-dog", "red-kau", "healing-potion", "wooden-sword"]),
        name=st.just("Any"),
        quantity=st.integers(1, 999),
    ),
    max_size=8,
)


@given(main=_entries, seed=st.randoms(use_true_random=False))
def test_it_hashes_every_order_of_the_same_entries_alike(main, seed):
    shuffled = list(main)
    seed.shuffle(shuffled)
    assert content_hash(snapshot(main)) == content_hash(snapshot(shuffled))
