// The service worker (served at /sw.js, so it looks after every page). It keeps the static
// files and the last copy of each game page this phone opened, and shows that copy when the
// network is gone, marked with when it was fetched (offline.js shows the mark). Only GETs are
// answered here: a save always goes to the server, never into a queue.
"use strict";

var CACHE = "handfoot-1";
// The round screen, the scoreboard, the count page and the other pages of one game.
var GAME_PAGE = /^\/games\/(?!new$)[^/]+(\/(scoreboard|over|rules|join|rounds\/\d+))?$/;
var MOST_PAGES = 60;

function isStatic(url) {
  return url.pathname.indexOf("/static/") === 0;
}

function isKept(url) {
  return url.origin === location.origin && (isStatic(url) || GAME_PAGE.test(url.pathname));
}

// Keep a copy of a whole, fresh answer, stamped with when it came. A static file named by
// its content (?v=) replaces its older versions; the oldest game pages go past MOST_PAGES.
function keep(request, response) {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) {
    return Promise.resolve();
  }
  var url = new URL(request.url);
  var headers = new Headers(response.headers);
  headers.set("X-Kept-At", String(Date.now()));
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  // Looked up by address alone, whatever the page's request said.
  headers.delete("Vary");
  return response.blob().then(function (body) {
    return caches.open(CACHE).then(function (cache) {
      return cache.put(url.href, new Response(body, { status: 200, headers: headers }))
        .then(function () {
          return cache.keys();
        }).then(function (keys) {
          var pages = [];
          keys.forEach(function (key) {
            var old = new URL(key.url);
            if (isStatic(url) && old.pathname === url.pathname && old.href !== url.href) {
              cache.delete(key);
            } else if (!isStatic(old)) {
              pages.push(key);
            }
          });
          // Cache keys come oldest first: a page stored again moves to the end.
          pages.slice(0, Math.max(pages.length - MOST_PAGES, 0)).forEach(function (key) {
            cache.delete(key);
          });
        });
    });
  });
}

// A kept game page, its <html> marked with when it was fetched.
function keptPage(request) {
  return caches.match(request.url).then(function (kept) {
    if (!kept) {
      return Response.error();
    }
    return kept.text().then(function (html) {
      var mark = '<html data-offline-kept="' + kept.headers.get("X-Kept-At") + '"';
      return new Response(html.replace("<html", mark), { headers: kept.headers });
    });
  });
}

function fromNetwork(event) {
  return fetch(event.request).then(function (response) {
    event.waitUntil(keep(event.request, response.clone()));
    return response;
  });
}

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== CACHE;
    }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || !isKept(url)) {
    return;
  }
  if (isStatic(url) && url.searchParams.has("v")) {
    // Named by its content: the kept copy is this very file.
    event.respondWith(caches.match(url.href).then(function (kept) {
      return kept || fromNetwork(event);
    }));
  } else if (isStatic(url)) {
    event.respondWith(fromNetwork(event).catch(function () {
      return caches.match(url.href).then(function (kept) {
        return kept || Response.error();
      });
    }));
  } else {
    event.respondWith(fromNetwork(event).catch(function () {
      return keptPage(request);
    }));
  }
});

// A page shown before this worker looked after it sends its own address and files, to be
// kept as if they had come through here.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.map(function (address) {
    var url = new URL(address, location.href);
    if (!isKept(url)) {
      return null;
    }
    var request = new Request(url.href, { credentials: "same-origin" });
    return fetch(request).then(function (response) {
      return keep(request, response);
    }).catch(function () {});
  })));
});
