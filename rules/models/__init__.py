from .formats import Format, FormatListEntry

__all__ = ["Format", "FormatListEntry"]
