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

// A word the page carries on its <html> (templates/base.html writes the words of this
// worker's page there, in the page's language, when it is not English), else its English.
// The value is escaped already, as HTML text needs it.
function wordOf(tag, name, english) {
  var found = tag.match(new RegExp("\\sdata-" + name + '="([^"]*)"'));
  return found ? found[1] : english;
}

// In place of the browser's error page: say so, and link the game pages this phone keeps. Its
// words are those of the game page kept last, in the language that page was shown in.
function noCopy() {
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (keys) {
      var css = keys.filter(function (key) {
        return new URL(key.url).pathname === "/static/css/app.css";
      })[0];
      var pages = keys.filter(function (key) {
        return !isStatic(new URL(key.url));
      }).reverse().slice(0, 12);
      return Promise.all(pages.map(function (key) {
        return cache.match(key).then(function (kept) {
          var at = new Date(Number(kept.headers.get("X-Kept-At"))).toTimeString().slice(0, 5);
          return kept.text().then(function (html) {
            // The title as the page wrote it (escaped already): its own, and the site's name.
            var title = ((html.match(/<title>([^<]*)<\/title>/) || [])[1] || key.url)
              .split(" · ");
            return { tag: (html.match(/<html[^>]*>/) || [""])[0], at: at,
              site: title.length > 1 && title[title.length - 1],
              link: '<li><a class="link-tap" href="' + key.url + '">' + title[0] + "</a> " };
          });
        });
      })).then(function (shown) {
        var tag = shown.length ? shown[0].tag : "";
        var site = (shown.length && shown[0].site) || "Hand and Foot Scorekeeper";
        var lang = (wordOf(tag, "no-copy", "") && (tag.match(/ lang="([^"]*)"/) || [])[1]) || "en";
        var said = wordOf(tag, "no-copy", "No connection");
        var links = shown.map(function (page) {
          return page.link + wordOf(tag, "as-at", "(as at @)").replace("@", page.at) + "</li>";
        });
        var html = '<!doctype html><html lang="' + lang + '"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          "<title>" + said + " · " + site + "</title>" +
          (css ? '<link rel="stylesheet" href="' + css.url + '">' : "") +
          '</head><body><main class="page" id="main"><h1>' + said + "</h1>" +
          "<p>" + wordOf(tag, "no-copy-text", "This phone has no copy of this page. It opens " +
            "again when the connection returns.") + "</p>" + (links.length ? "<h2>" +
          wordOf(tag, "kept-pages", "Game pages kept on this phone") + "</h2>" +
          '<ul class="game-list">' + links.join("") + "</ul>" : "") + "</main></body></html>";
        return new Response(html, { headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": "default-src 'self'"
        } });
      });
    });
  });
}

// A kept game page, its <html> marked with when it was fetched.
function keptPage(request) {
  return caches.match(request.url).then(function (kept) {
    if (!kept) {
      return request.mode === "navigate" ? noCopy() : Response.error();
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
  if (request.method !== "GET" || url.origin !== location.origin) {
    return;
  }
  if (!isKept(url)) {
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(noCopy));
    }
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
    // Marked as a background fetch: the page's messages stay for the page the user sees.
    var request = new Request(url.href, {
      credentials: "same-origin", headers: { "X-Background": "keep" }
    });
    return fetch(request).then(function (response) {
      return keep(request, response);
    }).catch(function () {});
  })));
});
