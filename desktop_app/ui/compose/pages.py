"""A stack of pages that is as tall as the page shown, not as the tallest one."""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QStackedLayout, QWidget


class _CurrentPageLayout(QStackedLayout):
    """A QStackedLayout sizes itself (hint, minimum, height for a width) to the largest of
    its pages: this one to the current page only."""

    def _current(self) -> QWidget | None:
        return self.currentWidget()

    def sizeHint(self) -> QSize:
        page = self._current()
        if page is None:
            return QSize(0, 0)
        return page.sizeHint().expandedTo(page.minimumSizeHint())

    def minimumSize(self) -> QSize:
        page = self._current()
        return QSize(0, 0) if page is None else page.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        page = self._current()
        return page is not None and page.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        page = self._current()
        if page is None:
            return -1
        return max(page.heightForWidth(width), page.minimumSizeHint().height())


class PageStack(QWidget):
    """The Compose tab's pages (SMS, WhatsApp, Survey): one shown at a time, and the page
    scrolls only as far as the page shown needs. A QStackedWidget took the SMS page's height
    for every page: at 800×560 the WhatsApp and Survey pages scrolled over ~340 px of blank
    space below their cards."""

    currentChanged = Signal(int)  # QStackedWidget's name

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = _CurrentPageLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.currentChanged.connect(self._on_current_changed)

    def addWidget(self, page: QWidget) -> int:
        return self._layout.addWidget(page)

    def count(self) -> int:
        return self._layout.count()

    def widget(self, index: int) -> QWidget | None:
        return self._layout.widget(index)

    def currentIndex(self) -> int:
        return self._layout.currentIndex()

    def currentWidget(self) -> QWidget | None:
        return self._layout.currentWidget()

    def setCurrentIndex(self, index: int) -> None:
        self._layout.setCurrentIndex(index)

    def _on_current_changed(self, index: int) -> None:
        # Another page, another height: the scrolling form around it is laid out again.
        self._layout.invalidate()
        self.updateGeometry()
        self.currentChanged.emit(index)
