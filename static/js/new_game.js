// New game: the dealer list offers the players' names as they are typed, seated as the game
// will seat them (engine/table.py seating: partners apart, teams taking turns), each written
// as the page writes it (web/games_setup.py _seat_label). Without scripts the list shows the
// names the page was last shown with.
(function () {
  "use strict";

  var dealer = document.querySelector("select[name='first_dealer']");
  if (!dealer) {
    return;
  }
  var form = dealer.form;

  function value(name) {
    var input = form.elements.namedItem(name);
    return input && input.value ? input.value.split(/\s+/).filter(Boolean).join(" ") : "";
  }

  function teams() {
    var found = [];
    for (var team = 0; form.elements.namedItem("teams-" + team + "-name"); team += 1) {
      var name = value("teams-" + team + "-name") || "Team " + (team + 1);
      var players = [];
      for (var place = 0; form.elements.namedItem("teams-" + team + "-players-" + place); place += 1) {
        var player = value("teams-" + team + "-players-" + place);
        if (player) {
          players.push(player);
        }
      }
      found.push({ name: name, players: players.length ? players : [name] });
    }
    return found;
  }

  function seats(all) {
    var most = Math.max.apply(null, all.map(function (team) { return team.players.length; }));
    var seated = [];
    for (var place = 0; place < most; place += 1) {
      all.forEach(function (team) {
        if (place < team.players.length) {
          var player = team.players[place];
          seated.push(player === team.name ? player : player + " (" + team.name + ")");
        }
      });
    }
    return seated;
  }

  function offer() {
    var chosen = dealer.selectedIndex;
    var labels = seats(teams());
    var same = labels.length === dealer.options.length && labels.every(function (label, at) {
      return dealer.options[at].text === label;
    });
    if (same) {
      return;
    }
    dealer.textContent = "";
    labels.forEach(function (label, at) {
      dealer.add(new Option(label, String(at)));
    });
    dealer.selectedIndex = chosen >= 0 && chosen < labels.length ? chosen : 0;
  }

  form.addEventListener("input", function (event) {
    if (/^teams-\d+-(name|players-\d+)$/.test(event.target.name || "")) {
      offer();
    }
  });
  offer();
})();
