"""The app's style sheet: combo boxes and spin boxes keep a visible arrow in every screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QScrollArea,
    QSpinBox,
    QWidget,
)

from desktop_app.app import INK, TEXT_POINT_SIZE, resource_path
from tests.ui.conftest import app_theme


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[QApplication]:
    with app_theme(qapp):
        yield qapp


def _dark_pixels(image: QImage, x0: int, x1: int) -> int:
    """Pixels clearly darker than the white field/border grey in columns x0..x1."""
    dark = 0
    for x in range(max(0, x0), min(image.width(), x1)):
        for y in range(3, image.height() - 3):
            if QColor(image.pixel(x, y)).lightness() < 180:
                dark += 1
    return dark


def test_arrow_images_resolve_through_the_search_path(themed: QApplication) -> None:
    for name in ("chevron-down", "chevron-up", "chevron-down-disabled", "chevron-up-disabled"):
        assert resource_path(f"{name}.svg").is_file()
        assert not QPixmap(f"tuma:{name}.svg").isNull(), name
    sheet = themed.styleSheet()
    assert "QComboBox::down-arrow" in sheet
    assert "url(tuma:chevron-down.svg)" in sheet


@pytest.mark.parametrize("kind", ["combo", "editable combo", "spin", "double spin"])
def test_every_combo_and_spin_box_draws_its_arrow(qtbot, themed: QApplication, kind: str) -> None:  # type: ignore[no-untyped-def]
    widget: QWidget
    if kind.endswith("combo"):
        combo = QComboBox()
        combo.addItems(["TUMA", "SANDBOX"])
        combo.setEditable(kind.startswith("editable"))
        widget = combo
    elif kind == "spin":
        spin = QSpinBox()
        spin.setRange(0, 100)
        spin.setValue(50)
        widget = spin
    else:
        double = QDoubleSpinBox()
        double.setValue(0.5)
        widget = double
    qtbot.addWidget(widget)
    widget.resize(220, widget.sizeHint().height())
    widget.show()
    qtbot.waitExposed(widget)
    image = widget.grab().toImage()
    # The arrow lives in the rightmost ~22 px; the text ("TUMA", "50") is on the left.
    assert _dark_pixels(image, image.width() - 22, image.width() - 4) > 6


def test_compose_tab_has_no_local_arrow_workaround() -> None:
    from desktop_app.ui.compose.style import STYLE

    assert "down-arrow" not in STYLE


def _green_pixels(image: QImage) -> int:
    brand = QColor("#0f7b5f")
    green = 0
    for x in range(image.width()):
        for y in range(image.height()):
            colour = QColor(image.pixel(x, y))
            if (
                abs(colour.red() - brand.red()) < 24
                and abs(colour.green() - brand.green()) < 24
                and abs(colour.blue() - brand.blue()) < 24
            ):
                green += 1
    return green


def test_focus_does_not_paint_a_dialog_button_as_the_primary_action(qtbot, themed) -> None:  # type: ignore[no-untyped-def]
    """Qt makes the focused button of a dialog its "default": only an outline may show it (a
    green, bold fill would flip as you Tab and clip the text, measured in the normal font)."""
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout

    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    buttons = QDialogButtonBox()
    save = buttons.addButton("Save", QDialogButtonBox.ButtonRole.AcceptRole)
    save.setProperty("role", "primary")
    cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
    layout.addWidget(buttons)
    dialog.show()
    qtbot.waitExposed(dialog)
    cancel.setFocus()
    qtbot.waitUntil(cancel.isDefault)
    area = cancel.width() * cancel.height()
    assert _green_pixels(cancel.grab().toImage()) < area // 10  # an outline, not a fill
    assert _green_pixels(save.grab().toImage()) > area // 3  # the real primary stays green


def test_picker_add_button_is_sized_as_a_primary_button(qtbot, ctx, themed) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QFont, QFontMetrics

    from desktop_app.ui.compose.contact_picker import ContactPickerDialog

    picker = ContactPickerDialog(ctx)
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    button = picker.add_button
    bold = QFont(button.font())
    bold.setWeight(QFont.Weight.DemiBold)
    assert button.width() > QFontMetrics(bold).horizontalAdvance(button.text()) + 16
    picker.reject()


def _text_start(widget: QWidget, right_margin: int) -> int:
    image = widget.grab().toImage()
    y = image.height() // 2
    for x in range(3, image.width() - right_margin):
        if QColor(image.pixel(x, y)).lightness() < 120:
            return x
    return -1


def test_spin_box_text_lines_up_with_line_edits(qtbot, themed) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLineEdit

    from desktop_app.ui.widgets import align_spin_text

    edit = QLineEdit("50")
    spin = QSpinBox()
    spin.setValue(50)
    align_spin_text(spin)
    for widget in (edit, spin):
        qtbot.addWidget(widget)
        widget.resize(160, widget.sizeHint().height())
        widget.show()
        qtbot.waitExposed(widget)
    assert abs(_text_start(spin, 26) - _text_start(edit, 4)) <= 3


def test_the_apps_spin_boxes_are_aligned(qtbot, ctx) -> None:  # type: ignore[no-untyped-def]
    from desktop_app.ui.account import AccountDialog
    from desktop_app.ui.balance import BalanceTab
    from desktop_app.ui.widgets import SPIN_TEXT_MARGIN

    tab = BalanceTab(ctx)
    dialog = AccountDialog(ctx)
    qtbot.addWidget(tab)
    qtbot.addWidget(dialog)
    for spin in (tab.threshold, dialog.price_spin):
        assert spin.lineEdit().textMargins().left() == SPIN_TEXT_MARGIN


def test_text_is_ink_at_ten_points_and_disabled_text_looks_disabled(
    qtbot,  # type: ignore[no-untyped-def]
    themed: QApplication,
) -> None:
    """The base look comes from the application's font and palette (no style sheet rule
    on every widget): a plain label is ink at 10pt; a disabled one is greyed as Qt draws
    it; placeholders are the ink at half strength."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QLabel, QLineEdit

    label = QLabel("Karibu")
    qtbot.addWidget(label)
    label.show()
    assert label.font().pointSizeF() == TEXT_POINT_SIZE
    assert label.palette().color(QPalette.ColorRole.WindowText) == QColor(INK)
    label.setEnabled(False)
    disabled = label.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    assert disabled != QColor(INK)
    field = QLineEdit()
    qtbot.addWidget(field)
    placeholder = field.palette().color(QPalette.ColorRole.PlaceholderText)
    assert (placeholder.name(), placeholder.alpha()) == (QColor(INK).name(), 128)


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_with_the_look_no_tab_needs_sideways_scrolling(
    qtbot, ctx, qapp, themed, size, language
) -> None:  # type: ignore[no-untyped-def]
    """The app runs with its style sheet, font and palette (the suite mostly without): at
    the smallest window every tab still fits its width, in both languages, with every action
    of a selected send showing on the Delivery tab (Kiswahili's labels are the longest)."""
    from desktop_app.ui.i18n import install_translations
    from desktop_app.ui.main_window import TAB_KEYS, MainWindow

    assert install_translations(qapp, language)
    try:
        window = MainWindow(ctx, remember_layout=False)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: ctx.last_balance is not None, timeout=10000)
        ctx.session.is_sandbox = True  # the practice account: Balance says "Sample history"
        ctx.session_changed.emit()
        window.resize(*size)
        delivery = window.tab("delivery")
        delivery.send_title.setText("“" + "Karibu sana " * 6 + "…” to 2,500 recipients")
        for button in (delivery.review_button, delivery.block_button):
            button.show()
        for key in TAB_KEYS:
            window.show_tab(key)
            QApplication.processEvents()
            area = window.tabs.currentWidget()
            assert isinstance(area, QScrollArea)
            qtbot.waitUntil(lambda area=area: area.horizontalScrollBar().maximum() == 0)
            assert area.widget().width() <= area.viewport().width(), key
        window.close()
    finally:
        assert install_translations(qapp, "en")


def test_the_problem_rows_headers_are_never_cut_in_kiswahili(qtbot, qapp, themed) -> None:  # type: ignore[no-untyped-def]
    """ "Namba kama ilivyo kwenye faili" is wider than the English column it replaced."""
    from desktop_app.ui.i18n import install_translations
    from desktop_app.ui.import_.pages import CheckPage

    assert install_translations(qapp, "sw")
    try:
        page = CheckPage()
        qtbot.addWidget(page)
        header = page.table.horizontalHeader()
        for column in (0, 1):
            assert header.sectionSize(column) >= header.sectionSizeHint(column), column
    finally:
        assert install_translations(qapp, "en")


def test_a_label_turned_warning_on_screen_gets_the_warnings_padding(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """Re-polished alone, a label already shown kept its old (no) padding: the low balance
    in the status bar, the key's warning in the account dialog had their words touching
    their box."""
    from PySide6.QtWidgets import QLabel

    from desktop_app.ui.widgets import set_role
    from tests.ui.conftest import app_theme

    with app_theme(qapp):
        fresh = QLabel("Top up soon")
        fresh.setProperty("role", "warning")
        turned = QLabel("Top up soon")
        for label in (fresh, turned):
            qtbot.addWidget(label)
            label.show()
        qtbot.waitExposed(turned)
        set_role(turned, "warning")
        assert turned.contentsMargins() == fresh.contentsMargins()
        assert turned.contentsRect().left() > 0  # the warning's padding


def test_a_dark_system_palette_does_not_reach_the_app(qtbot, qapp, ctx, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Windows, macOS and GNOME in dark mode give Qt a dark palette. The style sheet paints
    the pages and fields light, but not everything: the import wizard's pages stayed the
    system's dark grey, under ink that could not be read on it. The theme's palette is its
    own light one, every role of every group, whatever the system's was."""
    from PySide6.QtGui import QPalette

    from desktop_app.app import light_palette
    from desktop_app.core.services.imports import Step, write_sample_workbook
    from desktop_app.ui.import_.tab import ImportTab

    system = qapp.palette()
    qapp.setPalette(QPalette(QColor("#2d2d2d"), QColor("#202020")))  # a dark system's
    sample = write_sample_workbook(tmp_path / "customers.xlsx")
    try:
        with app_theme(qapp):
            palette, light = qapp.palette(), light_palette()
            for group in (
                QPalette.ColorGroup.Active,
                QPalette.ColorGroup.Inactive,
                QPalette.ColorGroup.Disabled,
            ):
                for role in QPalette.ColorRole:
                    if role != QPalette.ColorRole.NColorRoles:
                        assert palette.color(group, role) == light.color(group, role), role
            assert palette.color(QPalette.ColorRole.Window).lightness() > 200
            tab = ImportTab(ctx)
            qtbot.addWidget(tab)
            tab.resize(1000, 640)
            tab.show()
            tab.show_sample(sample, Step.COLUMNS)
            qtbot.waitExposed(tab)
            image = tab.grab().toImage()
            title = tab.columns_page.title
            bottom = title.mapTo(tab, title.rect().bottomLeft()).y()
            band = range(0, bottom + 30, 4)  # the steps, the heading and its hint
            lightness = sorted(
                QColor(image.pixel(x, y)).lightness()
                for x in range(0, image.width(), 10)
                for y in band
            )
            assert lightness[len(lightness) // 2] > 200  # the page is light, not dark grey
            tab.flow.cancel()
    finally:
        qapp.setPalette(system)


def _reddish_pixels(image: QImage) -> int:
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if (c := QColor(image.pixel(x, y))).red() - max(c.green(), c.blue()) > 40
    )


def test_a_greyed_button_looks_greyed_whatever_its_role(qtbot, themed) -> None:  # type: ignore[no-untyped-def]
    """A greyed "danger" button was pink with red words, and a greyed default button kept the
    green edge of the one Enter presses: both read as live."""
    from PySide6.QtWidgets import QDialog, QPushButton, QVBoxLayout

    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    danger = QPushButton("Delete 3 contacts")
    danger.setProperty("role", "danger")
    default = QPushButton("Save")
    plain = QPushButton("Close")
    for button in (danger, default, plain):
        layout.addWidget(button)
    default.setDefault(True)
    dialog.show()
    qtbot.waitExposed(dialog)
    live_red = _reddish_pixels(danger.grab().toImage())
    assert live_red > 20  # (the check sees the red words of a live one)
    for button in (danger, default, plain):
        button.setEnabled(False)
    assert default.isDefault()
    assert _reddish_pixels(danger.grab().toImage()) == 0
    assert _green_pixels(default.grab().toImage()) == 0
