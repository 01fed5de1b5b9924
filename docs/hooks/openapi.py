"""Before the documentation is built, the JSON API's OpenAPI description is written beside
its page (docs/api/openapi.json, not committed), as the app serves it: the page renders it
(neoteroi's OAD), and the site offers it to download, so neither can drift from the code."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from handfoot_score.api.openapi import DESCRIPTION  # noqa: E402


def on_pre_build(config: Any) -> None:
    target = Path(config["docs_dir"]) / "api" / "openapi.json"
    target.write_text(json.dumps(DESCRIPTION, indent=2) + "\n", encoding="utf-8")
