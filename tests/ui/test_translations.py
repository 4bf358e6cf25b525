"""Translation coverage: every sentence a user can read goes through Qt's translation, the
Kiswahili catalogue (``tuma_sw.ts``) matches the code and is finished, and its placeholders
and shortcuts survive. Each check is also shown failing on a small made-up case.

When this fails after new UI text was added: ``python packaging/translations.py update``,
then translate what ``python packaging/translations.py missing`` lists (GLOSSARY.md beside
the .ts files gives the words to use).
"""

from __future__ import annotations

import ast
import re
import shutil
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

import desktop_app

ROOT = Path(desktop_app.__file__).resolve().parents[1]
UI = ROOT / "desktop_app" / "ui"
sys.path.insert(0, str(ROOT / "packaging"))
import translations  # noqa: E402

KISWAHILI = translations.FOLDER / "tuma_sw.ts"

# --- (a) no user-visible literal escapes tr() ------------------------------------------------

#: Calls whose first argument (or, for QMessageBox statics, title and text) a user reads.
_SHOWN_METHODS = {
    "setText",
    "setToolTip",
    "setPlaceholderText",
    "setWindowTitle",
    "setStatusTip",
    "setWhatsThis",
    "setAccessibleName",
    "setAccessibleDescription",
    "setTabText",
    "setTabToolTip",
    "setFormat",
    "setPrefix",
    "setSuffix",
    "setSpecialValueText",
    "setLabelText",
    "setTitle",
    "setHeaderLabels",
    "addAction",
    "addMenu",
    "addTab",
    "addRow",
    "addItem",
    "setItemText",
    "showMessage",
    "info",
}
_SHOWN_CLASSES = {
    "QLabel",
    "QPushButton",
    "QToolButton",
    "QCheckBox",
    "QRadioButton",
    "QGroupBox",
    "QAction",
    "QMenu",
    "QListWidgetItem",
    "QTableWidgetItem",
    "UserMessage",
}
_MESSAGE_BOXES = {"information", "warning", "question", "critical"}
_TRANSLATING = {"tr", "translate", "QT_TRANSLATE_NOOP"}


def _has_words(text: str) -> bool:
    """Letters beyond the product's name and HTML tags."""
    return any(ch.isalpha() for ch in re.sub(r"<[^>]*>|\bTuma\b", "", text))


def _is_words(node: ast.expr) -> bool:
    """A literal a person reads: a string with letters in it (f-strings included)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _has_words(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and _has_words(str(v.value)) for v in node.values)
    return False


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


#: Literals that are the same in every language: a sample address, names, the sample contact
#: the Contacts tab's screenshot shows in its form.
ALLOWED = {
    "https://api.example.co.ke",
    "SMS",
    "WhatsApp",
    "Wanjiku",
    "Kamau",
    "wanjiku.kamau@example.co.ke",
}
#: Receivers whose calls write to the log, not the screen (log.info(...)).
_LOGGERS = {"log", "logger", "logging"}


def untranslated_literals(source: str, filename: str = "<module>") -> list[str]:
    """Literals with words passed straight to something that shows them, without tr()."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
        if isinstance(receiver, ast.Name) and receiver.id in _LOGGERS:
            continue
        if name in _SHOWN_METHODS or name in _SHOWN_CLASSES:
            args = node.args[:1] if name not in ("addRow", "UserMessage") else node.args[:2]
        elif name in _MESSAGE_BOXES:
            args = node.args[1:3]
        else:
            continue
        for arg in args:
            if _is_words(arg) and not (isinstance(arg, ast.Constant) and arg.value in ALLOWED):
                found.append(f"{filename}:{arg.lineno}: {ast.unparse(arg)[:70]}")
    return found


def unextractable_tr_calls(source: str, filename: str = "<module>") -> list[str]:
    """tr()/translate() calls pyside6-lupdate cannot read: the text (and the context) must
    be literals; a helper wrapping them hides every sentence from the catalogue."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name == "tr" and not isinstance(node.func, ast.Attribute):
            found.append(f"{filename}:{node.lineno}: a bare tr() helper (use self.tr)")
            continue
        if name == "_tr":
            found.append(f"{filename}:{node.lineno}: a _tr() helper (lupdate cannot see it)")
            continue
        if name == "tr":
            texts = node.args[:1]
        elif name == "translate" and _name(getattr(node.func, "value", node.func)) in (
            "QCoreApplication",
            "QApplication",
        ):
            texts = node.args[:2]
        else:
            continue
        for arg in texts:
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            # QT_TRANSLATE_NOOP("Tabs", …) marks the tab registry's texts; they are
            # translated where shown, with the same literal context.
            marked = (
                name == "translate"
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "Tabs"
            )
            if not literal and not marked:
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def _ui_files() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_no_user_visible_literal_escapes_translation() -> None:
    problems = [
        p
        for path in _ui_files()
        for p in untranslated_literals(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert problems == [], "\n".join(problems)


#: The old Compose helper, kept so that code written against it still imports (its calls
#: are flagged where they are made).
_KEPT_WRAPPERS = {UI / "compose" / "wording.py"}


def test_every_translated_sentence_is_readable_by_lupdate() -> None:
    problems = [
        p
        for path in _ui_files()
        if path not in _KEPT_WRAPPERS
        for p in unextractable_tr_calls(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert problems == [], "\n".join(problems)


def test_the_scans_catch_a_forgotten_tr_and_a_hidden_one() -> None:
    module = textwrap.dedent(
        """
        label = QLabel("Balance")
        button.setToolTip(f"Send to {n} people")
        QMessageBox.warning(self, "Careful", self.tr("Fine"))
        self.bar.setFormat("%v of %m")
        ok = QLabel(self.tr("Balance"))
        edit.setPlaceholderText("https://api.example.co.ke")
        dash.setText("—")
        log.info("the %s tab was busy", key)
        about.setText(f"<b>Tuma {version}</b>")
        """
    )
    found = untranslated_literals(module)
    assert [line.split(": ", 1)[1] for line in found] == [
        "'Balance'",
        "f'Send to {n} people'",
        "'Careful'",
        "'%v of %m'",
    ]
    hidden = textwrap.dedent(
        """
        def _tr(text):
            return QCoreApplication.translate("errors", text)
        a = _tr("Not found")
        b = tr("Sent")
        c = self.tr(message)
        d = QCoreApplication.translate(CONTEXT, "Sent")
        e = QCoreApplication.translate("Tabs", tab.title)
        f = self.tr("Fine")
        """
    )
    assert len(unextractable_tr_calls(hidden)) == 5  # the wrapper itself too


# --- (b), (c) the Kiswahili catalogue ---------------------------------------------------------


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tuma_sw.ts as `update` would write it from today's code (new entries unfinished)."""
    folder = tmp_path_factory.mktemp("lupdate")
    shutil.copy(KISWAHILI, folder / KISWAHILI.name)
    return translations.fresh_catalogue(folder, "sw")


def test_the_kiswahili_catalogue_matches_the_code(fresh: Path) -> None:
    committed, wanted = translations.catalogue_keys(KISWAHILI), translations.catalogue_keys(fresh)
    new = sorted(wanted - committed)
    gone = sorted(committed - wanted)
    assert (new, gone) == ([], []), (
        "tuma_sw.ts is out of date: run `python packaging/translations.py update`, then "
        f"translate the new entries.\nnew: {new[:20]}\ngone: {gone[:20]}"
    )


def test_every_kiswahili_entry_is_finished_with_its_placeholders_and_shortcuts(
    fresh: Path,
) -> None:
    # Qt's own count of plural forms for Swahili, read from what lupdate writes.
    import xml.etree.ElementTree as ET

    forms = {
        len(m.find("translation").findall("numerusform"))  # type: ignore[union-attr]
        for m in ET.parse(fresh).getroot().iter("message")
        if m.get("numerus") == "yes"
    }
    assert forms == {2}
    problems = translations.catalogue_problems(KISWAHILI, plural_forms=2)
    assert problems == [], "\n".join(problems[:40])


_BAD_CATALOGUE = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="sw" sourcelanguage="en">
<context>
    <name>Demo</name>
    <message><source>Send to {people}</source><translation>Tuma kwa {watu}</translation></message>
    <message><source>Not done</source><translation type="unfinished"></translation></message>
    <message><source>Empty</source><translation></translation></message>
    <message numerus="yes"><source>%Ln part(s)</source>
        <translation><numerusform>sehemu %Ln</numerusform></translation></message>
    <message><source>&amp;Save</source><translation>Hifadhi</translation></message>
    <message><source>&amp;Delete</source><translation>&amp;Futa</translation></message>
    <message><source>&amp;Find</source><translation>&amp;Futa kitu</translation></message>
    <message><source>Line one\nLine two</source><translation>Mstari mmoja</translation></message>
    <message><source>Fine {n}</source><translation>Sawa {n}</translation></message>
</context>
</TS>
"""


def test_the_catalogue_check_catches_each_kind_of_mistake(tmp_path: Path) -> None:
    bad = tmp_path / "tuma_sw.ts"
    bad.write_text(_BAD_CATALOGUE.replace("\\n", "\n"), encoding="utf-8")
    problems = translations.catalogue_problems(bad)
    kinds = sorted(p.split(":", 1)[0] for p in problems)
    assert kinds == [
        "placeholders",  # {people} → {watu}
        "placeholders",  # a line break lost
        "plural forms",  # one form where Swahili has two
        "same shortcut Alt+f",  # &Delete and &Find both became Alt+F
        "shortcut (&)",  # &Save lost its shortcut
        "unfinished",
        "unfinished",
    ], problems
    assert translations.unfinished(bad) == [("Demo", "Not done"), ("Demo", "Empty")]


def test_an_out_of_date_catalogue_is_noticed(tmp_path: Path, fresh: Path) -> None:
    """Dropping an entry (as if the code had gained a sentence) makes the keys differ."""
    import xml.etree.ElementTree as ET

    stale = tmp_path / "tuma_sw.ts"
    tree = ET.parse(KISWAHILI)
    context = next(iter(tree.getroot().iter("context")))
    context.remove(next(iter(context.iter("message"))))
    tree.write(stale, encoding="utf-8", xml_declaration=True)
    assert translations.catalogue_keys(fresh) - translations.catalogue_keys(stale)


def test_missing_and_fill_make_translating_mechanical(tmp_path: Path) -> None:
    import json

    work = tmp_path / "tuma_sw.ts"
    work.write_text(_BAD_CATALOGUE.replace("\\n", "\n"), encoding="utf-8")
    todo = translations.todo(work)
    assert todo == {"Demo": {"Not done": "", "Empty": ""}}
    todo["Demo"]["Not done"] = "Haijakamilika"
    filled = tmp_path / "todo.json"
    filled.write_text(json.dumps(todo, ensure_ascii=False), encoding="utf-8")
    assert translations.fill(work, json.loads(filled.read_text(encoding="utf-8"))) == 1
    assert translations.unfinished(work) == [("Demo", "Empty")]


# --- the running app under Kiswahili ----------------------------------------------------------


def _texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every text a user can read in *root* and its children."""
    seen: list[tuple[str, str]] = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        kind = type(widget).__name__
        if widget.toolTip():
            seen.append((f"{kind} tooltip", widget.toolTip()))
        if widget.isWindow() and widget.windowTitle():
            seen.append((f"{kind} title", widget.windowTitle()))
        if isinstance(widget, QLabel | QAbstractButton):
            seen.append((kind, widget.text()))
        if isinstance(widget, QLineEdit) and widget.placeholderText():
            seen.append((f"{kind} placeholder", widget.placeholderText()))
        if isinstance(widget, QGroupBox):
            seen.append((kind, widget.title()))
        if isinstance(widget, QComboBox):
            seen += [(kind, widget.itemText(i)) for i in range(widget.count())]
        if isinstance(widget, QTabWidget):
            seen += [(kind, widget.tabText(i)) for i in range(widget.count())]
        if isinstance(widget, QMenu):
            seen.append((kind, widget.title()))
        for action in widget.actions():
            seen.append(("action", action.text()))
            if action.toolTip() != action.text().replace("&", ""):
                seen.append(("action tooltip", action.toolTip()))
    return seen


def test_every_tab_reads_in_kiswahili(qtbot, ctx, qapp) -> None:  # type: ignore[no-untyped-def]
    """Built under the Kiswahili translator, no text on any tab, menu or tooltip is still an
    English sentence of the catalogue."""
    import xml.etree.ElementTree as ET

    from desktop_app.ui.i18n import install_translations
    from desktop_app.ui.main_window import TAB_KEYS, MainWindow

    english = {
        m.findtext("source") or ""
        for m in ET.parse(KISWAHILI).getroot().iter("message")
        if m.get("numerus") != "yes"
        and (m.findtext("translation") or "") != (m.findtext("source") or "")
    }
    assert install_translations(qapp, "sw")
    try:
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
        seen = []
        for key in TAB_KEYS:
            window.show_tab(key)
            qtbot.wait(50)
            seen += _texts(window)
        for menu in window.menuBar().findChildren(QMenu):
            seen += _texts(menu)
        # Dialogs a user meets early: connecting an account, a send in progress.
        from desktop_app.ui.account.dialog import AccountDialog
        from desktop_app.ui.compose.send_dialog import SendProgressDialog

        for dialog in (AccountDialog(ctx), SendProgressDialog(3, 500)):
            qtbot.addWidget(dialog)
            seen += _texts(dialog)
        left = sorted({(where, text) for where, text in seen if text in english})
        assert left == [], left
        tab_titles = [window.tabs.tabText(i).replace("&", "") for i in range(window.tabs.count())]
        assert tab_titles == ["Andika", "Anwani", "Ingiza", "Ufikishaji", "Salio"]
        assert "Salio" in window.balance_label.text() or "Krediti" in window.balance_label.text()
        window.close()
    finally:
        assert install_translations(qapp, "en")
    assert QApplication.translate("Tabs", "&Balance") == "&Balance"


#: Counts that stay small (a wait of minutes, hours or days): a plain %n reads the same.
_SMALL_COUNTS = {"%n minute(s)", "%n hour(s)", "%n day(s)"}


def test_counted_phrases_write_large_counts_with_separators() -> None:
    """%Ln writes a count as the language does ("10,000 rows"); %n wrote "Saved 10000 rows"
    and "Exporting 1200 sends"."""
    import re

    plain = re.compile(r'"([^"\n]*(?<!L)%n[^"\n]*)"')
    found = sorted(
        f"{path.relative_to(ROOT)}: {literal}"
        for path in UI.rglob("*.py")
        for literal in plain.findall(path.read_text(encoding="utf-8"))
        if literal not in _SMALL_COUNTS
    )
    assert found == []
