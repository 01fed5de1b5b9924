// Meld calculator: a tapped card, New meld, Undo or Show fetches the next state and swaps the
// page's main part in place, the card pad kept where it was on the screen (under the thumb)
// and focus on the same button. Without scripts, or if the fetch fails, the form submits.
(() => {
  let queue = Promise.resolve();
  const padTop = () => document.querySelector(".card-pad")?.getBoundingClientRect().top;

  function swap(html, address, by) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const fresh = doc.querySelector("main"), before = padTop();
    document.querySelector("main").replaceWith(document.importNode(fresh, true));
    document.title = doc.title;
    history.replaceState(null, "", address);
    if (before !== undefined) scrollBy(0, padTop() - before);
    if (by.name) {
      document.querySelector(`form.calc button[name='${by.name}'][value='${by.value}']`)
        ?.focus({ preventScroll: true });
    }
  }

  // Taps made while a state is on its way wait their turn, then apply to the state shown.
  // An answer that is not a page (no <main>) fails the swap, and the browser goes to it.
  function send(by) {
    const form = document.querySelector("form.calc"), data = new FormData(form);
    if (by.name) data.append(by.name, by.value);
    const url = new URL(form.getAttribute("action"), location.href);
    url.search = new URLSearchParams(data);
    return fetch(url, { headers: { Accept: "text/html" } })
      .then(res => res.text().then(html => swap(html, res.url, by)))
      .catch(() => location.assign(url));
  }

  document.addEventListener("submit", e => {
    if (!e.target.matches("form.calc")) return;
    e.preventDefault();
    const { name = "", value = "" } = e.submitter || {};
    queue = queue.then(() => send({ name, value }));
  });
})();
