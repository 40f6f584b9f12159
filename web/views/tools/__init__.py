"""The tools' pages, one module per tool; each calls the service its API endpoint calls."""
