"""Facts from core, said in words: every sentence a user reads about a core fact is made here
(or in the widget that shows it), through ``tr()``, so a Kiswahili interface is a
translation file.

Core hands back codes and data (a phone problem, a settings problem, a keyring problem, a
journal reason, a store problem); the functions below turn each into plain words with the
next step to take. They are methods of one QObject so that ``pyside6-lupdate`` files every
string under one context, "Words", and Qt's plural forms work (``self.tr(text, "", n)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from desktop_app.ui.formats import number

if TYPE_CHECKING:
    from desktop_app.core.api.attempts import Retry
    from desktop_app.core.phones import InvalidPhoneNumber
    from desktop_app.core.services.accounts import AccountError, CredentialError
    from desktop_app.core.services.sending import ChunkReason, StoreError
    from desktop_app.core.settings import SettingsError

# The facts' modules are imported where a sentence is made, not here: this module loads with
# the window, before the network stack and the keyring (start-up stays fast).

__all__ = [
    "account_problem",
    "chunk_reason",
    "counts",
    "keyring_problem",
    "phone_problem",
    "retrying",
    "settings_field",
    "settings_problem",
    "settings_set_aside",
    "store_problem",
]


class Words(QObject):
    """The sentences (one translation context)."""

    # -- counted phrases (Qt plural forms; the English .qm gives "1 credit" / "3 credits") --

    def credits(self, value: float) -> str:
        if float(value).is_integer():
            return self.tr("%Ln credit(s)", "", int(value))
        return self.tr("{n} credits").format(n=number(value))

    def recipients(self, n: int) -> str:
        return self.tr("%Ln recipient(s)", "", n)

    def people(self, n: int) -> str:
        return self.tr("%Ln person(s)", "", n)

    def sent_not_saved(self, n: int) -> str:
        """After a send the store could not save all of (a full disk)."""
        return self.tr(
            "%Ln more person(s) got it too, but Tuma could not save that yet. It saves it once "
            "it can, and never sends it to them twice.",
            "",
            n,
        )

    def parts(self, n: int) -> str:
        return self.tr("%Ln part(s)", "", n)

    def characters(self, n: int) -> str:
        return self.tr("%Ln character(s)", "", n)

    def numbers(self, n: int) -> str:
        return self.tr("%Ln number(s)", "", n)

    def contacts(self, n: int) -> str:
        return self.tr("%Ln contact(s)", "", n)

    def batches(self, n: int) -> str:
        return self.tr("%Ln round(s)", "", n)

    def invalid_numbers(self, n: int) -> str:
        return self.tr("%Ln number(s) are not valid", "", n)

    def duplicates_removed(self, n: int) -> str:
        return self.tr("%Ln duplicate(s) removed", "", n)

    def words_left_out(self, n: int) -> str:
        return self.tr("%Ln name(s) or word(s) left out", "", n)

    def seconds(self, n: int) -> str:
        return self.tr("%Ln second(s)", "", n)

    def minutes(self, n: int) -> str:
        return self.tr("about %Ln minute(s)", "", n)

    # -- phone numbers ---------------------------------------------------------------------

    def phone_problem(self, exc: InvalidPhoneNumber) -> str:
        from desktop_app.core.phones import PhoneProblem

        shown = exc.shown
        texts = {
            PhoneProblem.EMPTY: self.tr("The phone number is empty"),
            PhoneProblem.SHORT_KE_MOBILE: self.tr("{} is too short for a Kenyan mobile number"),
            PhoneProblem.LONG_KE_MOBILE: self.tr("{} is too long for a Kenyan mobile number"),
            PhoneProblem.UNKNOWN_COUNTRY: self.tr("{} does not start with a known country code"),
            PhoneProblem.NEEDS_COUNTRY: self.tr("{} needs a country code (for example +254)"),
            PhoneProblem.TOO_SHORT: self.tr("{} is too short to be a phone number"),
            PhoneProblem.TOO_LONG: self.tr("{} is too long to be a phone number"),
            PhoneProblem.NOT_A_NUMBER: self.tr("“{}” is not a phone number"),
            PhoneProblem.BAD_CHAR: self.tr("“{}” is not a phone number: it contains “{}”"),
            PhoneProblem.BAD_PLUS: self.tr("“{}” is not a phone number: “+” can only come first"),
            PhoneProblem.INVALID: self.tr("{} is not a valid number"),
        }
        return texts[exc.problem].format(shown, exc.char or "")

    # -- settings --------------------------------------------------------------------------

    def settings_field(self, field: str | None) -> str | None:
        """The form's name for a setting, where the user can see it."""
        names = {
            "base_url": self.tr("Web address"),
            "contacts_base_url": self.tr("Contacts address"),
            "name": self.tr("Account name"),
            "sender_ids": self.tr("Sender names"),
            "price_per_part": self.tr("Price per SMS part"),
            "bulk_chunk_size": self.tr("Recipients per round"),
            "low_balance_threshold": self.tr("Low-balance warning"),
        }
        return names.get(field or "")

    def settings_problem(self, exc: SettingsError) -> str:
        from desktop_app.core.settings import MAX_CHUNK_SIZE, SettingsProblem

        value = exc.value if isinstance(exc.value, str) else ""
        quoted = f"“{value}”"
        p = SettingsProblem
        texts = {
            p.ADDRESS_MISSING: self.tr(
                "Enter the web address, for example https://api.example.co.ke."
            ),
            p.ADDRESS_INVALID: self.tr("{value} is not a valid web address.").format(value=quoted),
            p.ADDRESS_NOT_WEB: self.tr(
                "{value} is not a web address: it must start with https:// "
                "(for example https://api.example.co.ke)."
            ).format(value=quoted),
            p.ADDRESS_NO_HOST: self.tr("{value} has no server name after the “//”.").format(
                value=quoted
            ),
            p.ADDRESS_BAD_HOST: self.tr(
                "{value} is not a valid web address: the server name may hold only letters, "
                "digits, dots and dashes (for example https://api.example.co.ke)."
            ).format(value=quoted),
            p.ADDRESS_CREDENTIALS: self.tr(
                "The address must not contain a user name or password; "
                "the key is entered separately and kept in the computer's password store."
            ),
            p.ADDRESS_QUERY: self.tr(
                "The address must not contain a query (?…) or fragment (#…); "
                "enter only the web address."
            ),
            p.ADDRESS_PLAIN_HTTP: self.tr(
                "{value} uses plain http, which would send your key unencrypted. Use "
                "https:// (plain http is allowed only for a service on this computer, such as "
                "the practice service)."
            ).format(value=quoted),
            p.NAME_MISSING: self.tr("Give the account a name, for example the shop's name."),
            p.DUPLICATE_NAME: self.tr("Two accounts are called {value}: rename one.").format(
                value=quoted
            ),
            p.NAME_TAKEN: self.tr(
                "This computer already has an account called {value}: choose another name."
            ).format(value=quoted),
            p.SENDER_NOT_TEXT: self.tr("Sender names must be text."),
            p.CHUNK_NOT_WHOLE: self.tr("Recipients per round must be a whole number."),
            p.CHUNK_RANGE: self.tr(
                "Recipients per round must be between 1 and {most} (it is {value})."
            ).format(most=number(MAX_CHUNK_SIZE), value=exc.value),
            p.PRICE_NOT_NUMBER: self.tr("The price per SMS part must be a number of shillings."),
            p.PRICE_RANGE: self.tr("The price per SMS part must be zero or more shillings."),
            p.THRESHOLD: self.tr(
                "The low-balance warning must be a whole number of credits, 0 or more."
            ),
            p.DUPLICATE_WINDOW: self.tr(
                "The repeat-send check must cover between 1 and 720 hours."
            ),
            p.NOT_TEXT: self.tr("A setting that should be text holds something else."),
            p.DAMAGED: self.tr("The saved settings are damaged."),
        }
        text = texts[exc.problem]
        field = self.settings_field(exc.field)
        if field and exc.field in ("base_url", "contacts_base_url"):
            return self.tr("{field}: {problem}").format(field=field, problem=text)
        return text

    def settings_set_aside(self, kept_as: str) -> tuple[str, str]:
        """(title, text) when the settings file could not be read at start."""
        return self.tr("Your settings could not be read"), self.tr(
            "The settings file was damaged, so Tuma started with default settings. The old "
            "file was kept as {name}. Connect your account again from the Account menu."
        ).format(name=kept_as)

    # -- the keyring -----------------------------------------------------------------------

    def keyring_hint(self, platform: str) -> str:
        if platform == "windows":
            return self.tr(
                "Tuma keeps your key in Windows Credential Manager. Make sure the Credential "
                "Manager service is running, then try again."
            )
        if platform == "macos":
            return self.tr(
                "Tuma keeps your key in the macOS Keychain. Unlock your login keychain in "
                "Keychain Access, then try again."
            )
        return self.tr(
            "Tuma keeps your key in the computer's password store and never in a plain file. "
            "Install "
            "and start a Secret Service provider: GNOME Keyring (package gnome-keyring), "
            "KeePassXC with Secret Service integration turned on, or KWallet (package "
            "kwalletmanager), then sign in to your desktop session again and retry."
        )

    def keyring_problem(self, exc: CredentialError) -> str:
        from desktop_app.core.services.accounts import KeyringAction, KeyringProblem

        failed = {
            KeyringAction.SAVE: self.tr("Your secret key could not be saved."),
            KeyringAction.READ: self.tr("Your secret key could not be read."),
            KeyringAction.DELETE: self.tr("Your secret key could not be deleted."),
            None: self.tr("Your secret key could not be used."),
        }[exc.action]
        p = KeyringProblem
        if exc.problem is p.NO_NAME:
            return self.tr("The account needs a name before its key can be stored.")
        if exc.problem is p.EMPTY_TOKEN:
            return self.tr("The key is empty: paste the secret key from your account portal.")
        if exc.problem is p.NO_BACKEND:
            why = (
                self.tr("No password store is available on this computer.")
                + " "
                + self.keyring_hint(exc.platform)
            )
        elif exc.problem is p.LOCKED:
            why = self.tr(
                "The computer's password store is locked. Unlock it (it usually asks for your "
                "login "
                "password) and try again."
            )
        elif exc.problem is p.FAILED:
            why = (
                self.tr("The computer's password store did not work.")
                + " "
                + self.keyring_hint(exc.platform)
            )
        elif exc.problem is p.TIMEOUT:
            why = self.tr(
                "The computer's password store did not answer within {seconds}. It may be locked "
                "and "
                "waiting for a password prompt, or its service may have hung: unlock or "
                "restart it and try again."
            ).format(seconds=self.seconds(round(exc.timeout or 0)))
        else:
            why = self.tr(
                "The computer's password store failed unexpectedly. Restart the password store "
                "service or your "
                "desktop session and try again."
            )
        return f"{failed} {why}"

    # -- accounts --------------------------------------------------------------------------

    def account_problem(self, exc: AccountError) -> str:
        from desktop_app.core.services.accounts import AccountProblem

        if exc.problem is AccountProblem.TOKEN_MISSING:
            return self.tr("Paste the secret key from your provider's portal.")
        if exc.problem is AccountProblem.NO_SAVED_TOKEN:
            return self.tr(
                "No secret key is saved for “{name}” on this computer. Paste it again."
            ).format(name=exc.name or "")
        if exc.problem is AccountProblem.EMAIL_NOT_KEY:
            return self.tr(
                "This is an e-mail address, not the secret key. In your provider's portal, "
                "copy the key itself (a long line of letters and numbers, e.g. mbs_…)."
            )
        if exc.problem is AccountProblem.ADDRESS_NOT_KEY:
            return self.tr(
                "This is a web address, not the secret key. Open it in your web browser, then "
                "copy the key shown there (a long line of letters and numbers, e.g. mbs_…)."
            )
        if exc.problem is AccountProblem.CONTACTS_ADDRESS:
            return self.tr(
                "The key works at the Web address, but the Contacts address did not answer as "
                "your provider's contacts service. Check the Contacts address (copy it again "
                "from your provider), or leave it empty to use the Web address, then test "
                "again."
            )
        return self.tr("There is no saved account called “{name}”.").format(name=exc.name or "")

    # -- the journal and the store ---------------------------------------------------------

    def chunk_reason(self, reason: ChunkReason | None, detail: str | None = None) -> str:
        from desktop_app.core.services.sending import WEB_PAGE_DETAIL, ChunkReason

        r = ChunkReason
        if reason is r.UNREADABLE_REPLY and detail == WEB_PAGE_DETAIL:
            return self.tr(
                "A web page came back instead of the service's reply to this part, so it may "
                "or may not have gone out. Your internet may need attention (data bundle used "
                "up, or Wi-Fi asking you to sign in)."
            )
        if reason is r.REFUSED:
            if detail:
                return self.tr("The service refused it: “{words}”").format(words=detail)
            return self.tr("The service refused it.")
        texts = {
            r.INTERRUPTED: self.tr(
                "Tuma stopped while this part was being sent, so it may or may not have gone out."
            ),
            r.CANCELLED_IN_FLIGHT: self.tr(
                "Sending was stopped while this part was on its way, so it may or may not have "
                "gone out."
            ),
            r.CONNECTION_LOST: self.tr(
                "The connection was lost after the message was handed over, so we cannot tell "
                "whether it was sent."
            ),
            r.UNREADABLE_REPLY: self.tr(
                "The service's reply to this part could not be read, so it may or may not have "
                "gone out."
            ),
            r.UNEXPECTED: self.tr(
                "Tuma hit an unexpected problem while sending this part ({kind})."
            ).format(kind=detail or "?"),
            r.RESOLVED_SENT: self.tr("Marked as sent by you."),
        }
        return texts.get(reason, "") if reason is not None else ""

    def store_problem(self, exc: StoreError) -> str:
        from desktop_app.core.services.sending import StoreProblem
        from desktop_app.core.settings import MAX_CHUNK_SIZE

        p = StoreProblem
        if exc.data.get("kind") == "group":
            group_texts = {
                p.NO_NAME: self.tr("Give the group a name."),
                p.EXISTS: self.tr("A group called “{name}” already exists.").format(
                    name=exc.data.get("name", "")
                ),
                p.NOT_FOUND: self.tr("That group no longer exists."),
            }
            if exc.problem in group_texts:
                return group_texts[exc.problem]
        texts = {
            p.CLOSED: self.tr("Tuma's records are closed (the app is shutting down)."),
            p.NEWER_VERSION: self.tr(
                "Tuma's records were written by a newer version of Tuma; update the app."
            ),
            p.DAMAGED: self.tr(
                "Tuma's records file is damaged and cannot be read; nothing in it was changed. "
                "To start again with empty records, move the file {path} to another folder "
                "(keep it: support may be able to recover it), then open Tuma again."
            ).format(path=exc.data.get("path", "")),
            p.UNAVAILABLE: self.tr(
                "Tuma's records file {path} could not be opened (the computer said: {reason}). "
                "Close any other program using it, check there is free disk space, then open "
                "Tuma again."
            ).format(path=exc.data.get("path", ""), reason=exc.data.get("reason", "")),
            p.NO_FOLDER: self.tr(
                "Tuma keeps its records in the folder {path}, but could not make it there (the "
                "computer said: {reason}). If a file has that name, rename it; if the folder "
                "belongs to another user, ask whoever looks after this computer to give it back "
                "to you. Then open Tuma again."
            ).format(path=exc.data.get("path", ""), reason=exc.data.get("reason", "")),
            p.DISK_FULL: self.tr(
                "This computer's disk is full, so Tuma could not save its records. Free some "
                "space (delete files you no longer need, then empty the Recycle Bin), then try "
                "again."
            ),
            p.WRITE_FAILED: self.tr(
                "Tuma could not save its records in {path} (the computer said: {reason}). "
                "Check there is free disk space and that no other program is using the file, "
                "then try again."
            ).format(path=exc.data.get("path", ""), reason=exc.data.get("reason", "")),
            p.NOT_FOUND: self.tr("That record no longer exists."),
            p.ILLEGAL_MOVE: self.tr(
                "That round has already been dealt with (perhaps in another Tuma window)."
            ),
            p.NO_RECIPIENTS: self.tr("Add at least one recipient."),
            p.NO_SENDER: self.tr("Choose a sender name."),
            p.BAD_CHUNK_SIZE: self.tr("Recipients per round must be between 1 and {most}.").format(
                most=number(MAX_CHUNK_SIZE)
            ),
            p.EMPTY_TEXT: self.tr("The message is empty."),
            p.NOT_A_BROADCAST: self.tr("This kind of send cannot be sent in rounds."),
            p.NO_MESSAGE_ID: self.tr("The service did not give this send a reference."),
            p.NO_NAME: self.tr("Give the template a name."),
            p.EXISTS: self.tr("A template called “{name}” already exists.").format(
                name=exc.data.get("name", "")
            ),
        }
        return texts[exc.problem]

    def retrying(self, retry: Retry, *, can_keep_working: bool = True) -> str:
        """While the client tries a request again: Tuma is still at it, and which try. Or,
        reason SLOW, while a reply is slow to come (said after a few seconds, not after the
        20 s a try may wait); *can_keep_working*: the rest of the window stays usable (the
        status bar says so; a dialog waiting on it does not)."""
        from desktop_app.core.api.attempts import RetryReason

        if retry.reason is RetryReason.SLOW and retry.attempt > 1:
            # Slow on a later try: which one, as "Still trying… (try 2 of 3)" said just before
            # (the first try has no number: a send that is slow is never tried again).
            if can_keep_working:
                text = self.tr(
                    "The service is slow to answer (try {attempt} of {attempts}). Still "
                    "waiting… (you can keep working)"
                )
            else:
                text = self.tr(
                    "The service is slow to answer (try {attempt} of {attempts}). Still waiting…"
                )
            return text.format(attempt=number(retry.attempt), attempts=number(retry.attempts))
        if retry.reason is RetryReason.SLOW:
            if can_keep_working:
                return self.tr(
                    "The service is slow to answer. Still waiting… (you can keep working)"
                )
            return self.tr("The service is slow to answer. Still waiting…")
        if retry.reason is RetryReason.BUSY:
            text = self.tr("The service is busy: trying again (try {attempt} of {attempts})…")
        elif retry.reason is RetryReason.NO_REPLY:
            text = self.tr(
                "The service has not answered yet: asking again (try {attempt} of {attempts})…"
            )
        else:
            text = self.tr("Still trying to reach the service (try {attempt} of {attempts})…")
        return text.format(attempt=number(retry.attempt), attempts=number(retry.attempts))


_words: Words | None = None


def _get() -> Words:
    global _words
    if _words is None:
        _words = Words()
    return _words


def counts() -> Words:
    """The counted phrases (``counts().credits(12)`` → "12 credits")."""
    return _get()


def phone_problem(exc: InvalidPhoneNumber) -> str:
    return _get().phone_problem(exc)


def settings_field(field: str | None) -> str | None:
    return _get().settings_field(field)


def settings_problem(exc: SettingsError) -> str:
    return _get().settings_problem(exc)


def settings_set_aside(kept_as: str) -> tuple[str, str]:
    return _get().settings_set_aside(kept_as)


def keyring_problem(exc: CredentialError) -> str:
    return _get().keyring_problem(exc)


def account_problem(exc: AccountError) -> str:
    return _get().account_problem(exc)


def chunk_reason(reason: ChunkReason | None, detail: str | None = None) -> str:
    return _get().chunk_reason(reason, detail)


def store_problem(exc: StoreError) -> str:
    return _get().store_problem(exc)


def retrying(retry: Retry, *, can_keep_working: bool = True) -> str:
    return _get().retrying(retry, can_keep_working=can_keep_working)
