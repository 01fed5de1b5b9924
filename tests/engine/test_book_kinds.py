"""The standard books' kinds are an enum whose members are the words stored and sent."""

import json

from handfoot_score.engine.rules import BOOK_TYPES, RESERVED_BOOK_IDS, BookKind


def test_the_kinds_are_the_words_in_their_order() -> None:
    assert BOOK_TYPES == ("clean", "dirty", "wild")
    assert list(BookKind) == list(BOOK_TYPES)
    assert RESERVED_BOOK_IDS == ("clean", "dirty", "wild", "mixed_wild")


def test_a_kind_reads_writes_and_keys_as_its_word() -> None:
    assert BookKind("dirty") is BookKind.DIRTY
    assert str(BookKind.CLEAN) == f"{BookKind.CLEAN}" == "clean"
    assert json.dumps({BookKind.WILD: [BookKind.CLEAN]}) == '{"wild": ["clean"]}'
    assert {"clean": 1}[BookKind.CLEAN] == 1
