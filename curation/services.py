"""Writes of curation (issue 36): granting curators, proposing cards (one, or a whole
spreadsheet), reviewing them, and publishing releases.

A proposal holds its card as a card file holds it; approving imports that little card file
through the one importer (cards.services.importer), which updates the card in place and
writes its revision (who proposed, who approved, why, from which day).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from basics.errors import InvalidRequest
from cards.cardfile.problems import CardFileError
from cards.models import Card, CardRevision, CardSet, Game
from cards.services.checking import FileProblem, UploadCheck, data_check, upload_check
from cards.services.exporter import cards_export
from cards.services.images import (
    DrawnImage,
    StoredImage,
    card_image_attach,
    card_image_draw,
    card_image_save,
)
from cards.services.importer import cards_import
from cards.services.revisions import RevisionNote
from rulebook.registry import GAMES

from .models import Curator, Proposal, Release, Upload
from .notifications import proposer_tell
from .picture_archives import pictures_read
from .selectors import is_curator, review_right


class NotAllowed(Exception):
    """The user may not do this (the API answers 403), with the reason for people."""


class CardProblems(Exception):
    """A proposal or upload refused whole; `problems` names each by row and column."""

    def __init__(self, problems: Sequence[FileProblem]) -> None:
        super().__init__(f"{len(problems)} problems")
        self.problems = list(problems)


def _game(slug: str) -> Game:
    if slug not in GAMES:
        raise InvalidRequest("game", f"must be one of {', '.join(GAMES)}; not {slug!r}")
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAMES[slug].name})
    return game


def curator_grant(*, user: User, game: str, granted_by: User | None) -> Curator:
    """Make `user` a curator of `game`. `granted_by` None is the command line (an admin at the
    server); otherwise a staff member or a curator of the game. Granting twice changes
    nothing."""
    row = _game(game)
    if granted_by is not None and not (
        granted_by.is_staff or is_curator(user=granted_by, game=game)
    ):
        raise NotAllowed(f"only an admin or a curator of {row.name} grants its curators")
    curator, _ = Curator.objects.get_or_create(
        user=user, game=row, defaults={"granted_by": granted_by}
    )
    return curator


def proposal_create(
    *,
    proposer: User,
    game: str,
    kind: str,
    card: Any,
    reason: str = "",
    sets: Sequence[Any] = (),
    effective: date | None = None,
    picture: UploadedFile | None = None,
) -> Proposal:
    """Propose a new card or a change to one (`card["key"]` names it), with its picture if
    given, checked as the importer checks a card file: CardProblems names every problem (column
    `card.text` for a sentence the game's construction grammar cannot read), InvalidRequest a
    key that does not fit the kind or a picture not accepted (`image`); nothing is stored then."""
    row = _game(game)
    if not isinstance(card, dict):
        raise InvalidRequest("card", "must be a card as a card file holds it (an object)")
    key = card.get("key") or slugify(str(card.get("name", "")))
    stored = Card.objects.filter(game=row, key=key, owner__isnull=True).exists()
    if kind == Proposal.Kind.CHANGE and not stored:
        raise InvalidRequest("card.key", f"names no {row.name} card; propose it as new")
    if kind == Proposal.Kind.NEW and stored:
        raise InvalidRequest("card.key", f"{key!r} is already a card; propose a change to it")
    checked = proposal_check(game=game, card=card, sets=sets)
    if checked.problems:
        raise CardProblems(checked.problems)
    record = checked.card_file.cards[0]
    drawn = card_image_draw(upload=picture) if picture is not None else None
    with transaction.atomic():
        proposal = Proposal.objects.create(
            game=row,
            kind=kind,
            key=record.key,
            card=record.as_data(),
            sets=_sets_named(checked, [record.as_data()]),
            reason=reason,
            effective=effective,
            proposer=proposer,
        )
        if drawn is not None:
            _picture_give(proposal, drawn)
    return proposal


def proposal_check(*, game: str, card: dict[str, Any], sets: Sequence[Any] = ()) -> UploadCheck:
    """A proposed card checked as `proposal_create` checks it, each problem named by its field
    in the request (`card.text`); writes nothing (the website's live check as one types)."""
    checked = data_check(
        data={"game": game, "sets": list(sets), "cards": [card]}, game=game, source="proposal"
    )
    return replace(checked, problems=tuple(_in_card(problem) for problem in checked.problems))


def _in_card(problem: FileProblem) -> FileProblem:
    """A proposal's problem named by its field in the request (`card.text`, `sets`)."""
    column = problem.column
    if column and not column.startswith(("sets", "game", "file")):
        column = f"card.{column}"
    return FileProblem(problem.row, column, problem.message)


def _sets_named(checked: UploadCheck, cards: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The file's sets that these cards' printings name (each kept with the proposals that
    need it, so approving them imports the set too)."""
    codes = {printing["set"] for card in cards for printing in card["printings"]}
    return [s.as_data() for s in checked.card_file.sets if s.code in codes]


def bulk_check(*, game: str, file_name: str, content: bytes) -> UploadCheck:
    """A spreadsheet (CSV with a header) or JSON card file checked whole: every problem by row
    and column, and the preview of what it would add, change and leave alone. Writes nothing."""
    _game(game)
    return upload_check(name=file_name, content=content, game=game)


def bulk_commit(
    *, proposer: User, game: str, file_name: str, content: bytes, reason: str = ""
) -> tuple[Upload, UploadCheck]:
    """Store one proposal per card the file adds or changes, all together or (CardProblems,
    every problem named) none; cards it leaves as they are need no proposal."""
    checked = bulk_check(game=game, file_name=file_name, content=content)
    if checked.problems:
        raise CardProblems(checked.problems)
    added = set(checked.preview.added)
    changed = {change.key for change in checked.preview.changed}
    row = Game.objects.get(slug=game)
    with transaction.atomic():
        upload = Upload.objects.create(
            game=row, proposer=proposer, file_name=file_name[:200], reason=reason
        )
        Proposal.objects.bulk_create(
            [
                Proposal(
                    game=row,
                    kind=Proposal.Kind.NEW if record.key in added else Proposal.Kind.CHANGE,
                    key=record.key,
                    card=(data := record.as_data()),
                    sets=_sets_named(checked, [data]),
                    reason=reason,
                    proposer=proposer,
                    upload=upload,
                )
                for record in checked.card_file.cards
                if record.key in added or record.key in changed
            ],
            batch_size=500,
        )
    return upload, checked


def proposal_approve(
    *, proposal: Proposal, reviewer: User, effective: date | None = None
) -> Proposal:
    """Approve an open proposal: its card is imported (in place for a change), with a revision
    saying who proposed and approved it and from which day it is in force (default: the
    proposal's, else today). NotAllowed unless the reviewer may review it (review_right);
    CardProblems when the catalogue has moved so that the card no longer imports."""
    _approve([proposal], reviewer, effective)
    return proposal


def upload_approve(*, upload: Upload, reviewer: User) -> int:
    """Approve every open proposal of an upload at once (one import); how many."""
    proposals = list(upload.proposals.filter(status=Proposal.Status.OPEN).select_related("game"))
    if proposals:
        _approve(proposals, reviewer, None)
    return len(proposals)


def _approve(proposals: list[Proposal], reviewer: User, effective: date | None) -> None:
    first = proposals[0]
    for proposal in {proposal.proposer_id: proposal for proposal in proposals}.values():
        _may_review(proposal, reviewer)  # the right depends on the proposer alone
    _refuse_closed(proposals)
    sets = {s["code"]: s for proposal in proposals for s in proposal.sets}
    known = set(
        CardSet.objects.filter(game=first.game, code__in=list(sets)).values_list("code", flat=True)
    )
    data = {
        "game": first.game.slug,
        "sets": [s for code, s in sets.items() if code not in known],
        "cards": [proposal.card for proposal in proposals],
    }
    note = RevisionNote(
        reason=first.reason,
        proposed_by=first.proposer,
        approved_by=reviewer,
        effective=effective or first.effective,
    )
    now = timezone.now()
    with transaction.atomic():
        try:
            cards_import(data=data, source=f"proposal {first.pk}", revision=note)
        except CardFileError as exc:
            raise CardProblems(
                [FileProblem(None, p.field, f"{p.record}: {p.message}") for p in exc.problems]
            ) from None
        _attach_images(proposals)
        for proposal in proposals:
            proposal.status = Proposal.Status.APPROVED
            proposal.reviewer = reviewer
            proposal.reviewed = now
        Proposal.objects.filter(pk__in=[proposal.pk for proposal in proposals]).update(
            status=Proposal.Status.APPROVED, reviewer=reviewer, reviewed=now
        )
    proposer_tell(proposals=proposals)


def _attach_images(proposals: list[Proposal]) -> None:
    """Each approved proposal's picture onto its card (just imported, so it is there)."""
    pictured = {p.key: p for p in proposals if p.image_thumb.name}
    if not pictured:
        return
    for card in Card.objects.filter(game=proposals[0].game, key__in=list(pictured)):
        proposal = pictured[card.key]
        image = StoredImage(thumb=proposal.image_thumb.name, full=proposal.image_full.name)
        card_image_attach(card=card, image=image)


def proposal_image_set(*, proposal: Proposal, user: User, upload: UploadedFile) -> Proposal:
    """Give an open proposal its card's picture (its proposer alone), checked and stored in two
    sizes by cards.services.images (InvalidRequest naming `image`, nothing stored, when it is
    not a picture it accepts); the card shows it once the proposal is approved."""
    if proposal.proposer_id != user.pk:
        raise NotAllowed("Only the proposer gives a proposal its picture.")
    _refuse_closed([proposal])
    _picture_give(proposal, card_image_draw(upload=upload))
    return proposal


def upload_pictures_set(*, upload: Upload, user: User, archive: UploadedFile) -> tuple[int, int]:
    """Give an upload's open proposals their pictures from a zip, each file named by its
    card's key or name (curation.picture_archives): every picture checked and drawn before any
    is stored, every problem named by the file's name (CardProblems), all or none. How many
    proposals got a picture, and how many archiver's bookkeeping files were passed over."""
    if upload.proposer_id != user.pk:
        raise NotAllowed("Only the proposer gives an upload's proposals their pictures.")
    pictures, skipped = pictures_read(archive)
    if not pictures:
        raise InvalidRequest("file", "holds no pictures")
    waiting = {p.key: p for p in upload.proposals.filter(status=Proposal.Status.OPEN)}
    problems: list[FileProblem] = []
    drawn: dict[str, tuple[Proposal, DrawnImage]] = {}
    for picture in pictures:
        proposal = waiting.get(picture.stem) or waiting.get(slugify(picture.stem))
        if proposal is None:
            message = f"names no open proposal of {upload.file_name} (name it by a card's key)"
        elif proposal.key in drawn:
            message = f"is a second picture for {proposal.key}"
        elif picture.file is None:
            message = picture.problem
        else:
            try:
                drawn[proposal.key] = (proposal, card_image_draw(upload=picture.file))
            except InvalidRequest as refused:
                problems.append(FileProblem(None, picture.name, refused.message))
            continue
        problems.append(FileProblem(None, picture.name, message))
    if problems:
        raise CardProblems(problems)
    with transaction.atomic():
        for proposal, image in drawn.values():
            _picture_give(proposal, image)
    return len(drawn), skipped


def _picture_give(proposal: Proposal, drawn: DrawnImage) -> None:
    image = card_image_save(drawn)
    proposal.image_thumb.name, proposal.image_full.name = image.thumb, image.full
    proposal.save(update_fields=["image_thumb", "image_full"])


def _may_review(proposal: Proposal, reviewer: User) -> None:
    right = review_right(user=reviewer, proposal=proposal)
    if not right.allowed:
        raise NotAllowed(right.why[0].upper() + right.why[1:] + ".")


def _refuse_closed(proposals: Iterable[Proposal]) -> None:
    for proposal in proposals:
        if proposal.status != Proposal.Status.OPEN:
            raise InvalidRequest(
                "status",
                f"is {proposal.status}; only an open proposal is reviewed or given a picture",
            )


def proposal_reject(*, proposal: Proposal, reviewer: User, reason: str) -> Proposal:
    """Reject a proposal, saying why; the proposer is told."""
    return _decline(proposal, reviewer, reason, Proposal.Status.REJECTED)


def proposal_request_changes(*, proposal: Proposal, reviewer: User, reason: str) -> Proposal:
    """Send a proposal back to its proposer with what to change; they propose it again."""
    return _decline(proposal, reviewer, reason, Proposal.Status.CHANGES_REQUESTED)


def _decline(proposal: Proposal, reviewer: User, reason: str, status: str) -> Proposal:
    _may_review(proposal, reviewer)
    _refuse_closed([proposal])
    if not reason.strip():
        raise InvalidRequest("reason", "is required: the proposer is told why")
    proposal.status = status
    proposal.reviewer = reviewer
    proposal.review_note = reason
    proposal.reviewed = timezone.now()
    proposal.save(update_fields=["status", "reviewer", "review_note", "reviewed"])
    proposer_tell(proposals=[proposal])
    return proposal


def release_publish(*, game: str, publisher: User) -> Release:
    """Publish the game's catalogue as its next numbered release (the card-file format, sample
    cards and sets marked as samples), with the changelog of the revisions of its real cards
    written since the previous release. NotAllowed unless the publisher curates the game."""
    row = _game(game)
    if not is_curator(user=publisher, game=game):
        raise NotAllowed(f"Only a curator of {row.name} publishes its releases.")
    with transaction.atomic():
        # the game's row locked, so two curators publishing at once get two numbers
        Game.objects.select_for_update().filter(pk=row.pk).first()
        previous = Release.objects.filter(game=row).order_by("-number").first()
        # The changelog is of the game's real cards: the sample cards (invented by Deckwarden,
        # loaded by load_samples) are in the file, marked as samples, but their loading is no
        # change a community made (a first release listed 84 of them as changes).
        revisions = CardRevision.objects.filter(
            card__game=row, card__owner__isnull=True, card__is_sample=False
        )
        if previous is not None:
            revisions = revisions.filter(created__gt=previous.created)
        number = (Release.objects.filter(game=row).aggregate(n=Max("number"))["n"] or 0) + 1
        return Release.objects.create(
            game=row,
            number=number,
            card_file=cards_export(game=game),
            changelog=_changelog(revisions),
            published_by=publisher,
        )


def _changelog(revisions: Any) -> list[dict[str, Any]]:
    """One line per revision, oldest first: the card, what changed, from when, and why."""
    return [
        {
            "card": revision.card.key,
            "name": revision.card.name,
            "change": "added" if _is_creation(revision) else "changed",
            "fields": sorted(revision.fields),
            "effective": revision.effective.isoformat(),
            "reason": revision.reason,
        }
        for revision in revisions.select_related("card").order_by("created", "id")
    ]


def _is_creation(revision: CardRevision) -> bool:
    return all(change.get("before") is None for change in revision.fields.values())
