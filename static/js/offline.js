// On every page: start the service worker (sw.js), say when the connection is gone, and
// mark a game page the worker showed from this phone's copy with when it was fetched. The
// words are the page's (data- attributes on <html>, in its language), else these English ones;
// the count page's (what becomes of what is typed) are always the page's.
(() => {
  const script = document.currentScript, worker = navigator.serviceWorker,
    html = document.documentElement.dataset, kept = html.offlineKept,
    byId = id => document.getElementById(id);

  function say(id, text, kind) {
    let note = byId(id);
    if (!note) (byId("main") || document.body).prepend(note = document.createElement("p"));
    return Object.assign(note, { id, className: "flash " + kind, role: "status", textContent: text });
  }

  // The words with the time of day the copy was kept, as 14:05, in place of their "@".
  const at = words => words.replace("@", new Date(+kept).toTimeString().slice(0, 5));

  function offline() {
    const typed = html.offlineTyped;
    if (typed || !kept) {
      say("offline-notice", typed || html.offline ||
        "No connection — what this page shows may be out of date", "flash-error");
    }
  }

  function online() {
    byId("offline-notice")?.remove();
    if (kept) {
      say("offline-mark", at(html.back || "Connection back — this copy is from @.") + " ", "")
        .append(Object.assign(document.createElement("a"), {
          href: location.href, textContent: html.latest || "Reload for the latest"
        }));
    }
  }

  if (kept) say("offline-mark", at(html.offlineMark || "offline — last updated @"), "flash-error");
  onoffline = offline;
  ononline = online;
  if (!navigator.onLine) offline();

  if (worker && script?.dataset.worker) {
    const shown = !worker.controller;
    worker.register(script.dataset.worker).then(() => worker.ready).then(({ active }) => {
      // This page came before the worker: hand it the page and its files to keep.
      if (shown && active) {
        const files = [...document.querySelectorAll("link[href],script[src]")];
        active.postMessage({ keep: [location.href, ...files.map(file => file.href || file.src)] });
      }
    }).catch(() => {});
  }
})();
