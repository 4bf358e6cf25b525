"""How a delivery outcome looks and reads: a colour, a painted icon (never colour alone) and
words, and a failure's reason in plain words with what to do about it."""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap

from desktop_app.core.services.delivery import SKIPPED_AS_INVALID, ChunkState, Outcome

__all__ = ["COLOURS", "ORDER", "DeliveryWords", "outcome_icon", "words"]

#: The order outcomes are listed and charted in.
ORDER = (
    Outcome.DELIVERED,
    Outcome.SENT,
    Outcome.PENDING,
    Outcome.FAILED,
    Outcome.REJECTED,
    Outcome.NO_REPORT,
)

COLOURS = {
    Outcome.DELIVERED: QColor("#0f7b5f"),
    Outcome.SENT: QColor("#2f6fb3"),
    Outcome.PENDING: QColor("#d98e04"),
    Outcome.FAILED: QColor("#d92d20"),
    Outcome.REJECTED: QColor("#8e1b13"),
    Outcome.NO_REPORT: QColor("#7b8794"),
}
IN_DOUBT = QColor("#b54708")


def _key(raw: str | None) -> str:
    return re.sub(r"[\s_]+", "", raw or "").casefold()


@cache
def outcome_icon(outcome: Outcome | None, size: int = 16) -> QIcon:
    """A filled circle in the outcome's colour with a white sign: ✓ delivered, → sent, a
    clock pending, ✕ failed, a bar rejected, ? no report; None (not sent) a hollow ring."""
    ratio = 2
    pixmap = QPixmap(size * ratio, size * ratio)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = float(size)
    circle = QRectF(1, 1, s - 2, s - 2)
    if outcome is None:
        p.setPen(QPen(IN_DOUBT, 1.6))
        p.drawEllipse(circle.adjusted(1, 1, -1, -1))
        p.end()
        return QIcon(pixmap)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(COLOURS[outcome])
    p.drawEllipse(circle)
    pen = QPen(QColor("#ffffff"), s / 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    c = s / 2
    if outcome is Outcome.DELIVERED:
        path = QPainterPath(QPointF(s * 0.28, c))
        path.lineTo(QPointF(s * 0.44, s * 0.66))
        path.lineTo(QPointF(s * 0.72, s * 0.34))
        p.drawPath(path)
    elif outcome is Outcome.SENT:
        p.drawLine(QPointF(s * 0.28, c), QPointF(s * 0.7, c))
        path = QPainterPath(QPointF(s * 0.52, s * 0.32))
        path.lineTo(QPointF(s * 0.72, c))
        path.lineTo(QPointF(s * 0.52, s * 0.68))
        p.drawPath(path)
    elif outcome is Outcome.PENDING:
        p.drawLine(QPointF(c, c), QPointF(c, s * 0.28))
        p.drawLine(QPointF(c, c), QPointF(s * 0.68, s * 0.6))
    elif outcome is Outcome.FAILED:
        p.drawLine(QPointF(s * 0.32, s * 0.32), QPointF(s * 0.68, s * 0.68))
        p.drawLine(QPointF(s * 0.68, s * 0.32), QPointF(s * 0.32, s * 0.68))
    elif outcome is Outcome.REJECTED:
        p.drawLine(QPointF(s * 0.28, c), QPointF(s * 0.72, c))
    else:
        font = QFont()
        font.setPixelSize(int(s * 0.72))
        font.setBold(True)
        p.setFont(font)
        p.drawText(circle, Qt.AlignmentFlag.AlignCenter, "?")
    p.end()
    return QIcon(pixmap)


class DeliveryWords(QObject):
    """The Delivery tab's sentences about outcomes and reasons (one translation context)."""

    def outcome(self, outcome: Outcome | None) -> str:
        names = {
            Outcome.DELIVERED: self.tr("Delivered"),
            Outcome.SENT: self.tr("On its way"),
            Outcome.PENDING: self.tr("Waiting for report"),
            Outcome.FAILED: self.tr("Failed"),
            Outcome.REJECTED: self.tr("Rejected"),
            Outcome.NO_REPORT: self.tr("No report"),
        }
        return names[outcome] if outcome is not None else self.tr("Not sent")

    def being_sent(self) -> str:
        """A send going out right now (its row in the history): as its recipients on their
        way are said to be (:meth:`not_accepted`), the same words."""
        return self.tr("Being sent")

    # -- the history's Delivery column, counted: Qt's plural forms (lupdate files only
    # ``self.tr(text, "", n)`` as a plural, not ``QCoreApplication.translate``'s *n*), so
    # Kiswahili says "1 umeshindwa" and "2 zimeshindwa"; English "1 delivered", "1,234 failed"

    def delivered_count(self, n: int) -> str:
        return self.tr("%Ln delivered", "", n)

    def failed_count(self, n: int) -> str:
        return self.tr("%Ln failed", "", n)

    def waiting_count(self, n: int) -> str:
        return self.tr("%Ln waiting", "", n)

    def no_report_count(self, n: int) -> str:
        return self.tr("%Ln no report", "", n)

    def chart_label(self, outcome: Outcome) -> str:
        names = {
            Outcome.DELIVERED: self.tr("Delivered"),
            Outcome.SENT: self.tr("Sent"),
            Outcome.PENDING: self.tr("Pending"),
            Outcome.FAILED: self.tr("Failed"),
            Outcome.REJECTED: self.tr("Rejected"),
            Outcome.NO_REPORT: self.tr("No report"),
        }
        return names[outcome]

    def not_accepted(self, state: ChunkState) -> str:
        """The status of a recipient whose batch was not accepted: it may have gone out when
        its reply was lost (it said "Not sent" beside "Unknown whether it went out")."""
        if state is ChunkState.IN_DOUBT:
            return self.tr("Unknown")
        if state is ChunkState.SENDING:
            return self.tr("Being sent")
        return self.tr("Not sent")

    def chunk_state(
        self, state: ChunkState, *, direct: bool = False, going_out: bool = False
    ) -> str:
        """A recipient whose batch was never accepted. *direct*: a WhatsApp template or a
        survey, one request with nothing to review or resume. *going_out*: the send is being
        sent right now (a batch still to go has not been left behind)."""
        if going_out and state is ChunkState.PENDING:
            return self.tr("Not sent yet: this send is still going out.")
        if direct and state is ChunkState.IN_DOUBT:
            return self.tr(
                "Unknown whether it went out: the connection was lost. Sending it again asks "
                "you first."
            )
        return {
            ChunkState.PENDING: self.tr("Not sent yet: the broadcast did not finish."),
            ChunkState.SENDING: self.tr("Being sent right now."),
            ChunkState.IN_DOUBT: self.tr(
                "Unknown whether it went out: open Review in this send's row to settle it."
            ),
            ChunkState.REJECTED: self.tr("The service refused this batch: it was not sent."),
            ChunkState.CANCELLED: self.tr("Not sent: you chose not to send the rest."),
        }.get(state, "")

    def meaning(self, outcome: Outcome | None, reason: str | None, raw: str | None) -> str:
        """What happened, in plain words, with what to do."""
        key = _key(reason) or _key(raw)
        if outcome is Outcome.DELIVERED:
            return self.tr("It reached the customer's phone.")
        if outcome is Outcome.SENT:
            return self.tr("Handed to the mobile network; the phone has not confirmed yet.")
        if outcome is Outcome.PENDING:
            return self.tr("No report yet. Tuma checks again by itself.")
        if outcome is Outcome.NO_REPORT:
            return self.tr(
                "The network sent no report within 24 hours. It may still have arrived; "
                "ask the customer if it matters."
            )
        if key == "absentsubscriber":
            return self.tr(
                "The phone was off or out of coverage. It may arrive later when the phone is "
                "back on; if not, resend to this customer."
            )
        if key in ("senderblacklisted", "sendernameblacklisted", "userinblacklist"):
            return self.tr(
                "The customer blocked promotional messages (for example with *456*9*5#). "
                "Do not resend: ask them to unblock if they want your messages."
            )
        if key == "subscriberoptedout":
            return self.tr("The customer opted out of your messages. Do not resend.")
        if key in ("invalidmsisdn", _key(SKIPPED_AS_INVALID), "deliveryimpossible"):
            return self.tr(
                "The number cannot receive SMS (wrong or no longer in use). Check the number "
                "with the customer."
            )
        if key == "expired":
            return self.tr(
                "The network gave up after trying for a long time (phone off for days). "
                "Resend when the customer is reachable."
            )
        if key == "deleted":
            return self.tr("The network deleted the message before it arrived. Resend it.")
        if outcome is Outcome.REJECTED:
            return self.tr(
                "The network refused the message. Check the number and the text, then resend."
            )
        if outcome is Outcome.FAILED:
            return self.tr("It did not reach the phone. You can resend to this customer.")
        return ""


_words: DeliveryWords | None = None


def words() -> DeliveryWords:
    global _words
    if _words is None:
        _words = DeliveryWords()
    return _words
