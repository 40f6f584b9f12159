"""Deck descriptions (primers) in Markdown, rendered safely: markdown-it-py with raw HTML off
(what is typed as HTML shows as text, and javascript: links are refused), then nh3 (Ammonia)
keeps only the tags a primer needs and marks every link nofollow, in case either misses."""

from __future__ import annotations

import nh3
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table").enable("strikethrough")
ALLOWED_TAGS = {
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "s", "del", "code",
    "pre", "blockquote", "ul", "ol", "li", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip


def markdown_html(text: str) -> SafeString:
    """The HTML of a Markdown text, safe to put in a page as it is."""
    html = _MARKDOWN.render(text)
    cleaned = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}, "th": {"align"}, "td": {"align"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )
    return mark_safe(cleaned)  # cleaned by nh3 just above
