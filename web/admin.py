"""The admin's user pages: Django's, with the sign-up form's username checks when an admin adds
a user (basics.usernames)."""

from django.contrib import admin
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AdminUserCreationForm

from basics.usernames import UnconfusableUsernameMixin


class UserCreationForm(UnconfusableUsernameMixin, AdminUserCreationForm):
    pass


class UserAdmin(auth_admin.UserAdmin):
    add_form = UserCreationForm


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UserAdmin)
