"""Small building blocks of the shell: the message bar, the practice-mode banner, cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QObject,
    QPoint,
    QPropertyAnimation,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QResizeEvent, QShowEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QFrame,
    QGraphicsOpacityEffect,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.errors import Level, UserMessage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QAbstractItemView, QAbstractSpinBox

__all__ = [
    "SPIN_TEXT_MARGIN",
    "Fader",
    "FlowLayout",
    "MessageBar",
    "PracticeBanner",
    "SideColumn",
    "TabNotice",
    "Toast",
    "align_spin_text",
    "card",
    "centered_card",
    "set_role",
    "tab_leaves",
    "tab_notice",
    "tab_titles",
]

#: Left margin of a spin box's text, so it lines up with the line edits above and below it
#: (the style sheet's padding does not reach a spin box's inner editor).
SPIN_TEXT_MARGIN = 6


def set_role(widget: QWidget, role: str) -> None:
    """Style hook: the style sheet matches ``[role="..."]``; re-polish so a change shows,
    and tell the widget its style changed: a frame (a label) takes in the new padding and
    border only then (re-polished alone, a label on screen turned "warning" kept no padding
    and its words touched its box: the status bar's low balance, the key's warning)."""
    widget.setProperty("role", role)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    QApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))
    widget.updateGeometry()


def align_spin_text(spin: QAbstractSpinBox) -> None:
    editor = spin.lineEdit()
    if editor is not None:
        editor.setTextMargins(SPIN_TEXT_MARGIN, 0, 0, 0)


#: Room kept for a window's title bar and frame, which its own height leaves out.
FRAME_ALLOWANCE = 40


def available_height(widget: QWidget) -> int:
    """The height of the screen *widget* is on, less the task bar or panels."""
    screen = widget.screen()
    return screen.availableGeometry().height() if screen is not None else 10_000


def grow_to_fit(window: QWidget) -> None:
    """Soon (once the layout has taken in what changed): make *window* (a dialog) tall enough
    for a message shown after it opened, wrapped at its width, so the fields under it are
    not squeezed; never smaller than it is, and never taller than the screen (its title bar
    and buttons stay reachable)."""

    def grow() -> None:
        layout = window.layout()
        if layout is None:
            return
        width = window.width()
        needed = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else 0
        needed = max(needed, layout.totalMinimumSize().height())
        needed = min(needed, available_height(window) - FRAME_ALLOWANCE)
        if needed > window.height():
            window.resize(width, needed)

    QTimer.singleShot(0, window, grow)


def tab_leaves(view: QAbstractItemView) -> None:
    """Tab goes on to the next control, the arrows move inside *view*: Qt's tables take Tab
    from cell to cell, which held a keyboard user for as many presses as a table has cells.
    Every table and tree of the app goes through here (tests/ui/test_tables_let_tab_go.py)."""
    view.setTabKeyNavigation(False)


def tab_titles(parent: QWidget, title: str, subtitle_name: str = "") -> tuple[QHBoxLayout, QLabel]:
    """A tab's header row: its (translated) title with a muted, plain-text subtitle under it,
    taking the row's spare width; the caller adds its actions to the row (and its notice on
    a row of its own under it: :func:`tab_notice`)."""
    header = QHBoxLayout()
    titles = QVBoxLayout()
    titles.setSpacing(2)
    heading = QLabel(title, parent)
    heading.setProperty("role", "title")
    subtitle = QLabel(parent)
    if subtitle_name:
        subtitle.setObjectName(subtitle_name)
    subtitle.setProperty("role", "muted")
    subtitle.setTextFormat(Qt.TextFormat.PlainText)
    # A long status ("Could not check the balance: Tuma cannot reach the service…") wraps
    # rather than widen the tab past a small window (it scrolled sideways at 800 px).
    subtitle.setWordWrap(True)
    titles.addWidget(heading)
    titles.addWidget(subtitle)
    header.addLayout(titles, 1)
    return header, subtitle


def tab_notice(
    parent: QWidget, under: QBoxLayout, name: str, actions: Sequence[QWidget] = ()
) -> TabNotice:
    """A tab's notice (what just happened), hidden until said, on a row of its own added to
    *under* (the tab's page, right after its header row): the whole width for its words,
    with *actions* (a link such as Undo) right after them. While the notice and its actions
    are hidden the row takes no room."""
    notice = TabNotice(parent)
    notice.setObjectName(name)
    row = QHBoxLayout()
    row.setSpacing(6)
    row.addWidget(notice)
    for action in actions:
        row.addWidget(action, 0, Qt.AlignmentFlag.AlignVCenter)
    row.addStretch(1)
    under.addLayout(row)
    return notice


class TabNotice(QLabel):
    """A short notice in plain text on a tab: no wider than its words, at most
    :attr:`MAX_LINES` lines at any width. Beside the titles it was squeezed to a 140 px
    column at 800 px, wrapped onto four to nine lines and made the page scroll; on a row of
    its own a longer notice (a delete that failed, with the service's reason) still ends in
    "…" on its second line, and its tooltip and accessible name say all of it.

    ``text()`` is the whole notice, whatever is shown; ``setText`` starts a new notice (its
    tooltip is the caller's again only once set: an exported file's path, say)."""

    MAX_LINES = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._whole = ""
        self._tip = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        # No indent: with the style's border (a frame) QLabel's default indents the words by
        # half an "x", room the sizes below do not count, so a one-line notice wrapped and
        # its second line was cut off by its box. The style's padding is the room around them.
        self.setIndent(0)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.hide()

    def say(self, text: str, role: str) -> None:
        """Show *text* in the style *role* ("success", "warning", …)."""
        self.setText(text)
        if self.property("role") != role:
            set_role(self, role)
        self._fit()
        self.show()

    def text(self) -> str:
        return self._whole

    def setText(self, text: str) -> None:
        self._whole = text
        self._tip = ""
        self._fit()
        self.updateGeometry()

    def setToolTip(self, tip: str) -> None:
        self._tip = tip
        self._say_whole()

    def shown_text(self) -> str:
        """The words on screen (the notice, or its beginning and "…")."""
        return QLabel.text(self)

    def sizeHint(self) -> QSize:
        extra = self._extra()
        width = self._bounds(self._whole, 1_000_000).width() + extra.width() + 1
        return QSize(width, self.heightForWidth(min(width, self.width())))

    def minimumSizeHint(self) -> QSize:
        width = min(self.sizeHint().width(), 12 * self.fontMetrics().averageCharWidth())
        return QSize(width, self.heightForWidth(self.width()))

    def hasHeightForWidth(self) -> bool:
        """No: a child with a height for its width makes the whole page ask its children
        for their preferred heights instead of their least ones inside the tab's scroll
        area, and the Delivery page then scrolled by 70 px at 800×560 for a one-line notice.
        The notice's height follows the width it was given instead (:meth:`resizeEvent`)."""
        return False

    def heightForWidth(self, width: int) -> int:
        extra = self._extra()
        room = max(1, width - extra.width())
        return self._bounds(self._fitted(room), room).height() + extra.height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # one line or two, now

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()
            self.updateGeometry()

    def _extra(self) -> QSize:
        """The room around the words: the style's padding and border, the label's margin."""
        inner = self.contentsRect()
        margin = 2 * self.margin()
        return QSize(self.width() - inner.width() + margin, self.height() - inner.height() + margin)

    def _bounds(self, text: str, room: int) -> QRect:
        flags = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        return self.fontMetrics().boundingRect(QRect(0, 0, room, 1_000_000), flags, text)

    def _fitted(self, room: int) -> str:
        """The notice as it fits *room* px wide in MAX_LINES lines: whole, or cut short with
        "…" on its last line."""
        text = self._whole
        layout = QTextLayout(text, self.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        starts = []
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(room)
            starts.append(line.textStart())
            if len(starts) > self.MAX_LINES:
                break
        layout.endLayout()
        if len(starts) <= self.MAX_LINES:
            return text
        last = starts[self.MAX_LINES - 1]
        rest = self.fontMetrics().elidedText(text[last:].strip(), Qt.TextElideMode.ElideRight, room)
        return text[:last] + rest

    def _fit(self) -> None:
        room = max(1, self.width() - self._extra().width())
        shown = self._fitted(room) if self.width() > 0 else self._whole
        if shown != QLabel.text(self):
            QLabel.setText(self, shown)
        self._say_whole()

    def _say_whole(self) -> None:
        cut = QLabel.text(self) != self._whole
        tips = (self._whole if cut else "", self._tip)
        QLabel.setToolTip(self, "\n\n".join(tip for tip in tips if tip))
        self.setAccessibleName(self._whole if cut else "")


def card(parent: QWidget | None = None) -> QFrame:
    frame = QFrame(parent)
    frame.setProperty("role", "card")
    return frame


def centered_card(
    page: QWidget, *, margin: int, padding: tuple[int, int], max_width: int
) -> tuple[QFrame, QVBoxLayout]:
    """A card in the middle of *page*, a little above centre (a page with nothing else on
    it: a tab not yet there, "no customers yet"). Returns the card and its layout."""
    outer = QVBoxLayout(page)
    outer.setContentsMargins(margin, margin, margin, margin)
    outer.addStretch(1)
    box = card(page)
    box.setMaximumWidth(max_width)
    box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    inner = QVBoxLayout(box)
    inner.setContentsMargins(padding[0], padding[1], padding[0], padding[1])
    inner.setSpacing(10)
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(box, 10)
    row.addStretch(1)
    outer.addLayout(row)
    outer.addStretch(2)
    return box, inner


class MessageBar(QFrame):
    """A dismissable message at the top of the window: what happened and what to do next."""

    reconnect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MessageBar")
        self.message: UserMessage | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, 10, 8, 10)
        layout.setSpacing(12)
        self.icon = QLabel(self)
        self.icon.setFixedSize(20, 20)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text_box = QVBoxLayout()
        text_box.setSpacing(2)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-weight: 700;")
        self.title.setWordWrap(True)
        # Messages carry the service's own words: never interpret them as markup.
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.text = QLabel(self)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text_box.addWidget(self.title)
        text_box.addWidget(self.text)
        self.reconnect_button = QPushButton(self.tr("Connect again"), self)
        self.reconnect_button.setProperty("role", "primary")
        self.reconnect_button.clicked.connect(self.reconnect_requested)
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setProperty("role", "close")
        self.close_button.setToolTip(self.tr("Dismiss this message"))
        self.close_button.setAccessibleName(self.tr("Dismiss"))
        self.close_button.clicked.connect(self.dismiss)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(text_box, 1)
        layout.addWidget(self.reconnect_button, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_message(self, message: UserMessage) -> None:
        self.message = message
        self.setProperty("level", str(message.level))
        self.style().unpolish(self)
        self.style().polish(self)
        colours = {Level.ERROR: "#d92d20", Level.WARNING: "#dc6803", Level.INFO: "#0f7b5f"}
        self.icon.setText("i" if message.level == Level.INFO else "!")
        self.icon.setStyleSheet(
            f"background: {colours[message.level]}; color: white; border-radius: 10px;"
            "font-weight: 700;"
        )
        self.title.setText(message.title)
        self.text.setText(message.text)
        self.text.setVisible(bool(message.text))
        self.reconnect_button.setVisible(message.reauth)
        self.show()

    def dismiss(self) -> None:
        self.message = None
        self.hide()


class Fader(QObject):
    """Lets a note go by itself: after ``after_ms`` it fades out and hides. The mouse over
    the note (someone reading it) starts the wait again; a note that must stay (a problem)
    is shown without the countdown.

    The fade (an opacity effect and its animation) is made when it first starts: a graphics
    effect on a widget costs ~2 ms as the window is first shown (tests/bench/bench_startup.py),
    and most notes are dismissed or replaced before they fade."""

    def __init__(self, widget: QWidget, after_ms: int) -> None:
        super().__init__(widget)
        self._widget = widget
        self._opacity: QGraphicsOpacityEffect | None = None
        self._fade: QPropertyAnimation | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(after_ms)
        self._timer.timeout.connect(self._start_fade)
        widget.installEventFilter(self)

    def _start_fade(self) -> None:
        if self._fade is None:
            self._opacity = QGraphicsOpacityEffect(self._widget)
            self._opacity.setOpacity(1.0)
            self._widget.setGraphicsEffect(self._opacity)
            self._fade = QPropertyAnimation(self._opacity, b"opacity", self)
            self._fade.setDuration(400)
            self._fade.setStartValue(1.0)
            self._fade.setEndValue(0.0)
            self._fade.finished.connect(self._faded)
        self._fade.start()

    def _opaque(self) -> None:
        if self._fade is not None:
            self._fade.stop()
        if self._opacity is not None:
            self._opacity.setOpacity(1.0)

    def shown(self, *, goes_by_itself: bool) -> None:
        """The note was (re)shown: fully opaque, and counting down only if it may go."""
        self._opaque()
        if goes_by_itself:
            self._timer.start()
        else:
            self._timer.stop()

    def set_wait(self, after_ms: int) -> None:
        self._timer.setInterval(after_ms)

    def stop(self) -> None:
        self._timer.stop()
        self._opaque()

    @property
    def counting(self) -> bool:
        fading = self._fade is not None and self._fade.state() == QPropertyAnimation.State.Running
        return self._timer.isActive() or fading

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Enter and self.counting:
            self.shown(goes_by_itself=True)  # being read: it stays a while longer
        return False

    def _faded(self) -> None:
        self._widget.hide()
        if self._opacity is not None:
            self._opacity.setOpacity(1.0)


class Toast(QFrame):
    """Good news (connected, switched, updated) on one line at the left of the status bar:
    nothing on the page moves or is covered when it comes or goes, and it fades after a few
    seconds. Problems go to the MessageBar above the tabs and stay until dealt with."""

    FADE_AFTER_MS = 10000

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Toast")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.message: UserMessage | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 0, 0, 0)
        layout.setSpacing(6)
        self.icon = QLabel("✓", self)
        self.icon.setObjectName("toastIcon")
        self.label = QLabel(self)
        self.label.setObjectName("toastText")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setMinimumWidth(80)
        close = QToolButton(self)
        close.setText("×")
        close.setAutoRaise(True)
        close.setToolTip(self.tr("Dismiss this message"))
        close.setAccessibleName(self.tr("Dismiss"))
        close.clicked.connect(self.dismiss)
        layout.addWidget(self.icon)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self.fader = Fader(self, self.FADE_AFTER_MS)
        self.hide()

    def show_message(self, message: UserMessage) -> None:
        self.message = message
        self.setToolTip("\n".join(part for part in (message.title, message.text) if part))
        self._elide()
        self.show()
        self.fader.shown(goes_by_itself=True)

    def full_text(self) -> str:
        message = self.message
        if message is None:
            return ""
        return " — ".join(part for part in (message.title, message.text) if part)

    def dismiss(self) -> None:
        self.message = None
        self.fader.stop()
        self.hide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        # One line whatever the window's width: the whole message is in the tooltip.
        width = max(self.label.width(), 80)
        self.label.setText(
            self.label.fontMetrics().elidedText(
                self.full_text(), Qt.TextElideMode.ElideRight, width
            )
        )


class PracticeBanner(QFrame):
    """Says plainly that nothing leaves the computer until a real account is connected."""

    connect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PracticeBanner")
        layout = QHBoxLayout(self)
        # Slim (its button too, in style.qss): it takes height from every tab.
        layout.setContentsMargins(16, 4, 6, 4)
        layout.setSpacing(14)
        #: The whole sentence (on a small window: the title's tooltip, the short one shows).
        self.full_title = self.tr(
            "Practice mode — messages go nowhere until you connect your account"
        )
        self.short_title = self.tr("Practice mode — no message really goes out")
        self.title = QLabel(self.full_title, self)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setStyleSheet("font-weight: 700;")
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setProperty("role", "muted")
        self.connect_button = QPushButton(self.tr("Connect your account…"), self)
        self.connect_button.setProperty("role", "primary")
        self.connect_button.clicked.connect(self.connect_requested)
        layout.addWidget(self.title)
        layout.addWidget(self.detail, 1)
        self._layout = layout
        layout.addWidget(self.connect_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.set_starting(False)
        self.hide()

    #: Narrower than this, the banner keeps only its title and button (the details are in
    #: the title's tooltip): on a small screen it stays one line high. (Its Kiswahili title
    #: went onto two lines at 800 px, above a Compose tab already short of height.)
    COMPACT_BELOW = 1100

    def resizeEvent(self, event: QResizeEvent) -> None:
        compact = event.size().width() < self.COMPACT_BELOW
        self.detail.setVisible(not compact)
        self._layout.setStretchFactor(self.title, 1 if compact else 0)
        self._fit_title(compact=compact)
        super().resizeEvent(event)

    def _fit_title(self, *, compact: bool) -> None:
        """One line: the whole sentence where it fits, else the short one (elided on the
        narrowest window); the whole sentence and the details are in the tooltip."""
        details = self.detail.toolTip() or self.detail.text()
        if not compact:
            self.title.setMinimumWidth(0)  # (never cut short beside the details)
            self.title.setText(self.full_title)
            self.title.setToolTip(details)
            return
        self.title.setMinimumWidth(1)  # never wider than the room left: elided instead
        margins = self._layout.contentsMargins()
        room = (
            self.contentsRect().width()  # (the new size's, in resizeEvent)
            - margins.left()
            - margins.right()
            - self._layout.spacing()
            - self.connect_button.sizeHint().width()
        )
        self.title.ensurePolished()  # (its bold font is the style sheet's)
        metrics = self.title.fontMetrics()
        text = self.full_title
        if metrics.horizontalAdvance(text) > room:
            text = metrics.elidedText(self.short_title, Qt.TextElideMode.ElideRight, room)
        self.title.setText(text)
        self.title.setToolTip(f"{self.full_title}\n{details}")

    def set_starting(self, starting: bool) -> None:
        """While the practice service starts, say so instead of promising demo data."""
        if starting:
            self.detail.setText(self.tr("Starting the practice service…"))
            self.detail.setToolTip("")
        else:
            self.detail.setText(self.tr("Demo shop, sample customers, free credits."))
            self.detail.setToolTip(
                self.tr(
                    "You are using a demo shop with sample customers and free practice credits. "
                    "Try anything: no real SMS is sent and nothing is charged."
                )
            )
        if self.isVisible():  # (hidden: fitted as it shows; measuring it polishes it, which
            # before the first paint of a real account's window, where it never shows, cost
            # 3.5 ms of the start-up)
            self._fit_title(compact=self.width() < self.COMPACT_BELOW)

    def showEvent(self, event: QShowEvent) -> None:
        self._fit_title(compact=self.width() < self.COMPACT_BELOW)
        super().showEvent(event)


class FlowLayout(QLayout):
    """Lays its items out left to right and wraps them onto the next line when the width
    runs out (Qt's flow layout example): a row of buttons or counters that must never make
    a narrow window scroll sideways."""

    def __init__(
        self, parent: QWidget | None = None, *, spacing: int = 6, line_spacing: int = 4
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self._line_spacing = line_spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line_height = area.x(), area.y(), 0
        for item in self._items:
            widget = item.widget()
            if widget is not None and widget.isHidden():
                continue
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:
                x = area.x()
                y += line_height + self._line_spacing
                line_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y() + margins.bottom()


class SideColumn(QWidget):
    """A main area with a column beside it (summary, tips) that moves below the main area
    when the window is too narrow for both: no window size needs sideways scrolling.

    Its minimum width is that of the stacked arrangement, so it never forces a window wider
    than one column needs; it goes side by side once there is room for both.

    The arrangement is chosen in ``resizeEvent``, which Qt delivers after the layout has
    placed the children for the new width in the old direction: when it changes, the
    columns are laid out again at once (not one event-loop turn, and one frame, later:
    after a resize to the smallest window Compose's form was squeezed into ~390 px, its
    Personalise row cut, until then), and the height for a width is known up front
    (``heightForWidth``), so a scrolling page is tall enough for the stacked columns in
    that same resize."""

    def __init__(
        self, main: QWidget, side: QWidget, *, side_width: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.main = main
        self.side = side
        self._side_width = side_width
        self._layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(16)
        # The widget's minimum is ours (minimumSizeHint), not the side-by-side layout's.
        self._layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._layout.addWidget(main, 1)
        self._layout.addWidget(side)
        self._stacked = True
        self._arrange(stacked=False)
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    @property
    def stacked(self) -> bool:
        return self._stacked

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        # What each column asks for (as the page's layout gave it before), not its bare
        # minimum: below that the recipients box and the summary's fields get squeezed.
        main, side = (
            column.sizeHint().expandedTo(column.minimumSizeHint()).height()
            for column in (self.main, self.side)
        )
        if width < self.breakpoint():
            return main + self._layout.spacing() + side
        return max(main, side)

    def breakpoint(self) -> int:
        """The narrowest width at which both fit side by side."""
        return self.main.minimumSizeHint().width() + self._layout.spacing() + self._side_width

    def minimumSizeHint(self) -> QSize:
        main, side = self.main.minimumSizeHint(), self.side.minimumSizeHint()
        width = max(main.width(), side.width())
        if self._stacked:
            return QSize(width, main.height() + self._layout.spacing() + side.height())
        return QSize(width, max(main.height(), side.height()))

    def _arrange(self, *, stacked: bool) -> None:
        if stacked == self._stacked:
            return
        self._stacked = stacked
        if stacked:
            self._layout.setDirection(QBoxLayout.Direction.TopToBottom)
            self.side.setMinimumWidth(0)
            self.side.setMaximumWidth(16777215)
        else:
            self._layout.setDirection(QBoxLayout.Direction.LeftToRight)
            self.side.setFixedWidth(self._side_width)
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        stacked = self._stacked
        self._arrange(stacked=event.size().width() < self.breakpoint())
        super().resizeEvent(event)
        if self._stacked != stacked:
            self._layout.activate()  # now, not one event-loop turn (and one frame) later
