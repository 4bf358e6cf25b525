"""Application settings: one typed schema, stored as JSON in the platform's config directory.

The schema has no field for the token on purpose: secrets live only in the OS keyring
(core.credentials). Unknown keys in the file are ignored, so a file written by a newer
version still loads; a file that cannot be read is kept aside and defaults are used, so a
damaged settings file never stops the app from starting.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import platformdirs

from desktop_app.core.addresses import is_loopback_host, is_valid_host

__all__ = [
    "APP_NAME",
    "MAX_CHUNK_SIZE",
    "SCHEMA_VERSION",
    "AppSettings",
    "Profile",
    "SettingsError",
    "SettingsStore",
    "config_dir",
    "data_dir",
    "validate_url",
]

APP_NAME = "tuma"
SCHEMA_VERSION = 1
MAX_CHUNK_SIZE = 1000  # the service takes at most 1,000 recipients per bulk call
DEFAULT_CHUNK_SIZE = 500


class SettingsError(ValueError):
    """A setting has a value we cannot use; the message says which and why, in plain words."""


def validate_url(url: str) -> str:
    """The URL, trimmed and without a trailing slash, when it is safe to send a token to.

    https is required, except on this computer (127.0.0.0/8, localhost, [::1]) where the
    sandbox runs over plain http. A query string, fragment or user:password part is refused:
    nothing secret may ever travel in a URL.
    """
    text = url.strip()
    if not text:
        raise SettingsError("Enter the service address, for example https://api.example.co.ke.")
    try:
        parts = urlsplit(text)
        host = parts.hostname or ""
        parts.port  # noqa: B018  (raises ValueError on a bad port)
    except ValueError:
        raise SettingsError(f"{text!r} is not a valid web address.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.netloc:
        raise SettingsError(
            f"{text!r} is not a web address: it must start with https:// "
            "(for example https://api.example.co.ke)."
        )
    if not host:
        raise SettingsError(f"{text!r} has no server name after {scheme}://.")
    if not is_valid_host(host):
        raise SettingsError(
            f"{text!r} is not a valid web address: the server name may hold only letters, "
            "digits, dots and dashes (for example https://api.example.co.ke)."
        )
    if parts.username is not None or parts.password is not None:
        raise SettingsError(
            "The address must not contain a user name or password; "
            "the token is entered separately and kept in the system keyring."
        )
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise SettingsError(
            "The address must not contain a query (?…) or fragment (#…); "
            "enter only the service address."
        )
    if scheme == "http" and not is_loopback_host(host):
        raise SettingsError(
            f"{text!r} uses plain http, which would send your token unencrypted. Use https:// "
            "(plain http is allowed only for a service on this computer, such as the sandbox)."
        )
    return text.rstrip("/")


@dataclass
class Profile:
    """One account the app can connect to (its token is in the keyring under `name`)."""

    name: str
    base_url: str
    contacts_base_url: str
    sender_ids: list[str] = field(default_factory=list)
    default_sender_id: str | None = None
    price_per_part: float | None = None  # KES per SMS part, when known
    bulk_chunk_size: int = DEFAULT_CHUNK_SIZE

    def validate(self) -> Profile:
        """A checked, tidied copy (URLs normalised, sender IDs trimmed and de-duplicated)."""
        name = self.name.strip()
        if not name:
            raise SettingsError("Give the account a name, for example the shop's name.")
        try:
            base_url = validate_url(self.base_url)
        except SettingsError as exc:
            raise SettingsError(f"Service address: {exc}") from None
        try:
            contacts_base_url = validate_url(self.contacts_base_url or self.base_url)
        except SettingsError as exc:
            raise SettingsError(f"Contacts address: {exc}") from None
        sender_ids: list[str] = []
        for raw in self.sender_ids:
            if not isinstance(raw, str):
                raise SettingsError("Sender IDs must be text.")
            sender = raw.strip()
            if sender and sender not in sender_ids:
                sender_ids.append(sender)
        default = (self.default_sender_id or "").strip() or None
        chunk = self.bulk_chunk_size
        if isinstance(chunk, bool) or not isinstance(chunk, int):
            raise SettingsError("The bulk chunk size must be a whole number.")
        if not 1 <= chunk <= MAX_CHUNK_SIZE:
            raise SettingsError(
                f"The bulk chunk size must be between 1 and {MAX_CHUNK_SIZE} recipients "
                f"(it is {chunk})."
            )
        price = self.price_per_part
        if price is not None:
            if isinstance(price, bool) or not isinstance(price, int | float):
                raise SettingsError("The price per SMS part must be a number of shillings.")
            if not 0 <= price < 1_000_000 or price != price:
                raise SettingsError("The price per SMS part must be zero or more shillings.")
            price = float(price)
        return Profile(
            name=name,
            base_url=base_url,
            contacts_base_url=contacts_base_url,
            sender_ids=sender_ids,
            default_sender_id=default,
            price_per_part=price,
            bulk_chunk_size=chunk,
        )


@dataclass
class AppSettings:
    profiles: list[Profile] = field(default_factory=list)
    active_profile: str | None = None
    low_balance_threshold: int = 50
    window_geometry: str | None = None  # base64 of QWidget.saveGeometry()
    last_tab: str | None = None

    def profile(self, name: str) -> Profile | None:
        for candidate in self.profiles:
            if candidate.name == name:
                return candidate
        return None

    def active(self) -> Profile | None:
        """The active profile, if it (still) exists."""
        return None if self.active_profile is None else self.profile(self.active_profile)

    def upsert_profile(self, profile: Profile) -> Profile:
        """Add a profile, or replace the one with the same name; returns the checked copy."""
        checked = profile.validate()
        for index, existing in enumerate(self.profiles):
            if existing.name == checked.name:
                self.profiles[index] = checked
                break
        else:
            self.profiles.append(checked)
        return checked

    def remove_profile(self, name: str) -> bool:
        before = len(self.profiles)
        self.profiles = [p for p in self.profiles if p.name != name]
        if self.active_profile == name:
            self.active_profile = None
        return len(self.profiles) != before

    def validate(self) -> AppSettings:
        """A checked copy; raises SettingsError naming the first problem."""
        profiles: list[Profile] = []
        for profile in self.profiles:
            checked = profile.validate()
            if any(p.name == checked.name for p in profiles):
                raise SettingsError(f"Two accounts are called {checked.name!r}: rename one.")
            profiles.append(checked)
        threshold = self.low_balance_threshold
        if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
            raise SettingsError(
                "The low-balance warning must be a whole number of credits, 0 or more."
            )
        for label, value in (
            ("active profile", self.active_profile),
            ("window geometry", self.window_geometry),
            ("last tab", self.last_tab),
        ):
            if value is not None and not isinstance(value, str):
                raise SettingsError(f"The {label} setting must be text.")
        return AppSettings(
            profiles=profiles,
            active_profile=self.active_profile,
            low_balance_threshold=threshold,
            window_geometry=self.window_geometry,
            last_tab=self.last_tab,
        )


# --- (de)serialisation ------------------------------------------------------------------------

_PROFILE_FIELDS = (
    "name",
    "base_url",
    "contacts_base_url",
    "sender_ids",
    "default_sender_id",
    "price_per_part",
    "bulk_chunk_size",
)


def _to_json(settings: AppSettings) -> dict[str, Any]:
    data = asdict(settings)
    # Only the schema's own fields are written, whatever else someone attached to the objects.
    data["profiles"] = [{key: asdict(p)[key] for key in _PROFILE_FIELDS} for p in settings.profiles]
    return {"version": SCHEMA_VERSION, **data}


def _profile_from_json(raw: object) -> Profile:
    if not isinstance(raw, dict):
        raise SettingsError("An account entry is not an object.")
    for key in ("name", "base_url"):
        if not isinstance(raw.get(key), str):
            raise SettingsError(f"An account entry has no {key}.")
    sender_ids = raw.get("sender_ids", [])
    if not isinstance(sender_ids, list):
        raise SettingsError("Sender IDs must be a list.")
    contacts = raw.get("contacts_base_url") or raw["base_url"]
    default = raw.get("default_sender_id")
    if default is not None and not isinstance(default, str):
        raise SettingsError("The default sender ID must be text.")
    if not isinstance(contacts, str):
        raise SettingsError("The contacts address must be text.")
    return Profile(
        name=raw["name"],
        base_url=raw["base_url"],
        contacts_base_url=contacts,
        sender_ids=sender_ids,
        default_sender_id=default,
        price_per_part=raw.get("price_per_part"),
        bulk_chunk_size=raw.get("bulk_chunk_size", DEFAULT_CHUNK_SIZE),
    ).validate()


def _from_json(raw: object) -> AppSettings:
    if not isinstance(raw, dict):
        raise SettingsError("The settings file does not hold a settings object.")
    profiles_raw = raw.get("profiles", [])
    if not isinstance(profiles_raw, list):
        raise SettingsError("The accounts list is damaged.")
    return AppSettings(
        profiles=[_profile_from_json(p) for p in profiles_raw],
        active_profile=raw.get("active_profile"),
        low_balance_threshold=raw.get("low_balance_threshold", 50),
        window_geometry=raw.get("window_geometry"),
        last_tab=raw.get("last_tab"),
    ).validate()


# --- storage ----------------------------------------------------------------------------------


def config_dir() -> Path:
    """platformdirs user_config_dir("tuma") (not created)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """platformdirs user_data_dir("tuma"), created if missing (the outbox lives here)."""
    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


class SettingsStore:
    """Loads and saves AppSettings at one path (default: config_dir()/settings.json)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / "settings.json"
        self.last_load_problem: str | None = None  # why the last load fell back to defaults

    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    def load(self) -> AppSettings:
        """The saved settings; defaults when there are none. A damaged file is moved aside to
        settings.json.bak (so nothing is lost) and defaults are returned."""
        self.last_load_problem = None
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return AppSettings()
        except (OSError, UnicodeDecodeError) as exc:
            return self._set_aside(f"unreadable ({type(exc).__name__})")
        try:
            return _from_json(json.loads(text))
        except json.JSONDecodeError:
            return self._set_aside("not valid JSON")
        except SettingsError as exc:
            return self._set_aside(str(exc))

    def _set_aside(self, problem: str) -> AppSettings:
        self.last_load_problem = (
            f"The settings file was damaged ({problem}); it was kept as {self.backup_path.name} "
            "and default settings are used."
        )
        with contextlib.suppress(OSError):
            os.replace(self.path, self.backup_path)
        return AppSettings()

    def save(self, settings: AppSettings) -> AppSettings:
        """Validate and write atomically (temporary file, fsync, rename): a crash mid-save leaves
        either the old file or the new one, never half of one. Returns the checked copy."""
        checked = settings.validate()
        payload = json.dumps(_to_json(checked), indent=2, ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
        )
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise
        _fsync_dir(self.path.parent)
        return checked


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable (POSIX; Windows cannot open directories)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
