"""Jobs: test games, card tests and the deck doctor, played in chunks by Celery workers.

The app owns jobs and their chunks (models), admission (services.admission), the queue
(services.queue, tasks), the chunk life cycle and the merging of chunk results
(services.chunks), and each kind of job, declared once as a handler (kinds).
docs/architecture/jobs.md walks through it file by file. The games themselves are the
plain-Python `rulebook.simulation`; formats and deck validation are the `rules` app's.
"""
