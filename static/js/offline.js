// On every page: start the service worker (sw.js), say when the connection is gone, and
// mark a game page the worker showed from this phone's copy with when it was fetched.
(function () {
  "use strict";

  var script = document.currentScript;
  var COUNT_PAGE = /^\/games\/[^/]+\/rounds\/\d+$/;

  function say(id, text, kind) {
    var note = document.getElementById(id) || document.createElement("p");
    var main = document.getElementById("main") || document.body;
    note.id = id;
    note.className = kind ? "flash " + kind : "flash";
    note.setAttribute("role", "status");
    note.textContent = text;
    if (!note.parentNode) {
      main.insertBefore(note, main.firstChild);
    }
  }

  function hhmm(time) {
    var at = new Date(Number(time));
    return ("0" + at.getHours()).slice(-2) + ":" + ("0" + at.getMinutes()).slice(-2);
  }

  var kept = document.documentElement.getAttribute("data-offline-kept");
  var counting = COUNT_PAGE.test(location.pathname);

  function offline() {
    if (counting) {
      say("offline-notice", "No connection — what you type is kept on this phone " +
        "and will save when the connection returns", "flash-error");
    } else if (!kept) {
      say("offline-notice", "No connection — what this page shows may be out of date",
        "flash-error");
    }
  }

  function online() {
    var note = document.getElementById("offline-notice");
    if (note) {
      note.remove();
    }
    if (kept) {
      var reload = document.createElement("a");
      reload.href = location.href;
      reload.textContent = "Reload for the latest";
      say("offline-mark", "Connection back — this copy is from " + hhmm(kept) + ". ", "");
      document.getElementById("offline-mark").appendChild(reload);
    }
  }

  if (kept) {
    say("offline-mark", "offline — last updated " + hhmm(kept), "flash-error");
  }
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  if (!navigator.onLine) {
    offline();
  }

  if ("serviceWorker" in navigator && script && script.getAttribute("data-worker")) {
    var shown = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(script.getAttribute("data-worker")).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // This page came before the worker: hand it the page and its files to keep.
      if (shown && registration.active) {
        var files = [].map.call(document.querySelectorAll("link[href], script[src]"),
          function (el) { return el.href || el.src; });
        registration.active.postMessage({ keep: [location.href].concat(files) });
      }
    }).catch(function () {});
  }
})();
