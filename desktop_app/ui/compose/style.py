"""Compose-tab styling, scoped to the tab's own object names (the app theme stays in charge
of everything else)."""

STYLE = """
QFrame#card {
    background: palette(base);
    border: 1px solid #d8dee6;
    border-radius: 10px;
}
QLabel#cardTitle { font-size: 15px; font-weight: 600; }
QLabel#dialogTitle { font-size: 16px; font-weight: 600; }
QLabel#sectionTitle { font-size: 14px; font-weight: 600; }
QLabel#hint { color: #5b6572; }
QLabel#problem {
    color: #8a1c12; background: #fdecea; border: 1px solid #f5c2bd;
    border-radius: 6px; padding: 8px;
}
QLabel#success {
    color: #14532d; background: #e8f5ec; border: 1px solid #b7e0c3;
    border-radius: 6px; padding: 8px;
}
QLabel#warning { color: #8a4b00; }
QLabel#summaryCredits { font-size: 16px; font-weight: 700; }
QLabel[warning="true"] { color: #b42318; font-weight: 600; }
QLabel#encodingBadge {
    border-radius: 4px; padding: 1px 6px; background: #e6eef7; color: #1d4f91;
}
QLabel#encodingBadge[ucs2="true"] { background: #fff1c2; color: #7a4100; }
QLabel#smsBubble {
    background: #e9f1fb; color: #10253f; border-radius: 12px; padding: 10px 12px;
}
QLabel#smsBubble[empty="true"] { color: #7b8794; background: #f2f4f7; }
QFrame#makeGsmBanner, QFrame#resumeBanner, QFrame#noticeBanner {
    background: #fff8e1; border: 1px solid #f2d48a; border-radius: 8px;
}
QFrame#noticeBanner[ok="true"] { background: #e8f5ec; border-color: #b7e0c3; }
QPushButton[primary="true"] {
    background: #1b6ef3; color: white; border: none; border-radius: 6px;
    padding: 8px 18px; font-weight: 600;
}
QPushButton[primary="true"]:hover { background: #155ed1; }
QPushButton[primary="true"]:disabled { background: #a9c3ef; color: #eef3fb; }
QPushButton#mergeFieldButton { padding: 3px 8px; }
QToolButton#templatesButton { padding: 4px 10px; }
QToolButton#templatesButton::menu-indicator { image: none; width: 0; }
QToolButton#channelButton {
    padding: 6px 16px; border: 1px solid #c9d2de; background: palette(base);
}
QToolButton#channelButton:checked { background: #1b6ef3; color: white; border-color: #1b6ef3; }
QListWidget#recipientChips { border: 1px solid #d8dee6; border-radius: 6px; padding: 4px; }
"""
