"""The home page, the language and the light or dark theme."""
