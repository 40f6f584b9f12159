"""The curation website (issue 36): contributing cards (one by one with the rules' readouts live,
or a spreadsheet checked whole), the curators' review queue, one's own proposals, and releases.

Thin views over curation.selectors (reads, through the one rule that takes the requesting user)
and curation.services (writes), as the API's are: a page refuses what the API refuses, in the
same words. Reviewing a game's proposals takes a curator of it (the 403 page otherwise).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from basics.clients import client_address
from basics.errors import InvalidRequest
from cards import selectors as card_selectors
from cards.models import Card, Game
from cards.selectors import catalogue_names
from cards.services.checking import FileProblem
from curation import selectors, services
from curation.models import Proposal, Upload
from jobs.services.admission import DecksIllegal, SubmitLater
from jobs.services.test_games import card_in_a_sample_deck, simulation_create
from rulebook.core.cards import CardInfo
from rulebook.core.game import GameSpec
from rulebook.registry import GAMES
from rulebook.simulation import JobKind
from web.forms.curation import PicturesForm, ProposalForm, UploadForm

QUEUE_PAGE = 20
TRY_GAMES = 20  # a short card test: a first look, not a verdict
PREVIEW_SHOWN = 50  # rows of each preview list shown; the counts say the rest


def _spec(game: str) -> GameSpec:
    if game not in GAMES:
        raise Http404("No such game")
    return GAMES[game]


def contribute(request: HttpRequest) -> HttpResponse:
    """Where a game's community brings its cards: each game's ways in, and the releases."""
    curated = set()
    if request.user.is_authenticated:
        curated = {slug for slug in GAMES if selectors.is_curator(user=request.user, game=slug)}
    games = [{"spec": spec, "curates": spec.slug in curated} for spec in GAMES.values()]
    return render(request, "web/curation/contribute.html", {"games": games})


# --- one card ---------------------------------------------------------------------------------


def _correcting(request: HttpRequest, game: str) -> Card | None:
    """The catalogue card a correction is for (`?key=` or the form's `key`), or None."""
    key = request.POST.get("key") or request.GET.get("key")
    if not key:
        return None
    card = card_selectors.catalogue_card(game=game, key=key)
    if card is None:
        raise Http404("No catalogue card has this key")
    return card


def _sent_back(request: HttpRequest, game: str) -> Proposal | None:
    """The user's own proposal (`?again=<id>`) a curator sent back, to propose again changed."""
    number = request.GET.get("again", "")
    if not number.isdigit():
        return None
    mine = selectors.proposals_visible(user=request.user, game=game).filter(
        proposer_id=request.user.pk
    )
    return mine.filter(pk=int(number)).first()


def _stored_card(card: Card) -> dict[str, Any]:
    printing = card.printings.select_related("set").order_by("set__code", "number").first()
    return {
        "name": card.name,
        "type": card.type,
        "text": card.text,
        "attributes": card.attributes,
        "printings": [
            {"set": printing.set.code, "number": printing.number, "rarity": printing.rarity}
        ]
        if printing
        else [],
    }


def _proposed_card(form: ProposalForm, correcting: Card | None) -> dict[str, Any]:
    card = form.card(key=correcting.key if correcting else "")
    if correcting is not None:
        card["sample"] = correcting.is_sample  # a correction keeps the card's sample mark
    return card


@login_required
def propose(request: HttpRequest, game: str) -> HttpResponse:
    """Propose a new card, or (`?key=`) a correction of one: the game's card schema as a form,
    the readouts following the typing (`propose_readout`), stored as an open proposal."""
    spec = _spec(game)
    correcting = _correcting(request, game)
    if request.method != "POST":
        again = _sent_back(request, game)
        start = again.card if again else _stored_card(correcting) if correcting else None
        initial = ProposalForm.initial_from(start, spec) if start else None
        form = ProposalForm(initial=initial, spec=spec, correcting=correcting is not None)
        return _propose_page(request, form, spec, correcting)
    form = ProposalForm(request.POST, request.FILES, spec=spec, correcting=correcting is not None)
    if form.is_valid():
        try:
            proposal = services.proposal_create(
                proposer=request.user,
                game=game,
                kind=Proposal.Kind.CHANGE if correcting else Proposal.Kind.NEW,
                card=_proposed_card(form, correcting),
                reason=form.cleaned_data["reason"],
                effective=form.cleaned_data.get("effective"),
                picture=form.cleaned_data.get("picture"),
            )
        except services.CardProblems as refused:
            for problem in refused.problems:
                form.add_error(form.field_for(problem.column), problem.message)
        except InvalidRequest as refused:
            form.add_error(form.field_for(refused.field), refused.message)
        else:
            messages.success(
                request,
                f"Proposed {proposal.card['name']}: a curator of {spec.name} reviews it next.",
            )
            return redirect("web:my-proposals")
    return _propose_page(request, form, spec, correcting, status=400)


def _propose_page(
    request: HttpRequest,
    form: ProposalForm,
    spec: GameSpec,
    correcting: Card | None,
    status: int = 200,
) -> HttpResponse:
    context = {"form": form, "spec": spec, "correcting": correcting}
    context.update(_readout(form, spec, correcting))
    return render(request, "web/curation/propose.html", context, status=status)


def propose_readout(request: HttpRequest, game: str) -> HttpResponse:
    """The readout panel alone, for htmx as the user types: what the game's grammar reads from
    the card (construction) and what its engine plays (effects), from the readout the API
    answers with, and the problems the proposal would be refused for."""
    spec = _spec(game)
    correcting = _correcting(request, game)
    form = ProposalForm(request.POST or None, spec=spec, correcting=correcting is not None)
    return render(request, "web/curation/readout.html", _readout(form, spec, correcting))


def _readout(form: ProposalForm, spec: GameSpec, correcting: Card | None) -> dict[str, Any]:
    if not form.is_bound and correcting is None:
        return {"readout": None, "problems": []}
    if form.is_bound and not form.is_valid():
        problems = [
            FileProblem(None, str(form[name].label if name in form.fields else ""), error)
            for name, errors in form.errors.items()
            for error in errors
        ]
        return {"readout": None, "problems": problems}
    card = _stored_card(correcting) if not form.is_bound else _proposed_card(form, correcting)
    if correcting is not None:
        card["key"] = correcting.key
    checked = services.proposal_check(game=spec.slug, card=card)
    key = card.get("key") or slugify(card["name"]) or "draft"
    draft = Proposal(game=Game(slug=spec.slug, name=spec.name), key=key, card=card)
    return {
        "readout": selectors.proposal_readout(proposal=draft),
        "problems": checked.problems,
    }


# --- a spreadsheet ------------------------------------------------------------------------------


@login_required
def upload(request: HttpRequest) -> HttpResponse:
    """Upload a spreadsheet or card file: "Check" shows every problem by row and column and what
    it would add, change and leave alone, storing nothing; once it has no problems, "Submit N
    proposals" stores one proposal per card it adds or changes (the file is sent back with it)."""
    if request.method != "POST":
        form = UploadForm(initial={"game": request.GET.get("game", "")})
        return render(request, "web/curation/upload.html", {"form": form})
    if request.POST.get("action") == "submit":
        return _upload_submit(request)
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "web/curation/upload.html", {"form": form}, status=400)
    game, upload_file = form.cleaned_data["game"], form.cleaned_data["file"]
    content = upload_file.read()
    checked = services.bulk_check(game=game, file_name=upload_file.name, content=content)
    context = {
        "form": form,
        "checked": checked,
        # by row, as the spreadsheet reads (problems of the whole file first)
        "problems": sorted(checked.problems, key=lambda p: (p.row or 0, p.column)),
        "game": GAMES[game],
        "file_name": upload_file.name,
        "content": base64.b64encode(content).decode("ascii"),
        "reason": form.cleaned_data["reason"],
        "proposals": len(checked.preview.added) + len(checked.preview.changed),
        "shown": PREVIEW_SHOWN,
        "changed_more": max(0, len(checked.preview.changed) - PREVIEW_SHOWN),
    }
    return render(
        request, "web/curation/upload.html", context, status=400 if checked.problems else 200
    )


def _upload_submit(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game", "")
    try:
        content = base64.b64decode(request.POST.get("content", ""), validate=True)
    except (binascii.Error, ValueError):
        content = b""
    try:
        stored, _ = services.bulk_commit(
            proposer=request.user,
            game=game,
            file_name=request.POST.get("file_name", "upload.csv") or "upload.csv",
            content=content,
            reason=request.POST.get("reason", ""),
        )
    except (services.CardProblems, InvalidRequest):
        messages.error(request, "The file changed or has problems: check it again.")
        return redirect(f"{reverse('web:proposal-upload')}?game={game if game in GAMES else ''}")
    count = stored.proposals.count()
    messages.success(
        request,
        f"Submitted {count} proposal{'s' if count != 1 else ''} from {stored.file_name}: "
        f"a curator of {stored.game.name} reviews them next.",
    )
    return redirect("web:my-proposals")


# --- one's own proposals --------------------------------------------------------------------------


@login_required
def my_proposals(
    request: HttpRequest,
    problems: list[FileProblem] | None = None,
    problems_of: Upload | None = None,
) -> HttpResponse:
    """The user's own proposals, newest first, with what became of each and why; and their
    uploads still open, each taking a zip of its pictures (`problems`: those of one refused)."""
    mine = (
        selectors.proposals_visible(user=request.user)
        .filter(proposer_id=request.user.pk)
        .select_related("upload")
        .order_by("-created", "-id")
    )
    page = Paginator(mine, QUEUE_PAGE).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "uploads": selectors.uploads_waiting(user=request.user),
        "pictures_form": PicturesForm(),
        "problems": problems,
        "problems_of": problems_of,
    }
    return render(request, "web/curation/mine.html", context, status=400 if problems else 200)


@login_required
@require_POST
def proposal_picture(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """Give one of one's open proposals its card's picture."""
    proposal = selectors.proposals_visible(user=request.user).filter(pk=proposal_id).first()
    if proposal is None:
        raise Http404("No proposal you may read has this id")
    picture = request.FILES.get("image")
    name = proposal.card["name"]
    try:
        if picture is None:
            raise InvalidRequest("image", "is missing: choose a picture file")
        services.proposal_image_set(proposal=proposal, user=request.user, upload=picture)
    except services.NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    except InvalidRequest as refused:
        messages.error(request, f"{name}'s picture was not added: it {refused.message}.")
    else:
        messages.success(request, f"{name} has its picture; it shows once the card is approved.")
    return redirect("web:my-proposals")


@login_required
@require_POST
def upload_pictures(request: HttpRequest, upload_id: int) -> HttpResponse:
    """Give an upload's open proposals their pictures from one zip: every problem listed at
    once, and nothing stored unless there is none."""
    found = selectors.uploads_waiting(user=request.user).filter(pk=upload_id).first()
    if found is None:
        raise Http404("No upload of yours with open proposals has this id")
    form = PicturesForm(request.POST, request.FILES)
    if not form.is_valid():
        problems = [FileProblem(None, "file", "is missing: choose a zip of pictures")]
        return my_proposals(request, problems=problems, problems_of=found)
    try:
        pictured, skipped = services.upload_pictures_set(
            upload=found, user=request.user, archive=form.cleaned_data["file"]
        )
    except services.CardProblems as refused:
        return my_proposals(request, problems=refused.problems, problems_of=found)
    except InvalidRequest as refused:
        problems = [FileProblem(None, refused.field, refused.message)]
        return my_proposals(request, problems=problems, problems_of=found)
    passed = f" ({skipped} archiver's bookkeeping file{'s' if skipped != 1 else ''} passed over)"
    messages.success(
        request,
        f"Added {pictured} picture{'s' if pictured != 1 else ''} to {found.file_name}"
        f"{passed if skipped else ''}: they show once the cards are approved.",
    )
    return redirect("web:my-proposals")


# --- review ---------------------------------------------------------------------------------------


def _curator_of(request: HttpRequest, game: str) -> GameSpec:
    spec = _spec(game)
    if not selectors.is_curator(user=request.user, game=game):
        raise PermissionDenied(f"Only a curator of {spec.name} reviews its proposals.")
    return spec


@login_required
def review_queue(request: HttpRequest, game: str) -> HttpResponse:
    """A curator's queue for one game: open proposals oldest first, each with its diff against
    the stored card, the readouts and the review buttons; each upload approvable whole."""
    spec = _curator_of(request, game)
    queue = selectors.proposals_visible(user=request.user, game=game, status=Proposal.Status.OPEN)
    page = Paginator(queue, QUEUE_PAGE).get_page(request.GET.get("page"))
    proposals = _review_items(request, game, list(page.object_list))
    uploads = (
        Upload.objects.filter(game__slug=game, proposals__status=Proposal.Status.OPEN)
        .annotate(open=Count("proposals", filter=Q(proposals__status=Proposal.Status.OPEN)))
        .select_related("proposer")
        .order_by("created")
    )
    context = {
        "spec": spec,
        "page": page,
        "proposals": proposals,
        "uploads": uploads,
        "only_curator": selectors.curator_count(game=game) == 1,
    }
    return render(request, "web/curation/queue.html", context)


def _review_items(request: HttpRequest, game: str, page: list[Proposal]) -> list[dict[str, Any]]:
    """Each proposal of a page with its diff, readouts and the reviewer's right to review it,
    the game's names, the stored cards and each proposer's right read once for the page."""
    names = catalogue_names(game=game)
    stored = selectors.proposals_stored_cards(proposals=page)
    rights: dict[int, selectors.ReviewRight] = {}  # one proposer's proposals share one right
    items = []
    for proposal in page:
        if proposal.proposer_id not in rights:
            rights[proposal.proposer_id] = selectors.review_right(
                user=request.user, proposal=proposal
            )
        items.append(
            {
                "proposal": proposal,
                "diff": selectors.proposal_diff(proposal=proposal, stored=stored),
                "readout": selectors.proposal_readout(proposal=proposal, known_names=names),
                "right": rights[proposal.proposer_id],
            }
        )
    return items


@login_required
@require_POST
def review(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """Approve, reject (with a reason) or send back for changes one proposal."""
    try:
        proposal = selectors.proposal_get(user=request.user, proposal_id=proposal_id)
    except Proposal.DoesNotExist:
        raise Http404("No proposal you may read has this id") from None
    _curator_of(request, proposal.game.slug)
    action, reason = request.POST.get("action"), request.POST.get("reason", "")
    name = proposal.card.get("name", proposal.key)
    try:
        if action == "approve":
            services.proposal_approve(proposal=proposal, reviewer=request.user)
            messages.success(request, f"Approved {name}.")
        elif action == "reject":
            services.proposal_reject(proposal=proposal, reviewer=request.user, reason=reason)
            messages.success(request, f"Rejected {name}; the proposer is told why.")
        elif action == "changes":
            services.proposal_request_changes(
                proposal=proposal, reviewer=request.user, reason=reason
            )
            messages.success(request, f"Sent {name} back for changes; the proposer is told.")
        else:
            messages.error(request, "Choose approve, reject or ask for changes.")
    except services.NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    except InvalidRequest as refused:
        messages.error(request, f"{name} was not reviewed: {refused.field} {refused.message}")
    except services.CardProblems as refused:
        said = "; ".join(problem.message for problem in refused.problems)
        messages.error(request, f"{name} no longer imports: {said}")
    return redirect("web:review-queue", game=proposal.game.slug)


@login_required
@require_POST
def proposal_try(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """ "Try it": a short card test (the test-games tool's, as "Test this card" runs it): a
    sample deck holding the proposed card, in place of a card of its type (or, for a correction
    of a card the deck holds, in its place), and the deck as it is, each play another sample
    deck on the same seeds; the job page shows the difference the card makes."""
    try:
        proposal = selectors.proposal_get(user=request.user, proposal_id=proposal_id)
    except Proposal.DoesNotExist:
        raise Http404("No proposal you may read has this id") from None
    game = proposal.game.slug
    _curator_of(request, game)
    card = proposal.card
    try:
        decks = card_in_a_sample_deck(game=game, name=card["name"], card_type=card["type"])
        job = simulation_create(
            owner=request.user,
            game=game,
            kind=JobKind.CARD_TEST,
            decks=decks,
            cards=[[_card_info(proposal)], [], []],
            games=TRY_GAMES,
            address=client_address(request),
        )
    except (InvalidRequest, DecksIllegal, SubmitLater) as refused:
        said = refused.message if isinstance(refused, InvalidRequest) else str(refused)
        messages.error(request, f"{card.get('name', proposal.key)} could not be tried: {said}")
        return redirect("web:review-queue", game=game)
    return redirect("tools:test-game", job_id=job.pk)


def _card_info(proposal: Proposal) -> CardInfo:
    card = proposal.card
    return CardInfo(
        proposal.key, card["name"], card["type"], card.get("text", ""), card["attributes"]
    )


@login_required
@require_POST
def upload_approve(request: HttpRequest, upload_id: int) -> HttpResponse:
    """Approve every open proposal of an upload at once (a curator of its game)."""
    found = Upload.objects.select_related("game").filter(pk=upload_id).first()
    if found is None:
        raise Http404("No such upload")
    _curator_of(request, found.game.slug)
    try:
        approved = services.upload_approve(upload=found, reviewer=request.user)
    except services.NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    except services.CardProblems as refused:
        said = "; ".join(problem.message for problem in refused.problems[:5])
        messages.error(request, f"{found.file_name} was not approved: {said}")
    else:
        messages.success(request, f"Approved {approved} proposals from {found.file_name}.")
    return redirect("web:review-queue", game=found.game.slug)


@login_required
@require_POST
def curator_add(request: HttpRequest, game: str) -> HttpResponse:
    """Make another user a curator of the game (a curator of it, or an admin)."""
    spec = _spec(game)
    username = request.POST.get("username", "").strip()
    user = User.objects.filter(username=username).first()
    if user is None:
        messages.error(request, f"No user is named {username!r}.")
        return redirect("web:review-queue", game=game)
    try:
        services.curator_grant(user=user, game=game, granted_by=request.user)
    except services.NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    messages.success(request, f"{user.get_username()} now curates {spec.name}.")
    return redirect("web:review-queue", game=game)


# --- releases -------------------------------------------------------------------------------------


def releases(request: HttpRequest) -> HttpResponse:
    """Every game's published releases, newest first, with changelog and download; a curator
    publishes the next one here."""
    curated: list[GameSpec] = []
    if request.user.is_authenticated:
        curated = [
            s for s in GAMES.values() if selectors.is_curator(user=request.user, game=s.slug)
        ]
    return render(
        request,
        "web/curation/releases.html",
        {
            "releases": selectors.release_list().select_related("published_by"),
            "curated": curated,
        },
    )


@login_required
@require_POST
def release_publish(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game", "")
    spec = _spec(game)
    try:
        release = services.release_publish(game=game, publisher=request.user)
    except services.NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    messages.success(
        request,
        f"Published {spec.name} release {release.number} "
        f"({len(release.changelog)} changes since the last).",
    )
    return redirect("web:releases")
