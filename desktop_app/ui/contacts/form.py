"""Add or edit one contact: checked before anything is sent, each problem beside its field,
and nothing typed is lost to a refusal (the dialog stays open until the save worked), nor to
a quit or a crash (what is typed is kept as a contact draft of its account shortly after typing
stops, and at quit; the Contacts tab offers it back)."""

from __future__ import annotations

import itertools
import uuid
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.phones import local_display
from desktop_app.core.services.contacts import (
    Contact,
    ContactForm,
    ContactFormError,
    FieldProblem,
    validate_contact_form,
)
from desktop_app.ui.contacts.model import added_text
from desktop_app.ui.context import session_title
from desktop_app.ui.dialogs import confirm
from desktop_app.ui.errors import describe
from desktop_app.ui.widgets import grow_to_fit, set_role
from desktop_app.ui.words import phone_problem

if TYPE_CHECKING:
    from desktop_app.core.phones import InvalidPhoneNumber
    from desktop_app.ui.context import AppContext

__all__ = ["ContactFormDialog"]

_form_numbers = itertools.count(1)

SAVE_TASK = "contacts.save"  # each form's own: SAVE_TASK + "." + a number of its own
#: Writes of a form's contact draft: DRAFT_TASK + "." + the form's draft key (so the latest
#: write of a form's draft replaces one of its own not yet made, never another form's).
DRAFT_TASK = "contacts.draft"
#: Typing pauses this long before the draft is written (as Compose's draft).
DRAFT_DELAY_MS = 1000


def draft_task(key: str) -> str:
    return f"{DRAFT_TASK}.{key}"


class _Field(QWidget):
    """An input with its problem (red) or hint (grey) right under it."""

    def __init__(self, editor: QWidget, hint: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.hint = hint
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(editor)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # may quote the service
        layout.addWidget(self.message)
        self.row = QHBoxLayout()
        self.row.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.row)
        self.show_hint(hint)

    def show_hint(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))
        set_role(self.message, "muted")
        self.editor.setProperty("invalid", False)
        self._repolish()

    def show_problem(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(True)
        set_role(self.message, "error")
        self.editor.setProperty("invalid", True)
        self._repolish()

    @property
    def has_problem(self) -> bool:
        return bool(self.editor.property("invalid"))

    def _repolish(self) -> None:
        style = self.editor.style()
        style.unpolish(self.editor)
        style.polish(self.editor)


class _Title(QLabel):
    """The form's title, one line: the whole name where it fits, else cut short with "…" at
    the form's width (a name of 170 characters was cut mid-word, with nothing to say so); the
    whole name in its tooltip and for a screen reader. It asks for the whole name's width, so
    the form widens for it as far as a window opens (two thirds of the screen), no further."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._whole = text
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setMinimumWidth(1)  # (never wider than the form: cut short instead)
        self.setAccessibleName(text)
        self._fit()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()  # (of the text shown: perhaps cut short)
        metrics = self.fontMetrics()
        wider = metrics.horizontalAdvance(self._whole) - metrics.horizontalAdvance(self.text())
        return QSize(hint.width() + max(0, wider), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()  # (its bold title font comes with the style sheet)

    def _fit(self) -> None:
        room = self.contentsRect().width()
        shown = self._whole
        if room > 1 and self.fontMetrics().horizontalAdvance(shown) > room:
            shown = self.fontMetrics().elidedText(shown, Qt.TextElideMode.ElideRight, room)
        if shown != self.text():
            self.setText(shown)
        self.setToolTip(self._whole if shown != self._whole else "")


class ContactFormDialog(QDialog):
    """Opened with ``open()``. ``saved`` carries the contact as the service now has it (or
    None when an edit changed nothing); ``open_contact_requested`` asks to open another one
    (the contact that already has the number)."""

    saved = Signal(object)
    open_contact_requested = Signal(object)
    #: The contact being edited was deleted elsewhere meanwhile (the list shows it still).
    contact_gone = Signal()
    #: A save attempt ended (saved, refused or failed): tests wait on it.
    attempt_finished = Signal()

    def __init__(
        self, ctx: AppContext, contact: Contact | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.contact = contact
        self._owner: Contact | None = None
        self._discard_box: QWidget | None = None
        self._saving = False
        self._add_again = False  # the contact was deleted elsewhere: Save adds it anew
        # Its own task: two forms open at once (one opened from the other's "Open …") each
        # save; one name would have the second save cancel the first.
        self.save_task = f"{SAVE_TASK}.{next(_form_numbers)}"
        # the account it was opened in: a switch meanwhile must not carry the typing elsewhere
        self._profile = None if ctx.session is None else ctx.session.profile.name
        #: False: nothing typed here is kept as a draft (the screenshots' sample form).
        self.keeps_draft = True
        #: The key its draft is kept under (its own; a reopened draft's, once reopened).
        self.draft_key = uuid.uuid4().hex
        self.reopened = False  # filled from a kept draft
        #: What this form last wrote as its contact draft (None: it holds none).
        self._kept: ContactForm | None = None
        #: Tuma is closing: closing the form keeps the draft instead of asking.
        self._quitting = False
        self._draft_timer = QTimer(self)
        self._draft_timer.setSingleShot(True)
        self._draft_timer.setInterval(DRAFT_DELAY_MS)
        self._draft_timer.timeout.connect(self.keep_draft)
        self.setObjectName("contactForm")
        self.setWindowTitle(self.tr("Edit contact") if contact else self.tr("Add a contact"))
        self.setMinimumWidth(460)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(20, 18, 20, 16)
        outer.setSpacing(12)

        self.title_label = _Title(
            contact.display_name if contact is not None else self.tr("New contact"), self
        )
        self.title_label.setObjectName("contactFormTitle")
        self.title_label.setProperty("role", "title")
        outer.addWidget(self.title_label)
        if contact is not None and contact.created_at is not None:
            caption = QLabel(
                self.tr("Added {when}").format(when=added_text(contact.created_at, with_time=True)),
                self,
            )
            caption.setProperty("role", "muted")
            outer.addWidget(caption)

        self.banner = QLabel(self)
        self.banner.setObjectName("formProblem")
        self.banner.setProperty("role", "warning")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.hide()
        outer.addWidget(self.banner)

        form = QFormLayout()
        form.setHorizontalSpacing(14)
        form.setVerticalSpacing(8)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.phone_edit = QLineEdit(self)
        self.phone_edit.setObjectName("phoneEdit")
        self.phone_edit.setPlaceholderText("0712 345 678")
        self.first_edit = QLineEdit(self)
        self.first_edit.setObjectName("firstNameEdit")
        self.last_edit = QLineEdit(self)
        self.last_edit.setObjectName("lastNameEdit")
        self.email_edit = QLineEdit(self)
        self.email_edit.setObjectName("emailEdit")
        self.email_edit.setPlaceholderText(self.tr("name@example.co.ke (optional)"))
        self.notes_edit = QPlainTextEdit(self)
        self.notes_edit.setObjectName("notesEdit")
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setFixedHeight(72)
        self.notes_edit.setPlaceholderText(self.tr("For example: buys every Friday"))
        self.phone_hint = self.tr("Any form: 0712 345 678, 254712345678 or +254712345678")
        self.fields: dict[str, _Field] = {
            "phone": _Field(self.phone_edit, self.phone_hint, self),
            "first_name": _Field(self.first_edit, parent=self),
            "last_name": _Field(self.last_edit, parent=self),
            "email": _Field(self.email_edit, parent=self),
            "notes": _Field(self.notes_edit, parent=self),
        }
        self.open_owner_button = QPushButton(self)
        self.open_owner_button.setObjectName("openOwner")
        self.open_owner_button.setProperty("role", "link")
        self.open_owner_button.clicked.connect(self._open_owner)
        self.open_owner_button.hide()
        self.fields["phone"].row.addWidget(self.open_owner_button)
        self.fields["phone"].row.addStretch(1)
        labels = {
            "phone": self.tr("&Phone"),
            "first_name": self.tr("&First name"),
            "last_name": self.tr("&Last name"),
            "email": self.tr("&Email"),
            "notes": self.tr("N&otes"),
        }
        for name, field in self.fields.items():
            label = QLabel(labels[name], self)
            label.setBuddy(field.editor)
            # (the reader finds a buddy label only beside the field, not across the form)
            field.editor.setAccessibleName(labels[name].replace("&", ""))
            form.addRow(label, field)
        outer.addLayout(form)

        self.buttons = QDialogButtonBox(self)
        self.save_button = self.buttons.addButton(
            self.tr("Save changes") if contact else self.tr("Add contact"),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.save_button.setObjectName("saveContact")
        set_role(self.save_button, "primary")  # re-polished: the box polished it on adding
        self.save_button.setDefault(True)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.save_button.clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)

        self._initial = ContactForm.of(contact) if contact is not None else ContactForm()
        if contact is not None:
            self.phone_edit.setText(local_display(contact.phone))
            self.first_edit.setText(contact.first_name or "")
            self.last_edit.setText(contact.last_name or "")
            self.email_edit.setText(contact.email or "")
            self.notes_edit.setPlainText(contact.notes or "")
            self._initial = self.form()
        self.phone_edit.textEdited.connect(lambda _t: self._phone_typed())
        self.phone_edit.editingFinished.connect(self._check_phone)
        self.email_edit.editingFinished.connect(self._check_email)
        for name in ("first_name", "last_name", "email"):
            editor = self.fields[name].editor
            assert isinstance(editor, QLineEdit)
            editor.textEdited.connect(lambda _t, n=name: self.fields[n].show_hint(""))
        for line in (self.phone_edit, self.first_edit, self.last_edit, self.email_edit):
            line.textChanged.connect(lambda _t: self._typed())
        self.notes_edit.textChanged.connect(self._typed)
        QTimer.singleShot(0, self.phone_edit.setFocus)

    # -- the form --------------------------------------------------------------------------

    def form(self) -> ContactForm:
        return ContactForm(
            phone=self.phone_edit.text(),
            first_name=self.first_edit.text(),
            last_name=self.last_edit.text(),
            email=self.email_edit.text(),
            notes=self.notes_edit.toPlainText(),
        )

    @property
    def dirty(self) -> bool:
        return self.form() != self._initial

    def fill(self, form: ContactForm) -> None:
        """Put *form* in the fields (a kept draft reopened)."""
        self.phone_edit.setText(form.phone)
        self.first_edit.setText(form.first_name)
        self.last_edit.setText(form.last_name)
        self.email_edit.setText(form.email)
        self.notes_edit.setPlainText(form.notes)

    # -- the draft -------------------------------------------------------------------------

    @property
    def holds_draft(self) -> bool:
        """A contact draft is kept (or being written) as this form's typing."""
        return self._kept is not None

    def reopened_from_draft(self, key: str) -> None:
        """The fields were filled from the draft kept under *key*: it is this form's now
        (kept until the form is saved or discarded)."""
        self._draft_timer.stop()
        self.draft_key = key
        self.reopened = True
        self._kept = self.form()

    def _typed(self) -> None:
        if self.keeps_draft and self._profile is not None and not self._quitting:
            self._draft_timer.start()

    def keep_draft(self) -> None:
        """Keep what is typed as this form's contact draft (off the window's thread): a
        pending timer's write made now. A form back to what it opened with gives its draft
        up."""
        self._draft_timer.stop()
        profile = self._profile
        if not self.keeps_draft or profile is None:
            return
        if not self.dirty:
            self._clear_draft()
            return
        form = self.form()
        if form == self._kept:
            return
        self._kept = form
        self._ctx.tasks.start(
            draft_task(self.draft_key),
            self._ctx.services.contacts.save_draft(profile, self.draft_key, form, self.contact),
        )

    def _clear_draft(self) -> None:
        """Saved or discarded: the draft this form kept goes (others' stay)."""
        self._draft_timer.stop()
        if self._kept is None:
            return
        self._kept = None
        key = self.draft_key
        self._ctx.tasks.start(draft_task(key), self._ctx.services.contacts.clear_draft(key))

    def closing_for_quit(self) -> None:
        """Tuma is closing (a quit, a log-out, a shutdown): closing the form now keeps its
        draft rather than asking "Discard changes?" for the instant the app takes to end."""
        self._quitting = True
        self._draft_timer.stop()

    @property
    def saving(self) -> bool:
        """A save is on its way to the service (it ends with ``attempt_finished``)."""
        return self._saving

    def _phone_typed(self) -> None:
        self._owner = None
        self.open_owner_button.hide()
        self.fields["phone"].show_hint(self.phone_hint)

    def _check_phone(self) -> None:
        if not self.phone_edit.text().strip():
            return  # an empty box is said to be empty on Save, not when tabbing through
        check = validate_contact_form(self.form())
        if check.phone_error is not None:
            self._show_phone_problem(check.phone_error)
        elif self._owner is None:
            self.fields["phone"].show_hint(
                self.tr("Saved as {number}").format(number=check.values["phone"])
            )

    def _check_email(self) -> None:
        check = validate_contact_form(self.form())
        if "email" in check.problems:
            self.fields["email"].show_problem(self._email_problem())

    def _email_problem(self) -> str:
        return self.tr(
            "This is not an email address. Write it like name@example.co.ke, or leave it empty."
        )

    def _show_phone_problem(self, error: InvalidPhoneNumber) -> None:
        self.fields["phone"].show_problem(phone_problem(error))
        self._fit()

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> None:
        """Check the form, then send it (only what changed, for an edit)."""
        session = self._ctx.session
        if session is None:
            return
        if session.profile.name != self._profile:
            # the form stayed open (with unsaved typing) through a switch of account
            self.banner.setText(
                self.tr(
                    "You switched to another account after opening this form, so it was not "
                    "saved: it would have gone to “{account}”. Switch back to save it, or "
                    "close it."
                ).format(account=session_title(session))
            )
            self._show_banner()
            self.attempt_finished.emit()
            return
        self.banner.hide()
        check = validate_contact_form(self.form())
        if not check.ok:
            self.show_problems(ContactFormError(check.problems, phone_error=check.phone_error))
            self.attempt_finished.emit()
            return
        self.save_button.setEnabled(False)
        self.save_button.setText(self.tr("Saving…"))
        self._saving = True
        self._ctx.tasks.start(
            self.save_task,
            self._ctx.services.contacts.save(
                session.client, session.profile.name, self.form(), self.contact
            ),
            on_success=self._on_saved,
            on_error=self._on_failed,
        )

    def _restore_button(self) -> None:
        self._saving = False
        self.save_button.setEnabled(True)
        if self._add_again:
            self.save_button.setText(self.tr("Add it again"))
        else:
            self.save_button.setText(
                self.tr("Save changes") if self.contact else self.tr("Add contact")
            )

    def _on_saved(self, contact: Contact | None) -> None:
        self._restore_button()
        self._initial = self.form()
        self._clear_draft()
        self.saved.emit(contact)
        self.attempt_finished.emit()
        if self.isVisible():  # not when discarded meanwhile: it finished then
            self.accept()

    def _on_failed(self, exc: BaseException) -> bool:
        from desktop_app.core.api import errors as api

        self._restore_button()
        if isinstance(exc, ContactFormError):
            self.show_problems(exc)
            self.attempt_finished.emit()
            return True
        if isinstance(exc, api.NotFound) and self.contact is not None:
            self._contact_deleted()
            self.attempt_finished.emit()
            return True
        title, text = describe(exc)
        self.banner.setText(f"{title}. {text}")
        self._show_banner()
        self.attempt_finished.emit()
        return not isinstance(exc, api.AuthError)

    def _contact_deleted(self) -> None:
        """Deleted elsewhere (another computer, an import) after this form opened: "try
        again" would fail again, and closing would lose the typing. Save now adds it anew,
        with everything typed."""
        self.contact = None
        self._add_again = True
        self._restore_button()
        self.banner.setText(
            self.tr(
                "This contact was deleted after you opened it (on another computer, or by "
                "someone else using this account). What you typed is still here: press “Add "
                "it again” to keep it, or Cancel."
            )
        )
        self._show_banner()
        self.contact_gone.emit()

    def _show_banner(self) -> None:
        self.banner.show()
        self._fit()

    def _fit(self) -> None:
        """Grow to fit a message shown after the form opened (a wrapped banner or problem
        would otherwise squeeze the fields under it), never past what it needs."""
        grow_to_fit(self)

    def show_problems(self, exc: ContactFormError) -> None:
        """Each field's problem beside it; the first one gets the focus."""
        first: QWidget | None = None
        for name, problem in exc.problems.items():
            field = self.fields.get(name)
            if field is None:
                continue
            if problem is FieldProblem.PHONE and exc.phone_error is not None:
                self._show_phone_problem(exc.phone_error)
            elif problem is FieldProblem.EMAIL:
                field.show_problem(self._email_problem())
            elif problem is FieldProblem.DUPLICATE:
                self._show_duplicate(exc)
            else:
                field.show_problem(
                    self.tr("Your provider refused this: “{words}”").format(
                        words=exc.service.get(name, "")
                    )
                )
            if first is None:
                first = field.editor
        if first is not None:
            first.setFocus()
        self._fit()

    def _show_duplicate(self, exc: ContactFormError) -> None:
        owner = self._owner = exc.owner
        shown = local_display(exc.phone or self.phone_edit.text())
        if owner is None:
            self.fields["phone"].show_problem(
                self.tr("Another contact already has {number}. Search for it to edit it.").format(
                    number=shown
                )
            )
            self.open_owner_button.hide()
            return
        name = owner.display_name if owner.display_name != owner.phone else shown
        self.fields["phone"].show_problem(
            self.tr("{name} already has {number}: a number can belong to one contact only.").format(
                name=name, number=shown
            )
        )
        self.open_owner_button.setText(self.tr("Open {name}").format(name=name))
        self.open_owner_button.show()

    def _open_owner(self) -> None:
        if self._owner is not None:
            self.open_contact_requested.emit(self._owner)

    # -- closing ---------------------------------------------------------------------------

    def reject(self) -> None:
        """Cancel or Esc: typed changes are only dropped when the user says so. Closed by a
        quit, the form goes without asking: its typing is kept as the draft."""
        if self._quitting:
            super().reject()
            return
        if self.dirty and self._discard_box is None:
            self._discard_box = confirm(
                self,
                title=self.tr("Discard changes?"),
                text=self.tr("Close without saving this contact?"),
                informative=self.tr("What you typed here will be lost."),
                yes=self.tr("Discard"),
                no=self.tr("Keep editing"),
                on_yes=self.discard,
                destructive=True,
            )
            self._discard_box.destroyed.connect(self._forget_box)
            return
        if not self.dirty:
            self._clear_draft()
            super().reject()

    def _forget_box(self) -> None:
        self._discard_box = None

    def discard(self) -> None:
        # A save already on its way is left to finish (the service may have it by now): the
        # tab still hears of it through ``saved``.
        self._initial = self.form()
        self._clear_draft()
        super().reject()
