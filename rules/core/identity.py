"""Card identity: how every path compares card names and species (one function, one answer).

A name typed into the API, read from a text decklist or a card file, or stored in the database
is compared after Unicode compatibility normalisation (NFKC: a full-width or ligature letter is
the letter), case folding (`casefold`, so "STRASSE" is "Straße") and whitespace collapsing
(leading, trailing and repeated spaces, tabs and no-break spaces do not make a new name). The
CLI, the API, the importer and every ruleset call `identity`; nothing compares names otherwise.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Any


def identity(text: str) -> str:
    """The form in which two names (or species) are the same exactly when they are equal."""
    if text.isascii():  # NFKC leaves ASCII alone and casefold is lower: the common case, fast
        return " ".join(text.lower().split())
    folded = unicodedata.normalize("NFKC", text).casefold()
    # Case folding can undo a normalisation (e.g. of some Greek letters): normalise again.
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def tidy(text: str) -> str:
    """A name as people should see it: NFKC and single spaces, case kept."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def rules_identity(name: str, card_type: str, text: str, attributes: Mapping[str, Any]) -> str:
    """What makes two cards one card: the same name, type, rules text and attributes (compared
    as `identity` compares text). Keys, sets, numbers and art are never part of it, so a card
    entered twice under two keys is still one card (Neopets CR 6.7.2)."""
    return json.dumps(
        [identity(name), card_type, identity(text), attributes], sort_keys=True, default=str
    )
