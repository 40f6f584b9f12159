"""Neopets Battledome TCG: card schema, deck construction and the game engine."""
