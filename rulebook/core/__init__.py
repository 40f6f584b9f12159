"""The rules core: plain Python, standard library only, no Django."""
