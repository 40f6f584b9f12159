"""The Django side of the rules: formats from the database, the database card pool, validation."""
