"""Millennium Blades: the tournament deck's limits and the rulebook's random fix."""
