"""Benchmarks: `python -m bench.<name>` (see each module's docstring)."""
