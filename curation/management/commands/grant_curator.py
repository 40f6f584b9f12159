"""`manage.py grant_curator USERNAME GAME`: make a user a curator of a game (issue 36)."""

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError

from basics.errors import InvalidRequest
from curation.services import curator_grant


class Command(BaseCommand):
    help = "Make a user a curator of a game: they review its proposals and publish releases."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("game", help="a game slug, e.g. metazoo")

    def handle(self, *args, username: str, game: str, **options) -> None:
        try:
            user = User.objects.get(username=username)
        except User.DoesNotExist:
            raise CommandError(f"No user is named {username!r}.") from None
        try:
            curator = curator_grant(user=user, game=game, granted_by=None)
        except InvalidRequest as exc:
            raise CommandError(f"{exc.field} {exc.message}") from None
        self.stdout.write(f"{username} now curates {curator.game.name}.")
