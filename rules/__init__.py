"""Rules: the Django app of formats and banned lists and the validation services. The rules
themselves are the plain-Python `rulebook` package; test-game jobs are the `jobs` app."""
