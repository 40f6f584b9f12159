"""The tools' index: what each tool does, one link each."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "web/tools/index.html")
