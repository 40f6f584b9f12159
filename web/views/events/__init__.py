"""The events pages under /events/, by who uses them (organiser, player, roster, standings,
downloads); each calls the events services and selectors the API (api/events/) calls."""
