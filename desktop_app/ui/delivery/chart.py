"""The delivery breakdown, painted with QPainter: one bar split by outcome on top (the whole
at a glance), then a row per outcome with its icon, name, bar, count and share."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop_app.core.services.delivery import Outcome, Tally
from desktop_app.ui.delivery.look import COLOURS, ORDER, outcome_icon, words
from desktop_app.ui.formats import number

__all__ = ["DeliveryChart"]

INK = QColor("#1f2933")
MUTED = QColor("#616e7c")
TRACK = QColor("#eef1f4")


def share(n: int, total: int) -> str:
    """A share for a label: whole percent, "<1%" for a few of many, never a false 0%."""
    if total <= 0 or n <= 0:
        return "0%"
    percent = 100.0 * n / total
    if percent < 1:
        return "<1%"
    return f"{round(percent)}%"


class DeliveryChart(QWidget):
    """A tally's breakdown. Rows with nothing are drawn faint, so the six always line up."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.subtitle = ""
        self.tally = Tally()
        self.setMinimumSize(220, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(title)

    def set_tally(self, tally: Tally, subtitle: str = "") -> None:
        self.tally = tally
        self.subtitle = subtitle
        total = tally.total
        parts = [
            f"{words().chart_label(o)} {number(tally[o])}" for o in ORDER if tally[o] or not total
        ]
        self.setAccessibleDescription(", ".join(parts))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(320, 230)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(12, 8, -12, -8)
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(INK)
        p.drawText(
            QRectF(rect.left(), rect.top(), rect.width(), 20),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.title,
        )
        p.setFont(self.font())
        y = rect.top() + 22
        if self.subtitle:
            p.setPen(MUTED)
            p.drawText(
                QRectF(rect.left(), y, rect.width(), 18),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                p.fontMetrics().elidedText(
                    self.subtitle, Qt.TextElideMode.ElideRight, int(rect.width())
                ),
            )
            y += 20
        total = self.tally.total
        if total == 0:
            p.setPen(MUTED)
            p.drawText(
                QRectF(rect.left(), y + 8, rect.width(), rect.bottom() - y - 8),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.tr("Nothing sent here yet."),
            )
            p.end()
            return
        # the whole, one bar
        whole = QRectF(rect.left(), y + 6, rect.width(), 14)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(TRACK)
        p.drawRoundedRect(whole, 4, 4)
        x = whole.left()
        p.save()
        clip = QRectF(whole)
        rounded = QPainterPath()
        rounded.addRoundedRect(clip, 4, 4)
        p.setClipPath(rounded)
        for outcome in ORDER:
            n = self.tally[outcome]
            if not n:
                continue
            w = whole.width() * n / total
            p.setBrush(COLOURS[outcome])
            p.drawRect(QRectF(x, whole.top(), w + 0.5, whole.height()))
            x += w
        p.restore()
        y = whole.bottom() + 10
        # a row per outcome
        rows = len(ORDER)
        row_h = max(18.0, min(28.0, (rect.bottom() - y) / rows))
        metrics = p.fontMetrics()
        label_w = max(metrics.horizontalAdvance(words().chart_label(o)) for o in ORDER) + 26
        figures = [f"{number(self.tally[o])}  {share(self.tally[o], total)}" for o in ORDER]
        figure_w = max(metrics.horizontalAdvance(f) for f in figures) + 8
        bar_left = rect.left() + label_w
        bar_w = max(20.0, rect.width() - label_w - figure_w)
        biggest = max(self.tally[o] for o in ORDER) or 1
        for index, outcome in enumerate(ORDER):
            n = self.tally[outcome]
            top = y + index * row_h
            faint = n == 0
            icon = outcome_icon(outcome, 14)
            p.setOpacity(0.45 if faint else 1.0)
            icon.paint(p, int(rect.left()), int(top + (row_h - 14) / 2), 14, 14)
            p.setPen(INK)
            p.drawText(
                QRectF(rect.left() + 20, top, label_w - 20, row_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                words().chart_label(outcome),
            )
            track = QRectF(bar_left, top + row_h * 0.25, bar_w, row_h * 0.5)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(TRACK)
            p.drawRoundedRect(track, 3, 3)
            if n:
                filled = QRectF(
                    track.left(), track.top(), max(3.0, bar_w * n / biggest), track.height()
                )
                p.setBrush(COLOURS[outcome])
                p.drawRoundedRect(filled, 3, 3)
            p.setPen(QPen(INK if not faint else MUTED))
            p.drawText(
                QRectF(bar_left + bar_w + 6, top, figure_w, row_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                figures[index],
            )
        p.setOpacity(1.0)
        p.end()

    def figure(self, outcome: Outcome) -> int:
        """The number drawn for *outcome* (tests read it)."""
        return self.tally[outcome]
