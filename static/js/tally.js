// The count page: Enter moves to the next count instead of sending the form, the points
// switch shows its inputs at once, each team's score follows every change, and whatever is
// typed is kept on this phone (localStorage) until the round is saved, so a reload, a lost
// connection or a locked phone loses nothing. Without this script the page still works:
// Enter only shows the score again, and the server is always the authority.
(function () {
  "use strict";

  var MINUS = "\u2212";
  var ALWAYS_SHOWN = ["melded_points", "left_points"];
  var WAIT_MS = 250;

  var form = document.querySelector("form.tally[data-preview-url]");
  if (!form) {
    return;
  }
  var key = form.getAttribute("data-stored-as");
  var timer = null;
  var asked = 0;

  var summary = document.getElementById("error-summary");
  if (summary) {
    summary.focus();
  }

  function points(value) {
    return value.toLocaleString("en-US").replace("-", MINUS);
  }

  function signedPoints(value) {
    return value > 0 ? "+" + points(value) : points(value);
  }

  function shown(element, visible) {
    if (element) {
      element.hidden = !visible;
    }
  }

  // What the user may type or choose: counts, the points switches and who went out.
  function inputs() {
    return [].slice.call(form.querySelectorAll(".count input, input[type=checkbox], input[type=radio]"));
  }

  function store() {
    var typed = {};
    inputs().forEach(function (input) {
      if (input.type === "radio") {
        if (input.checked) {
          typed[input.name] = input.value;
        }
      } else {
        typed[input.name] = input.type === "checkbox" ? input.checked : input.value;
      }
    });
    try {
      localStorage.setItem(key, JSON.stringify(typed));
    } catch (error) {
      // Private browsing or a full store: the page still works, it just keeps nothing.
    }
  }

  // Drop what was kept for rounds this game has recorded, and for older versions of this one.
  function forgetSaved() {
    var parts = key.split(":");
    var recorded = parseInt(form.getAttribute("data-recorded"), 10);
    for (var i = localStorage.length - 1; i >= 0; i--) {
      var other = (localStorage.key(i) || "").split(":");
      if (other[0] !== "tally" || other[1] !== parts[1] || other.join(":") === key) {
        continue;
      }
      var round = parseInt(other[2], 10);
      if ((other[3] === "new" && round <= recorded) || (other[3] !== "new" && round === parseInt(parts[2], 10))) {
        localStorage.removeItem(other.join(":"));
      }
    }
  }

  function restore() {
    var typed = null;
    try {
      forgetSaved();
      typed = JSON.parse(localStorage.getItem(key) || "null");
    } catch (error) {
      return false;
    }
    if (!typed) {
      return false;
    }
    inputs().forEach(function (input) {
      if (!(input.name in typed)) {
        return;
      }
      if (input.type === "radio") {
        input.checked = typed[input.name] === input.value;
      } else if (input.type === "checkbox") {
        input.checked = typed[input.name];
        showMode(input);
      } else {
        input.value = typed[input.name];
      }
    });
    return true;
  }

  function showMode(checkbox) {
    var team = checkbox.closest(".tally-team");
    team.querySelectorAll("[data-mode]").forEach(function (group) {
      group.hidden = (group.getAttribute("data-mode") === "points") !== checkbox.checked;
    });
    var marker = form.elements.namedItem(checkbox.name.replace(/points_mode$/, "points_shown"));
    if (marker) {
      marker.value = checkbox.checked ? "1" : "";
    }
  }

  function showScore(box, score) {
    box.querySelector("[data-preview=total]").textContent = points(score.total);
    box.querySelector("[data-preview=total_after]").textContent = points(score.total_after);
    box.querySelectorAll("[data-part]").forEach(function (item) {
      var part = item.getAttribute("data-part");
      var value = score[part];
      item.querySelector("[data-preview]").textContent =
        part === "left_points" ? (value ? MINUS + points(value) : "0") : signedPoints(value);
      item.hidden = !value && ALWAYS_SHOWN.indexOf(part) < 0;
    });
  }

  function showPreview(body) {
    form.querySelectorAll("[data-preview-team]").forEach(function (box) {
      var team = parseInt(box.getAttribute("data-preview-team"), 10);
      var score = body.teams[team];
      var problem = (body.errors || []).filter(function (error) {
        return error.team === team || error.team === null;
      })[0];
      var reason = box.querySelector("[data-preview=problem]");
      if (score) {
        showScore(box, score);
      }
      reason.textContent = problem ? problem.text : "";
      shown(box.querySelector(".preview-score"), Boolean(score));
      shown(box.querySelector(".preview-unscored"), !score);
      shown(box.querySelector("ul"), Boolean(score));
      shown(reason, !score && Boolean(problem));
    });
    var warnings = document.getElementById("tally-warnings");
    warnings.textContent = "";
    (body.warnings || []).forEach(function (text) {
      var line = document.createElement("p");
      line.textContent = text;
      warnings.appendChild(line);
    });
    shown(warnings, (body.warnings || []).length > 0);
  }

  function preview() {
    var mine = ++asked;
    fetch(form.getAttribute("data-preview-url"), {
      method: "POST",
      body: new FormData(form),
      headers: { "Accept": "application/json" },
      credentials: "same-origin"
    }).then(function (response) {
      return response.json();
    }).then(function (body) {
      // An older answer arriving late must not overwrite a newer one.
      if (mine === asked && body && Array.isArray(body.teams)) {
        showPreview(body);
      }
    }).catch(function () {
      // Offline or a page instead of JSON: the last preview stays; Save still decides.
    });
  }

  function changed() {
    store();
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, WAIT_MS);
  }

  // Enter in a count goes on to the next count shown, never sends the form.
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches(".count input")) {
      return;
    }
    event.preventDefault();
    var counts = [].slice.call(form.querySelectorAll(".count input")).filter(function (input) {
      return input.getClientRects().length > 0;
    });
    var next = counts[counts.indexOf(event.target) + 1];
    if (next) {
      next.focus();
    } else {
      event.target.blur();
    }
  });

  form.addEventListener("change", function (event) {
    if (event.target.matches("[data-points-switch]")) {
      showMode(event.target);
    }
    changed();
  });

  form.addEventListener("input", changed);

  if (restore()) {
    preview();
  }
})();
