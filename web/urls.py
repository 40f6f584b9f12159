"""The website's pages. Each feature's views live in their own module under web/views/; another
app's pages are mounted here with one include line each (e.g. `path("tools/", include(...))`)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from .views import accounts, home

app_name = "web"

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", accounts.password_change, name="password-change"),
]
