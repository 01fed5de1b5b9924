"""The rules pages: a reminder card for one rule set, and house rules made from a preset."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from handfoot_score.engine.cards import NATURAL_KINDS, CardKind, run_words
from handfoot_score.engine.errors import InvalidRules
from handfoot_score.engine.rules import BookCounts, RuleSet
from handfoot_score.engine.rules_json import rules_to_dict
from handfoot_score.services.games import GameNotFound, get_game
from handfoot_score.services.rules import get_rules, list_presets, resolve_rules, save_rules
from handfoot_score.web import areas
from handfoot_score.web.rules_form import SaveHouseRulesForm, house_rules_form_data

_SPECIAL_KINDS = {
    CardKind.ACE: "aces", CardKind.EIGHT_TO_KING: "8s to Kings",
    CardKind.FOUR_TO_SEVEN: "4s to 7s", CardKind.BLACK_THREE: "black threes",
    CardKind.RED_THREE: "red threes",
}


def _points(number: int) -> str:
    """A number of points or cards as the card table writes it: 1,500."""
    return f"{number:,}"


def _cards(count: int, what: str = "card") -> str:
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


def _books(books: BookCounts, rules: RuleSet) -> str:
    parts = [f"{count} {kind}" for kind, count in
             (("clean", books.clean), ("dirty", books.dirty), ("wild", books.wild)) if count]
    for book_id, count in books.special:
        special = rules.special_book(book_id)
        if count:
            parts.append(f"{count} {book_id if special is None else special.name.lower()}")
    return " + ".join(parts) if parts else "no books"


@dataclass(frozen=True)
class RoundLine:
    """One row of the card's round table, ready to show."""

    number: int
    meld_minimum: str
    going_out_books: str
    going_out_bonus: str
    pile_take: str


@dataclass(frozen=True)
class RulesCard:
    """A rule set in the words a player reads at the table."""

    rules: RuleSet
    deal: str
    rounds: tuple[RoundLine, ...]
    #: Books and bonus to go out when every round asks the same, else None (see ``rounds``).
    going_out_every_round: tuple[str, str] | None
    score_minimums: tuple[tuple[str, str], ...]
    card_values: tuple[tuple[str, str], ...]
    books: tuple[tuple[str, str], ...]
    threes: tuple[str, ...]
    exact_draw: str | None
    other_bonuses: tuple[str, ...]
    pile: tuple[str, ...]
    wilds: tuple[str, ...]

    @classmethod
    def of(cls, rules: RuleSet) -> RulesCard:
        """The card for ``rules``."""
        return cls(
            rules=rules,
            deal=(f"{_cards(rules.decks, 'deck')} of 54 cards shuffled together. "
                  f"{_cards(rules.hand_size)} in each hand, "
                  f"{_cards(rules.foot_size)} in each foot."),
            rounds=tuple(
                RoundLine(number=number, meld_minimum=_points(r.meld_minimum),
                          going_out_books=_books(r.going_out_books, rules),
                          going_out_bonus=_points(r.going_out_bonus),
                          pile_take=str(r.pile_take))
                for number, r in enumerate(rules.rounds, start=1)
            ),
            going_out_every_round=_going_out_every_round(rules),
            score_minimums=_score_minimums(rules),
            card_values=_card_values(rules),
            books=_book_bonuses(rules),
            threes=_threes(rules),
            exact_draw=_exact_draw(rules),
            other_bonuses=_other_bonuses(rules),
            pile=_pile(rules),
            wilds=_wilds(rules),
        )


def _going_out_every_round(rules: RuleSet) -> tuple[str, str] | None:
    asks = {(r.going_out_books, r.going_out_bonus) for r in rules.rounds}
    if len(asks) != 1:
        return None
    books, bonus = asks.pop()
    return _books(books, rules), _points(bonus)


def _score_minimums(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """(which total scores, minimum): a step holds until the next step's score."""
    steps = rules.meld_minimum_by_score or ()
    rows = []
    for index, step in enumerate(steps):
        if index == 0:
            scores = f"Below {_points(steps[1].from_score or 0)}" if len(steps) > 1 else "Any score"
        else:
            scores = f"{_points(step.from_score or 0)} or more"
        rows.append((scores, _points(step.minimum)))
    return tuple(rows)


def _card_values(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    values = rules.card_values
    rows = [("Joker", _points(values.joker)), ("Two", _points(values.two))]
    for kind in NATURAL_KINDS:
        rows += [(run_words(group.ranks), _points(group.value))
                 for group in values.groups_of(kind)]
    rows.append(("Black three", _points(values.black_three)))
    return tuple(rows)


def _book_bonuses(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    books = rules.books
    wild = "Wild book" if books.mixed_wild is None else "Wild book of one kind"
    rows = [("Clean book", _points(books.clean)), ("Dirty book", _points(books.dirty)),
            (wild, "not allowed" if books.wild is None else _points(books.wild))]
    if books.mixed_wild is not None:
        rows.append(("Wild book of jokers and twos", _points(books.mixed_wild)))
    for book in rules.special_books:
        if book.kind is None:
            rows.append((book.name, _points(book.bonus)))
            continue
        threes = book.kind in (CardKind.BLACK_THREE, CardKind.RED_THREE)
        cards = _SPECIAL_KINDS[book.kind] if book.rank is None or threes else f"{book.rank}s"
        rows.append((f"{book.name} (all {cards})", _points(book.bonus)))
    return tuple(rows)


def _threes(rules: RuleSet) -> tuple[str, ...]:
    red = rules.red_three
    down = (f"Red three laid down: {_points(red.down)} points each."
            if red.down else "Red three laid down: no bonus.")
    if red.down_when_not_out is not None:
        down = (f"Red three laid down: {_points(red.down)} points each for the team that "
                f"went out, {_points(red.down_when_not_out)} for the others.")
    lines = [down,
             f"Red three caught in hand or foot: {_points(red.left)} points off each.",
             f"Black three left in hand or foot: {_points(rules.card_values.black_three)} "
             "points off each."]
    if rules.black_three.meld_when_going_out:
        lines.append("The team going out may meld black threes: "
                     f"{_points(rules.card_values.black_three)} points each on the table.")
    return tuple(lines)


def _exact_draw(rules: RuleSet) -> str | None:
    targets = [(n, r.exact_draw_cards) for n, r in enumerate(rules.rounds, start=1)
               if r.exact_draw_cards is not None]
    if not rules.exact_draw_bonus and not targets:
        return None
    bonus = (f"{_points(rules.exact_draw_bonus)} points for picking up exactly the cards "
             "to aim for." if rules.exact_draw_bonus else "No bonus for an exact draw.")
    if not targets:
        return bonus
    if len(targets) == len(rules.rounds) and len({cards for _, cards in targets}) == 1:
        return f"{bonus} Cards to aim for: {targets[0][1]} in every round."
    aims = "; ".join(f"round {n}: {cards}" for n, cards in targets)
    return f"{bonus} Cards to aim for: {aims}."


def _other_bonuses(rules: RuleSet) -> tuple[str, ...]:
    lines = []
    if rules.first_meld_bonus:
        lines.append(f"{_points(rules.first_meld_bonus)} points to the team that lays down "
                     "first in a round.")
    return tuple(lines)


def _pile(rules: RuleSet) -> tuple[str, ...]:
    opened = ("Your team must have opened already, or open with the pile."
              if rules.pile_needs_opened else "You may take the pile to open.")
    takes = {r.pile_take for r in rules.rounds}
    take = (f"Take the top {_cards(takes.pop())} (all if there are fewer)." if len(takes) == 1
            else "Take as many top cards as the table shows under Pile take (all if fewer).")
    return (take, opened)


def _wilds(rules: RuleSet) -> tuple[str, ...]:
    wilds = rules.wilds
    lines = []
    if wilds.naturals_per_wild:
        lines.append(f"At least {_cards(wilds.naturals_per_wild, 'natural card')} "
                     "for each wild card.")
    lines.append("No set limit on wild cards in a meld." if wilds.max_per_meld is None
                 else f"At most {_cards(wilds.max_per_meld, 'wild card')} in a meld.")
    if wilds.min_naturals_with_wild:
        lines.append(f"At least {_cards(wilds.min_naturals_with_wild, 'natural card')} "
                     "in any meld with a wild card.")
    lines.append(f"Melds of wild cards only: {'allowed' if wilds.wild_melds else 'not allowed'}.")
    fewest = rules.dirty_book_min_naturals
    lines.append("No dirty book can be made." if fewest is None
                 else f"A dirty book has at least {_cards(fewest, 'natural card')}.")
    return tuple(lines)


@areas.rules.get("/rules/<rules_id>")
def rules_card(rules_id: str) -> str:
    """One rule set on a reminder card for the table."""
    return render_template("rules/card.html", card=RulesCard.of(get_rules(rules_id)))


@areas.rules.get("/games/<game_id>/rules")
def game_rules(game_id: str) -> str:
    """The reminder card for the rules a game is played under, house rules included."""
    try:
        rules = get_game(game_id).rules
    except GameNotFound:
        abort(404)
    return render_template("rules/card.html", card=RulesCard.of(rules))


@areas.rules.route("/rules/house", methods=["GET", "POST"])
def house_rules() -> ResponseReturnValue:
    """The house-rules form, filled in with the preset named by ``?base=``; saving keeps the
    rules under their name to pick for any game."""
    if request.method == "GET":
        base = get_rules(request.args.get("base") or list_presets()[0].id)
        form = SaveHouseRulesForm(base=base.id, rules=house_rules_form_data(rules_to_dict(base)))
        return render_template("rules/house.html", form=form, base=base)
    form = SaveHouseRulesForm()
    base = get_rules(form.base.data or list_presets()[0].id)
    rounds = request.form.get("rules_round")
    if rounds:
        form.rules.form.change_rounds(rounds)
        return render_template("rules/house.html", form=form, base=base)
    if not form.validate():
        return render_template("rules/house.html", form=form, base=base), 422
    try:
        saved = save_rules(form.rules.form.name.data or "",
                           resolve_rules(form.rules.form.to_rules_dict()))
    except InvalidRules as error:
        form.rules.form.show_problems(error.problems)
        return render_template("rules/house.html", form=form, base=base), 422
    flash(f"Saved \u201c{saved.name}\u201d. Pick it when you start a new game.", "success")
    return redirect(url_for("rules.rules_card", rules_id=saved.id), code=303)
