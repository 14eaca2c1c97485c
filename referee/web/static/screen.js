// The projector view: the standings shown a page at a time, turned every data-seconds seconds; the page
// shown is kept when live.js puts fresh standings in (a MutationObserver shows the same page again).
(function () {
  "use strict";
  var page = 0;
  function apply(root) {
    var box = root.querySelector("#screen-standings");
    if (!box) { return; }
    var pages = Number(box.dataset.pages) || 1;
    if (page >= pages) { page = 0; }
    Array.prototype.forEach.call(box.querySelectorAll("tr[data-page]"), function (tr) {
      tr.hidden = Number(tr.dataset.page) !== page;
    });
    var label = root.querySelector("#screen-page");
    if (label) { label.textContent = label.dataset.words.replace("__PAGE__", String(page + 1)); }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var root = document.getElementById("screen-live");
    if (!root) { return; }
    var seconds = Number(root.dataset.seconds) || 10;
    apply(root);
    new MutationObserver(function (changes) {
      if (changes.some(function (c) { return c.target === root; })) { apply(root); }
    }).observe(root, {childList: true});
    setInterval(function () { page += 1; apply(root); }, seconds * 1000);
  });
})();
