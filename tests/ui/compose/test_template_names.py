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
