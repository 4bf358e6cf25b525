"""Contact groups, kept on this computer: named lists of customers ("Wholesale", "Mama mboga
customers", "Staff") per account, holding contacts by phone number.

The contacts service has no groups, so they live here. A member is an E.164 phone number, not
the service's contact id: a contact deleted and imported again (a new id, the same number)
stays in its groups. Each member keeps the name it had when last seen, so a group can be
searched, shown and messaged even where the service no longer knows the number.

Names are unique per account, ignoring case. Deleting a group deletes its memberships
(the contacts themselves are untouched).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from desktop_app.core.store.db import (
    Database,
    StoreError,
    StoreProblem,
    migration,
    now,
    run_script,
    stamp,
)

__all__ = ["MAX_GROUP_NAME", "Group", "Groups", "Member", "Membership"]

#: Longest group name kept (longer ones are cut): it has to fit a list and a menu.
MAX_GROUP_NAME = 60
#: SQLite's default limit of host parameters is 999 (older builds): stay well below it.
_BATCH = 500


@dataclass(frozen=True)
class Group:
    id: int
    name: str
    size: int = 0


@dataclass(frozen=True)
class Member:
    """One member of a group: the number, and the name it had when last seen."""

    phone: str
    first_name: str = ""
    last_name: str = ""


@dataclass(frozen=True)
class Membership:
    """One number's place in one group, as it was: what a delete took out and its Undo puts
    back (the group by id: a group deleted meanwhile is not made again)."""

    group_id: int
    phone: str
    first_name: str
    last_name: str
    added_at: str  # as stored: the group's order (most recently added first) is kept


@migration(4, "groups")
def _create(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        CREATE TABLE IF NOT EXISTS contact_groups (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            name TEXT NOT NULL COLLATE NOCASE,
            created_at TEXT NOT NULL,
            UNIQUE (profile, name)
        );
        CREATE TABLE IF NOT EXISTS contact_group_members (
            group_id INTEGER NOT NULL REFERENCES contact_groups (id) ON DELETE CASCADE,
            phone TEXT NOT NULL,
            first_name TEXT NOT NULL DEFAULT '',
            last_name TEXT NOT NULL DEFAULT '',
            added_at TEXT NOT NULL,
            PRIMARY KEY (group_id, phone)
        );
        CREATE INDEX IF NOT EXISTS contact_group_members_by_phone
            ON contact_group_members (phone);
        CREATE INDEX IF NOT EXISTS contact_group_members_by_added
            ON contact_group_members (group_id, added_at);
        """,
    )


def clean_group_name(name: str) -> str:
    """Whitespace runs made one space, at most MAX_GROUP_NAME characters."""
    return " ".join(name.split())[:MAX_GROUP_NAME].strip()


def _named(name: str) -> str:
    clean = clean_group_name(name)
    if not clean:
        raise StoreError(StoreProblem.NO_NAME, kind="group")
    return clean


def _like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _batches(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), _BATCH):
        yield items[start : start + _BATCH]


def _casefold(value: str | None) -> str | None:
    return value.casefold() if isinstance(value, str) else value


class Groups:
    def __init__(self, db: Database) -> None:
        self._db = db
        # Names are matched as the service matches them: ignoring case beyond ASCII too
        # ("Émile", "ÇAĞLA"), which SQLite's lower() does not.
        db.connection.create_function("tuma_casefold", 1, _casefold, deterministic=True)

    # -- the groups ------------------------------------------------------------------------

    def all(self, profile: str) -> list[Group]:
        """The account's groups by name, with their sizes."""
        rows = self._db.read(
            "SELECT g.id, g.name, COUNT(m.phone) FROM contact_groups g "
            "LEFT JOIN contact_group_members m ON m.group_id = g.id "
            "WHERE g.profile = ? GROUP BY g.id ORDER BY g.name COLLATE NOCASE, g.id",
            (profile,),
        )
        return [Group(int(gid), name, int(size)) for gid, name, size in rows]

    def get(self, profile: str, group_id: int) -> Group:
        row = self._db.read_one(
            "SELECT g.id, g.name, (SELECT COUNT(*) FROM contact_group_members m "
            "WHERE m.group_id = g.id) FROM contact_groups g WHERE g.profile = ? AND g.id = ?",
            (profile, group_id),
        )
        if row is None:
            raise StoreError(StoreProblem.NOT_FOUND, kind="group", id=group_id)
        return Group(int(row[0]), str(row[1]), int(row[2]))

    def create(self, profile: str, name: str) -> Group:
        clean = _named(name)
        with self._db.write() as db:
            self._refuse_taken(db, profile, clean, None)
            cursor = db.execute(
                "INSERT INTO contact_groups (profile, name, created_at) VALUES (?, ?, ?)",
                (profile, clean, stamp(now())),
            )
            group_id = int(cursor.lastrowid or 0)
        return Group(group_id, clean, 0)

    def rename(self, profile: str, group_id: int, name: str) -> Group:
        clean = _named(name)
        with self._db.write() as db:
            self._refuse_taken(db, profile, clean, group_id)
            changed = db.execute(
                "UPDATE contact_groups SET name = ? WHERE profile = ? AND id = ?",
                (clean, profile, group_id),
            ).rowcount
        if not changed:
            raise StoreError(StoreProblem.NOT_FOUND, kind="group", id=group_id)
        return self.get(profile, group_id)

    @staticmethod
    def _refuse_taken(
        db: sqlite3.Connection, profile: str, name: str, group_id: int | None
    ) -> None:
        taken = db.execute(
            "SELECT id, name FROM contact_groups WHERE profile = ? AND name = ?", (profile, name)
        ).fetchone()
        if taken is not None and int(taken[0]) != group_id:
            raise StoreError(StoreProblem.EXISTS, kind="group", name=taken[1])

    def delete(self, profile: str, group_id: int) -> bool:
        with self._db.write() as db:
            return (
                db.execute(
                    "DELETE FROM contact_groups WHERE profile = ? AND id = ?", (profile, group_id)
                ).rowcount
                > 0
            )

    # -- members ---------------------------------------------------------------------------

    def add(self, profile: str, group_id: int, members: Sequence[Member]) -> int:
        """Put *members* in the group (a number already there gets the fresher name).
        Returns how many were not members before."""
        moment = stamp(now())
        with self._db.write() as db:
            self._owned(db, profile, group_id)
            before = self._size(db, group_id)
            db.executemany(
                "INSERT INTO contact_group_members (group_id, phone, first_name, last_name, "
                "added_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (group_id, phone) DO UPDATE SET "
                "first_name = excluded.first_name, last_name = excluded.last_name",
                [(group_id, m.phone, m.first_name, m.last_name, moment) for m in members],
            )
            return self._size(db, group_id) - before

    def remove(self, profile: str, group_id: int, phones: Sequence[str]) -> int:
        """Take the numbers out of the group; returns how many were members."""
        removed = 0
        with self._db.write() as db:
            self._owned(db, profile, group_id)
            for batch in _batches(phones):
                marks = ",".join("?" * len(batch))
                removed += db.execute(
                    f"DELETE FROM contact_group_members WHERE group_id = ? AND phone IN ({marks})",
                    (group_id, *batch),
                ).rowcount
        return removed

    def count(self, profile: str, group_id: int, search: str = "") -> int:
        where, args = self._member_filter(profile, group_id, search)
        row = self._db.read_one(f"SELECT COUNT(*) FROM contact_group_members m WHERE {where}", args)
        return int(row[0]) if row else 0

    def members(
        self,
        profile: str,
        group_id: int,
        *,
        search: str = "",
        offset: int = 0,
        limit: int | None = None,
    ) -> list[Member]:
        """The group's members matching *search* (names, or the number in any of its forms),
        the most recently added first."""
        where, args = self._member_filter(profile, group_id, search)
        rows = self._db.read(
            "SELECT m.phone, m.first_name, m.last_name FROM contact_group_members m "
            f"WHERE {where} ORDER BY m.added_at DESC, m.phone LIMIT ? OFFSET ?",
            (*args, -1 if limit is None else limit, offset),  # LIMIT -1: no limit
        )
        return [Member(phone, first, last) for phone, first, last in rows]

    def _member_filter(
        self, profile: str, group_id: int, search: str
    ) -> tuple[str, tuple[object, ...]]:
        # Imported here: phonenumbers is heavy and the store opens before the window shows.
        from desktop_app.core.phones import search_fragments

        where = (
            "m.group_id = ? AND EXISTS (SELECT 1 FROM contact_groups g "
            "WHERE g.id = m.group_id AND g.profile = ?)"
        )
        args: list[object] = [group_id, profile]
        term = search.strip()
        if term:
            name = _like(term.casefold())
            clauses = [
                "tuma_casefold(m.first_name) LIKE ? ESCAPE '\\'",
                "tuma_casefold(m.last_name) LIKE ? ESCAPE '\\'",
                "tuma_casefold(m.first_name || ' ' || m.last_name) LIKE ? ESCAPE '\\'",
            ]
            args += [name, name, name]
            for fragment in search_fragments(term):
                clauses.append("m.phone LIKE ? ESCAPE '\\'")
                args.append(_like(fragment))
            where += " AND (" + " OR ".join(clauses) + ")"
        return where, tuple(args)

    def groups_of(self, profile: str, phones: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """For each number that is in any of the account's groups: the groups' names."""
        found: dict[str, list[str]] = {}
        for batch in _batches(list(dict.fromkeys(phones))):
            marks = ",".join("?" * len(batch))
            rows = self._db.read(
                "SELECT m.phone, g.name FROM contact_group_members m "
                "JOIN contact_groups g ON g.id = m.group_id "
                f"WHERE g.profile = ? AND m.phone IN ({marks}) "
                "ORDER BY g.name COLLATE NOCASE",
                (profile, *batch),
            )
            for phone, name in rows:
                found.setdefault(phone, []).append(name)
        return {phone: tuple(names) for phone, names in found.items()}

    def seen(self, profile: str, members: Sequence[Member]) -> None:
        """Freshen the names kept for these numbers wherever they are members (a write only
        when a name changed)."""
        phones = [m.phone for m in members]
        stale: list[tuple[str, str, str, str]] = []
        wanted = {m.phone: m for m in members}
        for batch in _batches(phones):
            marks = ",".join("?" * len(batch))
            rows = self._db.read(
                "SELECT DISTINCT m.phone, m.first_name, m.last_name FROM contact_group_members m "
                "JOIN contact_groups g ON g.id = m.group_id "
                f"WHERE g.profile = ? AND m.phone IN ({marks})",
                (profile, *batch),
            )
            for phone, first, last in rows:
                fresh = wanted[phone]
                if (first, last) != (fresh.first_name, fresh.last_name):
                    stale.append((fresh.first_name, fresh.last_name, profile, phone))
        if not stale:
            return
        with self._db.write() as db:
            db.executemany(
                "UPDATE contact_group_members SET first_name = ?, last_name = ? "
                "WHERE group_id IN (SELECT id FROM contact_groups WHERE profile = ?) "
                "AND phone = ?",
                stale,
            )

    def change_phone(self, profile: str, old: str, new: str) -> None:
        """A contact's number was changed: its memberships follow it."""
        if old == new:
            return
        with self._db.write() as db:
            mine = "SELECT id FROM contact_groups WHERE profile = ?"
            # Where the new number is already a member, the old membership just goes.
            db.execute(
                f"DELETE FROM contact_group_members WHERE phone = ? AND group_id IN ({mine}) "
                "AND group_id IN (SELECT group_id FROM contact_group_members WHERE phone = ?)",
                (old, profile, new),
            )
            db.execute(
                f"UPDATE contact_group_members SET phone = ? WHERE phone = ? "
                f"AND group_id IN ({mine})",
                (new, old, profile),
            )

    def take(self, profile: str, phones: Sequence[str]) -> list[Membership]:
        """Take the numbers out of every group of the account (their contacts were deleted)
        and return the memberships taken (read and removed in one transaction), so that an
        Undo can put them back with :meth:`restore`."""
        taken: list[Membership] = []
        with self._db.write() as db:
            mine = "SELECT id FROM contact_groups WHERE profile = ?"
            for batch in _batches(list(dict.fromkeys(phones))):
                marks = ",".join("?" * len(batch))
                where = f"phone IN ({marks}) AND group_id IN ({mine})"
                rows = db.execute(
                    "SELECT group_id, phone, first_name, last_name, added_at "
                    f"FROM contact_group_members WHERE {where} ORDER BY group_id, phone",
                    (*batch, profile),
                ).fetchall()
                taken += [Membership(int(g), p, f, la, a) for g, p, f, la, a in rows]
                db.execute(f"DELETE FROM contact_group_members WHERE {where}", (*batch, profile))
        return taken

    def restore(self, profile: str, memberships: Sequence[Membership]) -> int:
        """Put memberships taken by :meth:`take` back, as they were (their place in the
        group's order too). A group deleted meanwhile stays deleted, and a number already
        back in a group keeps the membership it has. Returns how many were put back."""
        restored = 0
        with self._db.write() as db:
            owned = {
                int(row[0])
                for row in db.execute(
                    "SELECT id FROM contact_groups WHERE profile = ?", (profile,)
                ).fetchall()
            }
            for m in memberships:
                if m.group_id not in owned:
                    continue
                restored += db.execute(
                    "INSERT INTO contact_group_members (group_id, phone, first_name, last_name, "
                    "added_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (group_id, phone) DO NOTHING",
                    (m.group_id, m.phone, m.first_name, m.last_name, m.added_at),
                ).rowcount
        return restored

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _owned(db: sqlite3.Connection, profile: str, group_id: int) -> None:
        row = db.execute(
            "SELECT 1 FROM contact_groups WHERE profile = ? AND id = ?", (profile, group_id)
        ).fetchone()
        if row is None:
            raise StoreError(StoreProblem.NOT_FOUND, kind="group", id=group_id)

    @staticmethod
    def _size(db: sqlite3.Connection, group_id: int) -> int:
        row = db.execute(
            "SELECT COUNT(*) FROM contact_group_members WHERE group_id = ?", (group_id,)
        ).fetchone()
        return int(row[0])
