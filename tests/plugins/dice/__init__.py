"""Dice: a toy fifth game that lives in the tests, to prove that a game is its package plus one
registration (docs/add-a-game.md). Nothing outside tests/ names it; the tests register it
(tests/plugins/conftest.py) and find it in validation, test games and the API's schema.

A deck is 12 Die cards, each numbered 1 to 6, at most 3 copies of one. Two players take turns:
each draws the top card of their deck and either keeps its number or rolls a die instead; the
first to 15 points wins, and once both decks are spent the higher score wins (a tie is a draw).
"""
