// The board (web/club_nights/board.py) fetches itself again every few seconds at its next tick and
// swaps in the new board; if the server cannot be reached it keeps the last one and tries
// again at the next tick, where a refresh would leave the browser's error page on the wall.
(() => {
  let board = document.getElementById("board"), busy = false;
  setInterval(() => {
    // One fetch at a time: a slow answer must not land after the next one.
    if (busy) return;
    busy = true;
    fetch(board.dataset.next, { cache: "no-store" })
      .then(res => res.ok ? res.text() : Promise.reject(res.status))
      .then(html => {
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board");
        if (fresh) board.replaceWith(board = document.importNode(fresh, true));
      })
      .catch(() => {})
      .then(() => busy = false);
  }, board.dataset.seconds * 1000);
})();
