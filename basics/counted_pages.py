"""Pages of a search whose match count stops early: "more than 1,000", as search sites say.

Counting every match of a broad search costs one visit to each table page holding a match
(PostgreSQL's bitmap heap scan checks every row it counts; a trigram or full-text index cannot
answer a count alone): on 100,000 cards, `o:draw` (19,000 matches) read all 4,150 pages of the
card table just to print its total. A count that stops a little past what the shown page needs
reads a few hundred (see bench/search.py and tests/catalogue/test_search_counts.py).

The count stays exact up to the cap; past it the paginator says so (`count_is_exact` False,
`count` one more than it counted to), so a page says "more than 1,000", never a made-up total.

A page holds the ids of its rows, and its reader reads the rows it shows by id (with what it
shows them with: cards.selectors.cards_for_display): the ids of a page in the catalogue's order
come from an index alone where one covers the order and the filters (cards' card_catalogue_order
includes what the privacy rule reads), where reading whole rows in that order until a page of
matches was found visited a table page per row passed over (1,018 pages for a name search).
"""

from __future__ import annotations

from functools import cached_property

from django.core.paginator import Page, Paginator

# Matches counted exactly before a search says "more than" (each page beyond it counts on).
COUNT_CAP = 1_000


class CappedCountPaginator(Paginator):
    """A Paginator whose count stops past `count_cap` matches (None: count them all).

    Call `count_through(number)` before asking for page `number`: the count then reaches far
    enough to know that page and whether one follows it, however deep it is.
    """

    def __init__(self, object_list, per_page, *, count_cap: int | None = COUNT_CAP, **kwargs):
        super().__init__(object_list, per_page, **kwargs)
        self.count_cap = count_cap

    def count_through(self, number: object) -> None:
        """Count far enough to show page `number` (an unreadable number shows the first)."""
        try:
            pages = max(int(str(number)), 1)
        except ValueError:
            pages = 1
        if self.count_cap is not None:
            self.count_cap = max(self.count_cap, pages * self.per_page)

    def count_all(self) -> None:
        """Count every match (to find the last page)."""
        self.count_cap = None

    @cached_property
    def count(self) -> int:
        """The matches, up to the cap plus one: cap + 1 means "more than the cap"."""
        if self.count_cap is None:
            return super().count
        # Unordered: the order would make the database sort every match before stopping.
        return self.object_list.order_by()[: self.count_cap + 1].count()

    def page(self, number: object) -> Page:
        """Page `number`, holding its rows' ids in order (one narrow query)."""
        page = super().page(number)
        page.object_list = list(page.object_list.values_list("pk", flat=True))
        return page

    @property
    def count_is_exact(self) -> bool:
        return self.count_cap is None or self.count <= self.count_cap

    @property
    def count_shown(self) -> int:
        """The count a page prints: exact, or the cap it passed ("more than count_shown")."""
        return self.count if self.count_is_exact else self.count - 1
