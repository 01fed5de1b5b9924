"""Card kinds as a tally counts them, ranks as a meld holds them, and their supply."""

from __future__ import annotations

from enum import StrEnum

from .errors import N_


class CardKind(StrEnum):
    """The kinds a tally counts: cards of one kind are worth the same."""

    JOKER = "joker"
    TWO = "two"
    ACE = "ace"
    EIGHT_TO_KING = "eight_to_king"
    FOUR_TO_SEVEN = "four_to_seven"
    BLACK_THREE = "black_three"
    RED_THREE = "red_three"

    @property
    def is_wild(self) -> bool:
        """Jokers and twos are wild."""
        return self in (CardKind.JOKER, CardKind.TWO)

    @property
    def is_natural(self) -> bool:
        """Aces, 8 to King and 4 to 7 are the naturals that make melds."""
        return self in NATURAL_KINDS


NATURAL_KINDS = (CardKind.ACE, CardKind.EIGHT_TO_KING, CardKind.FOUR_TO_SEVEN)
WILD_KINDS = (CardKind.JOKER, CardKind.TWO)

#: Cards of each kind in one 54-card deck.
DECK_SUPPLY: dict[CardKind, int] = {
    CardKind.JOKER: 2,
    CardKind.TWO: 4,
    CardKind.ACE: 4,
    CardKind.EIGHT_TO_KING: 24,
    CardKind.FOUR_TO_SEVEN: 16,
    CardKind.BLACK_THREE: 2,
    CardKind.RED_THREE: 2,
}

#: Cards in one deck, jokers included.
DECK_SIZE = sum(DECK_SUPPLY.values())
BOOK_SIZE = 7
SMALLEST_MELD = 3


class Rank(StrEnum):
    """A card's rank as written in a meld: ``A K Q J 10 ... 4 3 2 JK``."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    JOKER = "JK"

    @property
    def kind(self) -> CardKind:
        """The tally kind of this rank (a three counts as a black three)."""
        return _RANK_KIND.get(self, CardKind.EIGHT_TO_KING)

    @property
    def is_wild(self) -> bool:
        """Twos and jokers are wild."""
        return self in (Rank.TWO, Rank.JOKER)


_RANK_KIND = {
    Rank.ACE: CardKind.ACE,
    Rank.SEVEN: CardKind.FOUR_TO_SEVEN,
    Rank.SIX: CardKind.FOUR_TO_SEVEN,
    Rank.FIVE: CardKind.FOUR_TO_SEVEN,
    Rank.FOUR: CardKind.FOUR_TO_SEVEN,
    Rank.THREE: CardKind.BLACK_THREE,
    Rank.TWO: CardKind.TWO,
    Rank.JOKER: CardKind.JOKER,
}

_RANKS_OF = {kind: tuple(rank for rank in Rank if rank.kind is kind) for kind in CardKind}

_SPELLINGS = {"T": Rank.TEN, "JOKER": Rank.JOKER}

#: The ranks a house rule may value one by one (``card_values.by_rank``), high to low.
NATURAL_RANKS = tuple(rank for rank in Rank if rank.kind.is_natural)
#: Natural cards of one rank in one deck.
RANK_SUPPLY = 4
#: The ranks and runs of ranks a count by rank can name apart (``parse_rank_group``): a
#: count naming more names one twice.
RANK_GROUPS = sum(len(ranks) * (len(ranks) + 1) // 2 if kind.is_natural else len(ranks)
                  for kind, ranks in _RANKS_OF.items())


def parse_rank(text: str) -> Rank:
    """Read a card as written at the table, in any case.

    >>> parse_rank("k"), parse_rank("T"), parse_rank("Joker")
    (<Rank.KING: 'K'>, <Rank.TEN: '10'>, <Rank.JOKER: 'JK'>)
    """
    word = text.strip().upper()
    return _SPELLINGS.get(word) or Rank(word)


def ranks_of(kind: CardKind) -> tuple[Rank, ...]:
    """The ranks a card of ``kind`` may have (none for red threes, which are never melded).

    >>> ranks_of(CardKind.FOUR_TO_SEVEN)
    (<Rank.SEVEN: '7'>, <Rank.SIX: '6'>, <Rank.FIVE: '5'>, <Rank.FOUR: '4'>)
    """
    return _RANKS_OF.get(kind, ())


def parse_rank_group(text: str) -> tuple[Rank, ...]:
    """Read a count's rank, or a run of ranks of one kind written low-high ("8-9", "10-K").

    >>> parse_rank_group("jk"), parse_rank_group("10-K")
    ((<Rank.JOKER: 'JK'>,), (<Rank.KING: 'K'>, <Rank.QUEEN: 'Q'>, <Rank.JACK: 'J'>, \
<Rank.TEN: '10'>))

    Raises ValueError for anything else, or a run that crosses kinds ("4-9").
    """
    low_text, dash, high_text = text.partition("-")
    if not dash:
        return (parse_rank(text),)
    low, high = parse_rank(low_text), parse_rank(high_text)
    order = list(Rank)
    run = tuple(order[order.index(high):order.index(low) + 1])
    if not run or not low.kind.is_natural or len({rank.kind for rank in run}) != 1:
        raise ValueError(f"{text!r} is not a run of ranks of one kind, low to high")
    return run


def group_name(ranks: tuple[Rank, ...]) -> str:
    """How a tally writes a rank or a run of ranks: "9", "10-K".

    >>> group_name((Rank.NINE, Rank.EIGHT)), group_name((Rank.ACE,))
    ('8-9', 'A')
    """
    return ranks[0].value if len(ranks) == 1 else f"{ranks[-1].value}-{ranks[0].value}"


#: The ranks a table says in words (the rest by their number), marked for the catalogues.
_RANK_WORDS = {Rank.ACE: N_("Ace"), Rank.KING: N_("King"), Rank.QUEEN: N_("Queen"),
               Rank.JACK: N_("Jack"), Rank.JOKER: N_("Joker"), Rank.THREE: N_("Black three"),
               Rank.TWO: N_("Two")}


def run_parts(ranks: tuple[Rank, ...]) -> tuple[str, str, str]:
    """A rank or a run of ranks as words to translate: the phrase (``%(low)s`` and
    ``%(high)s`` in it), and the low and the high rank's words (each a message of its own
    when a word, else a number). A page says it as ``_(phrase, low=_(low), high=_(high))``.

    >>> run_parts((Rank.NINE, Rank.EIGHT))
    ('%(low)s and %(high)s', '8', '9')
    """
    low, high = (_RANK_WORDS.get(rank, rank.value) for rank in (ranks[-1], ranks[0]))
    if len(ranks) == 1:
        return "%(low)s", low, high
    phrase = N_("%(low)s and %(high)s") if len(ranks) == 2 else N_("%(low)s to %(high)s")
    return phrase, low, high


def run_words(ranks: tuple[Rank, ...]) -> str:
    """A rank or a run of ranks as a card table says it, in English.

    >>> run_words((Rank.ACE,)), run_words((Rank.NINE, Rank.EIGHT))
    ('Ace', '8 and 9')
    >>> run_words(ranks_of(CardKind.EIGHT_TO_KING))
    '8 to King'
    """
    phrase, low, high = run_parts(ranks)
    return phrase % {"low": low, "high": high}


def reachable_points(cards: tuple[tuple[int, int], ...]) -> int:
    """Every total that ``count`` cards of each ``value`` can make, as a bit mask.

    Bit ``n`` is set when ``n`` points can be made.

    >>> bin(reachable_points(((5, 2), (10, 1))))
    '0b100001000010000100001'
    """
    reachable = 1
    for value, count in cards:
        remaining, chunk = count, 1
        while remaining > 0:  # binary splitting keeps a bounded knapsack fast
            take = min(chunk, remaining)
            reachable |= reachable << (value * take)
            remaining -= take
            chunk *= 2
    return reachable
