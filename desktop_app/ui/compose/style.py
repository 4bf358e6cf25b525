"""Compose-tab styling, scoped to the tab's own object names, in the app's palette
(brand green #0f7b5f, ink #1f2933, muted #616e7c, lines #dde2e8, page #f4f6f8).

Primary buttons follow the one convention of the app's style sheet (``role="primary"``);
here they only get a little more room."""

from __future__ import annotations

STYLE = """
QScrollArea#composeScroll, QWidget#composeBody { background: transparent; }
QFrame#sendBar { background: #ffffff; border-top: 1px solid #dde2e8; }
QLabel#sendCost { font-weight: 600; }
QFrame#card {
    background: #ffffff;
    border: 1px solid #dde2e8;
    border-radius: 10px;
}
QLabel#cardTitle { font-size: 12pt; font-weight: 700; }
QLabel#dialogTitle { font-size: 13pt; font-weight: 700; }
QLabel#sectionTitle { font-size: 11pt; font-weight: 600; }
QLabel#hint { color: #616e7c; }
QLabel#problem {
    color: #b42318; background: #fef3f2; border: 1px solid #f1b8b2;
    border-radius: 6px; padding: 8px;
}
QLabel#success {
    color: #0b6b53; background: #ecf8f3; border: 1px solid #b7e0d2;
    border-radius: 6px; padding: 8px;
}
QLabel#warning { color: #93370d; }
QLabel#duplicateWarning {
    color: #7a2e0e; background: #fff4e5; border: 1px solid #f8d7a8;
    border-radius: 6px; padding: 8px 10px; font-weight: 600;
}
QLabel#summaryCredits { font-size: 13pt; font-weight: 700; }
QLabel[warning="true"] { color: #b42318; font-weight: 600; }
QLabel#encodingBadge {
    border-radius: 4px; padding: 1px 6px; background: #e5f3ee; color: #0b6b53;
}
QLabel#encodingBadge[ucs2="true"] { background: #fff4e5; color: #93370d; }
QLabel#smsBubble {
    background: #ecf8f3; color: #1f2933; border: 1px solid #cfe9df;
    border-radius: 12px; padding: 10px 12px;
}
QScrollArea#bubbleArea, QWidget#bubbleHolder { background: transparent; }
QLabel#smsBubble[empty="true"] { color: #7b8794; background: #f4f6f8; border-color: #e4e8ec; }
QFrame#makeGsmBanner, QFrame#resumeBanner, QFrame#noticeBanner {
    background: #fff8ec; border: 1px solid #f8d7a8; border-radius: 8px;
}
QFrame#makeGsmBanner QLabel, QFrame#resumeBanner QLabel, QFrame#noticeBanner QLabel {
    background: transparent;
}
QFrame#noticeBanner[ok="true"] { background: #ecf8f3; border-color: #b7e0d2; }
QPushButton[role="primary"] { padding: 8px 18px; }
QPushButton#sendButton { font-size: 11pt; }
QPushButton#mergeFieldButton { padding: 3px 10px; }
QToolButton#templatesButton {
    padding: 5px 12px; border: 1px solid #c5ccd4; border-radius: 6px; background: #ffffff;
}
QToolButton#templatesButton:hover { background: #eef2f5; }
QToolButton#templatesButton::menu-indicator { image: none; width: 0; }
QToolButton#channelButton {
    padding: 7px 18px; border: 1px solid #c5ccd4; background: #ffffff; font-weight: 600;
    color: #3e4c59;
}
QToolButton#channelButton:hover { background: #eef2f5; }
QToolButton#channelButton:checked { background: #0f7b5f; color: white; border-color: #0f7b5f; }
QToolButton#channelButton:focus { border-color: #0f7b5f; }
QToolButton#channelButton:checked:focus { border-color: #062e23; }
QListWidget#recipientChips {
    border: 1px solid #dde2e8; border-radius: 6px; padding: 4px; background: #ffffff;
}
"""
