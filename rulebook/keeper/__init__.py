"""Keeper of the Cards (11th edition): card schema, construction rules and the card builder."""
