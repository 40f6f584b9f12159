"""The site's forms shared by several views, one module per part of the site (a form used by one
view only sits beside that view)."""
