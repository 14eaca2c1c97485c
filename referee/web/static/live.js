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
    var source = new EventSource(el.dataset.stream);
    source.onmessage = refresh;
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
