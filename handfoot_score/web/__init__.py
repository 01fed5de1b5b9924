"""The HTML pages people use at the card table: a blueprint per area, a module per concern."""

from flask import Flask


def register_web(app: Flask) -> None:
    """Register every area's pages, the pages' error handlers, filters and shared hooks."""
    # The modules add their routes to their area's blueprint when first imported.
    from handfoot_score.web import (  # noqa: F401
        games_setup,
        join,
        league_access,
        leagues,
        live,
        meld_calculator,
        play,
        results,
        rules_pages,
        tally,
        theme,
        views,
    )
    from handfoot_score.web.areas import AREAS
    from handfoot_score.web.errors import register_error_handlers
    from handfoot_score.web.filters import register_filters
    from handfoot_score.web.hooks import register_hooks
    from handfoot_score.web.templating import configure_templates

    for area in AREAS:
        app.register_blueprint(area)
    register_error_handlers(app)
    register_filters(app)
    configure_templates(app)
    register_hooks(app)
