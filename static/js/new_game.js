// New game: the dealer list offers the players' names as they are typed, seated as the game
// will seat them (engine/table.py seating: partners apart, teams taking turns), each written
// as the page writes it (web/games_setup/routes.py _seat_label). Without scripts the list shows the
// names the page was last shown with. A team with no name is "Team 2" in the page's language
// (data-team on <html>, templates/base.html: its number in place of "@").
(() => {
  const dealer = document.querySelector("select[name='first_dealer']");
  if (!dealer) return;
  const form = dealer.form, unnamed = document.documentElement.dataset.team;

  // The players as typed, seated as the game will seat them; a team with no player named
  // is its own only player.
  function seats() {
    const teams = [], seated = [];
    for (const input of form.elements) {
      const [, team, part] = /^teams-(\d+)-(name|players)/.exec(input.name) || [];
      const typed = part && input.value.trim().replace(/\s+/g, " ");
      if (part === "name") {
        teams[team] = { name: typed || unnamed.replace("@", +team + 1), players: [] };
      } else if (typed) teams[team].players.push(typed);
    }
    for (const { name, players } of teams) if (!players.length) players.push(name);
    for (let place = 0; teams.some(team => team.players[place]); place++) {
      for (const { name, players } of teams) {
        const player = players[place];
        if (player) seated.push(player === name ? player : `${player} (${name})`);
      }
    }
    return seated;
  }

  function offer() {
    const chosen = dealer.selectedIndex;
    const labels = seats();
    if (labels.join("\n") === [...dealer.options].map(option => option.text).join("\n")) return;
    dealer.replaceChildren(...labels.map((label, at) => new Option(label, at)));
    dealer.selectedIndex = chosen >= 0 && chosen < labels.length ? chosen : 0;
  }

  // Any input may be a name: offer() changes the list only if the names changed.
  form.addEventListener("input", offer);
  offer();
})();
