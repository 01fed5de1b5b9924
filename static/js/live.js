// Every 2 s ask if the game's version moved (ETag; 304 if not); if so, fetch the page and
// swap in its [data-live] parts, never a touched data-live="keep" one (a notice says what
// changed). Forms marked data-retry save by fetch: a save that cannot reach the server
// keeps everything on the page and says so (its data-retry text, or RETRY).
(function () {
  "use strict";

  var RETRY = "Not saved: the scorekeeper could not be reached. Tap again once you are back online.";
  var touched = {};
  var served = {};
  var busy = false;
  var resend = null;

  function box() {
    return document.getElementById("live");
  }

  function controls(root) {
    return [].slice.call(root.querySelectorAll("a[href],button,input,select,textarea"));
  }

  function notice(text) {
    var note = document.getElementById("live-notice");
    var reload = document.createElement("a");
    reload.href = location.href;
    reload.textContent = "Reload to see it";
    note.textContent = text + " ";
    note.appendChild(reload);
    note.hidden = false;
  }

  // Keep focus on the control at the same place in the new part.
  function swap(old, fresh) {
    var at = controls(old).indexOf(document.activeElement);
    served[old.id] = fresh.outerHTML;
    fresh = document.importNode(fresh, true);
    old.replaceWith(fresh);
    if (at >= 0 && controls(fresh)[at]) {
      controls(fresh)[at].focus({ preventScroll: true });
    }
  }

  function refresh(html, version) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var now = box();
    var next = doc.getElementById("live");
    now.setAttribute("data-live-version", version);
    if (!next || next.getAttribute("data-live-page") !== now.getAttribute("data-live-page")) {
      if (Object.keys(touched).length) {
        notice(now.getAttribute("data-live-changed"));
      } else {
        location.reload();
      }
      return;
    }
    document.querySelectorAll("[data-live][id]").forEach(function (old) {
      var fresh = doc.getElementById(old.id);
      if (!fresh || fresh.outerHTML === served[old.id]) {
        return;
      }
      if (touched[old.id]) {
        served[old.id] = fresh.outerHTML;
        notice(old.getAttribute("data-live-label") + " was changed on another phone.");
      } else {
        swap(old, fresh);
      }
    });
  }

  function poll() {
    var now = box();
    if (!now || busy || document.hidden) {
      return;
    }
    busy = true;
    var version;
    fetch(now.getAttribute("data-live-url"), {
      cache: "no-store",
      headers: { "If-None-Match": "\"" + now.getAttribute("data-live-version") + "\"" }
    }).then(function (answer) {
      version = (answer.headers.get("ETag") || "").replace(/\W/g, "");
      return answer.status === 200 && fetch(location.href, {
        cache: "no-store", headers: { "X-Background": "live" }
      });
    }).then(function (page) {
      return page && page.ok && page.text().then(function (html) {
        refresh(html, version);
      });
    }).catch(function () {}).then(function () {
      busy = false;
    });
  }

  function mark(event) {
    var part = event.target.closest("[data-live=keep]");
    if (part && (event.type !== "click" || event.target.closest("button"))) {
      touched[part.id] = true;
    }
  }

  // To another page, or this one reloaded (at the part saved).
  function go(to) {
    var url = new URL(to, location.href);
    if (url.pathname + url.search === location.pathname + location.search) {
      history.replaceState(null, "", url.href);
      location.reload();
    } else {
      location.assign(url.href);
    }
  }

  function failed(form, by) {
    var note = document.getElementById("save-failed") || document.createElement("p");
    var place = by && by.parentNode !== form ? by.parentNode : form;
    note.id = "save-failed";
    note.className = "flash flash-error";
    note.setAttribute("role", "alert");
    note.textContent = form.getAttribute("data-retry") || RETRY;
    place.parentNode.insertBefore(note, place);
  }

  // A saved save answers X-Location, one that failed 5xx; any other answer (the form again
  // with what to fix, nothing saved) is asked for again as a normal submission.
  function send(event) {
    var form = event.target;
    var by = event.submitter;
    if (form === resend || !form.hasAttribute("data-retry") || !form.requestSubmit) {
      return;
    }
    event.preventDefault();
    if (form.getAttribute("aria-busy")) {
      return;
    }
    var data = new FormData(form);
    if (by && by.name) {
      data.append(by.name, by.value);
    }
    form.setAttribute("aria-busy", "true");
    fetch(form.action, { method: "POST", body: data, headers: { "X-Save": "fetch" } })
      .then(function (answer) {
        if (answer.status >= 500) {
          throw answer;
        }
        if (answer.headers.get("X-Location")) {
          go(answer.headers.get("X-Location"));
        } else {
          resend = form;
          form.requestSubmit(by);
        }
      }).catch(function () {
        failed(form, by);
      }).then(function () {
        form.removeAttribute("aria-busy");
      });
  }

  // A page shown again after a save holds what the user typed.
  document.querySelectorAll("[data-live][id]").forEach(function (part) {
    served[part.id] = part.outerHTML;
    if (box().hasAttribute("data-live-typed") && part.getAttribute("data-live") === "keep") {
      touched[part.id] = true;
    }
  });
  document.addEventListener("input", mark);
  document.addEventListener("change", mark);
  document.addEventListener("click", mark);
  document.addEventListener("submit", send);
  document.addEventListener("visibilitychange", poll);
  window.setInterval(poll, 2000);
})();
