// The referee's pages as an installable app (issue 32): register the service worker (/sw.js), which keeps the
// pages and the static files so that a table's page opens with no network once visited.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () { /* no worker: online only */ });
  }
})();
