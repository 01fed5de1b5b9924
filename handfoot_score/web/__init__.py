"""The HTML pages people use at the card table."""

from handfoot_score.web.views import bp

__all__ = ["bp"]
