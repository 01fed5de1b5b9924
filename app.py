"""Entry point for ``flask --app app run`` and WSGI servers."""

from handfoot_score import create_app

app = create_app()
