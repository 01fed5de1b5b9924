"""What single cards are worth and how they may be melded: card values (by kind, or by
rank where the rules split a kind), the threes' bonuses and penalties, wild-card limits."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .cards import CardKind, Rank, ranks_of


@dataclass(frozen=True)
class RankGroup:
    """Ranks of one kind that the rules value alike, counted together on the count page."""

    kind: CardKind
    ranks: tuple[Rank, ...]
    value: int


#: Card values as one tuple, field by field (``CardValues.as_tuple``).
ValuesTuple = tuple[int, int, int, int, int, int, tuple[tuple[Rank, int], ...]]


@dataclass(frozen=True)
class CardValues:
    """Points of each card kind, on the table or left in hand; ``by_rank`` overrides the
    value of single natural ranks (8s and 9s worth 5 where 10s are worth 10)."""

    joker: int = 50
    two: int = 20
    ace: int = 20
    eight_to_king: int = 10
    four_to_seven: int = 5
    black_three: int = 5
    by_rank: tuple[tuple[Rank, int], ...] = ()

    @property
    def as_tuple(self) -> ValuesTuple:
        """Every field in order: equal for equal values and quicker to hash than the values
        themselves, so what follows from them is looked up by it (``CardValues(*t)`` again).
        """
        return (self.joker, self.two, self.ace, self.eight_to_king, self.four_to_seven,
                self.black_three, self.by_rank)

    def of(self, kind: CardKind) -> int:
        """The value of one card of ``kind``; red threes score only as bonus or penalty.

        Where ``by_rank`` splits the kind, the least any of its ranks is worth.
        """
        if kind is CardKind.RED_THREE:
            return 0
        if not self.by_rank:
            return int(getattr(self, kind))
        return self._kind_values[kind]

    def rank_value(self, rank: Rank) -> int:
        """The value of one card of ``rank``.

        >>> CardValues(by_rank=((Rank.NINE, 5),)).rank_value(Rank.NINE)
        5
        """
        for ranked, value in self.by_rank:
            if ranked is rank:
                return value
        return int(getattr(self, rank.kind)) if rank.kind is not CardKind.RED_THREE else 0

    def splits(self, kind: CardKind) -> bool:
        """Whether the ranks of ``kind`` are not all worth the same, so it is counted by rank.

        >>> CardValues(by_rank=((Rank.NINE, 5),)).splits(CardKind.EIGHT_TO_KING)
        True
        """
        return bool(self.by_rank) and len(self.groups_of(kind)) > 1

    def groups_of(self, kind: CardKind) -> tuple[RankGroup, ...]:
        """The runs of ranks of ``kind`` worth the same, high to low (one group unless split)."""
        return self._groups.get(kind, ())

    @cached_property
    def _groups(self) -> dict[CardKind, tuple[RankGroup, ...]]:
        groups: dict[CardKind, tuple[RankGroup, ...]] = {}
        for kind in CardKind:
            runs: list[RankGroup] = []
            for rank in ranks_of(kind):
                value = self.rank_value(rank)
                if runs and runs[-1].value == value:
                    runs[-1] = RankGroup(kind, (*runs[-1].ranks, rank), value)
                else:
                    runs.append(RankGroup(kind, (rank,), value))
            groups[kind] = tuple(runs)
        return groups

    @cached_property
    def _kind_values(self) -> dict[CardKind, int]:
        return {kind: min((group.value for group in self.groups_of(kind)), default=0)
                for kind in CardKind}


@dataclass(frozen=True)
class RedThree:
    """Bonus for each red three laid down, penalty for each caught in a hand or foot.

    ``down_when_not_out``, where set, is the bonus of a red three laid down by a team that
    did not go out (100 when out, 50 otherwise).
    """

    down: int
    left: int
    down_when_not_out: int | None = None

    def down_bonus(self, went_out: bool) -> int:
        """The bonus of one red three laid down by a team that went out, or did not.

        >>> RedThree(100, 100, 50).down_bonus(True), RedThree(100, 100, 50).down_bonus(False)
        (100, 50)
        """
        if went_out or self.down_when_not_out is None:
            return self.down
        return self.down_when_not_out


@dataclass(frozen=True)
class BlackThree:
    """Black threes: whether the team going out may meld them (each worth its card value)."""

    meld_when_going_out: bool = False


@dataclass(frozen=True)
class WildLimits:
    """How many wild cards a meld may hold."""

    naturals_per_wild: int = 2
    max_per_meld: int | None = None
    min_naturals_with_wild: int = 0
    wild_melds: bool = False

    def allows(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of this many naturals and wilds is within the limits.

        >>> WildLimits().allows(5, 2), WildLimits().allows(4, 3), WildLimits().allows(0, 3)
        (True, False, False)
        """
        if wilds == 0:
            return True
        if naturals == 0:
            return self.wild_melds and (self.max_per_meld is None or wilds <= self.max_per_meld)
        return (
            naturals >= self.naturals_per_wild * wilds
            and (self.max_per_meld is None or wilds <= self.max_per_meld)
            and naturals >= self.min_naturals_with_wild
        )
