"""Stored decks, their entries by section and immutable version snapshots."""
