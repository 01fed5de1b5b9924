// On every page: start the service worker (sw.js), say when the connection is gone, and
// mark a game page the worker showed from this phone's copy with when it was fetched.
(() => {
  const script = document.currentScript, worker = navigator.serviceWorker;
  const kept = document.documentElement.dataset.offlineKept;
  const counting = /^\/games\/[^/]+\/rounds\/\d+$/.test(location.pathname);
  const byId = id => document.getElementById(id);

  function say(id, text, kind) {
    let note = byId(id);
    if (!note) {
      note = document.createElement("p");
      (byId("main") || document.body).prepend(note);
    }
    return Object.assign(note, { id, className: "flash " + kind, role: "status", textContent: text });
  }

  // The time of day a copy was kept, as 14:05.
  const hhmm = time => new Date(+time).toTimeString().slice(0, 5);

  function offline() {
    if (counting || !kept) {
      say("offline-notice", "No connection — " + (counting
        ? "what you type is kept on this phone and will save when the connection returns"
        : "what this page shows may be out of date"), "flash-error");
    }
  }

  function online() {
    byId("offline-notice")?.remove();
    if (kept) {
      say("offline-mark", `Connection back — this copy is from ${hhmm(kept)}. `, "").append(
        Object.assign(document.createElement("a"), {
          href: location.href, textContent: "Reload for the latest"
        }));
    }
  }

  if (kept) say("offline-mark", "offline — last updated " + hhmm(kept), "flash-error");
  onoffline = offline;
  ononline = online;
  if (!navigator.onLine) offline();

  if (worker && script?.dataset.worker) {
    const shown = !worker.controller;
    worker.register(script.dataset.worker).then(() => worker.ready).then(({ active }) => {
      // This page came before the worker: hand it the page and its files to keep.
      if (shown && active) {
        const files = [...document.querySelectorAll("link[href], script[src]")];
        active.postMessage({ keep: [location.href, ...files.map(file => file.href || file.src)] });
      }
    }).catch(() => {});
  }
})();
