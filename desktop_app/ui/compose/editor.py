"""The message editor: live counter, UCS-2 highlighting and a one-click "Make GSM-7"."""

from __future__ import annotations

import re

from PySide6.QtCore import QLocale, QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QColor, QSyntaxHighlighter, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core import sms
from desktop_app.core.personalise import unknown_fields
from desktop_app.ui.words import counts

#: The service refuses longer messages (CONTRACT.md, Limits).
MAX_CHARACTERS = 1600

_MERGE_FIELD = re.compile(r"\{(?:first_name|last_name|phone)(?:\|[^{}]*)?\}")
_LINE_BREAKS = str.maketrans({"\u2028": "\n", "\u2029": "\n", "\x85": "\n"})


def cheaper_version(text: str, info: sms.MessageInfo) -> sms.MessageInfo | None:
    """What *text* would cost in standard characters (look-alikes replaced, the characters
    without one removed), or None when that saves nothing (it is already standard, or the
    same number of parts): the special-characters notice only appears when it saves credits."""
    if info.encoding != "UCS-2":
        return None
    converted = sms.to_gsm(text)
    after = sms.analyse(converted)
    if after.encoding == "UCS-2":
        after = sms.analyse("".join(c for c in converted if c not in after.non_gsm))
    return after if after.parts < info.parts else None


#: Special characters named in the counter; more are marked in the text all the same.
SHOWN_SPECIAL = 4


def special_characters(info: sms.MessageInfo) -> str:
    """The characters that make *info* special (UCS-2), as the counter names them: "“ ” 😀",
    the first few only ("… +3"); an invisible or blank one by its code (U+00A0)."""
    shown = [
        c if c.isprintable() and not c.isspace() else f"U+{ord(c):04X}"
        for c in info.non_gsm[:SHOWN_SPECIAL]
    ]
    more = len(info.non_gsm) - SHOWN_SPECIAL
    if more > 0:
        shown.append(f"… +{QLocale().toString(more)}")
    return " ".join(shown)


def normalise_line_endings(text: str) -> str:
    """CRLF, lone CR and Unicode line separators all become one "\\n" (one GSM-7 place)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").translate(_LINE_BREAKS)


class _GsmCache:
    """Whether a character is in the GSM-7 alphabet, remembered per character."""

    def __init__(self) -> None:
        self._known: dict[str, bool] = {}

    def is_gsm(self, char: str) -> bool:
        known = self._known.get(char)
        if known is None:
            known = sms.is_gsm(char)
            self._known[char] = known
        return known


class Ucs2Highlighter(QSyntaxHighlighter):
    """Marks every character that forces the whole message into UCS-2 (70 per part), shows
    the merge fields, and underlines in red (as a spelling mistake) a placeholder Tuma
    cannot fill in ("{jina}"): the note under the editor named it, but nothing in the text
    showed which braces it meant."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._cache = _GsmCache()
        self._format = QTextCharFormat()
        self._format.setBackground(QColor("#ffe08a"))
        self._format.setForeground(QColor("#7a2e00"))
        self._format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self._format.setUnderlineColor(QColor("#d9480f"))
        self._field_format = QTextCharFormat()
        self._field_format.setForeground(QColor("#1d4f91"))
        self._field_format.setBackground(QColor("#e6eef7"))
        #: A placeholder that is none of the merge fields (core.personalise.unknown_fields).
        self.unknown_format = QTextCharFormat()
        self.unknown_format.setForeground(QColor("#b42318"))
        self.unknown_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        self.unknown_format.setUnderlineColor(QColor("#d92d20"))

    def highlightBlock(self, text: str) -> None:
        # Qt positions count UTF-16 units; Python indexes code points (an emoji is 2 vs 1).
        offsets: list[int] = []
        position = 0
        for char in text:
            offsets.append(position)
            width = 2 if ord(char) > 0xFFFF else 1
            if not self._cache.is_gsm(char):
                self.setFormat(position, width, self._format)
            position += width
        offsets.append(position)
        for match in _MERGE_FIELD.finditer(text):
            start, end = offsets[match.start()], offsets[match.end()]
            self.setFormat(start, end - start, self._field_format)
        if "{" not in text:
            return
        # A placeholder never spans lines, so each block is checked on its own (only the
        # block typed in is checked again on a key press).
        for placeholder in unknown_fields(text):
            found = text.find(placeholder)
            while found >= 0:
                end = found + len(placeholder)
                self.setFormat(offsets[found], offsets[end] - offsets[found], self.unknown_format)
                found = text.find(placeholder, end)


class MessageEditor(QPlainTextEdit):
    """A plain-text editor that keeps line endings normalised, whatever is pasted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageEditor")
        self.setTabChangesFocus(True)
        self.setPlaceholderText(self.tr("Type your message here…"))
        self.highlighter = Ucs2Highlighter(self.document())

    def sizeHint(self) -> QSize:
        # Prefer four lines (the layout gives it every spare pixel): the default 192 px would
        # make the form scroll on a 1366×768 laptop, even with the practice banner gone.
        hint = super().sizeHint()
        return QSize(hint.width(), 84)

    def text(self) -> str:
        return normalise_line_endings(self.toPlainText())

    def replace_all(self, text: str) -> None:
        """Replace the whole text as one undoable edit (Ctrl+Z brings the old text back)."""
        cursor = QTextCursor(self.document())
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(normalise_line_endings(text))
        cursor.endEditBlock()
        self.setTextCursor(cursor)

    def insert_at_cursor(self, text: str) -> None:
        self.textCursor().insertText(text)
        self.setFocus()

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        # A dropped (or pasted) file is never message text: dropping customers.csv used to
        # insert "file:///…/customers.csv" into the SMS. The window takes file drops.
        if source.hasUrls():
            return False
        return super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if source.hasUrls():
            return
        if source.hasText():
            self.textCursor().insertText(normalise_line_endings(source.text()))
        else:
            super().insertFromMimeData(source)


class CounterBar(QWidget):
    """Characters, parts, encoding and units left, updated on every keystroke.

    The counts keep one line; the note for a personalised message has its own line under
    them, as wide as the editor: squeezed between the counts (its old place) the Kiswahili
    note wrapped onto three lines at the smallest window and pushed the form down."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        outer.addLayout(layout)
        self.characters_label = QLabel()
        self.parts_label = QLabel()
        self.encoding_label = QLabel()
        self.encoding_label.setObjectName("encodingBadge")
        self.left_label = QLabel()
        for label in (self.characters_label, self.parts_label, self.encoding_label):
            layout.addWidget(label)
        layout.addStretch(1)
        layout.addWidget(self.left_label)
        self.personalised_hint = QLabel(self.tr("as typed: names change the count, see Preview"))
        self.personalised_hint.setObjectName("hint")
        # Wraps rather than widening the window (one line from the smallest window up).
        self.personalised_hint.setWordWrap(True)
        self.personalised_hint.setSizePolicy(
            QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred
        )
        self.personalised_hint.hide()
        outer.addWidget(self.personalised_hint)
        self.info = sms.analyse("")
        self.show_info(self.info)

    def show_info(self, info: sms.MessageInfo, text: str = "") -> None:
        self.info = info
        locale = QLocale()
        over = info.characters > MAX_CHARACTERS
        self.characters_label.setText(counts().characters(info.characters))
        self.characters_label.setProperty("warning", over)
        self.characters_label.setToolTip(
            self.tr("Messages can be at most {limit} characters long.").format(
                limit=locale.toString(MAX_CHARACTERS)
            )
        )
        self.parts_label.setText(counts().parts(info.parts))
        self.parts_label.setToolTip(
            self.tr(
                "A long message goes out as several SMS “parts” (up to 160 characters each, 70 "
                "with special characters); the phone joins them again. Each part costs one "
                "credit per person."
            )
        )
        is_ucs2 = info.encoding == "UCS-2"
        if is_ucs2:
            # Which ones: a curly quote pasted from a phone looks like any other quote.
            chars = special_characters(info)
            self.encoding_label.setText(
                self.tr("Special characters {chars}: costs more").format(chars=chars)
                if cheaper_version(text, info) is not None
                else self.tr("Special characters {chars}").format(chars=chars)
            )
        else:
            self.encoding_label.setText(self.tr("Standard characters"))
        self.encoding_label.setProperty("ucs2", is_ucs2)
        self.encoding_label.setToolTip(
            self.tr(
                "The highlighted characters are special: the whole message then holds only "
                "70 characters per part instead of 160. (Technically: UCS-2 instead of GSM-7.)"
            )
            if is_ucs2
            else self.tr("Only standard SMS characters: up to 160 per part. (Technically: GSM-7.)")
        )
        self.left_label.setText(
            self.tr("{left} left in this part").format(left=locale.toString(info.units_left))
        )
        for label in (self.characters_label, self.encoding_label):
            label.style().unpolish(label)
            label.style().polish(label)


class MakeGsmBanner(QFrame):
    """Offers to replace look-alike characters, showing what it saves before applying."""

    apply_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("makeGsmBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        text_box = QVBoxLayout()
        text_box.setSpacing(2)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.detail_label.setObjectName("hint")
        text_box.addWidget(self.summary_label)
        text_box.addWidget(self.detail_label)
        layout.addLayout(text_box, 1)
        self.apply_button = QPushButton(self.tr("Use standard characters"))
        self.apply_button.setObjectName("makeGsmButton")
        self.apply_button.setToolTip(
            self.tr(
                "Replace the highlighted characters with standard look-alikes, so each part "
                "holds 160 characters again (technically: GSM-7). Undo: Ctrl+Z"
            )
        )
        self.apply_button.clicked.connect(self.apply_requested)
        layout.addWidget(self.apply_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.hide()

    def offer(self, text: str, info: sms.MessageInfo) -> None:
        """Show the saving for `text`, or hide when there is nothing to gain (no fewer parts)."""
        cheaper = cheaper_version(text, info)
        if cheaper is None:
            self.hide()
            return
        before, after = counts().parts(info.parts), counts().parts(cheaper.parts)
        converted = sms.to_gsm(text)
        if converted == text:
            self.summary_label.setText(
                self.tr(
                    "This message uses special characters ({chars}) that have no standard "
                    "look-alike, so each part holds only 70 characters."
                ).format(chars=" ".join(info.non_gsm))
            )
            self.detail_label.setText(
                self.tr("Remove them to fit 160 characters per part: {before} → {after}.").format(
                    before=before, after=after
                )
            )
            self.apply_button.hide()
            self.show()
            return
        replaced = [c for c in info.non_gsm if sms.to_gsm(c) != c]
        mapping = "   ".join(f"{c} → {sms.to_gsm(c)}" for c in replaced[:6])
        if len(replaced) > 6:
            mapping += " …"
        stubborn = sms.analyse(converted).non_gsm
        if stubborn:
            # Look-alikes alone do not help: say what else has to go, and what that saves.
            saving = self.tr(
                "Some characters ({chars}) have no standard look-alike. Use standard "
                "characters and remove them to go from {before} → {after}."
            ).format(chars=" ".join(stubborn), before=before, after=after)
        else:
            saving = self.tr("Use standard characters to save credits: {before} → {after}.").format(
                before=before, after=after
            )
        self.summary_label.setText(saving)
        self.detail_label.setText(self.tr("Replaces: {mapping}").format(mapping=mapping))
        self.apply_button.show()
        self.show()


class MessageComposer(QWidget):
    """The editor with its counter and GSM-7 offer; `changed` carries the normalised text."""

    changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.editor = MessageEditor()
        # Grows with the window; small enough that Send stays on screen at 1366×768.
        self.editor.setMinimumHeight(76)
        self.counter = CounterBar()
        self.gsm_banner = MakeGsmBanner()
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.counter)
        layout.addWidget(self.gsm_banner)
        self.editor.textChanged.connect(self._on_text_changed)
        self.gsm_banner.apply_requested.connect(self.make_gsm)
        self._on_text_changed()

    def text(self) -> str:
        return self.editor.text()

    def set_text(self, text: str) -> None:
        self.editor.replace_all(text)

    def info(self) -> sms.MessageInfo:
        return self.counter.info

    def make_gsm(self) -> None:
        text = self.text()
        converted = sms.to_gsm(text)
        if converted != text:
            self.editor.replace_all(converted)

    def _on_text_changed(self) -> None:
        text = self.text()
        info = sms.analyse(text)
        self.counter.show_info(info, text)
        self.counter.personalised_hint.setVisible(_MERGE_FIELD.search(text) is not None)
        self.gsm_banner.offer(text, info)
        self.changed.emit(text)
