// Every second ask if the game's version moved (HEAD; ETag; 304 if not); if so, fetch the
// page and swap in its [data-live] parts, never a touched data-live="keep" one (a notice says what
// changed). Forms marked data-retry save by fetch: a save that cannot reach the server
// keeps everything on the page and says so (its data-retry text, or a general one). The
// words are the page's, in its language (data- attributes on <html>, templates/base.html).
// While a game is played, its pages keep the phone's screen on (at the end).
(() => {
  const touched = {}, served = {}, box = document.getElementById("live"),
    words = document.documentElement.dataset,
    parts = () => document.querySelectorAll("[data-live][id]"),
    controls = root => [...root.querySelectorAll("a[href],button,input,select,textarea")];
  // leaving: a save by fetch is under way, or this page is being left (a form sent the
  // browser's way, Undo's say, a link followed); no poll may then reload it, which would cut
  // off the page the browser goes on to.
  let busy, resend, leaving;
  addEventListener("beforeunload", () => leaving = true);
  addEventListener("pageshow", () => leaving = false);

  // A page a save went on to (static/js/tally.js marks the moment and the page it left)
  // takes no tap until a second has passed since Save was tapped: a second tap on that Save
  // (people tap twice 400-600 ms apart) must not land on one of its controls. The count page
  // shown again (what to fix) is no other page. "settling" (app.css) lets no pointer through
  // and a note says why, so a tap meanwhile is never lost in silence.
  const [at, from] = (sessionStorage.getItem("saved-at") || "0 ").split(" "),
    settle = location.pathname.startsWith(from) ? 0 : +at + 1000 - Date.now(),
    page = document.documentElement;
  sessionStorage.removeItem("saved-at");
  if (settle > 0) {
    const note = Object.assign(document.createElement("p"), {
      className: "settling-note", role: "status", textContent: words.settling
    });
    page.classList.add("settling");
    document.body.append(note);
    setTimeout(() => {
      page.classList.remove("settling");
      note.remove();
    }, settle);
  }

  function notice(text) {
    const note = document.getElementById("live-notice");
    note.replaceChildren(text + " ", Object.assign(document.createElement("a"), {
      href: location.href, textContent: words.reload
    }));
    note.hidden = false;
  }

  function refresh(html, version) {
    if (leaving) return;
    const doc = new DOMParser().parseFromString(html, "text/html"),
      next = doc.getElementById("live");
    box.dataset.liveVersion = version;
    if (next?.dataset.livePage !== box.dataset.livePage) {
      if (Object.keys(touched).length) notice(box.dataset.liveChanged);
      else location.reload();
      return;
    }
    for (const old of parts()) {
      let fresh = doc.getElementById(old.id);
      const html = fresh?.outerHTML;
      if (!fresh || html === served[old.id]) continue;
      served[old.id] = html;
      if (touched[old.id]) notice(words.changed.replace("@", old.dataset.liveLabel));
      else {
        // Focus stays on the control at the same place in the new part.
        const at = controls(old).indexOf(document.activeElement);
        old.replaceWith(fresh = document.importNode(fresh, true));
        controls(fresh)[at]?.focus({ preventScroll: true });
      }
    }
  }

  function poll() {
    if (busy || leaving || document.hidden) return;
    busy = true;
    let version;
    fetch(box.dataset.liveUrl, {
      method: "HEAD", cache: "no-store", headers: { "If-None-Match": `"${box.dataset.liveVersion}"` }
    }).then(res => {
      // The version is the ETag's number, whatever the server adds for gzip ("3:gzip").
      version = (res.headers.get("ETag") || "").match(/\d+/)?.[0];
      return res.status === 200 && fetch(location.href, {
        cache: "no-store", headers: { "X-Background": "live" }
      });
    }).then(page => page?.ok && page.text().then(html => refresh(html, version)))
      .catch(() => {}).then(() => busy = false);
  }

  function mark(e) {
    const part = e.target.closest("[data-live=keep]");
    if (part && (e.type !== "click" || e.target.closest("button"))) touched[part.id] = true;
  }

  // To another page, or this one reloaded (at the part saved).
  function go(to) {
    const url = new URL(to, location.href).href;
    if (url.split("#")[0] === location.href.split("#")[0]) {
      history.replaceState(null, "", url);
      location.reload();
    } else location.assign(url);
  }

  function failed(form, by) {
    (by && by.parentNode !== form ? by.parentNode : form).before(Object.assign(
      document.getElementById("save-failed") || document.createElement("p"),
      { id: "save-failed", className: "flash flash-error", role: "alert",
        textContent: form.dataset.retry || words.notSaved }));
  }

  // A saved save answers X-Location, one that failed 5xx; any other answer (the form again
  // with what to fix, nothing saved) is asked for again as a normal submission.
  function send(e) {
    const form = e.target, by = e.submitter, data = new FormData(form);
    if (form === resend || !("retry" in form.dataset) || !form.requestSubmit) return;
    e.preventDefault();
    if (form.ariaBusy) return;
    if (by?.name) data.append(by.name, by.value);
    form.ariaBusy = "true";
    leaving = true;
    // A button may post elsewhere than its form (formaction), as the browser would.
    fetch(by?.getAttribute("formaction") || form.action,
      { method: "POST", body: data, headers: { "X-Save": "fetch" } })
      .then(res => {
        const to = res.headers.get("X-Location");
        if (res.status >= 500) throw res;
        if (to) go(to);
        else {
          leaving = false;
          resend = form;
          form.requestSubmit(by);
        }
      }).catch(() => {
        leaving = false;
        failed(form, by);
      }).then(() => form.ariaBusy = null);
  }

  if (!box) return;
  // A page shown again after a save holds what the user typed.
  for (const part of parts()) {
    served[part.id] = part.outerHTML;
    if (part.dataset.live === "keep" && "liveTyped" in box.dataset) touched[part.id] = true;
  }
  const handlers = { input: mark, change: mark, click: mark, submit: send, visibilitychange: poll };
  for (const type in handlers) document.addEventListener(type, handlers[type]);
  setInterval(poll, 1000);

  // While the game is played (data-awake), the screen of a phone lying on the table stays on
  // (the Screen Wake Lock API); the browser lets the lock go when the page is hidden, so it
  // is asked for again each time the page shows. Where the browser has none, nothing happens.
  let lock;
  function wake() {
    if (!navigator.wakeLock || lock || document.visibilityState !== "visible") return;
    lock = navigator.wakeLock.request("screen").then(held => {
      held.addEventListener("release", () => lock = null);
      return held;
    }).catch(() => lock = null);
  }
  if ("awake" in box.dataset) {
    document.addEventListener("visibilitychange", wake);
    wake();
  }
})();
