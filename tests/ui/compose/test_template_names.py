"""A template named with "&" ("M&M Supplies offer") read "MM Supplies offer" in the Templates
menu, the second M underlined (Qt's shortcut marker), in its Delete submenu too."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QKeySequence

from tests.ui.compose.helpers import make_tab


def test_a_template_name_with_an_ampersand_is_shown_as_typed(qtbot: Any, ctx: Any) -> None:
    tab = make_tab(qtbot, ctx)
    button = tab.templates
    button.save("M&M Supplies offer", "Karibu M&M Supplies: 10% off")
    qtbot.waitUntil(lambda: [t.name for t in button.saved] == ["M&M Supplies offer"])
    button.rebuild_menu()
    used = next(a for a in button.menu_.actions() if "Supplies" in a.text())
    assert QKeySequence.mnemonic(used.text()).isEmpty()  # no Alt+M hidden in it
    assert used.text().replace("&&", "&") == "M&M Supplies offer"
    chosen: list[str] = []
    button.use_requested.connect(chosen.append)
    used.trigger()
    assert chosen == ["Karibu M&M Supplies: 10% off"]
    delete_menu = next(a.menu() for a in button.menu_.actions() if a.menu() is not None)
    (delete,) = delete_menu.actions()
    assert QKeySequence.mnemonic(delete.text()).isEmpty()


def test_save_as_template_waits_for_a_name(qtbot: Any, ctx: Any) -> None:
    """The suggested name wiped, Save (or Enter) closed the dialog as if saved: nothing was
    kept, nor said, and the user believed the message was."""
    import shiboken6
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

    tab = make_tab(qtbot, ctx)
    tab.composer.editor.setPlainText("Habari ya leo: unga KES 180")
    tab.templates.ask_name()
    dialog = tab.templates.name_dialog
    qtbot.waitUntil(dialog.isVisible)
    line = dialog.findChild(QLineEdit)
    save = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert save.isEnabled()  # the suggested name
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)  # wiped
    assert not save.isEnabled()
    qtbot.keyClick(line, Qt.Key.Key_Return)  # Save
    qtbot.wait(100)
    assert shiboken6.isValid(dialog)
    assert dialog.isVisible()  # still asking
    qtbot.keyClicks(line, "Unga offer")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: [t.name for t in tab.templates.saved] == ["Unga offer"])
