"""The HTML pages people use at the card table: a module per page or concern, each page
module a blueprint of its own that ``create_app`` registers by name."""

from flask import Flask

from handfoot_score.web.shared.errors import register_error_handlers
from handfoot_score.web.shared.filters import register_filters
from handfoot_score.web.shared.hooks import register_hooks
from handfoot_score.web.shared.templating import configure_templates


def register_web(app: Flask) -> None:
    """Register what every page shares: the pages' error handlers, filters and hooks."""
    register_error_handlers(app)
    register_filters(app)
    configure_templates(app)
    register_hooks(app)
