"""Accounts: sign up, log in and out, change password (Django's auth views), rate-limited."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme

from web.ratelimit import LOGIN_ATTEMPTS, SIGNUP_ATTEMPTS, AttemptLimit

TOO_MANY = "Too many attempts from your address. Wait a few minutes and try again."


def _refused(request: HttpRequest, template: str, form: Any) -> HttpResponse:
    form.add_error(None, TOO_MANY)
    return render(request, template, {"form": form}, status=429)


class LoginView(auth_views.LoginView):
    template_name = "web/accounts/login.html"
    redirect_authenticated_user = True
    limit: AttemptLimit = LOGIN_ATTEMPTS

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not self.limit.allows(request):
            return _refused(request, self.template_name, self.get_form())
        return super().post(request, *args, **kwargs)


def signup(request: HttpRequest) -> HttpResponse:
    template = "web/accounts/signup.html"
    form = UserCreationForm(request.POST or None)
    if request.method == "POST":
        if not SIGNUP_ATTEMPTS.allows(request):
            return _refused(request, template, form)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(_next_url(request) or "web:account")
    return render(request, template, {"form": form, "next": request.GET.get("next", "")})


def _next_url(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if target and safe else None


@login_required
def account(request: HttpRequest) -> HttpResponse:
    return render(request, "web/accounts/account.html")


password_change = auth_views.PasswordChangeView.as_view(
    template_name="web/accounts/password_change.html",
    success_url=reverse_lazy("web:account"),
)
