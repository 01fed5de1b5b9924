"""Form fields that read numbers by the one policy of ``services.typed_in``."""

from __future__ import annotations

from typing import Any

from wtforms import IntegerField

from handfoot_score.services.typed_in import STORED_INT_MAX, whole_number
from handfoot_score.services.words import gettext as _
from handfoot_score.web.shared.formats import points


class StoredCountField(IntegerField):
    """A count, id or version typed into a form: ASCII digits from 0 to what the database
    stores; anything else ("²", 400 zeros, 5,000 digits) is refused as the field's error."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the typed text, refusing what is no stored whole number."""
        if not valuelist or valuelist[0] == "":
            return
        self.data = whole_number(str(valuelist[0]).strip())
        if self.data is None:
            raise ValueError(_("must be a whole number from 0 to %(most)s",
                               most=points(STORED_INT_MAX)))

