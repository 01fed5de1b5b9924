// Keeps the screen of a phone lying on the table on while a game's page is open (the Screen
// Wake Lock API); the browser lets the lock go when the page is hidden, so it is asked for
// again each time the page shows. Where the browser has no wake lock, nothing happens.
(() => {
  const wake = navigator.wakeLock;
  let lock;
  function ask() {
    if (!wake || lock || document.visibilityState !== "visible") return;
    lock = wake.request("screen").then(held => {
      held.addEventListener("release", () => lock = null);
      return held;
    }).catch(() => lock = null);
  }
  document.addEventListener("visibilitychange", ask);
  ask();
})();
