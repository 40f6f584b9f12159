"""The public sample decks: every `<name>.txt` of each registered game's sample decks
(rulebook/<game>/sample_decks/ for a shipped game: the decks the engines' tests, the benchmarks
and the test-games page play), stored as public decks of one owner, so that a first visit has
decks to open, playtest and copy.

Generic over games: the registry says where each game's sample decks are
(rulebook.samples.SAMPLES), so a game registered later is picked up with no change here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from cards.models import Game
from rulebook.samples import SAMPLES, SampleDecks

from . import services
from .contents import stored_lines
from .models import Deck
from .resolution import DeckLine, InvalidEntries, entries_resolve

# Their owner: a user no one logs in as (inactive, no usable password), named for what it is.
SAMPLE_OWNER = "samples"


@dataclass
class SampleDecksLoaded:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    # decks whose list cannot be read or names cards not loaded ("neopets/strong: …")
    skipped: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        counts = f"created {self.created}, updated {self.updated}, unchanged {self.unchanged}"
        return counts + (f", skipped {len(self.skipped)}" if self.skipped else "")


def sample_deck_folders() -> list[tuple[Game, SampleDecks]]:
    """Each stored game that ships sample decks, with them."""
    found = []
    for game in Game.objects.filter(slug__in=list(SAMPLES)).order_by("slug"):
        decks = SAMPLES[game.slug]
        if decks.names():
            found.append((game, decks))
    return found


def sample_owner() -> AbstractBaseUser:
    owner, created = get_user_model().objects.get_or_create(
        username=SAMPLE_OWNER, defaults={"is_active": False}
    )
    if created:
        owner.set_unusable_password()
        owner.save(update_fields=["password"])
    return owner


def sample_decks_load() -> SampleDecksLoaded:
    """Store every sample deck as a public deck of SAMPLE_OWNER, named "<Name> (sample)";
    idempotent (a deck whose list has not changed is left as it is; a changed one gets a new
    version). A deck whose list cannot be read, or names a card not loaded (a card file
    loaded alone), is skipped and said; the others are stored in one transaction."""
    loaded = SampleDecksLoaded()
    with transaction.atomic():
        owner = sample_owner()
        for game, decks in sample_deck_folders():
            for name in decks.names():
                _store(owner, game, decks, name, loaded)
    return loaded


def _store(
    owner: AbstractBaseUser, game: Game, decks: SampleDecks, name: str, loaded: SampleDecksLoaded
) -> None:
    title = f"{name.replace('_', ' ').capitalize()} (sample)"
    try:
        lines = entries_resolve(game=game, refs=decks.entries(name))
    except (ValueError, InvalidEntries) as problem:
        loaded.skipped.append(f"{game.slug}/{name}: {_said(problem)}")
        return
    description = (
        f"A sample deck shipped with Deckwarden (`{_shown(decks)}/{name}.txt`): one the game "
        "engine's tests and benchmarks play. Its cards are sample data. Open it in the editor, "
        "playtest it, or use it in test games."
    )
    deck = Deck.objects.filter(owner=owner, game=game, name=title).first()
    if deck is None:
        services.deck_create(
            owner=owner,
            game=game,
            name=title,
            lines=lines,
            description=description,
            visibility=Deck.Visibility.PUBLIC,
        )
        loaded.created += 1
        return
    stored = (deck.description, deck.visibility, _contents(stored_lines(deck)))
    if stored == (description, Deck.Visibility.PUBLIC, _contents(lines)):
        loaded.unchanged += 1
        return
    sections = {
        slug: [line for line in lines if line.section == slug] for slug in game.spec.section_slugs
    }
    changes = services.DeckChanges(
        description=description, visibility=Deck.Visibility.PUBLIC, sections=sections
    )
    services.deck_update(deck=deck, expected_revision=None, changes=changes)
    loaded.updated += 1


def _shown(decks: SampleDecks) -> str:
    """The sample decks' folder as the description names it: from the project's root
    (rulebook/keeper/sample_decks) when it is in the project, else its own name."""
    folder = decks.folder.resolve()
    root = Path(__file__).resolve().parent.parent
    return folder.relative_to(root).as_posix() if folder.is_relative_to(root) else folder.name


def _contents(lines: list[DeckLine]) -> list[tuple]:
    """Lines as comparable values, in no particular order (the store keeps its own)."""
    return sorted(
        (line.section, line.card.pk, line.printing.pk if line.printing else 0, line.quantity)
        for line in lines
    )


def _said(problem: ValueError | InvalidEntries) -> str:
    if isinstance(problem, InvalidEntries):
        return "; ".join(p.message for p in problem.problems[:3])
    return str(problem)
