"""A message ID copied from a document, an e-mail or a PDF whose dashes are no longer
hyphens (en dash, non-breaking hyphen, minus sign) is read as the ID it is."""

from __future__ import annotations

import pytest

from desktop_app.core.services.delivery import message_id_in

ID = "4f1c2a9b-1e2f-4a6b-9c3d-5e7f8a9b0c1d"


@pytest.mark.parametrize(
    "dash", ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2212", "\uff0d"]
)
def test_an_id_whose_dashes_became_other_dashes_is_read(dash: str) -> None:
    assert message_id_in(ID.replace("-", dash)) == ID
    assert message_id_in(f"“{ID[:13].replace('-', dash)}”") == ID[:13]
