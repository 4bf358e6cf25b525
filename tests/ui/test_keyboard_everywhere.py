"""Keyboard and screen-reader users, on every tab and dialog: each control a Tab press can
reach has a name a screen reader says, icon-only buttons have a tooltip, no two controls of
one screen share an Alt+letter (in English and in Kiswahili), Tab walks the screen in order,
Esc closes a dialog, and every shortcut of Help → Keyboard shortcuts does its job with no
other action on the same keys."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QMessageBox,
    QTabBar,
    QWidget,
)

from desktop_app.ui.main_window import TAB_KEYS, MainWindow
from tests.ui.contacts.helpers import seed
from tests.ui.support import check_unfinished, write_broadcast


@pytest.fixture
def window(qtbot, ctx) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(ctx, remember_layout=False)
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()  # shortcuts answer in the active window only
    qtbot.waitUntil(win.isActiveWindow)
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    qtbot.waitUntil(lambda: not ctx.tasks.busy, timeout=10000)
    yield win
    win.close()


@pytest.fixture(params=["en", "sw"])
def language(request, qapp) -> Iterator[str]:  # type: ignore[no-untyped-def]
    from desktop_app.ui.i18n import install_translations

    install_translations(qapp, request.param)
    try:
        yield request.param
    finally:
        install_translations(qapp, "en")


@pytest.fixture
def window_in(language, window) -> MainWindow:  # type: ignore[no-untyped-def]
    """The window built in the test's language (installed first)."""
    return window


# -- what a screen has ---------------------------------------------------------------------


def spoken_name(widget: QWidget) -> str:
    """What a screen reader says for *widget*: its accessible name, its text, or the text of
    the label it is the buddy of."""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name).strip() if interface is not None else ""


def _part_of_another(widget: QWidget) -> bool:
    """The line edit inside a spin box or an editable combo: the reader names the whole."""
    parent = widget.parentWidget()
    return isinstance(parent, (QAbstractSpinBox, QComboBox))


def reachable(root: QWidget) -> list[QWidget]:
    """The controls of *root* a Tab press can reach now."""
    return [
        w
        for w in root.findChildren(QWidget)
        if w.isVisible()
        and w.isEnabled()
        and w.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not _part_of_another(w)
    ]


def _describe(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, QAbstractButton) else ""
    return f"{type(widget).__name__}#{widget.objectName()} {text!r}"


def unnamed(root: QWidget) -> list[str]:
    problems = [f"no name: {_describe(w)}" for w in reachable(root) if not spoken_name(w)]
    problems += [
        f"icon-only button without a tooltip: {_describe(w)}"
        for w in reachable(root)
        if isinstance(w, QAbstractButton) and not w.text().strip() and not w.toolTip()
    ]
    return problems


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def mnemonics(root: QWidget) -> list[tuple[str, str]]:
    """(letter, text) of the Alt+letters the shown controls of *root* answer to."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        texts: list[str] = []
        labelled = isinstance(widget, QLabel) and widget.buddy() is not None
        if isinstance(widget, QAbstractButton) or labelled:
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox) and widget.isCheckable():
            texts.append(widget.title())
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
        found += [(letter, text) for text in texts if (letter := _mnemonic(text))]
    return found


def shared_mnemonics(found: list[tuple[str, str]]) -> list[str]:
    by_letter: dict[str, list[str]] = {}
    for letter, text in found:
        by_letter.setdefault(letter, []).append(text)
    return [f"Alt+{k.upper()}: {v}" for k, v in sorted(by_letter.items()) if len(v) > 1]


def window_mnemonics(win: MainWindow) -> list[tuple[str, str]]:
    """The menus' letters: they answer on every tab."""
    return [
        (letter, action.text())
        for action in win.menuBar().actions()
        if (letter := _mnemonic(action.text()))
    ]


def focus_chain(start: QWidget) -> list[QWidget]:
    chain, widget = [start], start.nextInFocusChain()
    while widget is not start and len(chain) < 2000:
        chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def tab_walk(win: MainWindow, page: QWidget) -> list[QWidget]:
    """The controls of *page* in the order Tab visits them."""
    shown = set(reachable(page))
    return [w for w in focus_chain(win.tabs.tabBar()) if w in shown]


# -- the tabs ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", TAB_KEYS)
def test_every_tab_is_named_reachable_and_has_one_control_per_alt_letter(
    qtbot, window_in, key, language
) -> None:  # type: ignore[no-untyped-def]
    window = window_in
    window.show_tab(key)
    page = window.pages[key]
    qtbot.waitUntil(page.isVisible)
    assert window.tabs.tabText(TAB_KEYS.index(key)).replace("&", "").strip()

    problems = unnamed(page)
    problems += shared_mnemonics(
        mnemonics(page) + mnemonics(window.tabs.tabBar()) + window_mnemonics(window)
    )
    # Tab reaches every control shown, and nothing hidden
    walk = tab_walk(window, page)
    problems += [f"Tab never reaches {_describe(w)}" for w in reachable(page) if w not in walk]
    assert not problems, f"{key} ({language}):\n" + "\n".join(problems)


def _import_pages(qtbot: Any, window: MainWindow, tmp_path: Path) -> Iterator[str]:
    """Walk the Import wizard from a file to Done, yielding at each page shown."""
    from desktop_app.core.services.imports import Step
    from tests.core.import_files import DAMAGED_ROWS, write_csv

    window.show_tab("import")
    tab: Any = window.pages["import"]

    def at(step: Step) -> None:
        qtbot.waitUntil(lambda: tab.flow.step is step, timeout=60000)
        qtbot.waitUntil(lambda: not window.ctx.tasks.busy, timeout=60000)

    tab.open_files([write_csv(tmp_path, "customers.csv", DAMAGED_ROWS)])
    at(Step.FILE)
    qtbot.waitUntil(tab.file_page.next.isEnabled, timeout=10000)
    yield "file"
    tab.file_page.next.click()
    at(Step.COLUMNS)
    yield "columns"
    tab.columns_page.next.click()
    at(Step.CHECK)
    yield "check"
    tab.check_page.upload.click()
    at(Step.DONE)
    qtbot.waitUntil(lambda: tab.stack.currentWidget() is tab.done_page, timeout=10000)
    yield "done"


def test_every_page_of_the_import_wizard_is_named_reachable_and_has_one_control_per_alt_letter(
    qtbot, window_in, language, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    window = window_in
    page = window.pages["import"]
    problems: list[str] = []
    for name in _import_pages(qtbot, window, tmp_path):
        found = unnamed(page)
        found += shared_mnemonics(
            mnemonics(page) + mnemonics(window.tabs.tabBar()) + window_mnemonics(window)
        )
        walk = tab_walk(window, page)
        found += [f"Tab never reaches {_describe(w)}" for w in reachable(page) if w not in walk]
        problems += [f"{name}: {problem}" for problem in found]
    assert not problems, f"import ({language}):\n" + "\n".join(problems)


def _above(upper: QWidget, lower: QWidget, root: QWidget) -> bool:
    """*upper*'s bottom edge is above *lower*'s top edge on the screen."""
    top_of_lower = lower.mapTo(root, lower.rect().topLeft()).y()
    bottom_of_upper = upper.mapTo(root, upper.rect().bottomLeft()).y()
    return bottom_of_upper < top_of_lower


def test_contacts_tab_order_follows_the_screen_with_or_without_customers(
    qtbot, window, ctx, arun
) -> None:  # type: ignore[no-untyped-def]
    window.show_tab("contacts")
    tab: Any = window.pages["contacts"]
    # no customers yet: the card in the middle (Add a customer, Import a spreadsheet)
    qtbot.waitUntil(lambda: tab.state_page.primary.isVisible(), timeout=10000)
    walk = tab_walk(window, tab)
    expected = [
        tab.add_button,
        tab.search_edit,
        tab.groups.new_button,
        tab.state_page.primary,
        tab.state_page.secondary,
        tab.size_combo,
    ]
    assert [walk.index(w) for w in expected] == sorted(walk.index(w) for w in expected)
    # the foot of the tab comes last: nothing above it is visited after it
    after_footer = walk[walk.index(tab.size_combo) + 1 :]
    assert not [w for w in after_footer if _above(w, tab.size_combo, tab)], after_footer

    # with customers: the grid, between the groups and the paging
    seed(arun, ctx, 3)
    tab.refresh()
    qtbot.waitUntil(lambda: tab.table.isVisible() and tab.model.rowCount() > 0, timeout=10000)
    walk = tab_walk(window, tab)
    expected = [tab.search_edit, tab.groups.new_button, tab.table, tab.size_combo]
    assert [walk.index(w) for w in expected] == sorted(walk.index(w) for w in expected)


# -- the dialogs ---------------------------------------------------------------------------


def _open_contact_form(win: MainWindow, qtbot: Any) -> QDialog:
    win.show_tab("contacts")
    return win.pages["contacts"].open_form()  # type: ignore[attr-defined, no-any-return]


def _open_picker(win: MainWindow, qtbot: Any) -> QDialog:
    compose: Any = win.pages["compose"]
    qtbot.keyClick(compose.recipients.pick_button, Qt.Key.Key_Space)
    assert compose.picker is not None
    return compose.picker  # type: ignore[no-any-return]


def _open_resume(win: MainWindow, qtbot: Any) -> QDialog:
    compose: Any = win.pages["compose"]
    write_broadcast(win.ctx, "Offer", ["+254712000001", "+254712000002"], chunk_size=1)
    check_unfinished(qtbot, compose)
    qtbot.waitUntil(lambda: compose.resume_dialog is not None, timeout=10000)
    return compose.resume_dialog  # type: ignore[no-any-return]


def _open_shortcuts(win: MainWindow, qtbot: Any) -> QDialog:
    qtbot.keyClick(win, Qt.Key.Key_F1)
    assert win.shortcuts_dialog is not None
    return win.shortcuts_dialog


def _open_about(win: MainWindow, qtbot: Any) -> QDialog:
    win.show_about()
    assert win.about_box is not None
    return win.about_box


def _open_account(win: MainWindow, qtbot: Any) -> QDialog:
    qtbot.keyClick(win, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert win.account_dialog is not None
    return win.account_dialog


def _open_opt_outs(win: MainWindow, qtbot: Any) -> QDialog:
    win.opt_out_action.trigger()
    return win.opt_out_dialog  # type: ignore[no-any-return]


def _focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def _open_send_confirmation(win: MainWindow, qtbot: Any) -> QDialog:
    """By keyboard: Ctrl+1, the numbers, Tab to the message, Ctrl+Enter."""
    compose: Any = win.pages["compose"]
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(_focused(), Qt.Key.Key_2, ctrl)
    qtbot.keyClick(_focused(), Qt.Key.Key_1, ctrl)
    qtbot.keyClicks(_focused(), "0712000001")
    for _ in range(15):
        if _focused() is compose.composer.editor:
            break
        qtbot.keyClick(_focused(), Qt.Key.Key_Tab)
    qtbot.keyClicks(_focused(), "Habari")
    qtbot.keyClick(_focused(), Qt.Key.Key_Return, ctrl)
    qtbot.waitUntil(lambda: compose.confirm_dialog is not None, timeout=10000)
    return compose.confirm_dialog  # type: ignore[no-any-return]


def _open_lookup(win: MainWindow, qtbot: Any) -> QDialog:
    """By keyboard: Ctrl+4 (Delivery), Ctrl+L, the message ID, Enter."""
    from tests.ui.conftest import run_async

    result = run_async(qtbot, win.ctx.client().send_bulk("TUMA", ["+254712000001"], "Habari"))
    delivery: Any = win.pages["delivery"]
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(_focused(), Qt.Key(Qt.Key.Key_1 + TAB_KEYS.index("delivery")), ctrl)
    qtbot.keyClick(_focused(), Qt.Key.Key_L, ctrl)
    qtbot.keyClicks(_focused(), result.message_id)
    qtbot.keyClick(_focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: delivery.lookup_dialog is not None, timeout=10000)
    return delivery.lookup_dialog  # type: ignore[no-any-return]


DIALOGS: dict[str, Callable[[MainWindow, Any], QDialog]] = {
    "send confirmation": _open_send_confirmation,
    "look-up": _open_lookup,
    "account": _open_account,
    "contact form": _open_contact_form,
    "contact picker": _open_picker,
    "opt-out list": _open_opt_outs,
    "review unfinished": _open_resume,
    "keyboard shortcuts": _open_shortcuts,
    "about": _open_about,
}


@pytest.mark.parametrize("name", DIALOGS)
def test_every_dialog_is_named_has_one_control_per_alt_letter_and_closes_with_esc(
    qtbot, window_in, name, language
) -> None:  # type: ignore[no-untyped-def]
    window = window_in
    dialog = DIALOGS[name](window, qtbot)
    qtbot.waitUntil(dialog.isVisible, timeout=10000)
    tasks = window.ctx.tasks
    # a send waits for its confirmation's answer: every other task has settled
    qtbot.waitUntil(lambda: not tasks.busy or tasks.is_running("compose.send"), timeout=10000)
    assert dialog.windowTitle().strip() or isinstance(dialog, QMessageBox)
    problems = unnamed(dialog) + shared_mnemonics(mnemonics(dialog))
    # Tab goes round the dialog's controls and stays inside it
    walk = [w for w in focus_chain(dialog) if w in set(reachable(dialog))]
    problems += [f"Tab never reaches {_describe(w)}" for w in reachable(dialog) if w not in walk]
    assert not problems, f"{name} ({language}):\n" + "\n".join(problems)
    # the focus is inside the dialog, to type or press at once
    focus = dialog.focusWidget() or dialog
    assert dialog.isAncestorOf(focus) or focus is dialog, (name, focus)

    qtbot.keyClick(focus, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10000)  # a send asked about: not sent


def test_esc_on_a_contact_form_with_typing_asks_first(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    form: Any = _open_contact_form(window, qtbot)
    qtbot.waitUntil(form.isVisible)
    qtbot.keyClicks(form.first_edit, "Wanjiku")
    qtbot.keyClick(form.first_edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: form._discard_box is not None and form._discard_box.isVisible())
    assert form.isVisible()
    # Enter on the question keeps the typing (the safe answer is the default)
    qtbot.keyClick(form._discard_box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form._discard_box is None or not form._discard_box.isVisible())
    assert form.isVisible()
    assert "Wanjiku" in form.first_edit.text()


# -- the shortcuts -------------------------------------------------------------------------


def test_every_listed_shortcut_works_and_no_two_actions_share_keys(
    qtbot, window, ctx, qtlog, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    press = qtbot.keyClick
    ctrl = Qt.KeyboardModifier.ControlModifier
    # Ctrl+1 … Ctrl+5: each tab, with the focus in it (not left on the previous tab)
    for number, key in enumerate(TAB_KEYS, start=1):
        press(window, Qt.Key(Qt.Key.Key_0 + number), ctrl)
        assert window.current_tab() == key
    # Ctrl+I: the Import tab's file chooser
    chosen: list[bool] = []
    monkeypatch.setattr(
        window.pages["import"], "file_action_triggered", lambda: chosen.append(True)
    )
    window.show_tab("compose")
    press(window, Qt.Key.Key_I, ctrl)
    assert window.current_tab() == "import"
    assert chosen
    # Ctrl+F: the search of Contacts and of Delivery; Ctrl+L: Delivery's look-up
    for key in ("contacts", "delivery"):
        press(window, Qt.Key(Qt.Key.Key_1 + TAB_KEYS.index(key)), ctrl)
        page: Any = window.pages[key]
        grid = page.table if key == "contacts" else page.history_table
        grid.setFocus()  # anywhere in the tab but the search
        press(grid, Qt.Key.Key_F, ctrl)
        assert QApplication.focusWidget() is page.search_edit
    press(QApplication.focusWidget() or window, Qt.Key.Key_L, ctrl)
    assert QApplication.focusWidget() is window.pages["delivery"].lookup_edit
    # F5: the balance read again
    ctx.last_balance = None
    press(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
    # F1: this list; Ctrl+K: the account dialog
    press(window, Qt.Key.Key_F1)
    assert window.shortcuts_dialog is not None
    assert window.shortcuts_dialog.isVisible()
    window.shortcuts_dialog.close()
    press(window, Qt.Key.Key_K, ctrl)
    assert window.account_dialog is not None
    assert window.account_dialog.isVisible()
    window.account_dialog.close()
    # Ctrl+Z undoes in the editor
    window.show_tab("compose")
    compose: Any = window.pages["compose"]
    editor = compose.composer.editor
    qtbot.keyClicks(editor, "Habari")
    press(editor, Qt.Key.Key_Z, ctrl)
    assert editor.toPlainText() == ""
    # Ctrl+Q quits
    press(window, Qt.Key.Key_Q, ctrl)
    assert not window.isVisible()

    ambiguous = [r.message for r in qtlog.records if "Ambiguous shortcut" in r.message]
    assert not ambiguous, ambiguous
