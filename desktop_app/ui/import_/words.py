"""The Import wizard's sentences: core gives codes and data (file errors, reject reasons),
these say them in plain words through ``tr()``, with Qt's plural forms."""

from __future__ import annotations

from PySide6.QtCore import QObject

from desktop_app.core.importing import FileErrorCode, ImportFileError
from desktop_app.core.importing.mapping import Field
from desktop_app.core.services.imports import SERVICE_PROBLEM, ProblemRecord
from desktop_app.ui.formats import number

__all__ = ["ImportWords", "words"]


class ImportWords(QObject):
    """One translation context for the wizard's words."""

    # -- counted phrases ---------------------------------------------------------------------

    def rows(self, n: int) -> str:
        return self.tr("%Ln row(s)", "", n)

    def contacts(self, n: int) -> str:
        return self.tr("%Ln contact(s)", "", n)

    def problem_rows(self, n: int) -> str:
        return self.tr("%Ln problem row(s)", "", n)

    # -- fields --------------------------------------------------------------------------------

    def field(self, what: Field) -> str:
        return {
            Field.PHONE: self.tr("Phone number"),
            Field.FIRST_NAME: self.tr("First name"),
            Field.LAST_NAME: self.tr("Last name"),
            Field.EMAIL: self.tr("Email"),
            Field.NAME: self.tr("Full name (split)"),
        }[what]

    # -- why a row is not imported -----------------------------------------------------------

    def reason(self, problem: ProblemRecord) -> str:
        code, detail = problem.reason, problem.detail
        if code == "missing_phone":
            return self.tr("No phone number in this row")
        if code == "invalid_phone":
            return self.tr("“{value}” is not a phone number").format(value=detail)
        if code == "precision_lost":
            return self.tr(
                "Excel shortened this number to “{value}”: its last digits are lost. Format "
                "the column as Text in Excel and type the number again"
            ).format(value=detail)
        if code == "multiple_phones":
            return self.tr("More than one number in one cell: “{value}”").format(value=detail)
        if code == "invalid_email":
            return self.tr("“{value}” is not an email address").format(value=detail)
        if code == "duplicate":
            return self.tr("Same number as row {row} (that row is imported)").format(row=detail)
        if code == SERVICE_PROBLEM:
            return self.tr("Refused by the messaging service: “{words}”").format(words=detail)
        return self.tr("Not imported ({code})").format(code=code)

    # -- why a file cannot be imported -------------------------------------------------------

    def file_error(self, exc: ImportFileError, name: str) -> str:
        code, data = exc.code, exc.data
        texts = {
            FileErrorCode.NOT_FOUND: self.tr(
                "“{name}” is no longer there: it may have been moved or deleted. Choose it again."
            ),
            FileErrorCode.UNREADABLE: self.tr(
                "Tuma may not read “{name}”. If it is open in Excel, close it there and try again."
            ),
            FileErrorCode.UNSUPPORTED_TYPE: self.tr(
                "“{name}” is not a spreadsheet Tuma can import. Save it as Excel (.xlsx) or CSV."
            ),
            FileErrorCode.NOT_A_SPREADSHEET: self.tr(
                "“{name}” is not a spreadsheet, whatever its name says. Open it in Excel and "
                "save it as .xlsx or CSV."
            ),
            FileErrorCode.TYPE_MISMATCH: self.tr(
                "“{name}” is a different kind of spreadsheet than its name says. Open it in "
                "Excel and save it again as .xlsx or CSV."
            ),
            FileErrorCode.OLD_EXCEL: self.tr(
                "“{name}” is an old Excel 97-2003 workbook. In Excel, choose File → Save As → "
                "Excel Workbook (.xlsx), then import that file."
            ),
            FileErrorCode.ENCRYPTED: self.tr(
                "“{name}” is protected by a password. Remove the password in Excel, save it, "
                "and import it again."
            ),
            FileErrorCode.CORRUPT: self.tr(
                "“{name}” is damaged and cannot be read. If Excel can still open it, save it "
                "again under a new name and import that."
            ),
            FileErrorCode.TOO_LARGE: self.tr(
                "“{name}” is too big to import ({size} MB; at most {limit} MB). Split it into "
                "smaller files."
            ),
            FileErrorCode.ZIP_BOMB: self.tr(
                "“{name}” would unpack to far more data than a contact list can hold, so it "
                "was not opened. Save it again in Excel, or export it as CSV."
            ),
            FileErrorCode.TOO_MANY_ROWS: self.tr(
                "“{name}” has more than {limit} rows. Split it into smaller files."
            ),
            FileErrorCode.TOO_MANY_CELLS: self.tr(
                "The sheet in “{name}” is too big to read. Delete the unused columns and rows "
                "in Excel, or save just the contacts as CSV."
            ),
            FileErrorCode.CELL_TOO_LONG: self.tr(
                "A cell in “{name}” is far longer than any contact detail (often a quote "
                "mark that is never closed). Check the file in Excel and save it again."
            ),
            FileErrorCode.ENCODING: self.tr(
                "The text of “{name}” is in an encoding Tuma cannot read. In Excel, save it as "
                "“CSV UTF-8” and import that."
            ),
            FileErrorCode.SHEET_NOT_FOUND: self.tr(
                "The sheet “{sheet}” is no longer in “{name}”. Choose another sheet."
            ),
            FileErrorCode.EMPTY: self.tr("“{name}” has no rows at all."),
            FileErrorCode.NO_PHONE_COLUMN: self.tr(
                "No column of “{name}” holds phone numbers. Choose the phone column."
            ),
        }
        mib = 1024 * 1024

        def mb(key: str) -> str:
            value = data.get(key)
            return number(round(value / mib, 1)) if isinstance(value, int) else "?"

        limit = data.get("limit")
        return texts[code].format(
            name=name,
            size=mb("size"),
            limit=mb("limit")
            if code is FileErrorCode.TOO_LARGE
            else number(limit)
            if isinstance(limit, int)
            else "?",
            sheet=str(data.get("sheet", "")),
        )


_words: ImportWords | None = None


def words() -> ImportWords:
    global _words
    if _words is None:
        _words = ImportWords()
    return _words
