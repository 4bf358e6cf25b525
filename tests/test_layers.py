"""The house rules a reading of the code can check (ARCHITECTURE.md), so a change that breaks
one fails the build:

- core never imports Qt, the UI or the sandbox; the sandbox never imports the UI;
- the UI reaches the store, the keyring and the settings file only through core.services;
- core builds no sentence a user reads (errors and reasons are codes and data);
- the main window names no tab (the registry does).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "desktop_app"


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def imports(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(line, module, names) of every import in *path*, at any depth (lazy ones too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module, [alias.name for alias in node.names]


def offenders(folder: str, forbidden: re.Pattern[str]) -> list[str]:
    return [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
        for path in modules(folder)
        for line, module, _names in imports(path)
        if forbidden.match(module)
    ]


def test_core_is_qt_free_and_never_reaches_up() -> None:
    forbidden = re.compile(r"^(PySide6|shiboken6|qasync|desktop_app\.ui|desktop_app\.sandbox)\b")
    assert offenders("core", forbidden) == []


def test_the_sandbox_never_imports_the_ui() -> None:
    assert offenders("sandbox", re.compile(r"^(desktop_app\.ui|PySide6)\b")) == []


def test_the_ui_reaches_stores_keyring_and_settings_file_only_through_services() -> None:
    forbidden = re.compile(
        r"^(keyring|desktop_app\.core\.(store|outbox|credentials)|platformdirs|sqlite3)\b"
    )
    found = offenders("ui", forbidden)
    # The settings module's types are fine; its file I/O is the preferences service's.
    file_io = {"SettingsStore", "config_dir", "data_dir"}
    for path in modules("ui"):
        for line, module, names in imports(path):
            if module == "desktop_app.core.settings" and file_io & set(names):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {names}")
    assert found == []


def test_the_rule_checks_see_a_violation() -> None:
    """The checks above would catch a lazy import inside a function."""
    sample = PACKAGE.parent / "tests" / "_layers_sample.py"
    sample.write_text("def f():\n    from desktop_app.core.store import Store\n", encoding="utf-8")
    try:
        assert [m for _l, m, _n in imports(sample)] == ["desktop_app.core.store"]
    finally:
        sample.unlink()


# --- core builds no user-facing sentence ------------------------------------------------------

#: Text that looks like a sentence but is data: 0.1's stored reasons, recognised on migration.
SENTENCE_DATA = {"store/journal.py": {"_V1_REASONS"}}
_SENTENCE = re.compile(r"^[A-Z“\"'(][^\n]*\s\S+\s\S+.*[.!?…:]$", re.DOTALL)
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|WHERE|ALTER|ORDER|AND|SET)\b")


def sentences(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # a docstring (of a module, class, function or attribute)
        data = SENTENCE_DATA.get(str(path.relative_to(PACKAGE / "core")), set())
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in data for t in targets):
                skip.update(id(n) for n in ast.walk(node))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in ("log", "logger")
        ):
            skip.update(id(n) for n in ast.walk(node))  # log lines are for support
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value.strip()
            if _SENTENCE.match(text) and not _SQL.match(text):
                yield node.lineno, text


def test_core_builds_no_user_facing_sentence() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text[:70]!r}"
        for path in modules("core")
        for line, text in sentences(path)
    ]
    assert found == [], "core returns facts; the UI says the words (desktop_app/ui/words.py)"


@pytest.mark.parametrize(
    ("code", "caught"),
    [
        ('raise ValueError("The phone number is empty.")', True),
        ('x = "Your balance is too low: top up."', True),
        ('raise ValueError(f"cannot send chunk {n}: it is {state}")', False),
        ('log.warning("Could not record the reading.")', False),
        ('x = "SELECT a FROM b WHERE c = ?."', False),
    ],
)
def test_the_sentence_check_tells_words_from_facts(
    tmp_path: Path, code: str, caught: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample = PACKAGE / "core" / "_sentence_sample.py"
    sample.write_text(code + "\n", encoding="utf-8")
    try:
        assert bool(list(sentences(sample))) is caught
    finally:
        sample.unlink()


# --- the window names no tab ----------------------------------------------------------------


def test_the_main_window_names_no_tab() -> None:
    from desktop_app.ui.tabs import TABS

    keys = {tab.key for tab in TABS}
    source = (PACKAGE / "ui" / "main_window.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    literals = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert keys & literals == set()
    assert keys & attributes == set()
    assert "getattr" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


# --- blocking work: daemon threads, never the loop's default executor ------------------------


def test_no_blocking_work_goes_to_the_event_loop_s_default_executor() -> None:
    """Under qasync the default executor runs QThreads, which abort the process at exit
    ("QThread: Destroyed while thread is still running") when one is still alive: blocking
    work goes to core.background (run_in_daemon_thread, SerialWorker) instead."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "sandbox" in path.parts:
            continue  # the sandbox runs its own plain asyncio loop
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in {"to_thread", "run_in_executor"}:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.attr}")
    assert found == []
