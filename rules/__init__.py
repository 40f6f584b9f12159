"""Rules: the Django app of formats and banned lists, the validation services and test-game jobs
with their Celery tasks. The rules themselves are the plain-Python `rulebook` package."""
