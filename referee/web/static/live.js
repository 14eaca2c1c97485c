// Live parts of a page: an element with data-live (the URL of its fresh HTML) and data-stream (the
// URL of its server-sent events) is refetched whenever the stream says something changed; the open
// explanations stay open. The "start" buttons of the entry form begin a directive in its text field.
(function () {
  function follow(el) {
    var busy = false, again = false;
    function refresh() {
      if (busy) { again = true; return; }
      busy = true;
      fetch(el.dataset.live, {headers: {"HX-Request": "true"}, credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null) {
            var open = Array.prototype.map.call(el.querySelectorAll("details[open]"), function (d) { return d.id; });
            el.innerHTML = html;
            open.forEach(function (id) { var d = id && document.getElementById(id); if (d) { d.open = true; } });
          }
        })
        .finally(function () { busy = false; if (again) { again = false; refresh(); } });
    }
    // The stream is closed when the page is left (it may be kept in the back/forward cache, where an
    // open stream would hold one of the browser's few connections to the server) and opened again,
    // with a refresh, when the page is shown from that cache.
    var source = null;
    function open() { if (!source) { source = new EventSource(el.dataset.stream); source.onmessage = refresh; } }
    function close() { if (source) { source.close(); source = null; } }
    open();
    window.addEventListener("pagehide", close);
    window.addEventListener("pageshow", function (ev) { if (ev.persisted) { open(); refresh(); } });
  }
  function starts(root) {
    root.addEventListener("click", function (ev) {
      var b = ev.target.closest ? ev.target.closest("button.start") : null;
      if (!b) { return; }
      var input = document.getElementById("directive");
      if (input) { input.value = b.dataset.start; input.focus(); }
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-live][data-stream]").forEach(follow);
    starts(document);
  });
})();
