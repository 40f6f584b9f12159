"""The small shared basics every app may use and none owns: settings helpers, the error shape,
ids, CSV files, chunked lookups, the client's address, the cache backend and sessions, the
middleware that guards every request (NUL characters, log-in lock-out) and the health probes.
They import no app of the project: only the rules library, Django and its libraries."""
