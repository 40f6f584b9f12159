"""The README stays a front page (issue 35, item 6): what Deckwarden is, the quick start, the map
and links into docs/, each link leading to a file that is there. The docs' own links are held by
`mkdocs build --strict` in `make test`; the README is outside the site, so they are checked here."""

import re

from rulebook.samples import PROJECT_ROOT

from .readme import README

MOST_LINES = 300
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative_links(text: str) -> list[str]:
    """The targets of the Markdown links that point into the repository (not a URL, not an
    anchor of the page itself), without their own anchor."""
    return [
        target.split("#", 1)[0]
        for target in _LINK.findall(text)
        if "://" not in target and not target.startswith(("#", "mailto:"))
    ]


def test_the_readme_is_a_front_page_of_at_most_300_lines():
    lines = README.read_text().splitlines()
    assert len(lines) <= MOST_LINES, f"README.md has {len(lines)} lines: move a part into docs/"


def test_every_link_of_the_readme_leads_to_a_file_that_is_there():
    targets = relative_links(README.read_text())
    assert "docs/index.md" in targets
    assert [target for target in targets if not (PROJECT_ROOT / target).exists()] == []


def test_links_are_read_as_the_reader_follows_them():
    text = "See [a](docs/a.md#part), [b](https://x.org/b.md), [c](#here) and ![d](docs/d.png)."
    assert relative_links(text) == ["docs/a.md", "docs/d.png"]
