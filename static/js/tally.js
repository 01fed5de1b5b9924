// The count page: a digit goes where the cursor is, and the cursor moves only when the
// player moves it (Next or Enter, a tap): never by a guess from the digits typed. Enter, in
// any count, empty or not, moves to the next count instead of sending the form; the points
// switch shows its inputs at once, each team's score follows every change, and whatever is
// typed is kept on this phone (localStorage) until the round is saved, so a reload, a lost
// connection or a locked phone loses nothing. Without this script the page still works:
// Enter only shows the score again, and the server is always the authority. Points are
// grouped as the page's language groups them (data-group on <html>: 4.430), else 4,430.
(() => {
  const MINUS = "\u2212", GROUP = document.documentElement.dataset.group || ",",
    form = document.querySelector("form.tally");
  if (!form) return;
  const key = form.dataset.storedAs;
  let timer, asked = 0;
  // Shown again by a save or "show the score" (their own addresses), the page stands at
  // its own: a reload, or live.js asking what changed, opens the page, never posts again;
  // its preview is at its address + "/preview".
  if (form.dataset.page) history.replaceState(null, "", form.dataset.page);

  const points = value => value.toLocaleString("en").replace(/,/g, GROUP).replace("-", MINUS),
    // What the user may type or choose: counts, the points switches and who went out; and
    // what is kept of each: its value, whether a switch is on, the value of the radio chosen.
    inputs = () => form.querySelectorAll(".counts input,[type=checkbox],[type=radio]"),
    kept = input => input.type === "checkbox" ? "checked" : "value";

  function store() {
    const typed = {};
    for (const input of inputs()) {
      if (input.type !== "radio" || input.checked) typed[input.name] = input[kept(input)];
    }
    try {
      localStorage.setItem(key, JSON.stringify(typed));
    } catch {
      // Private browsing or a full store: the page still works, it just keeps nothing.
    }
  }

  // Drop what was kept for rounds this game has recorded, and for older versions of this one.
  // A key is tally:game:round:version, the version "new" for a round not recorded yet.
  function forgetSaved() {
    const [, game, round] = key.split(":");
    for (let i = localStorage.length; i--;) {
      const other = localStorage.key(i) || "", [kind, itsGame, itsRound, version] = other.split(":");
      if (kind === "tally" && itsGame === game && other !== key && (version === "new"
          ? +itsRound <= +form.dataset.recorded : +itsRound === +round)) localStorage.removeItem(other);
    }
  }

  function restore() {
    let typed;
    try {
      forgetSaved();
      typed = JSON.parse(localStorage.getItem(key));
    } catch {
      return false;
    }
    for (const input of typed ? inputs() : []) {
      const value = typed[input.name];
      if (!(input.name in typed)) continue;
      if (input.type === "radio") {
        // Checking one unchecks the rest; a choice this page does not offer (another
        // team's, typed on the whole round's page) leaves the page's own.
        if (value === input.value) input.checked = true;
      } else {
        input[kept(input)] = value;
        if (input.type === "checkbox") showMode(input);
      }
    }
    return !!typed;
  }

  // Whether any card (or points) is counted, on the table or left, in this part of the page.
  const cardsCounted = within => [...within.querySelectorAll(".counts input")]
    .some(input => input.offsetParent && /(melded|left)_/.test(input.name) && +input.value);

  function showMode(box) {
    for (const group of box.closest(".tally-team").querySelectorAll("[data-mode]")) {
      group.hidden = (group.dataset.mode === "points") !== box.checked;
    }
    const marker = form.elements.namedItem(box.name.replace(/points_mode$/, "points_shown"));
    if (marker) marker.value = box.checked ? "1" : "";
    // Two or three teams on one phone share one grid while all count the same way.
    const teams = form.querySelector("[data-shared]");
    teams?.classList.toggle(teams.dataset.shared, new Set([...form.querySelectorAll("[data-points-switch]")]
      .map(other => other.checked)).size === 1);
  }

  function showPreview({ teams, errors = [], warnings = [] }) {
    for (const box of form.querySelectorAll("[data-preview-team]")) {
      const team = +box.dataset.previewTeam, score = teams[team],
        problem = errors.find(error => error.team === team || error.team === null),
        // In the order of games/_tally_preview.html.
        [scored, unscored, lines, reason] =
          box.querySelectorAll(".preview-score,.preview-unscored,ul,[data-preview=problem]");
      // What stops a team being scored is said once it has counted a card.
      const counted = cardsCounted(box.closest(".tally-team"));
      scored.hidden = lines.hidden = !score;
      unscored.hidden = !!score;
      reason.hidden = !!score || !problem || !counted;
      box.classList.toggle("quiet", !score && reason.hidden);
      reason.textContent = problem?.text || "";
      // The total, and each line of the breakdown: shown when it counts something, except
      // melded and left, always shown.
      for (const item of score ? box.querySelectorAll("[data-preview]") : []) {
        const part = item.dataset.preview, value = score[part], line = item.closest("li");
        if (!(part in score)) continue;
        item.textContent = part === "left_points" ? (value ? MINUS + points(value) : "0")
          : (line && value > 0 ? "+" : "") + points(value);
        if (line) line.hidden = !value && !/^(melded|left)_points$/.test(part);
      }
    }
    for (const line of form.querySelectorAll("[data-bar-team]")) {
      const score = teams[+line.dataset.barTeam];
      for (const item of line.querySelectorAll("[data-bar]")) {
        item.textContent = score ? points(score[item.dataset.bar]) : "\u2014";
      }
    }
    const box = document.getElementById("tally-warnings");
    // Each warning names its count, linked to it as the server's page does.
    box.replaceChildren(...warnings.map(({ text, input }) => {
      const line = document.createElement("p"),
        words = input ? Object.assign(document.createElement("a"), { href: "#" + input }) : line;
      words.textContent = text;
      if (input) line.append(words);
      return line;
    }));
    box.hidden = !warnings.length;
  }

  function unknown() {
    for (const item of form.querySelectorAll("[data-bar],[data-preview^=total]")) {
      item.textContent = "\u2014";
    }
  }

  function preview() {
    const mine = ++asked;
    fetch(location.pathname + "/preview", { method: "POST", body: new FormData(form) })
      .then(res => res.json()).then(body => {
        // An older answer arriving late must not overwrite a newer one.
        if (mine === asked && Array.isArray(body?.teams)) showPreview(body);
      }).catch(() => {
        // Offline or a page instead of JSON: no score is known for what is typed now, so
        // the scores say so ("—"), never an old or a wrong one; Save still decides.
        if (mine === asked) unknown();
      });
  }

  // Enter in a count goes on to the next count shown; on who went out or a points switch,
  // it takes that choice and goes on to the next count. It never sends the form (without
  // this script it shows the page again, which adds a step to the browser's history).
  form.addEventListener("keydown", e => {
    const at = e.target;
    if (e.key !== "Enter" || !at.matches(".counts input,[type=radio],[type=checkbox]")) return;
    e.preventDefault();
    if (at.matches("[type=radio]:not(:checked)")) {
      at.checked = true;
      changed();
    }
    const next = nextCount(at);
    if (next) moveTo(next, at);
    else at.blur();
  });

  // The cursor to a count, from where it was (``from``). On a phone (static/css/count.css's
  // width), where the keypad covers the lower half, the first count of a group (the cards
  // on the table, those left, ...) reached from another, or a count under the keypad (a
  // phone's numeric keypad is about 300 px tall), is brought up under the bar (html's
  // scroll-padding-top): the group's counts after it stay in sight above the keypad, to be
  // reached by a tap without a scroll. A count in sight keeps its place, and so the counts
  // above it (Enter goes down a group, never up): with three teams, the next team's first
  // count is up the page, beside the first team's. A tablet keeps its place.
  const phone = matchMedia("(max-width: 43.99rem)");
  function moveTo(count, from) {
    count.focus({ preventScroll: phone.matches });
    if (phone.matches && (count.closest(".counts") !== from?.closest(".counts")
        || count.getBoundingClientRect().bottom > innerHeight - 300)) count.scrollIntoView();
  }

  // The count shown after ``at`` in the page's order, if any.
  function nextCount(at) {
    const inputs = [...form.querySelectorAll(".counts input,[type=radio],[type=checkbox]")]
      .filter(input => input.offsetParent);
    return inputs.slice(inputs.indexOf(at) + 1).find(input => input.matches(".counts input"));
  }

  // The keypad's Enter key says where it goes: "next" on every count but the last one
  // shown, "done" there (Enter leaves it, the keypad closes). Which is last changes as a
  // points switch shows or hides counts.
  function labelEnter() {
    const shown = [...form.querySelectorAll(".counts input")].filter(input => input.offsetParent);
    shown.forEach((input, i) => input.enterKeyHint = i === shown.length - 1 ? "done" : "next");
  }

  // A second tap on Save once the next page is on its way sends nothing more: the page
  // it opens must not take the tap, nor say twice what was recorded. (While live.js's
  // fetch is out it holds back taps itself; a save that could not be sent may be tried
  // again at once.)
  let sending = false, leaving = false;
  form.addEventListener("submit", e => {
    if (leaving) {
      e.preventDefault();
      e.stopPropagation();
    } else sending = true;
  });
  addEventListener("beforeunload", () => {
    leaving = true;
    if (sending) sessionStorage.setItem("saved-at", Date.now() + " " + location.pathname);
  });
  addEventListener("pageshow", () => sending = leaving = false);

  function changed() {
    store();
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  }

  form.addEventListener("change", e => {
    // Who went out chosen before anything is counted: on to the first count.
    if (e.target.type === "radio" && !cardsCounted(form)) {
      moveTo(form.querySelector(".tally-team .counts:not([hidden]) input"));
    }
    if (e.target.matches("[data-points-switch]")) {
      showMode(e.target);
      labelEnter();
      // Switched on, the team's points are what is typed next.
      if (e.target.checked) moveTo(e.target.closest(".tally-team").querySelector("[data-mode=points] input"));
    }
    changed();
  });

  form.addEventListener("input", changed);

  if (restore()) preview();
  labelEnter();
})();
