"""CI runs the README's test commands as the README writes them, so the commands a newcomer
copies are the ones CI proves: every line of an ``sh`` block in "Test it" that runs pytest
appears word for word in ``.ci/run``."""

from __future__ import annotations

import re

from handfoot_score import PROJECT_ROOT

README = PROJECT_ROOT / "README.md"
CI = PROJECT_ROOT / ".ci" / "run"


def readme_test_commands(readme: str) -> list[str]:
    """The command lines of the "Test it" section's ``sh`` blocks that run pytest."""
    section = readme.split("\n## Test it\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.DOTALL)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()
            if "-m pytest" in line]


def test_ci_runs_the_readme_commands_word_for_word() -> None:
    commands = readme_test_commands(README.read_text(encoding="utf-8"))
    # The unit, API and page tests; the browser tests and benchmarks; PostgreSQL's pass.
    assert len(commands) >= 3, commands
    ci = CI.read_text(encoding="utf-8").replace("\\\n", "")
    ci_lines = [re.sub(r"\s+", " ", line).strip() for line in ci.splitlines()]
    # PostgreSQL's pass is the README's test command with DATABASE_URL set: CI sets it on a
    # line of its own, so a server that fails to start stops CI instead of leaving it empty.
    for command in commands:
        command = re.sub(r"^DATABASE_URL=\$\([^)]*\) ", "", command)
        assert any(line == command or line.startswith(command + " ||") for line in ci_lines), \
            f".ci/run does not run the README's {command!r}"


def test_the_commands_are_read_from_the_test_it_section() -> None:
    readme = ("## Test it\n\n```sh\na && .venv/bin/python -m pytest\n```\n\n```sh\n"
              "b  # not this\n.venv/bin/python -m pytest tests/x  # a note\n```\n"
              "## Next\n\n```sh\n.venv/bin/python -m pytest other\n```\n")
    assert readme_test_commands("\n" + readme) == [
        "a && .venv/bin/python -m pytest", ".venv/bin/python -m pytest tests/x"]
