"""Hand and Foot scorekeeper.

Importing the package loads nothing but the standard library, so the rules engine
(``handfoot_score.engine``) can be used without Flask or SQLAlchemy; ``create_app`` is
loaded from ``handfoot_score.application`` the first time it is asked for.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from handfoot_score.application import create_app

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = str(PROJECT_ROOT / "migrations")

__all__ = ["MIGRATIONS", "PROJECT_ROOT", "create_app"]


def __getattr__(name: str) -> Any:
    """Load the application factory on first use, and with it Flask and the database."""
    if name == "create_app":
        from handfoot_score.application import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
