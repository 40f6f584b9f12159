"""The deck pages: the editor, its actions, lists, comparison and playtest."""
