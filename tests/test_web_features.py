"""Each page feature stands alone: ``handfoot_score/web/<feature>/`` imports no other feature,
only ``web/shared/`` (what two features share lives there), so one folder is all a feature is.

The imports are read as ``test_import_cycles`` reads them (from the syntax tree, imports
inside functions too). ``web/__init__.py`` wires the features to the app and may import them;
``web/shared/`` imports no feature at all."""

from __future__ import annotations

from pathlib import Path

from tests.test_import_cycles import imported_by, module_names

WEB = "handfoot_score.web"
SHARED = f"{WEB}.shared"


def feature_of(name: str) -> str | None:
    """The web package a module lies in (``counting`` for ``web.counting.routes``), None for
    ``web`` itself."""
    parts = name.removeprefix(f"{WEB}.").split(".")
    return None if name == WEB or not name.startswith(f"{WEB}.") else parts[0]


def crossings() -> list[str]:
    """Each import by a module of one web package of a module of another, but for shared."""
    modules = module_names()
    found = []
    for name, path in sorted(modules.items()):
        home = feature_of(name)
        if home is None:
            continue
        for target in sorted(imported_by(name, path, modules)):
            there = feature_of(target)
            # A module of another feature names its package too: say the module alone.
            if there not in (None, home, "shared") and target != f"{WEB}.{there}":
                found.append(f"{name} imports {target}")
    return found


def test_no_feature_imports_another_feature() -> None:
    found = crossings()
    assert not found, "\n".join(found)


def test_every_web_module_lies_in_a_feature_or_shared() -> None:
    loose = [name for name, path in module_names().items()
             if name.startswith(f"{WEB}.") and name.count(".") == 2
             and path.name != "__init__.py"]
    assert not loose, loose


def test_the_check_sees_a_crossing(tmp_path: Path) -> None:
    routes = tmp_path / "routes.py"
    routes.write_text("from handfoot_score.web.play.routes import SEE_OTHER\n")
    modules = {f"{WEB}.joining.routes": routes, f"{WEB}.play.routes": tmp_path / "play.py",
               f"{WEB}.play": tmp_path / "__init__.py"}
    targets = imported_by(f"{WEB}.joining.routes", routes, modules)
    assert {feature_of(target) for target in targets} == {"play"}
