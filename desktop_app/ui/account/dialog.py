"""Connect an account: service address, token (to the keyring only), sender IDs, price.

The dialog is opened with ``open()`` (never ``exec()``): all its network and keyring work
runs as tasks on the qasync loop, and errors are shown inline, next to the button pressed.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QLocale, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.services.accounts import AccountProblem, key_from_paste, not_a_key
from desktop_app.core.settings import Profile, SettingsError
from desktop_app.core.tokens import SCOPED_PREFIX, token_kind
from desktop_app.ui.context import AccountHold, AppContext
from desktop_app.ui.errors import describe
from desktop_app.ui.widgets import FRAME_ALLOWANCE, align_spin_text, available_height, set_role
from desktop_app.ui.words import account_problem

__all__ = ["AccountDialog"]

log = logging.getLogger(__name__)

NEW_ACCOUNT = ""  # combo data of the "New account" entry


class AccountDialog(QDialog):
    """Add, edit or switch to an account. Emits ``connected`` once the session is open."""

    connected = Signal(object)  # the saved Profile
    #: a test or save attempt ended (True = it worked); for tests and busy indicators
    attempt_finished = Signal(bool)

    def __init__(
        self,
        ctx: AppContext,
        parent: QWidget | None = None,
        *,
        reason: str | None = None,
        profile_name: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle(self.tr("Connect an account"))
        self.setMinimumWidth(600)
        self._tested: str | None = None  # fingerprint of the values last tested successfully
        self._contacts_follows = True
        self._has_saved_token = False

        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 20, 24, 20)
        outer.setSpacing(14)

        title = QLabel(self.tr("Connect your messaging account"), self)
        title.setProperty("role", "title")
        outer.addWidget(title)
        # Between the title and the buttons, everything scrolls when the screen is too short
        # for it (a reason, the older-key warning and a long error, in Kiswahili, reached
        # 755 px): the dialog is never taller than the screen, Save and Cancel always show.
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("accountScroll")
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.body = QWidget(self.scroll_area)
        self.body.setObjectName("accountBody")
        self.scroll_area.setWidget(self.body)
        self.scroll_area.viewport().setAutoFillBackground(False)
        self.body.setAutoFillBackground(False)
        content = QVBoxLayout(self.body)
        content.setContentsMargins(0, 0, 0, 0)
        content.setSpacing(14)
        outer.addWidget(self.scroll_area, 1)
        intro = QLabel(
            self.tr(
                "Enter the details your SMS provider gave you. Tuma checks them before saving, "
                "and keeps the secret key only in your computer's password store."
            ),
            self,
        )
        intro.setWordWrap(True)
        intro.setProperty("role", "muted")
        content.addWidget(intro)

        self.reason_label = QLabel(self)
        self.reason_label.setTextFormat(Qt.TextFormat.PlainText)
        self.reason_label.setWordWrap(True)
        self.reason_label.setProperty("role", "warning")
        self.reason_label.hide()
        content.addWidget(self.reason_label)

        form = QFormLayout()
        form.setHorizontalSpacing(14)
        form.setVerticalSpacing(10)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        self.profile_combo = QComboBox(self)
        self.profile_combo.setAccessibleName(self.tr("Saved accounts"))
        form.addRow(self.tr("&Account:"), self.profile_combo)

        self.name_edit = QLineEdit(self)
        self.name_edit.setPlaceholderText(self.tr("For example: Mama Njeri Shop"))
        form.addRow(self.tr("&Name:"), self.name_edit)

        self.base_url_edit = QLineEdit(self)
        self.base_url_edit.setPlaceholderText("https://api.example.co.ke")
        self.base_url_edit.setToolTip(
            self.tr(
                "The web address of your SMS provider's service, from their portal "
                "(technically: the API base URL)."
            )
        )
        form.addRow(self.tr("&Web address:"), self.base_url_edit)

        self.contacts_url_edit = QLineEdit(self)
        self.contacts_url_edit.setPlaceholderText(self.tr("Usually the same as the service"))
        form.addRow(self.tr("C&ontacts address:"), self.contacts_url_edit)

        # The token is a secret: always masked (no "Show" button — it must never be readable
        # on screen, in a screenshot or a screen share). Pasting works; token_info says what
        # arrived (length and kind only, never any of the token's body).
        self.token_edit = QLineEdit(self)
        self.token_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_edit.setPlaceholderText(self.tr("Paste the key, e.g. mbs_…"))
        self.token_edit.setAccessibleName(self.tr("Secret key"))
        self.token_edit.setToolTip(
            self.tr(
                "The secret key from your provider's portal, where it is called an "
                "“access token” or “API token”. Tuma keeps it only in this computer's "
                "password store."
            )
        )
        token_label = QLabel(self.tr("Secret &key:"), self)
        token_label.setBuddy(self.token_edit)
        form.addRow(token_label, self.token_edit)

        self.token_info = QLabel(self)
        self.token_info.setTextFormat(Qt.TextFormat.PlainText)
        self.token_info.setWordWrap(True)
        self.token_info.setProperty("role", "muted")
        form.addRow("", self.token_info)
        self._form = form
        form.setRowVisible(self.token_info, False)  # the whole row: no empty gap

        self.legacy_label = QLabel(
            self.tr(
                "This looks like an older key (it does not start with mbs_). It can send SMS "
                "and check the balance, but it cannot reach your contacts, WhatsApp or surveys. "
                "Ask your provider for a newer key to use everything."
            ),
            self,
        )
        self.legacy_label.setWordWrap(True)
        self.legacy_label.setProperty("role", "warning")
        self.legacy_label.hide()
        form.addRow(self.legacy_label)

        self.sender_edit = QLineEdit(self)
        self.sender_edit.setPlaceholderText(self.tr("e.g. MYSHOP, MYSHOP2"))
        self.sender_edit.setToolTip(
            self.tr(
                "The sender names registered for you by your provider, separated by commas "
                "(your provider may call them “sender IDs”)."
            )
        )
        form.addRow(self.tr("Sen&der names:"), self.sender_edit)

        self.price_spin = QDoubleSpinBox(self)
        self.price_spin.setRange(0.0, 100.0)
        self.price_spin.setDecimals(2)
        self.price_spin.setSingleStep(0.05)
        self.price_spin.setPrefix(self.tr("KES "))
        self.price_spin.setSpecialValueText(self.tr("Not set"))
        align_spin_text(self.price_spin)
        self.price_spin.setToolTip(
            self.tr("What one SMS part costs you. Used to show costs in shillings.")
        )
        self.price_spin.setMaximumWidth(160)
        form.addRow(self.tr("&Price per SMS part:"), self.price_spin)
        content.addLayout(form)

        test_row = QHBoxLayout()
        self.test_button = QPushButton(self.tr("&Test connection"), self)
        self.test_button.clicked.connect(self._on_test_clicked)
        self.ctx.tasks.retrying.connect(self._on_retrying)
        self.status_label = QLabel(self)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        test_row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignTop)
        test_row.addWidget(self.status_label, 1)
        content.addLayout(test_row)
        content.addStretch(1)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self.reject)
        self.save_button = QPushButton(self.tr("&Save and connect"), self)
        self.save_button.setDefault(True)
        self.save_button.setProperty("role", "primary")
        self.save_button.clicked.connect(self._on_save_clicked)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.save_button)
        outer.addLayout(buttons)

        self.base_url_edit.textEdited.connect(self._on_base_url_edited)
        self.contacts_url_edit.textEdited.connect(self._on_contacts_edited)
        self.token_edit.textChanged.connect(self._on_token_changed)
        self.profile_combo.currentIndexChanged.connect(self._on_profile_chosen)

        self._fill_profiles(profile_name)
        self.set_reason(reason)

    # -- public ---------------------------------------------------------------------------

    def set_reason(self, reason: str | None) -> None:
        """Why the dialog opened (e.g. the token was refused); shown at the top."""
        self.reason_label.setText(reason or "")
        self.reason_label.setVisible(bool(reason))
        self._fit()

    def select_profile(self, name: str | None) -> None:
        index = self.profile_combo.findData(name if name else NEW_ACCOUNT)
        self.profile_combo.setCurrentIndex(max(0, index))

    @property
    def busy(self) -> bool:
        return self.ctx.tasks.is_running("account.test") or self.ctx.tasks.is_running(
            "account.save"
        )

    # -- filling the form -----------------------------------------------------------------

    def _fill_profiles(self, selected: str | None) -> None:
        self.profile_combo.blockSignals(True)
        self.profile_combo.clear()
        for profile in self.ctx.settings.profiles:
            self.profile_combo.addItem(profile.name, profile.name)
        self.profile_combo.addItem(self.tr("New account…"), NEW_ACCOUNT)
        self.profile_combo.blockSignals(False)
        if selected is None and self.ctx.session is not None and not self.ctx.session.is_sandbox:
            selected = self.ctx.session.profile.name
        if selected is None:
            active = self.ctx.settings.active()
            profiles = self.ctx.settings.profiles
            selected = active.name if active else profiles[0].name if profiles else NEW_ACCOUNT
        index = self.profile_combo.findData(selected)
        self.profile_combo.setCurrentIndex(max(0, index))
        self._on_profile_chosen(self.profile_combo.currentIndex())

    def _on_profile_chosen(self, _index: int) -> None:
        name = self.profile_combo.currentData()
        profile = self.ctx.settings.profile(name) if name else None
        self._tested = None
        self.status_label.clear()
        self.token_edit.clear()
        if profile is None:
            self.name_edit.clear()
            self.base_url_edit.clear()
            self.contacts_url_edit.clear()
            self.sender_edit.clear()
            self.price_spin.setValue(0.0)
            self._contacts_follows = True
            self._has_saved_token = False
            self.token_edit.setPlaceholderText(self.tr("Paste the key, e.g. mbs_…"))
            return
        self.name_edit.setText(profile.name)
        self.base_url_edit.setText(profile.base_url)
        self.contacts_url_edit.setText(profile.contacts_base_url)
        self._contacts_follows = profile.contacts_base_url == profile.base_url
        self.sender_edit.setText(", ".join(profile.sender_ids))
        self.price_spin.setValue(profile.price_per_part or 0.0)
        self._has_saved_token = True  # confirmed (or corrected) when the keyring answers
        self.token_edit.setPlaceholderText(
            self.tr("Saved on this computer — leave empty to keep it")
        )

    # -- live feedback --------------------------------------------------------------------

    def _on_base_url_edited(self, text: str) -> None:
        if self._contacts_follows:
            self.contacts_url_edit.setText(text)
        self._tested = None

    def _on_contacts_edited(self, text: str) -> None:
        self._contacts_follows = text.strip() in ("", self.base_url_edit.text().strip())
        self._tested = None

    def _on_token_changed(self, text: str) -> None:
        token = key_from_paste(text)
        legacy = bool(token) and token_kind(token) == "legacy" and not_a_key(token) is None
        if legacy != self.legacy_label.isVisible():
            self.legacy_label.setVisible(legacy)
            self._fit()
        info = self._token_summary(token)
        self.token_info.setText(info)
        wrong = bool(token) and not_a_key(token) is not None
        if wrong != (self.token_info.property("role") == "warning"):
            set_role(self.token_info, "warning" if wrong else "muted")
            self._fit()
        if bool(info) == self.token_info.isHidden():
            self._form.setRowVisible(self.token_info, bool(info))
            self._fit()
        self._tested = None

    def _token_summary(self, token: str) -> str:
        """What the masked field holds, in words: its length and kind (the public prefix
        only). Never any character of the token's body."""
        if not token:
            return ""
        problem = not_a_key(token)
        if problem is not None:
            return self._not_a_key_words(problem)
        if token_kind(token) == "scoped":
            return self.tr("Key entered: {count} characters, starts with {prefix}").format(
                count=len(token), prefix=SCOPED_PREFIX
            )
        return self.tr("Key entered: {count} characters, an older kind").format(count=len(token))

    @staticmethod
    def _not_a_key_words(problem: AccountProblem) -> str:
        """What to do when something else was pasted where the key goes."""
        from desktop_app.core.services.accounts import AccountError

        return account_problem(AccountError(problem))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()

    def _fit(self) -> None:
        """Soon (once the layout has taken in what changed): grow to fit wrapped messages
        shown after the dialog opened, so nothing is squeezed, but never beyond the screen's
        height: what does not fit then scrolls, between the title and the buttons."""
        QTimer.singleShot(0, self, self._fit_now)

    def _fit_now(self) -> None:
        outer = self.layout()
        content = self.body.layout()
        if outer is None or content is None:
            return
        width = self.scroll_area.viewport().width() or self.body.width()
        body = (
            content.totalHeightForWidth(width)
            if content.hasHeightForWidth()
            else content.totalSizeHint().height()
        )
        body = max(body, content.totalMinimumSize().height())
        chrome = self.height() - self.scroll_area.height()  # title, buttons, margins, spacing
        room = available_height(self) - FRAME_ALLOWANCE
        wanted = min(max(self.height(), chrome + body), room)
        if wanted != self.height():
            self.resize(self.width(), max(wanted, self.minimumSizeHint().height()))
        self.setMaximumHeight(max(room, self.minimumSizeHint().height()))

    def _show_status(self, text: str, role: str) -> None:
        self.status_label.setText(text)
        set_role(self.status_label, role)
        self._fit()
        if text:  # what the button pressed came to: in sight, even on a short screen
            QTimer.singleShot(
                0, self, lambda: self.scroll_area.ensureWidgetVisible(self.status_label)
            )

    def _status_in_sight(self) -> None:
        self.scroll_area.ensureWidgetVisible(self.status_label)

    def _set_busy(self, busy: bool, text: str = "") -> None:
        for widget in (self.test_button, self.save_button, self.profile_combo):
            widget.setEnabled(not busy)
        if busy:
            self._show_status(text, "muted")

    def _on_retrying(self, name: str, retry: object) -> None:
        """The test or the save is trying again, or its answer is slow to come: said next to
        the button, so a dead line is not a still dialog for a minute. Cancel stops it. Once
        an answer came and the work goes on, the status says what it is doing again (when the
        work ends, its outcome is said right after)."""
        from desktop_app.core.api.attempts import Retry
        from desktop_app.ui.words import retrying

        if name not in ("account.test", "account.save"):
            return
        if isinstance(retry, Retry):
            self._show_status(retrying(retry, can_keep_working=False), "muted")
        elif self.ctx.tasks.is_running(name):  # got through; still at it
            if name == "account.test":
                self._show_status(self.tr("Checking the connection…"), "muted")
            else:
                self._show_status(self.tr("Checking and saving…"), "muted")

    # -- values ---------------------------------------------------------------------------

    def _profile_from_form(self) -> Profile:
        """The checked profile in the form (raises SettingsError naming the field)."""
        price = self.price_spin.value()
        return self.ctx.services.accounts.profile_from_form(
            name=self.name_edit.text(),
            base_url=self.base_url_edit.text(),
            contacts_base_url=self.contacts_url_edit.text(),
            sender_ids=self.sender_edit.text().replace(";", ",").split(","),
            price_per_part=price if price > 0 else None,
            original=self.profile_combo.currentData() or None,
        )

    async def _token_for(self) -> str:
        """The typed token, else the saved one of the account being edited."""
        return await self.ctx.services.accounts.token_for_form(
            self.token_edit.text(), self.profile_combo.currentData() or None
        )

    async def _check(self, profile: Profile, token: str) -> float:
        """The balance, read with these details (a throw-away client)."""
        accounts = self.ctx.services.accounts
        credits = await accounts.test(profile, token)
        self._tested = accounts.fingerprint(profile, token)
        return credits

    # -- test -----------------------------------------------------------------------------

    def _on_test_clicked(self) -> None:
        self._set_busy(True, self.tr("Checking the connection…"))
        self.ctx.tasks.start(
            "account.test",
            self._test(),
            on_success=self._on_test_done,
            on_error=self._on_failure,
        )

    async def _test(self) -> float:
        profile = self._profile_from_form()
        token = await self._token_for()
        return await self._check(profile, token)

    def _on_test_done(self, credits: float) -> None:
        self._set_busy(False)
        self._show_status(
            self.tr(
                "✓ Connected. Balance: {credits} credits. Click Save to keep this account."
            ).format(credits=QLocale().toString(credits, "f", 0)),
            "success",
        )
        self.attempt_finished.emit(True)

    def _on_failure(self, exc: BaseException) -> bool:
        from desktop_app.core.services.accounts import AccountError

        self._set_busy(False)
        title, text = describe(exc)
        if _not_the_service(exc):
            text = self.tr(
                "This web address answered, but not as a messaging service: it may be a "
                "website, a Wi-Fi sign-in page (in a hotel or café, sign in with your web "
                "browser first) or your network's page saying the data bundle is used up (buy "
                "more, then try again). Check the Web address: copy it again from your "
                "provider (for example https://api.example.co.ke), then test again."
            )
        elif _key_refused(exc):
            # ("Sign-in needed … Connect your account again", the main window's words, inside
            # the dialog connecting it, maybe for the first time)
            text = self.tr(
                "This key was not accepted. Check that you copied all of it from your "
                "provider's portal (it may also have expired or been revoked), then paste it "
                "here and test again."
            )
        elif _missing_permission(exc) is not None:
            # (the main window's words send the user to the Account menu: they are in it)
            text = self.tr(
                "This key does not have the “{permission}” permission. Ask your provider for a "
                "key that includes it, then paste it here and test again."
            ).format(permission=_missing_permission(exc))
        elif _not_reached(exc):
            # Here, before anything was saved, a typing mistake in the address (a letter, the
            # port) is as likely as being offline: "check your internet" alone sent the user
            # the wrong way.
            text = self.tr(
                "No connection: nothing answered at the Web address. Check it for a typing "
                "mistake (copy it again from your provider); if it is right, check that this "
                "computer is online, then test again."
            )
        elif not isinstance(exc, AccountError | SettingsError):
            text = f"{title}: {text}"
        self._show_status(text, "error")
        self.attempt_finished.emit(False)
        return True  # shown here, next to the button; not in the main window's bar

    # -- save -----------------------------------------------------------------------------

    def _on_save_clicked(self) -> None:
        held = self._account_held()
        if held is not None:
            self._show_status(held, "error")
            return
        self._set_busy(True, self.tr("Checking and saving…"))
        self.ctx.tasks.start(
            "account.save", self._save(), on_success=self._on_saved, on_error=self._on_failure
        )

    def _account_held(self) -> str | None:
        """Why the account cannot be saved now (work it must not change under), or None."""
        match self.ctx.account_hold():
            case None:
                return None
            case AccountHold.SENDING:
                return self.tr("A send is in progress: save this account once it has finished.")
            case AccountHold.UPLOADING:
                return self.tr(
                    "An import is being uploaded: save this account once it has finished."
                )
            case AccountHold.CHANGING_CONTACTS:
                return self.tr(
                    "Contacts are being changed: save this account once it has finished."
                )

    async def _save(self) -> Profile:
        profile = self._profile_from_form()
        token = await self._token_for()
        saved = await self.ctx.services.accounts.save(
            profile, token, original=self.profile_combo.currentData() or None, tested=self._tested
        )
        self.ctx.settings_changed.emit()
        await self.ctx.open_session(saved, token)
        return saved

    def _on_saved(self, profile: Profile) -> None:
        self._set_busy(False)
        self.token_edit.clear()
        self.attempt_finished.emit(True)
        self.connected.emit(profile)
        self.accept()

    def reject(self) -> None:
        self.ctx.tasks.cancel("account.test")
        self.ctx.tasks.cancel("account.save")
        super().reject()


def _key_refused(exc: BaseException) -> bool:
    from desktop_app.core.api import errors as api

    return isinstance(exc, api.AuthError)


def _missing_permission(exc: BaseException) -> str | None:
    """The permission the key lacks (in words), when the service refused it for that."""
    from desktop_app.core.api import errors as api
    from desktop_app.ui.errors import scope_label

    return scope_label(exc.scope) if isinstance(exc, api.ScopeError) else None


def _not_reached(exc: BaseException) -> bool:
    """Nothing answered at the address (no connection could be made): not a certificate
    that failed, which has its own words."""
    from desktop_app.core.api import errors as api

    return isinstance(exc, api.NetworkError) and not isinstance(exc, api.CertificateError)


def _not_the_service(exc: BaseException) -> bool:
    """The address answered, but not as the messaging service does: a web page (a Wi-Fi
    sign-in page, the provider's website), a redirect, or "not found" for the balance (an
    address with a path too many). "Try again later" would not help: the address needs
    checking."""
    from desktop_app.core.api import errors as api

    if isinstance(exc, api.ProtocolError):
        return True
    return isinstance(exc, api.ServiceError | api.NotFound) and exc.http_status in (404, 405)
