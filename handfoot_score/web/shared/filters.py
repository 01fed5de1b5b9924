"""What every template may use, registered for the whole app in one place: the filters that
write points and figures, the join link, and the chosen theme."""

import json

from flask import Flask

from handfoot_score.languages.i18n import say
from handfoot_score.web.shared.formats import (
    day,
    deduction,
    percent,
    points,
    signed_points,
    tenths,
    time_ago,
    whole_points,
)
from handfoot_score.web.shared.join_links import join_link
from handfoot_score.web.shared.themes import theme_context


def register_filters(app: Flask) -> None:
    """Give the templates their filters, globals and the theme."""
    for name, write in (("points", points), ("signed_points", signed_points),
                        ("deduction", deduction), ("time_ago", time_ago), ("tenths", tenths),
                        ("whole_points", whole_points), ("day", day), ("percent", percent)):
        app.add_template_filter(write, name)
    # A message flashed as JSON ("Round 4 recorded" with its Undo), read back as its values.
    app.add_template_filter(json.loads, "from_json")
    app.add_template_global(join_link)
    # A problem of the engine or the services, in the page's language.
    app.add_template_global(say)
    app.context_processor(theme_context)
