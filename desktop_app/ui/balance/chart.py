"""Balance over time and spending per day, painted with QPainter (no chart dependency)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import QDate, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop_app.ui.balance.history import daily_spending

__all__ = ["BalanceChart", "nice_ceiling"]

GREEN = QColor("#0f7b5f")
GREEN_FILL = QColor(20, 163, 127, 46)
BAR = QColor("#f0a04b")
GRID = QColor("#e6eaee")
INK = QColor("#1f2933")
MUTED = QColor("#616e7c")
WARN = QColor("#d92d20")


def nice_ceiling(value: float) -> float:
    """A round number ≥ value for an axis top (1, 2, 2.5, 5 × 10^n)."""
    if value <= 0:
        return 1.0
    exponent = math.floor(math.log10(value))
    base = 10.0**exponent
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if value <= step * base:
            return step * base
    return 10.0 * base  # pragma: no cover


class BalanceChart(QWidget):
    """Top: the balance line with a dot per reading. Bottom: credits spent per day."""

    DAYS = 14

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(210)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.history: list[tuple[datetime, float]] = []
        self.spending: list[tuple[date, float]] = []
        self.threshold = 0
        self.today = date.today()
        self.setAccessibleName(self.tr("Balance history chart"))

    # -- data -----------------------------------------------------------------------------

    def set_history(
        self, history: Sequence[tuple[datetime, float]], *, today: date | None = None
    ) -> None:
        self.today = today or date.today()
        self.history = list(history)
        self.spending = daily_spending(self.history, last_day=self.today, days=self.DAYS)
        self._update_description()
        self.update()

    def set_threshold(self, threshold: int) -> None:
        self.threshold = threshold
        self.update()

    @property
    def points(self) -> list[tuple[datetime, float]]:
        """The readings drawn (inside the time window)."""
        start = self._window()[0]
        return [(at, credits) for at, credits in self.history if at >= start]

    def sizeHint(self) -> QSize:
        return QSize(720, 230)

    # -- painting -------------------------------------------------------------------------

    def _window(self) -> tuple[datetime, datetime]:
        first_day = self.today - timedelta(days=self.DAYS - 1)
        start = datetime.combine(first_day, time.min).astimezone()
        end = datetime.combine(self.today + timedelta(days=1), time.min).astimezone()
        return start, end

    def _update_description(self) -> None:
        locale = QLocale()
        if not self.history:
            self.setAccessibleDescription(self.tr("No balance readings yet."))
            return
        spent = sum(value for _, value in self.spending)
        self.setAccessibleDescription(
            self.tr("{count} readings; {spent} credits spent in the last {days} days.").format(
                count=locale.toString(len(self.points)),
                spent=locale.toString(round(spent)),
                days=self.DAYS,
            )
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        left, right, top, bottom = 64.0, 18.0, 8.0, 26.0
        plot = rect.adjusted(left, top, -right, -bottom)
        if plot.width() < 50 or plot.height() < 80:
            painter.end()
            return
        line_h = plot.height() * 0.58
        gap = 30.0
        line_area = QRectF(plot.left(), plot.top() + 22, plot.width(), line_h - 22)
        bars_area = QRectF(
            plot.left(),
            line_area.bottom() + gap + 22,
            plot.width(),
            plot.bottom() - line_area.bottom() - gap - 22,
        )
        title_font = QFont(self.font())
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(INK)
        painter.drawText(
            QRectF(0, line_area.top() - 24, rect.width(), 20),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            "  " + self.tr("Balance (credits)"),
        )
        painter.drawText(
            QRectF(0, bars_area.top() - 24, rect.width(), 20),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            "  " + self.tr("Credits spent per day"),
        )
        painter.setFont(self.font())
        if not self.points:
            painter.setPen(MUTED)
            painter.drawText(
                line_area,
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.tr("No readings in the last two weeks. Press Refresh to take one.")
                if self.history
                else self.tr(
                    "No readings yet. The chart fills in each time Tuma checks your balance."
                ),
            )
        else:
            self._paint_line(painter, line_area)
        self._paint_bars(painter, bars_area)
        painter.end()

    def _x(self, area: QRectF, at: datetime) -> float:
        start, end = self._window()
        span = (end - start).total_seconds()
        offset = (at - start).total_seconds()
        return area.left() + area.width() * max(0.0, min(1.0, offset / span))

    def _y_axis(self, painter: QPainter, area: QRectF, top_value: float, steps: int = 4) -> None:
        """Grid lines from 0 to *top_value* in *steps* steps, each labelled on the left."""
        locale = QLocale()
        for i in range(steps + 1):
            value = top_value * i / steps
            y = area.bottom() - area.height() * i / steps
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(MUTED)
            painter.drawText(
                QRectF(0, y - 9, area.left() - 8, 18),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                locale.toString(round(value)),
            )

    def _paint_line(self, painter: QPainter, area: QRectF) -> None:
        points = self.points
        earlier = [reading for reading in self.history if reading not in points]
        values = [credits for _, credits in points] + [self.threshold]
        top_value = nice_ceiling(max(values) * 1.1)
        self._y_axis(painter, area, top_value)

        def y(credits: float) -> float:
            return area.bottom() - area.height() * max(0.0, credits) / top_value

        coords = [QPointF(self._x(area, at), y(credits)) for at, credits in points]
        if earlier:  # where the window starts, the balance was the last earlier reading
            coords.insert(0, QPointF(area.left(), y(earlier[-1][1])))
        now_x = self._x(area, datetime.now().astimezone())
        if now_x > coords[-1].x():
            coords.append(QPointF(now_x, coords[-1].y()))

        fill = QPainterPath(QPointF(coords[0].x(), area.bottom()))
        for point in coords:
            fill.lineTo(point)
        fill.lineTo(QPointF(coords[-1].x(), area.bottom()))
        fill.closeSubpath()
        gradient = QLinearGradient(0, area.top(), 0, area.bottom())
        gradient.setColorAt(0, GREEN_FILL)
        gradient.setColorAt(1, QColor(20, 163, 127, 6))
        painter.fillPath(fill, gradient)

        line = QPainterPath(coords[0])
        for point in coords[1:]:
            line.lineTo(point)
        painter.setPen(QPen(GREEN, 2.2))
        painter.drawPath(line)
        painter.setBrush(QColor("#ffffff"))
        painter.setPen(QPen(GREEN, 2))
        for at, credits in points:
            painter.drawEllipse(QPointF(self._x(area, at), y(credits)), 3.5, 3.5)

        if self.threshold > 0:
            ty = y(self.threshold)
            pen = QPen(WARN, 1.2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QPointF(area.left(), ty), QPointF(area.right(), ty))
            painter.drawText(
                QRectF(area.right() - 240, ty - 18, 236, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                self.tr("Warning below {threshold}").format(
                    threshold=QLocale().toString(self.threshold)
                ),
            )

    def _paint_bars(self, painter: QPainter, area: QRectF) -> None:
        locale = QLocale()
        biggest = max((value for _, value in self.spending), default=0.0)
        top_value = nice_ceiling(biggest * 1.15) if biggest > 0 else 10.0
        self._y_axis(painter, area, top_value, steps=2 if area.height() >= 70 else 1)
        slot = area.width() / max(1, len(self.spending))
        label_every = 1 if slot >= 46 else 2 if slot >= 24 else 7
        for index, (day, spent) in enumerate(self.spending):
            x = area.left() + slot * index
            if spent > 0:
                h = area.height() * spent / top_value
                bar = QRectF(x + slot * 0.2, area.bottom() - h, slot * 0.6, h)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(BAR)
                painter.drawRoundedRect(bar, 2, 2)
            if index % label_every == 0 or index == len(self.spending) - 1:
                painter.setPen(MUTED)
                text = locale.toString(QDate(day.year, day.month, day.day), "d MMM")
                painter.drawText(
                    QRectF(x - 10, area.bottom() + 4, slot + 20, 18),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    text,
                )
