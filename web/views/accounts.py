"""Accounts: sign up, log in and out, change password (Django's auth views; sign-up rate-limited,
failed log-ins locked out by django-axes, basics/login_lockout.py), the user's email address
and its verification link (events.email_addresses), and the user's named API tokens."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from api.throttling import SignupRateThrottle
from api.tokens import MAX_TOKENS_PER_USER, TooManyTokens, token_create, token_list, token_revoke
from events.email_addresses import (
    VerificationFailed,
    email_change,
    email_verified,
    email_verify,
    verification_send,
    verification_token,
)
from jobs.services.plays import plays_adopt
from web.forms.accounts import EmailForm, SignupForm, TokenForm
from web.scratch import adopt_scratch_decks

TOO_MANY = "Too many accounts made from your address. Try again in {minutes} minutes."


LOGIN_PAGE = {"heading": "Log in", "submit": "Log in"}
SIGNUP_PAGE = {"heading": "Sign up", "submit": "Create account"}


class LoginView(auth_views.LoginView):
    template_name = "web/accounts/login.html"
    redirect_authenticated_user = True
    extra_context = LOGIN_PAGE

    def form_valid(self, form: Any) -> HttpResponse:
        """Log in, and keep the scratch decks made before it (web.scratch)."""
        response = super().form_valid(form)
        _keep_scratch_decks(self.request, form.get_user())
        return response


def _keep_scratch_decks(request: HttpRequest, user: Any) -> None:
    """The decks and the games against the bot a visitor made before signing in stay theirs."""
    adopted = adopt_scratch_decks(request, user)
    if adopted:
        messages.success(
            request,
            f"The {adopted} deck{pluralize(adopted)} you tried {pluralize(adopted, 'is,are')} "
            "now yours: see My decks.",
        )
    plays_adopt(session=request.session, user=user)


def signup(request: HttpRequest) -> HttpResponse:
    template = "web/accounts/signup.html"
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Only accounts about to be made count: a form sent back with a typo costs nothing.
        limit = SignupRateThrottle()
        if not limit.allow_request(request, None):
            minutes = max(1, round((limit.wait() or 0) / 60))
            form.add_error(None, TOO_MANY.format(minutes=minutes))
            context = {"form": form, **SIGNUP_PAGE}
            return render(request, template, context, status=429)
        user = form.save()
        _keep_scratch_decks(request, user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if user.email:
            _send_verification(request, user)
        return redirect(_next_url(request) or "web:account")
    context = {"form": form, "next": request.GET.get("next", ""), **SIGNUP_PAGE}
    return render(request, template, context)


def _next_url(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and safe else None


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The account page: password, and the user's API tokens. A new token's key is shown in
    the answer to the POST that made it, once: only its digest is stored."""
    form = TokenForm(request.POST or None)
    new_key = ""
    if request.method == "POST" and form.is_valid():
        try:
            _, new_key = token_create(user=request.user, name=form.cleaned_data["name"])
            form = TokenForm()
        except TooManyTokens:
            form.add_error(None, f"You have {MAX_TOKENS_PER_USER} tokens; revoke one first.")
    context = {
        "form": form,
        "tokens": token_list(user=request.user),
        "new_key": new_key,
        **_email_context(request, EmailForm(initial={"email": request.user.email})),
    }
    return render(request, "web/accounts/account.html", context, status=400 if form.errors else 200)


def _email_context(request: HttpRequest, email_form: EmailForm) -> dict[str, Any]:
    return {"email_form": email_form, "email_verified": email_verified(user=request.user)}


@login_required
@require_POST
def email_update(request: HttpRequest) -> HttpResponse:
    """Set, change or clear the address (a new one is sent its verification link), or send the
    link again (`resend`)."""
    user = request.user
    if "resend" in request.POST:
        if user.email and email_verified(user=user) is None:
            _send_verification(request, user)
        return redirect("web:account")
    form = EmailForm(request.POST)
    if not form.is_valid():
        context = {
            "form": TokenForm(),
            "tokens": token_list(user=user),
            "new_key": "",
            **_email_context(request, form),
        }
        return render(request, "web/accounts/account.html", context, status=400)
    if email_change(user=user, email=form.cleaned_data["email"]):
        _send_verification(request, user)
    elif not user.email:
        messages.success(request, "Your email address is removed: no notice is sent to you.")
    return redirect("web:account")


def _send_verification(request: HttpRequest, user: Any) -> None:
    path = reverse("web:email-verify", args=[verification_token(user=user)])
    if verification_send(user=user, link=request.build_absolute_uri(path)):
        messages.success(
            request, f"We sent a link to {user.email}: follow it to confirm the address is yours."
        )
    else:
        messages.error(
            request,
            f"We could not send a link to {user.email} just now: press “Send the link again” "
            "on your account page in a few minutes.",
        )


def email_verify_view(request: HttpRequest, token: str) -> HttpResponse:
    """The link from the verification email: the address is confirmed, or a page says why not
    (400), whoever follows it (it may be opened in another browser than the one signed in)."""
    try:
        user = email_verify(token=token)
    except VerificationFailed as exc:
        context = {"heading": "This link cannot confirm an address", "problem": exc.message}
        return render(request, "web/accounts/email_verify.html", context, status=400)
    context = {"heading": "Email address confirmed", "address": user.email}
    return render(request, "web/accounts/email_verify.html", context)


@login_required
@require_POST
def token_revoke_view(request: HttpRequest, token_id: int) -> HttpResponse:
    if token_revoke(user=request.user, token_id=token_id):
        messages.success(request, "The token is revoked: requests sending it are refused.")
    else:
        messages.error(request, "You have no such token.")
    return redirect("web:account")


password_change = auth_views.PasswordChangeView.as_view(
    template_name="web/form_page.html",
    extra_context={"heading": "Change password", "submit": "Change password"},
    success_url=reverse_lazy("web:account"),
)
