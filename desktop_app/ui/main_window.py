"""The main window: assembles the tabs, the menus, the message bars and the status bar."""

from __future__ import annotations

import logging
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QCoreApplication, QLocale, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShortcut

# Only what the window needs to be painted: PySide6 builds a class's enums when it is first
# imported (~0.1 ms each), so the dialogs' classes are imported when one is opened.
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QTabWidget, QVBoxLayout, QWidget

from desktop_app.core.settings import Profile
from desktop_app.ui.context import AccountHold, AppContext, session_title
from desktop_app.ui.errors import Level, UserMessage
from desktop_app.ui.session import SessionManager
from desktop_app.ui.tabs import QT_TRANSLATE_NOOP, TABS, TabPage, tab_for_file
from desktop_app.ui.widgets import MessageBar, PracticeBanner, Toast, set_role, tab_leaves

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMessageBox, QScrollArea

__all__ = ["MainWindow"]

log = logging.getLogger(__name__)

TAB_KEYS = tuple(tab.key for tab in TABS)
#: The most the status bar gives an account's name (pixels): beside "Offline" and the
#: balance it still fits the least window (800 px).
ACCOUNT_NAME_WIDTH = 200


def _scrollable(page: QWidget) -> QScrollArea:
    """On a small screen (1366×768 laptops) a tab that does not fit scrolls; its content is
    never squeezed below what it needs (text stays readable, buttons reachable)."""
    from PySide6.QtWidgets import QFrame, QScrollArea

    area = QScrollArea()
    area.setObjectName("TabScroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    # Not a Tab stop of its own: the keyboard goes from the tab bar straight into the tab
    # (and a tab's Ctrl+F, Ctrl+L or Ctrl+Enter answer only when the focus is inside it).
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setWidget(page)
    return area


def _focus_chain(page: QWidget) -> Iterator[QWidget]:
    """*page*'s widgets in Tab order (they follow it in the window's focus chain)."""
    widget = page.nextInFocusChain()
    while widget is not None and widget is not page and page.isAncestorOf(widget):
        yield widget
        widget = widget.nextInFocusChain()


class _UnavailableTab(TabPage):
    """Stands in for a tab that could not be built (a broken or partial installation)."""

    def __init__(self, title: str) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        label = QLabel(
            self.tr("“{tab}” is not available in this installation of Tuma.").format(tab=title)
        )
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        layout.addWidget(label)


#: What choosing another language says, in that language (translated with it, not the app's).
_LANGUAGE_NEXT_START = (
    QT_TRANSLATE_NOOP("MainWindow", "{language} from the next start"),
    QT_TRANSLATE_NOOP(
        "MainWindow",
        "Close Tuma and open it again to see it in {language}. "
        "The message you are writing is kept.",
    ),
)


# reading the licence notices for Help → About → Open-source licences
_LICENCES_TASK = "about.licences"


class MainWindow(QMainWindow):
    """The tabs of :data:`~desktop_app.ui.tabs.TABS`, with the account around them."""

    #: The user closed the window (the app then shuts down cleanly and exits).
    close_requested = Signal()

    def __init__(
        self,
        ctx: AppContext,
        manager: SessionManager | None = None,
        *,
        deferred: bool = False,
        remember_layout: bool = True,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.manager = manager or SessionManager(ctx, self)
        self.remember_layout = remember_layout
        self.account_dialog: QDialog | None = None
        self.shortcuts_dialog: QDialog | None = None
        self.about_box: QMessageBox | None = None
        self.licences_dialog: QDialog | None = None
        self.pages: dict[str, TabPage] = {}
        #: The account dialog opened by itself for a refused key in this session.
        self._reauth_asked = False
        self.setWindowTitle("Tuma")
        self.resize(1280, 800)
        self.setMinimumSize(800, 560)

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        bars = QWidget(central)
        self._bars_layout = QVBoxLayout(bars)
        # (close to the tabs: on a 1366×768 laptop every pixel of height is the tab's)
        self._bars_layout.setContentsMargins(16, 6, 16, 6)
        self._bars_layout.setSpacing(6)
        self.practice_banner = PracticeBanner(bars)
        self.message_bar = MessageBar(bars)
        self._bars_layout.addWidget(self.practice_banner)
        self._bars_layout.addWidget(self.message_bar)
        self._bars = bars
        layout.addWidget(bars)
        self.tabs = QTabWidget(central)
        self.tabs.setDocumentMode(True)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        for tab in TABS:
            page = TabPage(self.tabs)
            page.setObjectName(f"loading-{tab.key}")
            self.pages[tab.key] = page
            self.tabs.addTab(page, tab.translated_title())

        self.setAcceptDrops(True)  # a spreadsheet dropped anywhere goes to the tab that opens it
        self._build_status_bar()
        self._build_menus()
        self._connect()
        self.update_bars()
        if remember_layout:
            self._restore_layout()
        if not deferred:
            self.load_tabs()

    # -- tabs -----------------------------------------------------------------------------

    def load_tabs(self) -> None:
        """Build the real tabs (they import the network stack, so the app calls this after
        the window is on screen)."""
        current = self.tabs.currentIndex()
        for index, tab in enumerate(TABS):
            try:
                page = tab.build(self.ctx)
            except Exception:
                log.exception("the %s tab could not be built", tab.key)
                page = _UnavailableTab(tab.plain_title())
            old = self.pages[tab.key]
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, _scrollable(page), tab.translated_title())
            self.pages[tab.key] = page
            old.deleteLater()
        self.tabs.setCurrentIndex(current)
        if self.ctx.session is not None:
            self._on_session_changed()

    def tab(self, key: str) -> TabPage:
        """The page of tab *key* (a loading page until :meth:`load_tabs`)."""
        return self.pages[key]

    def show_tab(self, key: str) -> None:
        if key in TAB_KEYS:
            self.tabs.setCurrentIndex(TAB_KEYS.index(key))

    def _focus_into_tab(self, index: int) -> None:
        """Switching tab (Ctrl+1 … Ctrl+5, a click, a button that opens another tab) takes the
        keyboard into the tab: back to where it was when the user left it, or the first time
        to the tab's first field. Left alone while the user arrows along the tab bar."""
        if not 0 <= index < len(TAB_KEYS):
            return
        page = self.pages[TAB_KEYS[index]]
        focus = self.focusWidget()
        if focus is self.tabs.tabBar():
            return

        def usable(widget: QWidget | None) -> bool:
            return (
                widget is not None
                and page.isAncestorOf(widget)
                and widget.isVisibleTo(page)
                and widget.isEnabled()
                and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
            )

        visited = bool(page.property("keyboardVisited"))
        target: QWidget | None = page.focusWidget() if visited else None
        if not usable(target):
            target = page.first_focus()
        if not usable(target):
            target = next((w for w in _focus_chain(page) if usable(w) and not w.focusProxy()), None)
        if target is None:
            return  # a tab still loading, or with nothing to press
        page.setProperty("keyboardVisited", True)
        if target is not focus:
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def current_tab(self) -> str:
        return TAB_KEYS[max(0, self.tabs.currentIndex())]

    def refresh(self) -> None:
        """F5: the balance, and whatever the open tab shows, read again."""
        if self.ctx.session is None:
            return
        self.ctx.refresh_balance(join=True)  # (the open tab may ask for it too: one reading)
        self.pages[self.current_tab()].refresh()

    # -- status bar -----------------------------------------------------------------------

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        bar.setSizeGripEnabled(True)
        self.busy_label = QLabel(self.tr("Working…"), bar)
        self.busy_label.setProperty("role", "muted")
        self.busy_label.hide()
        self.account_label = QLabel(bar)
        self.balance_label = QLabel(bar)
        self.balance_label.setToolTip(self.tr("Open the Balance tab (Ctrl+5)"))
        bar.addWidget(self.busy_label)
        # Good news shows here, on one line, instead of pushing the tabs down.
        self.toast = Toast(bar)
        bar.addWidget(self.toast, 1)
        # While the service cannot be reached: one calm place that says so (not an error per
        # failed request), gone again with the next reply.
        self.offline_label = QLabel(self.tr("⚠ Offline: cannot reach the service"), bar)
        self.offline_label.setObjectName("offlineIndicator")
        self.offline_label.setProperty("role", "warning")
        self.offline_label.hide()
        bar.addPermanentWidget(self.offline_label)
        bar.addPermanentWidget(self.account_label)
        bar.addPermanentWidget(self.balance_label)
        self._update_status()

    def _update_status(self) -> None:
        session = self.ctx.session
        if session is None:
            self.account_label.setText(self.tr("Not connected"))
            self.balance_label.setText("")
            if self.balance_label.property("role"):  # (a re-polish at start-up costs ~10 ms)
                set_role(self.balance_label, "")
            return
        from desktop_app.ui.balance.history import is_low
        from desktop_app.ui.formats import kes
        from desktop_app.ui.words import counts

        if session.is_sandbox:
            self.account_label.setText(self.tr("Practice account"))
            self.account_label.setToolTip("")
        else:
            # A long account name ("… Wholesale and Retail, Kariobangi North Branch 2") is
            # shortened with "…" (whole in the tooltip and the window's title): it was cut
            # mid-word at 800 px, beside "Offline" and the balance.
            name = session_title(session)
            short = self.account_label.fontMetrics().elidedText(
                name, Qt.TextElideMode.ElideRight, ACCOUNT_NAME_WIDTH
            )
            connected = self.ctx.service_reachable  # not "Connected" beside "Offline"
            words = self.tr("Connected: {name}") if connected else self.tr("Account: {name}")
            self.account_label.setText(words.format(name=short))
            self.account_label.setToolTip(words.format(name=name) if short != name else "")
        details = self.ctx.last_balance
        if details is None:
            unknown = self.ctx.balance_unknown
            if unknown == "offline":
                text = self.tr("Balance: not known while offline")
            elif unknown == "failed":
                text = self.tr("Balance: not known")
            else:
                text = self.tr("Balance: checking…")
            self.balance_label.setText(text)
            set_role(self.balance_label, "")
            return
        locale = QLocale()
        credits = counts().credits(details.credits)  # "1 credit", "krediti 1,000"
        text = credits[:1].upper() + credits[1:]  # the start of the status bar's segment
        rate = self.ctx.price_per_part
        if rate is not None:
            text += " · " + kes(details.credits * rate)
        threshold = self.ctx.settings.low_balance_threshold
        if is_low(details.credits, threshold):
            text = self.tr("⚠ Low balance: {text}").format(text=text)
            self.balance_label.setToolTip(
                self.tr("Below your warning level of {threshold} credits. Top up soon.").format(
                    threshold=locale.toString(threshold)
                )
            )
            set_role(self.balance_label, "warning")
        else:
            self.balance_label.setToolTip(self.tr("Open the Balance tab (Ctrl+5)"))
            set_role(self.balance_label, "")
        self.balance_label.setText(text)

    def _on_balance_failed(self, _exc: object) -> None:
        self._update_status()  # "not known", not "checking…" (AppContext.balance_unknown)

    def _on_retrying(self, _name: str, _retry: object) -> None:
        """While a request is being tried again, "Working…" says so, and which try: a still
        screen for a minute looked like a hang (a pulled cable, mobile data gone). So it does
        when a reply is slow to come (a hung gateway): after a few seconds, not 20."""
        retry = self.ctx.tasks.latest_retry()
        if retry is None:
            self.busy_label.setText(self.tr("Working…"))
            return
        from desktop_app.ui.words import retrying

        self.busy_label.setText(retrying(retry))
        self.busy_label.show()

    def _on_reachability_changed(self, reachable: bool) -> None:
        if not reachable:
            session = self.ctx.session
            if session is not None and session.is_sandbox:
                tip = self.tr(
                    "Offline: Tuma cannot reach the practice service on this computer. Nothing"
                    " is lost, and Tuma carries on when it is back."
                )
            else:
                tip = self.tr(
                    "Offline: Tuma cannot reach the messaging service. Check the internet"
                    " connection; nothing is lost, and Tuma carries on when it is back."
                )
            self.offline_label.setToolTip(tip)
            self.offline_label.setAccessibleDescription(tip)
        self.offline_label.setVisible(not reachable)
        self._update_status()

    @property
    def offline_shown(self) -> bool:
        return not self.offline_label.isHidden()

    @property
    def low_balance_warning(self) -> bool:
        return bool(self.balance_label.property("role") == "warning")

    # -- menus ----------------------------------------------------------------------------

    def _build_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu(self.tr("&File"))
        #: the File-menu entries the tabs declare, by tab key
        self.file_actions: dict[str, QAction] = {}
        for tab in TABS:
            if tab.file_action is None:
                continue
            action = QAction(QCoreApplication.translate("Tabs", tab.file_action.text), self)
            action.setShortcut(QKeySequence(tab.file_action.shortcut))
            action.triggered.connect(lambda _c=False, key=tab.key: self._file_action(key))
            file_menu.addAction(action)
            self.file_actions[tab.key] = action
        if self.file_actions:
            file_menu.addSeparator()
        self.quit_action = QAction(self.tr("&Quit"), self)
        # Ctrl+Q everywhere, as Help → Keyboard shortcuts says: Windows (and some desktops)
        # bind no key to the standard Quit, and Ctrl+Q did nothing there.
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        if QKeySequence("Ctrl+Q") not in quit_keys:
            quit_keys.append(QKeySequence("Ctrl+Q"))
        self.quit_action.setShortcuts(quit_keys)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

        account_menu = menu_bar.addMenu(self.tr("&Account"))
        self.connect_action = QAction(self.tr("&Connect an account…"), self)
        self.connect_action.setShortcut(QKeySequence("Ctrl+K"))
        self.connect_action.triggered.connect(lambda: self.open_account_dialog())
        account_menu.addAction(self.connect_action)
        self.switch_menu = QMenu(self.tr("&Switch account"), self)
        account_menu.addMenu(self.switch_menu)
        self.switch_menu.aboutToShow.connect(self._fill_switch_menu)
        self.refresh_action = QAction(self.tr("&Refresh"), self)
        self.refresh_action.setShortcut(QKeySequence.StandardKey.Refresh)
        self.refresh_action.setToolTip(self.tr("Read the balance and this tab again"))
        self.refresh_action.triggered.connect(self.refresh)
        account_menu.addAction(self.refresh_action)
        self.opt_out_action = QAction(self.tr("&Opt-out list…"), self)
        self.opt_out_action.setToolTip(
            self.tr("Numbers that never get promotions, and the line that tells customers how")
        )
        self.opt_out_action.triggered.connect(self.open_opt_out_list)
        account_menu.addAction(self.opt_out_action)
        account_menu.addSeparator()
        self.sign_out_action = QAction(self.tr("Sign &out"), self)
        self.sign_out_action.triggered.connect(self._on_sign_out)
        account_menu.addAction(self.sign_out_action)

        self._build_language_menu(menu_bar.addMenu(self.tr("&Language")))

        help_menu = menu_bar.addMenu(self.tr("&Help"))
        self.shortcuts_action = QAction(self.tr("&Keyboard shortcuts"), self)
        self.shortcuts_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        help_menu.addAction(self.shortcuts_action)
        self.about_action = QAction(self.tr("&About Tuma"), self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

        for number, key in enumerate(TAB_KEYS, start=1):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{number}"), self)
            shortcut.activated.connect(lambda key=key: self.show_tab(key))
        self._fill_switch_menu()

    def _build_language_menu(self, menu: QMenu) -> None:
        """English / Kiswahili, each in its own name; the choice is kept in the settings."""
        from desktop_app.ui.i18n import LANGUAGES, chosen_language

        self.language_menu = menu
        group = QActionGroup(self)
        group.setExclusive(True)
        chosen = chosen_language(self.ctx.settings.language)
        #: the Language menu's entries, by language code
        self.language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():
            action = QAction(name, self)
            action.setCheckable(True)
            action.setChecked(code == chosen)
            action.triggered.connect(lambda _c=False, code=code: self.choose_language(code))
            group.addAction(action)
            menu.addAction(action)
            self.language_actions[code] = action

    def choose_language(self, code: str) -> None:
        """Keep *code* as the interface language; it applies at the next start (said in the
        chosen language, so whoever picked it can read it)."""
        from desktop_app.ui.i18n import LANGUAGES, current_language, translate_in

        settings = self.ctx.settings
        if settings.language == code:
            return
        settings.language = code
        self.ctx.save_settings()
        for other, action in self.language_actions.items():
            action.setChecked(other == code)
        if code == current_language():
            self.ctx.errors.clear()
            return
        title, text = _LANGUAGE_NEXT_START
        self.ctx.errors.info(
            translate_in(code, "MainWindow", title).format(language=LANGUAGES[code]),
            translate_in(code, "MainWindow", text).format(language=LANGUAGES[code]),
        )

    def open_opt_out_list(self) -> None:
        """The account's opt-out list (built when first asked for)."""
        from desktop_app.ui.optouts import OptOutListDialog

        dialog = OptOutListDialog(self.ctx, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.opt_out_dialog = dialog
        dialog.open()

    def _fill_switch_menu(self) -> None:
        self.switch_menu.clear()
        session = self.ctx.session
        practice = self.switch_menu.addAction(self.tr("Practice account"))
        practice.setCheckable(True)
        practice.setChecked(session is not None and session.is_sandbox)
        practice.triggered.connect(lambda: self.switch_to(None))
        if self.ctx.settings.profiles:
            self.switch_menu.addSeparator()
        for profile in self.ctx.settings.profiles:
            action = self.switch_menu.addAction(profile.name)
            action.setCheckable(True)
            action.setChecked(
                session is not None
                and not session.is_sandbox
                and session.profile.name == profile.name
            )
            action.triggered.connect(lambda _checked=False, name=profile.name: self.switch_to(name))

    def switch_to(self, name: str | None) -> None:
        if self._refuse_while_sending():
            return
        self._run("account.switch", self.manager.switch_to(name))

    def _refuse_while_sending(self) -> bool:
        """The account must not change under a send that is going out, an import being
        uploaded, nor contacts being changed: True (and said why) when it is held."""
        held = self._account_held()
        if held is not None:
            self.ctx.errors.info(*held, level=Level.WARNING)
        return held is not None

    def _account_held(self) -> tuple[str, str] | None:
        """What holds the account (title, what to do), or None."""
        match self.ctx.account_hold():
            case None:
                return None
            case AccountHold.SENDING:
                return (
                    self.tr("A send is in progress"),
                    self.tr("Wait until it has finished (or stop it in Compose), then try again."),
                )
            case AccountHold.UPLOADING:
                return (
                    self.tr("An import is being uploaded"),
                    self.tr(
                        "Wait until it has finished (or stop it on the Import tab), then try again."
                    ),
                )
            case AccountHold.CHANGING_CONTACTS:
                return (
                    self.tr("Contacts are being changed"),
                    self.tr(
                        "Wait until it has finished (or press Cancel on the Contacts tab), then "
                        "try again."
                    ),
                )

    def _run(self, name: str, coro: Coroutine[Any, Any, Any]) -> None:
        self.ctx.tasks.start(name, coro)

    def _on_sign_out(self) -> None:
        if self._refuse_while_sending():
            return
        self._run("account.sign_out", self.manager.sign_out())

    # -- dialogs (all non-blocking: open(), never exec()) ---------------------------------

    def open_account_dialog(
        self, reason: str | None = None, profile_name: str | None = None
    ) -> QDialog:
        from desktop_app.ui.account import AccountDialog

        dialog = self.account_dialog
        if isinstance(dialog, AccountDialog) and dialog.isVisible():
            dialog.set_reason(reason)
            if profile_name is not None:
                dialog.select_profile(profile_name)
            dialog.raise_()
            dialog.activateWindow()
            return dialog
        dialog = AccountDialog(self.ctx, self, reason=reason, profile_name=profile_name)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.connected.connect(self._on_account_connected)
        dialog.destroyed.connect(self._forget_account_dialog)
        self.account_dialog = dialog
        dialog.open()
        return dialog

    def _forget_account_dialog(self) -> None:
        self.account_dialog = None

    def _on_account_connected(self, profile: object) -> None:
        name = profile.name if isinstance(profile, Profile) else ""
        session = self.ctx.session
        if session is not None and not session.can_use_contacts:
            self.ctx.errors.info(
                self.tr("Connected to “{name}” with an older key").format(name=name),
                self.tr(
                    "You can send SMS and see your balance, but this key cannot reach your "
                    "contacts. Ask your provider for a newer key (starting with mbs_)."
                ),
                level=Level.WARNING,
            )
        else:
            self.ctx.errors.info(
                self.tr("Connected to “{name}”").format(name=name),
                self.tr("Messages you send now go to your customers for real."),
            )
        self._fill_switch_menu()

    def _on_reauth_needed(self, reason: str) -> None:
        """The key was refused: the account dialog opens by itself once a session. Once the
        user closed it, every tab's next refused request (a refresh, a page of contacts)
        reopened it, again and again; from then on the bar at the top says it, with its
        "Connect again" button."""
        if self._reauth_asked and not self._account_dialog_open():
            return
        self._reauth_asked = True
        self._open_reauth(reason)

    def _open_reauth(self, reason: str) -> None:
        session = self.ctx.session
        name = None if session is None or session.is_sandbox else session.profile.name
        self.open_account_dialog(reason, name)

    def _account_dialog_open(self) -> bool:
        return self.account_dialog is not None and self.account_dialog.isVisible()

    def show_shortcuts(self) -> None:
        if self.shortcuts_dialog is not None:
            self.shortcuts_dialog.show()
            self.shortcuts_dialog.raise_()
            return
        from PySide6.QtWidgets import (
            QDialog,
            QHeaderView,
            QPushButton,
            QTableWidget,
            QTableWidgetItem,
        )

        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Keyboard shortcuts"))
        layout = QVBoxLayout(dialog)
        layout.setContentsMargins(20, 16, 20, 16)
        rows = [
            ("Ctrl+Enter", self.tr("Send the message (Compose)")),
            (
                f"Ctrl+1 … Ctrl+{len(TABS)}",
                self.tr("Go to {tabs}").format(tabs=", ".join(t.plain_title() for t in TABS)),
            ),
            *(
                (
                    tab.file_action.shortcut,
                    QCoreApplication.translate("Tabs", tab.file_action.text).replace("&", ""),
                )
                for tab in TABS
                if tab.file_action is not None
            ),
            ("Ctrl+F", self.tr("Search the list (Contacts, Delivery)")),
            ("Ctrl+L", self.tr("Look up a message ID (Delivery)")),
            ("Ctrl+K", self.tr("Connect an account")),
            ("F5", self.tr("Read the balance and the open tab again")),
            ("Ctrl+Z", self.tr("Undo in the message editor")),
            ("F1", self.tr("This list")),
            ("Ctrl+Q", self.tr("Quit Tuma")),
        ]
        table = QTableWidget(len(rows), 2, dialog)
        from desktop_app.ui.grids import grid_look

        grid_look(table)  # (Qt's grey grid before)
        table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What it does")])
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        tab_leaves(table)  # (Tab never stops on it: as every table, all the same)
        for row, (keys, text) in enumerate(rows):
            table.setItem(row, 0, QTableWidgetItem(keys))
            table.setItem(row, 1, QTableWidgetItem(text))
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        table.setWordWrap(False)
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        height += table.verticalHeader().defaultSectionSize() * table.rowCount()
        table.setMinimumSize(520, height)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(table)
        close = QPushButton(self.tr("Close"), dialog)
        close.clicked.connect(dialog.close)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self.shortcuts_dialog = dialog
        dialog.show()

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self)
        box.setWindowTitle(self.tr("About Tuma"))
        box.setIconPixmap(self.windowIcon().pixmap(64, 64))
        from desktop_app import __version__  # package metadata: read when asked

        box.setText(f"<b>Tuma {__version__}</b>")
        box.setInformativeText(
            self.tr(
                "SMS broadcasts, contacts and delivery reports for small businesses in Kenya. "
                "Your secret key is kept only in this computer's password store."
            )
        )
        ok = box.addButton(QMessageBox.StandardButton.Ok)
        box.setDefaultButton(ok)
        box.setEscapeButton(ok)
        # (like every button of a message box, it closes the box too)
        licences = box.addButton(self.tr("Open-source licences"), QMessageBox.ButtonRole.ActionRole)
        licences.clicked.connect(self.show_licences)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # Deleted when closed: forget it then (quitting used to close a deleted box, which
        # raised in closeEvent and left the app running with its window hidden).
        box.destroyed.connect(self._forget_about_box)
        self.about_box = box
        box.open()

    def _forget_about_box(self) -> None:
        self.about_box = None

    def show_licences(self) -> None:
        """The licence texts and copyright notices of the software Tuma ships (the LGPL asks
        for them to go with every copy)."""
        if self.licences_dialog is not None:
            self.licences_dialog.show()
            self.licences_dialog.raise_()
            return
        if self.ctx.tasks.is_running(_LICENCES_TASK):
            return  # being read: one dialog, whatever the presses
        from desktop_app.core.background import run_in_daemon_thread
        from desktop_app.ui.licences import notices_text

        # Off the GUI thread: from a source checkout the notices are made from the
        # environment's metadata (~0.2 s); from the bundle it is one file read.
        self.ctx.tasks.start(
            _LICENCES_TASK, run_in_daemon_thread(notices_text), on_success=self._open_licences
        )

    def _open_licences(self, text: str | None) -> None:
        from desktop_app.ui.licences import LicencesDialog

        if self.licences_dialog is None:
            self.licences_dialog = LicencesDialog(self, text)
        self.licences_dialog.show()

    # -- wiring ---------------------------------------------------------------------------

    def _connect(self) -> None:
        ctx = self.ctx
        ctx.errors.message_shown.connect(self._on_message)
        ctx.errors.cleared.connect(self.message_bar.dismiss)
        ctx.errors.cleared.connect(self.toast.dismiss)
        ctx.errors.reauth_needed.connect(self._on_reauth_needed)
        ctx.session_changed.connect(self._on_session_changed)
        ctx.show_tab_requested.connect(self.show_tab)
        self.tabs.currentChanged.connect(self._focus_into_tab)
        ctx.balance_changed.connect(lambda _details: self._update_status())
        ctx.balance_failed.connect(self._on_balance_failed)
        ctx.settings_changed.connect(self._update_status)
        ctx.reachability_changed.connect(self._on_reachability_changed)
        ctx.tasks.busy_changed.connect(self.busy_label.setVisible)
        ctx.tasks.retrying.connect(self._on_retrying)
        self.message_bar.reconnect_requested.connect(
            lambda: self._open_reauth(self.message_bar.text.text())
        )
        self.practice_banner.connect_requested.connect(lambda: self.open_account_dialog())
        self.manager.practice_starting.connect(self._on_practice_starting)
        self.manager.account_needed.connect(
            lambda reason, name: self.open_account_dialog(reason, name)
        )
        self.message_bar.installEventFilter(self)
        if not ctx.service_reachable:
            self._on_reachability_changed(False)

    def _on_message(self, message: object) -> None:
        if not isinstance(message, UserMessage):
            return
        if message.level == Level.INFO:
            # Good news goes by itself, in the status bar: nothing on the page moves.
            self.toast.show_message(message)
            return
        # A problem stays at the top until it is dealt with (good news would be stale).
        self.toast.dismiss()
        self.message_bar.show_message(message)
        self.update_bars()

    def _on_practice_starting(self, starting: bool) -> None:
        self.practice_banner.set_starting(starting)
        if starting:
            self.practice_banner.show()
        else:
            # Started: the session is the practice one by now. Failed (a port in use, a data
            # folder not writable): the banner, shown while starting, stayed up over the real
            # account still connected ("messages go nowhere": a hurried user sends real ones),
            # and the Switch menu kept "Practice account" ticked beside it.
            session = self.ctx.session
            self.practice_banner.setVisible(session is not None and session.is_sandbox)
            self._fill_switch_menu()
        self.update_bars()

    def _on_session_changed(self) -> None:
        session = self.ctx.session
        self.practice_banner.setVisible(session is not None and session.is_sandbox)
        self.sign_out_action.setEnabled(session is not None and not session.is_sandbox)
        self.refresh_action.setEnabled(session is not None)
        self.opt_out_action.setEnabled(session is not None)
        self._reauth_asked = False  # another session (or key): asked again when refused
        if session is not None:
            self.setWindowTitle(f"Tuma — {session_title(session)}")
            message = self.message_bar.message
            if message is not None and message.reauth:
                self.message_bar.dismiss()
        else:
            self.setWindowTitle("Tuma")
        for page in self.pages.values():
            page.session_changed()
        self._update_status()
        self._fill_switch_menu()
        self.update_bars()

    def update_bars(self) -> None:
        """Show the strip of bars above the tabs only while one of them has something."""
        visible = not self.practice_banner.isHidden() or not self.message_bar.isHidden()
        self._bars.setVisible(visible)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        from PySide6.QtCore import QEvent

        if watched is self.message_bar and event.type() == QEvent.Type.Hide:
            QTimer.singleShot(0, self, self.update_bars)
        return super().eventFilter(watched, event)

    def _file_action(self, key: str) -> None:
        self.show_tab(key)
        page = self.pages.get(key)
        if page is not None:
            page.file_action_triggered()

    # -- files dropped on the window ------------------------------------------------------

    @staticmethod
    def _dropped_files(event: Any) -> list[Path]:
        mime = event.mimeData()
        if mime is None or not mime.hasUrls():
            return []
        return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]

    def dragEnterEvent(self, event: Any) -> None:
        if self._dropped_files(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: Any) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event: Any) -> None:
        paths = self._dropped_files(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_files(paths)

    def open_files(self, paths: list[Path]) -> None:
        """Dropped files go to the tab that opens their kind; anything else is refused with
        a plain reason (never inserted as text anywhere)."""
        by_tab: dict[str, list[Path]] = {}
        refused: list[Path] = []
        for path in paths:
            tab = tab_for_file(path)
            if tab is None:
                refused.append(path)
            else:
                by_tab.setdefault(tab.key, []).append(path)
        for key, files in by_tab.items():
            self.show_tab(key)
            self.pages[key].open_files(files)
        if refused:
            kinds = sorted({ending for tab in TABS for ending in tab.accepts})
            self.ctx.errors.info(
                self.tr("That file cannot be opened here"),
                self.tr(
                    "“{name}” is not a spreadsheet Tuma can import. Drop a {kinds} file "
                    "(save Excel sheets as .xlsx or CSV)."
                ).format(name=refused[0].name, kinds=self.tr(" or ").join(kinds)),
                level=Level.WARNING,
            )

    # -- layout memory and closing --------------------------------------------------------

    def _restore_layout(self) -> None:
        settings = self.ctx.settings
        if settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(settings.window_geometry.encode("ascii")))
        if settings.last_tab in TAB_KEYS:
            self.show_tab(settings.last_tab)

    def save_layout(self) -> None:
        settings = self.ctx.settings
        settings.window_geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        settings.last_tab = self.current_tab()
        try:
            self.ctx.save_settings()
        except Exception:  # never block quitting over the window size
            log.warning("could not save the window layout", exc_info=True)

    def bring_to_front(self) -> None:
        """Shown on top and active, restored if it was minimised (maximised stays so): a
        second start of Tuma asked for this window instead of opening its own."""
        state = self.windowState() & ~Qt.WindowState.WindowMinimized
        self.setWindowState(state | Qt.WindowState.WindowActive)
        self.show()
        self.raise_()
        self.activateWindow()

    async def wind_down(self, timeout: float = 5.0) -> None:  # noqa: ASYNC109 (bounded quit)
        """Before work is cancelled on quit: each tab winds down what must not be cut off
        (a send stops after its batch in flight, a contacts job after the contact in hand).
        The tabs wind down side by side, within one *timeout* for them all (one after the
        other, a send and a contacts job each had the whole of it)."""
        import asyncio

        async def stop(key: str, page: TabPage) -> None:
            try:
                if not await page.stop(timeout):
                    log.info("the %s tab was still busy at quit; its work is cancelled", key)
            except Exception:  # quitting must go on whatever happens here
                log.warning("winding down the %s tab failed", key, exc_info=True)

        await asyncio.gather(*(stop(key, page) for key, page in self.pages.items()))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quitting always quits: whatever dialogs are open (or were open and deleted), the
        window closes and the app's orderly shutdown starts."""
        try:
            if self.remember_layout:
                self.save_layout()
            from PySide6.QtWidgets import QDialog

            for page in self.pages.values():  # (a form keeps its typing: nobody can answer)
                try:
                    page.closing()
                except Exception:
                    log.warning("a tab could not get ready to close", exc_info=True)
            for dialog in self.findChildren(QDialog):  # only dialogs that still exist
                if dialog.isVisible():
                    dialog.close()
        except Exception:  # never let a dialog keep the app alive with its window hidden
            log.warning("closing the open dialogs at quit failed", exc_info=True)
        event.accept()
        self.close_requested.emit()
