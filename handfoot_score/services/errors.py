"""Mistakes in a request that are not about rules or tallies."""

from __future__ import annotations

from handfoot_score.engine.errors import EngineError


class InvalidInput(EngineError):
    """A request field that is missing or of the wrong kind (not a rule set or tally)."""
