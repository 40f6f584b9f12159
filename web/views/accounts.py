"""Accounts: sign up, log in and out, change password (Django's auth views; sign-up rate-limited,
failed log-ins locked out by django-axes, basics/login_lockout.py), and the user's named
API tokens."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from api.throttling import SignupRateThrottle
from api.tokens import MAX_TOKENS_PER_USER, TooManyTokens, token_create, token_list, token_revoke
from web.forms.accounts import SignupForm, TokenForm
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
    adopted = adopt_scratch_decks(request, user)
    if adopted:
        messages.success(
            request,
            f"The {adopted} deck{pluralize(adopted)} you tried {pluralize(adopted, 'is,are')} "
            "now yours: see My decks.",
        )


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
    context = {"form": form, "tokens": token_list(user=request.user), "new_key": new_key}
    return render(request, "web/accounts/account.html", context, status=400 if form.errors else 200)


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
