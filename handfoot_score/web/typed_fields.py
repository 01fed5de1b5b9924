"""Form fields that read numbers by the one policy of ``services.typed_in``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from wtforms import Field, FieldList, IntegerField

from handfoot_score.services.typed_in import STORED_INT_MAX, whole_number
from handfoot_score.services.words import gettext as _
from handfoot_score.web.formats import points


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


#: The field each entry of an EntryList is.
_Entry = TypeVar("_Entry", bound=Field)

if TYPE_CHECKING:
    _FieldList = FieldList
else:
    class _FieldList(FieldList, Generic[_Entry]):
        """FieldList, which is generic in WTForms' stubs only, made so at run time too."""


class EntryList(_FieldList[_Entry]):
    """A list of entries (teams, their players, rounds, special books) whose numbers in the
    posted names are read by the same policy: ``teams-1-name`` is team 1's, but a name
    numbered "²" or with 5,000 digits is no entry (WTForms' own reading takes any Unicode
    digit for an entry's number, and fails on it: a 500)."""

    def _extract_indices(self, prefix: str, formdata: Iterable[str]) -> Iterator[int]:
        """The entries' numbers in the posted names that begin with ``prefix``."""
        yield from entry_numbers(prefix, formdata)


def entry_numbers(prefix: str, formdata: Iterable[str]) -> Iterator[int]:
    """The numbers of the entries of the list ``prefix`` that ``formdata`` names (its keys):
    ``teams-0-name`` and ``teams-1-name`` are entries 0 and 1 of ``teams``.

    >>> sorted(entry_numbers("teams", ["teams-1-x", "teams-0-y", "teams-²-z", "team", "n"]))
    [0, 1]
    """
    offset = len(prefix) + 1
    for key in formdata:
        if key.startswith(prefix):
            number = whole_number(key[offset:].split("-", 1)[0])
            if number is not None:
                yield number
