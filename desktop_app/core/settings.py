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
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from enum import StrEnum
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
    "LoadProblem",
    "Profile",
    "SettingsError",
    "SettingsProblem",
    "SettingsStore",
    "config_dir",
    "data_dir",
    "validate_url",
]

APP_NAME = "tuma"
SCHEMA_VERSION = 1
MAX_CHUNK_SIZE = 1000  # the service takes at most 1,000 recipients per bulk call
DEFAULT_CHUNK_SIZE = 500


class SettingsProblem(StrEnum):
    """Why a setting cannot be used (the UI says it in words, naming the field)."""

    ADDRESS_MISSING = "address_missing"
    ADDRESS_INVALID = "address_invalid"  # not parseable, or a bad port
    ADDRESS_NOT_WEB = "address_not_web"  # not http(s)://something
    ADDRESS_NO_HOST = "address_no_host"
    ADDRESS_BAD_HOST = "address_bad_host"  # spaces, invisible characters, ...
    ADDRESS_CREDENTIALS = "address_credentials"  # user:password@ in the address
    ADDRESS_QUERY = "address_query"  # ?… or #… in the address
    ADDRESS_PLAIN_HTTP = "address_plain_http"  # http to another computer
    NAME_MISSING = "name_missing"
    DUPLICATE_NAME = "duplicate_name"  # two accounts in the file have one name
    NAME_TAKEN = "name_taken"  # another account has this name (in any capitals): value is its
    SENDER_NOT_TEXT = "sender_not_text"
    CHUNK_NOT_WHOLE = "chunk_not_whole"
    CHUNK_RANGE = "chunk_range"
    PRICE_NOT_NUMBER = "price_not_number"
    PRICE_RANGE = "price_range"
    THRESHOLD = "threshold"
    DUPLICATE_WINDOW = "duplicate_window"
    NOT_TEXT = "not_text"  # a text setting holds something else
    DAMAGED = "damaged"  # the file's structure is wrong


class SettingsError(ValueError):
    """A setting has a value we cannot use: ``problem`` says why, ``field`` which setting
    (``base_url``, ``contacts_base_url``, ``name``, ...), ``value`` what it held."""

    def __init__(
        self, problem: SettingsProblem, *, field: str | None = None, value: object = None
    ) -> None:
        self.problem = problem
        self.field = field
        self.value = value
        super().__init__(f"{problem}" + (f" ({field})" if field else ""))


def validate_url(url: str, field: str = "base_url") -> str:
    """The URL, trimmed and without a trailing slash, when it is safe to send a token to.

    https is required, except on this computer (127.0.0.0/8, localhost, [::1]) where the
    sandbox runs over plain http. A query string, fragment or user:password part is refused:
    nothing secret may ever travel in a URL.
    """
    text = url.strip()

    def problem(code: SettingsProblem) -> SettingsError:
        return SettingsError(code, field=field, value=text)

    if not text:
        raise problem(SettingsProblem.ADDRESS_MISSING)
    try:
        parts = urlsplit(text)
        host = parts.hostname or ""
        parts.port  # noqa: B018  (raises ValueError on a bad port)
    except ValueError:
        raise problem(SettingsProblem.ADDRESS_INVALID) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.netloc:
        raise problem(SettingsProblem.ADDRESS_NOT_WEB)
    if not host:
        raise problem(SettingsProblem.ADDRESS_NO_HOST)
    if not is_valid_host(host):
        raise problem(SettingsProblem.ADDRESS_BAD_HOST)
    if parts.username is not None or parts.password is not None:
        raise problem(SettingsProblem.ADDRESS_CREDENTIALS)
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise problem(SettingsProblem.ADDRESS_QUERY)
    if scheme == "http" and not is_loopback_host(host):
        raise problem(SettingsProblem.ADDRESS_PLAIN_HTTP)
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
            raise SettingsError(SettingsProblem.NAME_MISSING, field="name")
        base_url = validate_url(self.base_url, "base_url")
        contacts_base_url = validate_url(
            self.contacts_base_url or self.base_url, "contacts_base_url"
        )
        sender_ids: list[str] = []
        for raw in self.sender_ids:
            if not isinstance(raw, str):
                raise SettingsError(SettingsProblem.SENDER_NOT_TEXT, field="sender_ids")
            sender = raw.strip()
            if sender and sender not in sender_ids:
                sender_ids.append(sender)
        default = (self.default_sender_id or "").strip() or None
        chunk = self.bulk_chunk_size
        if isinstance(chunk, bool) or not isinstance(chunk, int):
            raise SettingsError(
                SettingsProblem.CHUNK_NOT_WHOLE, field="bulk_chunk_size", value=chunk
            )
        if not 1 <= chunk <= MAX_CHUNK_SIZE:
            raise SettingsError(SettingsProblem.CHUNK_RANGE, field="bulk_chunk_size", value=chunk)
        price = self.price_per_part
        if price is not None:
            if isinstance(price, bool) or not isinstance(price, int | float):
                raise SettingsError(SettingsProblem.PRICE_NOT_NUMBER, field="price_per_part")
            if not 0 <= price < 1_000_000 or price != price:
                raise SettingsError(
                    SettingsProblem.PRICE_RANGE, field="price_per_part", value=price
                )
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
    #: A send that would give someone the same text again within these hours asks first.
    duplicate_window_hours: int = 24
    #: The interface language ("en", "sw"); None follows the computer's language.
    language: str | None = None

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
                raise SettingsError(
                    SettingsProblem.DUPLICATE_NAME, field="name", value=checked.name
                )
            profiles.append(checked)
        threshold = self.low_balance_threshold
        if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
            raise SettingsError(
                SettingsProblem.THRESHOLD, field="low_balance_threshold", value=threshold
            )
        window = self.duplicate_window_hours
        if isinstance(window, bool) or not isinstance(window, int) or not 1 <= window <= 720:
            raise SettingsError(
                SettingsProblem.DUPLICATE_WINDOW, field="duplicate_window_hours", value=window
            )
        for label, value in (
            ("active_profile", self.active_profile),
            ("window_geometry", self.window_geometry),
            ("last_tab", self.last_tab),
            ("language", self.language),
        ):
            if value is not None and not isinstance(value, str):
                raise SettingsError(SettingsProblem.NOT_TEXT, field=label)
        return AppSettings(
            profiles=profiles,
            active_profile=self.active_profile,
            low_balance_threshold=threshold,
            window_geometry=self.window_geometry,
            last_tab=self.last_tab,
            duplicate_window_hours=window,
            language=self.language,
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
        raise SettingsError(SettingsProblem.DAMAGED, field="profiles")
    for key in ("name", "base_url"):
        if not isinstance(raw.get(key), str):
            raise SettingsError(SettingsProblem.DAMAGED, field=key)
    sender_ids = raw.get("sender_ids", [])
    if not isinstance(sender_ids, list):
        raise SettingsError(SettingsProblem.DAMAGED, field="sender_ids")
    contacts = raw.get("contacts_base_url") or raw["base_url"]
    default = raw.get("default_sender_id")
    if default is not None and not isinstance(default, str):
        raise SettingsError(SettingsProblem.NOT_TEXT, field="default_sender_id")
    if not isinstance(contacts, str):
        raise SettingsError(SettingsProblem.NOT_TEXT, field="contacts_base_url")
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
        raise SettingsError(SettingsProblem.DAMAGED)
    profiles_raw = raw.get("profiles", [])
    if not isinstance(profiles_raw, list):
        raise SettingsError(SettingsProblem.DAMAGED, field="profiles")
    return AppSettings(
        profiles=[_profile_from_json(p) for p in profiles_raw],
        active_profile=raw.get("active_profile"),
        low_balance_threshold=raw.get("low_balance_threshold", 50),
        window_geometry=raw.get("window_geometry"),
        last_tab=raw.get("last_tab"),
        duplicate_window_hours=raw.get("duplicate_window_hours", 24),
        language=raw.get("language"),
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


@dataclass(frozen=True)
class LoadProblem:
    """The settings file could not be used: it was kept as *kept_as* (the copy's full path, so
    the words can say where it is); *detail* is technical."""

    detail: str
    kept_as: str


#: Set-aside copies are numbered past this many tries no more (a folder full of them).
_MAX_COPIES = 10_000


class SettingsStore:
    """Loads and saves AppSettings at one path (default: config_dir()/settings.json)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / "settings.json"
        #: Why the last load fell back to defaults (the damaged file was kept aside), if it did.
        self.last_load_problem: LoadProblem | None = None

    @property
    def backup_path(self) -> Path:
        """Where the first damaged file is kept (later ones are numbered: see backup_paths)."""
        return self.path.with_name(self.path.name + ".bak")

    def backup_paths(self) -> Iterator[Path]:
        """Every name a damaged file may be kept under, in the order they are taken:
        settings.json.bak, settings.json.2.bak, settings.json.3.bak, ..."""
        yield self.backup_path
        for number in range(2, _MAX_COPIES):
            yield self.path.with_name(f"{self.path.name}.{number}.bak")

    def load(self) -> AppSettings:
        """The saved settings; defaults when there are none. A damaged file is moved aside to
        settings.json.bak, or the next free numbered name (settings.json.2.bak, ...), so an
        earlier copy is never overwritten; defaults are returned."""
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

    def _set_aside(self, detail: str) -> AppSettings:
        kept = _move_to_free_name(self.path, self.backup_paths())
        self.last_load_problem = LoadProblem(detail=detail, kept_as=str(kept or self.path))
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


def _move_to_free_name(path: Path, candidates: Iterable[Path]) -> Path | None:
    """Move *path* to the first of *candidates* no file has; None when it could not be moved.

    A hard link claims the name atomically (it fails if the name is taken, where a rename
    would replace the earlier copy); where links are not supported, a name found free is
    renamed to."""
    for candidate in candidates:
        try:
            os.link(path, candidate)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (FAT, some network drives)
            if candidate.exists():
                continue
            try:
                os.rename(path, candidate)
            except OSError:
                return None
            return candidate
        with contextlib.suppress(OSError):
            os.unlink(path)
        return candidate
    return None


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
