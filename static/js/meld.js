// Meld calculator: a tapped card, New meld, Undo or Show fetches the next state and swaps the
// page's main part in place, the card pad kept where it was on the screen (under the thumb)
// and focus on the same button. Without scripts, or if the fetch fails, the form submits.
(function () {
  "use strict";

  var queue = Promise.resolve();

  function pad() {
    return document.querySelector(".card-pad");
  }

  function swap(html, address, by) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.querySelector("main");
    var before = pad() ? pad().getBoundingClientRect().top : 0;
    if (!fresh) {
      throw new Error("no page");
    }
    document.querySelector("main").replaceWith(document.importNode(fresh, true));
    document.title = doc.title;
    history.replaceState(null, "", address);
    if (pad()) {
      window.scrollBy(0, pad().getBoundingClientRect().top - before);
    }
    if (by && by.name) {
      var same = document.querySelector("form.calc button[name='" + by.name + "'][value='" +
                                        by.value + "']");
      if (same) {
        same.focus({ preventScroll: true });
      }
    }
  }

  // Taps made while a state is on its way wait their turn, then apply to the state shown.
  function send(by) {
    var form = document.querySelector("form.calc");
    var data = new FormData(form);
    if (by.name) {
      data.append(by.name, by.value);
    }
    var url = new URL(form.getAttribute("action"), location.href);
    url.search = new URLSearchParams(data).toString();
    return fetch(url.href, { headers: { Accept: "text/html" } }).then(function (answer) {
      return answer.text().then(function (html) {
        swap(html, answer.url, by);
      });
    }).catch(function () {
      location.assign(url.href);
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form.calc") || !window.fetch || !window.URLSearchParams) {
      return;
    }
    event.preventDefault();
    var by = event.submitter || {};
    var tap = { name: by.name || "", value: by.value || "" };
    queue = queue.then(function () {
      return send(tap);
    });
  });
})();
