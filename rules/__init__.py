"""Rules: the plain-Python core (rules.core and one package per game) plus the Django side.

Nothing imported by this package's __init__ may import Django: the core must load alone.
"""
