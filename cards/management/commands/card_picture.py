"""`manage.py card_picture GAME KEY FILE`: give a catalogue card its picture, checked and stored
as every upload is (cards.services.images); `--remove` takes it off. For curators with a folder
of pictures, until proposals carry them (the admin's card page does the same for one)."""

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand, CommandError

from basics.errors import InvalidRequest
from cards.models import Card
from cards.services.images import card_image_attach, card_image_store
from rulebook.registry import GAMES


class Command(BaseCommand):
    help = "Give a card its picture (a PNG, JPEG, WebP or GIF file), or take it off."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", choices=sorted(GAMES))
        parser.add_argument("key", help="The card's key within its game.")
        parser.add_argument("file", nargs="?", type=Path, help="The picture.")
        parser.add_argument("--remove", action="store_true", help="Take the card's picture off.")

    def handle(self, *args, game: str, key: str, file: Path | None, remove: bool, **options):
        card = Card.objects.filter(game__slug=game, key=key, owner__isnull=True).first()
        if card is None:
            raise CommandError(f"No {game} catalogue card has the key {key!r}.")
        if remove == (file is not None):
            raise CommandError("Give a picture file, or --remove.")
        if remove:
            card_image_attach(card=card, image=None)
            self.stdout.write(f"{card.name} has no picture now.")
            return
        try:
            upload = SimpleUploadedFile(file.name, file.read_bytes())
        except OSError as exc:
            raise CommandError(f"{file}: cannot be read: {exc.strerror}") from None
        try:
            stored = card_image_store(upload=upload)
        except InvalidRequest as refused:
            raise CommandError(f"{file}: {refused.message}") from None
        card_image_attach(card=card, image=stored)
        self.stdout.write(f"{card.name}: {stored.thumb} (thumbnail), {stored.full} (full size).")
