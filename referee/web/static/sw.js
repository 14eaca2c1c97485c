// The venue server's service worker (issue 32): the referee's pages open with no network once visited.
//
// Served at /sw.js (referee.web.offline) so that its scope is the whole site. It keeps, in one cache:
// - the static files (site.css, htmx, live.js, entry.js, app.js, the icons): answered from the cache at once and
//   refreshed from the network behind it (stale-while-revalidate);
// - the referee's pages (/referee, /referee/matches/...): network first, the cache when the network fails, so
//   that a table's page reloaded in a hall without Wi-Fi still opens, its entries queued on the phone
//   (entry.js, IndexedDB) until the server answers.
// Nothing else is kept: the public pages, the JSON API and the live streams go to the network as before, and
// every POST (the entries, sent by entry.js) is never touched. Signing out empties the cache.
"use strict";
var CACHE = "referee-app-1";
var SHELL = ["/static/site.css", "/static/htmx.min.js", "/static/live.js", "/static/entry.js", "/static/app.js",
             "/static/icon-192.png", "/static/icon-512.png"];

self.addEventListener("install", function (ev) {
  ev.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function kept(path) { return path === "/referee" || path.indexOf("/referee/matches/") === 0; }

self.addEventListener("fetch", function (ev) {
  var req = ev.request, url = new URL(req.url);
  if (url.origin !== self.location.origin) { return; }
  if (req.method === "POST" && url.pathname === "/referee/logout") { caches.delete(CACHE); return; }
  if (req.method !== "GET") { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    ev.respondWith(caches.open(CACHE).then(function (c) {
      return c.match(req).then(function (hit) {
        var fresh = fetch(req).then(function (r) { if (r.ok) { c.put(req, r.clone()); } return r; });
        if (hit) { fresh.catch(function () {}); return hit; }
        return fresh;
      });
    }));
    return;
  }
  if (kept(url.pathname) && req.mode === "navigate") {
    // one copy per page (the language asked for aside): the page as last answered
    var key = url.origin + url.pathname;
    ev.respondWith(fetch(req).then(function (r) {
      if (r.ok) { var copy = r.clone(); caches.open(CACHE).then(function (c) { c.put(key, copy); }); }
      return r;
    }).catch(function () {
      return caches.open(CACHE).then(function (c) {
        return c.match(key).then(function (hit) { return hit || c.match(url.origin + "/referee"); });
      }).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
