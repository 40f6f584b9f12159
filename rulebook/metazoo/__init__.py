"""MetaZoo (2023 rulebook): Page schema and Spellbook/Archive construction rules."""
