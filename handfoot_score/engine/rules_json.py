"""A rule set as JSON-ready data and back, with every bad key named."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from .cards import NATURAL_RANKS, CardKind, Rank
from .errors import MOST_PROBLEMS, N_, InvalidRules, Problem
from .limits import MAX_ROUNDS
from .presets import PRESETS
from .rules import (
    BOOK_TYPES,
    MAX_SPECIAL_BOOKS,
    BlackThree,
    BookBonuses,
    BookCounts,
    BookGrowth,
    CardValues,
    RedThree,
    Round,
    RuleSet,
    ScoreMinimum,
    SpecialBook,
    WildLimits,
)

T = TypeVar("T")
CARD_VALUE_KEYS = ("joker", "two", "ace", "eight_to_king", "four_to_seven", "black_three")
RULE_KEYS = (
    "id", "name", "decks", "hand_size", "foot_size", "rounds", "meld_minimum_by_score",
    "card_values", "books", "special_books", "red_three", "black_three", "exact_draw_bonus",
    "first_meld_bonus", "wilds", "pile_needs_opened", "notes", "add_to_finished_book",
    "deck_per_player",
)
#: Keys added after rule sets were first stored: a stored rule set without them still reads.
LATER_KEYS = ("black_three", "first_meld_bonus", "add_to_finished_book", "deck_per_player")
#: The later keys a rule set without them takes from its preset (``_later_defaults``).
PRESET_KEYS = ("add_to_finished_book", "deck_per_player")
#: Keys the API adds for readers; accepted back and ignored.
DERIVED_KEYS = ("dirty_book_min_naturals",)


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """The rule set in the shape of the JSON API."""
    return {
        "id": rules.id,
        "name": rules.name,
        "decks": rules.decks,
        "hand_size": rules.hand_size,
        "foot_size": rules.foot_size,
        "rounds": [
            {
                "meld_minimum": r.meld_minimum,
                "going_out_bonus": r.going_out_bonus,
                "going_out_books": r.going_out_books.as_counts(),
                "pile_take": r.pile_take,
                "exact_draw_cards": r.exact_draw_cards,
            }
            for r in rules.rounds
        ],
        "meld_minimum_by_score": None if rules.meld_minimum_by_score is None else [
            [step.from_score, step.minimum] for step in rules.meld_minimum_by_score
        ],
        "card_values": {
            **{key: getattr(rules.card_values, key) for key in CARD_VALUE_KEYS},
            "by_rank": {rank.value: value for rank, value in rules.card_values.by_rank},
        },
        "books": {"clean": rules.books.clean, "dirty": rules.books.dirty,
                  "wild": rules.books.wild, "mixed_wild": rules.books.mixed_wild},
        "special_books": [
            {"id": b.id, "name": b.name, "bonus": b.bonus,
             "kind": None if b.kind is None else b.kind.value,
             "rank": None if b.rank is None else b.rank.value}
            for b in rules.special_books
        ],
        "red_three": {"down": rules.red_three.down, "left": rules.red_three.left,
                      "down_when_not_out": rules.red_three.down_when_not_out},
        "black_three": {"meld_when_going_out": rules.black_three.meld_when_going_out},
        "exact_draw_bonus": rules.exact_draw_bonus,
        "first_meld_bonus": rules.first_meld_bonus,
        "wilds": {
            "naturals_per_wild": rules.wilds.naturals_per_wild,
            "max_per_meld": rules.wilds.max_per_meld,
            "min_naturals_with_wild": rules.wilds.min_naturals_with_wild,
            "wild_melds": rules.wilds.wild_melds,
        },
        "pile_needs_opened": rules.pile_needs_opened,
        "notes": list(rules.notes),
        "add_to_finished_book": rules.add_to_finished_book.value,
        "deck_per_player": rules.deck_per_player,
        "dirty_book_min_naturals": rules.dirty_book_min_naturals,
    }


def rules_from_dict(data: object, base: RuleSet | None = None) -> RuleSet:
    """Read a rule set; with ``base``, keys given replace the base's, the rest are kept.

    Raises InvalidRules naming each key that is missing, unknown or of the wrong kind.
    """
    reader = _Reader()
    rules = reader.rule_set(data, base)
    if reader.problems or rules is None:
        raise InvalidRules(reader.problems or [Problem("rules", N_("is not a rule set"))])
    return rules


class _Reader:
    """Reads JSON data field by field, noting each problem instead of stopping."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, where: str, message: str, **values: object) -> None:
        if len(self.problems) < MOST_PROBLEMS:  # an error carries no more
            self.problems.append(Problem(where, message, values=values))

    def obj(self, data: object, where: str, keys: tuple[str, ...],
            optional: tuple[str, ...] = ()) -> Mapping[str, Any] | None:
        if not isinstance(data, Mapping):
            self.fail(where or "rules", N_("must be an object"))
            return None
        prefix = f"{where}." if where else ""
        for key in data:
            if key not in keys:
                self.fail(f"{prefix}{key}", N_("is not a rule-set key (a typo?)"))
        for key in keys:
            if key not in data and key not in optional:
                self.fail(f"{prefix}{key}", N_("is missing"))
        return data

    def whole(self, data: Mapping[str, Any], key: str, where: str, nullable: bool = False
              ) -> Any:
        if key not in data:
            return None if nullable else 0  # a missing key is reported by obj()
        value = data[key]
        if value is None and nullable:
            return None
        if type(value) is not int:
            self.fail(f"{where}{key}", N_("must be a whole number or null") if nullable
                      else N_("must be a whole number"))
            return 0
        return value

    def flag(self, data: Mapping[str, Any], key: str, where: str) -> bool:
        value = data.get(key, False)
        if type(value) is not bool:
            self.fail(f"{where}{key}", N_("must be true or false"))
            return False
        return value

    def items(self, data: object, where: str, read: Callable[[object, str], T | None],
              nullable: bool = False) -> tuple[T, ...] | None:
        if data is None and nullable:
            return None
        if not isinstance(data, list):
            self.fail(where, N_("must be a list or null") if nullable else N_("must be a list"))
            return ()
        read_items = [read(item, f"{where}.{i}") for i, item in enumerate(data)]
        return tuple(item for item in read_items if item is not None)

    def rule_set(self, data: object, base: RuleSet | None) -> RuleSet | None:
        keys = RULE_KEYS + DERIVED_KEYS
        optional = keys if base is not None else (
            "id", "name", "meld_minimum_by_score", "special_books", "exact_draw_bonus",
            "pile_needs_opened", "notes", *LATER_KEYS, *DERIVED_KEYS)
        given = self.obj(data, "", keys, optional)
        if given is None:
            return None
        merged: dict[str, Any] = {**(rules_to_dict(base) if base else {}), **given}
        for key, value in _later_defaults(merged.get("id")).items():
            merged.setdefault(key, value)
        merged.setdefault("id", "custom")
        merged.setdefault("name", N_("House rules"))
        if isinstance(merged["name"], str) is False or isinstance(merged["id"], str) is False:
            self.fail("name" if not isinstance(merged["name"], str) else "id", N_("must be text"))
            return None
        fields = dict(
            id=merged["id"],
            name=merged["name"],
            decks=self.whole(merged, "decks", ""),
            hand_size=self.whole(merged, "hand_size", ""),
            foot_size=self.whole(merged, "foot_size", ""),
            rounds=self.rounds(merged.get("rounds")),
            meld_minimum_by_score=self.items(merged.get("meld_minimum_by_score"),
                                             "meld_minimum_by_score", self.score_step,
                                             nullable=True),
            card_values=self.card_values(merged.get("card_values")),
            books=self.books(merged.get("books")),
            special_books=self.special_books(merged.get("special_books", [])),
            red_three=self.red_three(merged.get("red_three")),
            black_three=self.black_three(merged.get("black_three", {})),
            exact_draw_bonus=self.whole(merged, "exact_draw_bonus", ""),
            first_meld_bonus=self.whole(merged, "first_meld_bonus", ""),
            wilds=self.wilds(merged.get("wilds")),
            pile_needs_opened=self.flag(merged, "pile_needs_opened", ""),
            notes=self.notes(merged.get("notes", [])),
            add_to_finished_book=self.growth(merged.get("add_to_finished_book")),
            deck_per_player=self.flag(merged, "deck_per_player", ""),
        )
        if self.problems:
            return None
        try:
            return RuleSet(**fields)
        except InvalidRules as error:
            self.problems.extend(error.problems)
            return None

    def growth(self, data: object) -> BookGrowth:
        """What may be added to a finished book: one of the words of ``BookGrowth``."""
        if isinstance(data, str) and data in tuple(BookGrowth):
            return BookGrowth(data)
        self.fail("add_to_finished_book", N_("must be one of %(choices)s"),
                  choices=", ".join(BookGrowth))
        return BookGrowth.ANY

    def rounds(self, data: object) -> tuple[Round, ...]:
        if isinstance(data, list) and len(data) > MAX_ROUNDS:
            # Refused before reading them, as special books are.
            self.fail("rounds", N_("must list 1 to %(most)s rounds, not %(count)s"),
                      most=MAX_ROUNDS, count=len(data))
            return ()
        return self.items(data, "rounds", self.round) or ()

    def round(self, data: object, where: str) -> Round | None:
        keys = ("meld_minimum", "going_out_bonus", "going_out_books", "pile_take",
                "exact_draw_cards")
        given = self.obj(data, where, keys, optional=("exact_draw_cards",))
        if given is None:
            return None
        books = self.going_out_books(given.get("going_out_books"), f"{where}.going_out_books")
        prefix = f"{where}."
        return Round(
            meld_minimum=self.whole(given, "meld_minimum", prefix),
            going_out_bonus=self.whole(given, "going_out_bonus", prefix),
            going_out_books=books,
            pile_take=self.whole(given, "pile_take", prefix),
            exact_draw_cards=self.whole(given, "exact_draw_cards", prefix, nullable=True),
        )

    def going_out_books(self, data: object, where: str) -> BookCounts:
        """Clean, dirty and wild books, and any other key as a special book's id."""
        if not isinstance(data, Mapping):
            self.fail(where, N_("must be an object"))
            return BookCounts()
        for key in ("clean", "dirty"):
            if key not in data:
                self.fail(f"{where}.{key}", N_("is missing"))
        prefix = f"{where}."
        special = tuple(sorted((str(key), self.whole(data, key, prefix))
                               for key in data if key not in BOOK_TYPES))
        return BookCounts(clean=self.whole(data, "clean", prefix),
                          dirty=self.whole(data, "dirty", prefix),
                          wild=self.whole(data, "wild", prefix), special=special)

    def score_step(self, data: object, where: str) -> ScoreMinimum | None:
        if not isinstance(data, list) or len(data) != 2:
            self.fail(where, N_("must be a pair [from_score or null, minimum]"))
            return None
        step = {"from_score": data[0], "minimum": data[1]}
        return ScoreMinimum(from_score=self.whole(step, "from_score", f"{where}.", nullable=True),
                            minimum=self.whole(step, "minimum", f"{where}."))

    def card_values(self, data: object) -> CardValues:
        given = self.obj(data, "card_values", (*CARD_VALUE_KEYS, "by_rank"), optional=("by_rank",))
        if given is None:
            return CardValues()
        return CardValues(**{k: self.whole(given, k, "card_values.") for k in CARD_VALUE_KEYS},
                          by_rank=self.by_rank(given.get("by_rank", {})))

    def by_rank(self, data: object) -> tuple[tuple[Rank, int], ...]:
        if not isinstance(data, Mapping) or len(data) > len(NATURAL_RANKS):
            # More values than natural ranks name one twice: refused before any is read.
            self.fail("card_values.by_rank", N_("must be an object of rank: points"))
            return ()
        values: list[tuple[Rank, int]] = []
        for key in data:
            try:
                rank = Rank(str(key).upper())
            except ValueError:
                rank = None
            if rank not in NATURAL_RANKS:
                self.fail(f"card_values.by_rank.{key}",
                          N_("must be a natural rank: A K Q J 10 9 8 7 6 5 4"))
                continue
            values.append((rank, self.whole(data, key, "card_values.by_rank.")))
        order = list(Rank)
        return tuple(sorted(values, key=lambda item: order.index(item[0])))

    def books(self, data: object) -> BookBonuses:
        given = self.obj(data, "books", ("clean", "dirty", "wild", "mixed_wild"),
                         optional=("mixed_wild",))
        if given is None:
            return BookBonuses()
        return BookBonuses(clean=self.whole(given, "clean", "books."),
                           dirty=self.whole(given, "dirty", "books."),
                           wild=self.whole(given, "wild", "books.", nullable=True),
                           mixed_wild=self.whole(given, "mixed_wild", "books.", nullable=True))

    def special_books(self, data: object) -> tuple[SpecialBook, ...]:
        if isinstance(data, list) and len(data) > MAX_SPECIAL_BOOKS:
            # Refused before reading them: a long list costs nothing to say no to.
            self.fail("special_books",
                      N_("must list at most %(most)s special books, not %(count)s"),
                      most=MAX_SPECIAL_BOOKS, count=len(data))
            return ()
        return self.items(data, "special_books", self.special_book) or ()

    def special_book(self, data: object, where: str) -> SpecialBook | None:
        given = self.obj(data, where, ("id", "name", "bonus", "kind", "rank"),
                         optional=("kind", "rank"))
        if given is None:
            return None
        rank: Rank | None = None
        if given.get("rank") is not None:
            try:
                rank = Rank(str(given["rank"]).upper())
            except ValueError:
                self.fail(f"{where}.rank", N_("must be a rank: A K Q J 10 9 8 7 6 5 4 3"))
                return None
        kind: CardKind | None = None
        if given.get("kind") is not None:
            try:
                kind = CardKind(given["kind"])
            except ValueError:
                self.fail(f"{where}.kind",
                          N_("must be null or one of %(kinds)s"),
                          kinds=", ".join(k.value for k in CardKind))
                return None
        elif rank is not None:
            kind = rank.kind  # a book of one rank is of that rank's kind
        # Any JSON value: the RuleSet checks the id and the name, and names them when wrong.
        return SpecialBook(id=cast(str, given.get("id")), name=cast(str, given.get("name")),
                           bonus=self.whole(given, "bonus", f"{where}."), kind=kind, rank=rank)

    def red_three(self, data: object) -> RedThree:
        given = self.obj(data, "red_three", ("down", "left", "down_when_not_out"),
                         optional=("down_when_not_out",))
        if given is None:
            return RedThree(0, 0)
        return RedThree(down=self.whole(given, "down", "red_three."),
                        left=self.whole(given, "left", "red_three."),
                        down_when_not_out=self.whole(given, "down_when_not_out", "red_three.",
                                                     nullable=True))

    def black_three(self, data: object) -> BlackThree:
        given = self.obj(data, "black_three", ("meld_when_going_out",),
                         optional=("meld_when_going_out",))
        if given is None:
            return BlackThree()
        return BlackThree(meld_when_going_out=self.flag(given, "meld_when_going_out",
                                                        "black_three."))

    def wilds(self, data: object) -> WildLimits:
        keys = ("naturals_per_wild", "max_per_meld", "min_naturals_with_wild", "wild_melds")
        given = self.obj(data, "wilds", keys)
        if given is None:
            return WildLimits()
        return WildLimits(
            naturals_per_wild=self.whole(given, "naturals_per_wild", "wilds."),
            max_per_meld=self.whole(given, "max_per_meld", "wilds.", nullable=True),
            min_naturals_with_wild=self.whole(given, "min_naturals_with_wild", "wilds."),
            wild_melds=self.flag(given, "wild_melds", "wilds."),
        )

    def notes(self, data: object) -> tuple[str, ...]:
        if not isinstance(data, list) or not all(isinstance(n, str) and len(n) <= 500
                                                 for n in data) or len(data) > 20:
            self.fail("notes", N_("must be a list of up to 20 texts of up to 500 characters"))
            return ()
        return tuple(data)


def _later_defaults(rules_id: object) -> dict[str, Any]:
    """What a rule set stored before ``PRESET_KEYS`` were rules takes for them: its preset's
    values, where its id names the preset (its own id, or the id the new-game page gives a
    preset changed there, "pagat-house"); else the values that held before (``RuleSet``'s
    defaults: a book grew with any card, the decks were fixed)."""
    preset = None
    if isinstance(rules_id, str):
        preset = PRESETS.get(rules_id) or PRESETS.get(rules_id.removesuffix("-house"))
    if preset is not None:
        return {key: rules_to_dict(preset)[key] for key in PRESET_KEYS}
    return {item.name: item.default for item in dataclasses.fields(RuleSet)
            if item.name in PRESET_KEYS}
