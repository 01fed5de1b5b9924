// Tally entry: steppers change the number in place, the points switch shows its inputs at
// once, and each team's score preview follows every change. Without this script the
// same buttons and switch work by sending the form; the server is always the authority.
(function () {
  "use strict";

  var MINUS = "\u2212";
  var ALWAYS_SHOWN = ["melded_points", "left_points"];
  var WAIT_MS = 250;

  var form = document.querySelector("form.tally[data-preview-url]");
  if (!form) {
    return;
  }

  var summary = document.getElementById("error-summary");
  if (summary) {
    summary.focus();
  }

  var timer = null;
  var asked = 0;

  // As the pages' filters write points: thousands separated, a real minus sign.
  function points(value) {
    return value.toLocaleString("en-US").replace("-", MINUS);
  }

  function signedPoints(value) {
    return value > 0 ? "+" + points(value) : points(value);
  }

  function deduction(value) {
    return value ? MINUS + points(value) : "0";
  }

  function shown(element, visible) {
    if (element) {
      element.hidden = !visible;
    }
  }

  function step(button) {
    var value = button.value;
    var colon = value.lastIndexOf(":");
    var input = form.elements.namedItem(value.slice(0, colon));
    var change = parseInt(value.slice(colon + 1), 10);
    if (!input || isNaN(change)) {
      return false;
    }
    var now = parseInt(input.value, 10);
    input.value = String(Math.max(0, (isNaN(now) ? 0 : now) + change));
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
      var key = item.getAttribute("data-part");
      var value = score[key];
      item.querySelector("[data-preview]").textContent =
        key === "left_points" ? deduction(value) : signedPoints(value);
      item.hidden = !value && ALWAYS_SHOWN.indexOf(key) < 0;
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
      reason.textContent = problem ? problem.message : "";
      shown(box.querySelector(".preview-score"), Boolean(score));
      shown(box.querySelector(".preview-unscored"), !score);
      shown(box.querySelector(".preview-parts"), Boolean(score));
      shown(reason, !score && Boolean(problem));
    });
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

  function previewSoon() {
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, WAIT_MS);
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[name=step]");
    if (button && step(button)) {
      event.preventDefault();
      previewSoon();
    }
  });

  form.addEventListener("change", function (event) {
    if (event.target.matches("[data-points-switch]")) {
      showMode(event.target);
    }
    previewSoon();
  });

  form.addEventListener("input", previewSoon);
})();
