// The referee's entry page (issue 19): the tap-first pad and the entry kept until it is stored.
//
// The pad: tapping an expected directive's button (data-parts: what its registry form asks for, from
// referee.web.pad) shows the seats, the card pad, the suits or the points steppers it needs, composes
// the directive text as it would be typed ("declare E BJ", "kitty 4C 6D …", "points 35") and sends it
// through the entry form, as the typed field does. Three decks: a fourth copy of a card is refused.
//
// The keys: every game's pad (Game.pad) as keys, each typing its word into the field ("out" "2": "out 2").
//
// Every entry kept (issue 32): each form of the panel is sent with fetch through a queue on the phone
// (IndexedDB, each entry with a client id made here and the seq it was made after); until the server answers,
// the entries wait, their count shown, the first one as "offline — not yet stored", and they are sent again
// in order every few seconds, when the browser is back online, and when the page is opened again (the page
// itself kept by the service worker, /sw.js). The server answers a resend of an entry it stored with that
// entry (the client id), and refuses one the match moved past: shown as this phone's, with what stands there.
(function () {
  "use strict";
  var RETRY_MS = 2500;
  var pad = null;  // {keyword, parts, seat, main, take, target, suit, points}

  function $(id) { return document.getElementById(id); }
  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  // --- the pad ------------------------------------------------------------------------------------------
  function has(kind) { return pad && pad.parts.some(function (p) { return p.kind === kind; }); }
  function cardPart(list) { return pad.parts.filter(function (p) { return p.kind === "cards" && p.list === list; })[0]; }
  function compose() {
    if (!pad) { return ""; }
    var words = [pad.keyword];
    pad.parts.forEach(function (p, i) {
      if (p.kind === "seat" && pad.seat) { words.push(pad.seat); }
      else if (p.kind === "cards") { words = words.concat(pad[p.list]); }
      else if (p.kind === "word") {
        var next = pad.parts[i + 1];
        if (p.word === "take" || (next && next.kind === "suit" && pad.suit)) { words.push(p.word); }
      }
      else if (p.kind === "suit" && pad.suit) { words.push(pad.suit); }
      else if (p.kind === "number") { words.push(String(pad.points)); }
    });
    return words.join(" ");
  }
  function copies(code) {
    return pad.main.concat(pad.take).filter(function (c) { return c === code; }).length;
  }
  function label(code) { var b = $("pad-card-" + code); return b ? b.dataset.label : code; }
  function show() {
    var box = $("pad");
    if (!box || !pad) { return; }
    all(".pad-part", box).forEach(function (el) { el.hidden = !has(el.dataset.part); });
    var takes = box.querySelector(".targets");
    if (takes) { takes.hidden = !cardPart("take"); }
    all(".pad-target", box).forEach(function (b) { b.classList.toggle("on", b.dataset.target === pad.target); });
    all(".pad-seat", box).forEach(function (b) { b.classList.toggle("on", b.dataset.code === pad.seat); });
    all(".pad-suit", box).forEach(function (b) { b.classList.toggle("on", b.dataset.code === pad.suit); });
    all(".pad-card", box).forEach(function (b) {
      var n = copies(b.dataset.code);
      b.dataset.count = n ? String(n) : "";
      b.classList.toggle("on", n > 0);
    });
    var part = has("cards") ? cardPart(pad.target) || cardPart("main") : null;
    var chosen = pad.main.map(label).join(" ");
    if (pad.take.length) { chosen += " · " + pad.take.map(label).join(" "); }
    $("pad-chosen").textContent = chosen;
    $("pad-count").textContent = part && part.n ? pad[part.list].length + "/" + part.n : (pad[pad.target] || []).length || "";
    $("pad-points").textContent = String(pad.points);
    var text = compose();
    $("pad-text").textContent = text;
    $("pad-send").textContent = box.dataset.send.replace("__TEXT__", text);
  }
  function warn(text) {
    var w = $("pad-warning");
    if (!w) { return; }
    w.textContent = text || "";
    w.hidden = !text;
  }
  function open(button) {
    pad = {keyword: button.dataset.keyword, parts: JSON.parse(button.dataset.parts), seat: "", main: [], take: [],
           target: "main", suit: "", points: 0};
    var box = $("pad"), input = $("directive");
    if (input) { input.value = button.dataset.start; }  // typing stays possible: the field begins the directive
    if (pad.keyword === "tribute" && box.dataset.giver) { pad.seat = box.dataset.giver; }  // the seat that owes it
    box.hidden = false;
    warn("");
    show();
    box.scrollIntoView({block: "start"});
  }
  function tap(b) {
    var box = $("pad");
    if (b.classList.contains("pad-seat")) { pad.seat = b.dataset.code; }
    else if (b.classList.contains("pad-suit")) { pad.suit = pad.suit === b.dataset.code ? "" : b.dataset.code; }
    else if (b.classList.contains("pad-target")) { pad.target = b.dataset.target; }
    else if (b.classList.contains("pad-card")) {
      var code = b.dataset.code, part = cardPart(pad.target) || cardPart("main");
      if (copies(code) >= Number(box.dataset.copies)) {
        warn(box.dataset.fourth.replace("__CARD__", b.dataset.label));
        return;
      }
      if (part.n && pad[part.list].length >= part.n) { pad[part.list].shift(); }  // a fixed count: the oldest goes
      pad[part.list].push(code);
      warn("");
    }
    else if (b.id === "pad-back") { (pad[pad.target].length ? pad[pad.target] : pad.main).pop(); warn(""); }
    else if (b.id === "pad-clear") { pad.main = []; pad.take = []; pad.target = "main"; warn(""); }
    else if (b.classList.contains("pad-step")) { pad.points = Math.max(0, pad.points + Number(b.dataset.step)); }
    else if (b.classList.contains("pad-quick")) { pad.points = Number(b.dataset.value); }
    else if (b.id === "pad-send") {
      var input = $("directive"), form = $("entry-form");
      input.value = compose();
      form.requestSubmit($("record"));
      return;
    }
    show();
  }

  // --- the game's keys (referee.web.pad.keys_context): each types its word into the field ------------------
  function typed(b) {
    var input = $("directive");
    if (!input) { return; }
    var words = input.value.trim() ? input.value.trim().split(/\s+/) : [];
    if (b.id === "key-back") { words.pop(); }
    else if (words.length && /=$/.test(words[words.length - 1])) { words[words.length - 1] += b.dataset.text; }
    else { words.push(b.dataset.text); }
    input.value = words.join(" ") + (words.length && b.id !== "key-back" ? " " : "");
  }

  // --- every entry kept on the phone until stored (issue 32) ---------------------------------------------
  // Each form of the panel (a directive, undo, amend, void, a confirmation, a dispute, a ruling) is queued in
  // IndexedDB with a client id made here, then sent in order, one at a time, until the server answers: a
  // lost answer's resend is answered with the entry stored (the server knows its client id), never stored twice.
  // An entry queued behind another is made after it: its `after` is the seq the one before was answered with.
  var QUEUED = ["entry-form", "undo-form", "amend-form", "void-form", "remark-form", "rule-form"];
  var DB = "referee-offline", QUEUE = "queue", CACHE = "referee-app-1";  // CACHE: the worker's (sw.js)
  var timer = null, sending = false, queuedHere = false;
  function match() { var f = $("entry-form") || $("undo-form"); return f ? f.getAttribute("action").replace(/\/(undo|amend|void|remark)$/, "") : ""; }
  function opened() {
    return new Promise(function (done, failed) {
      var r = indexedDB.open(DB, 1);
      r.onupgradeneeded = function () {
        r.result.createObjectStore(QUEUE, {keyPath: "n", autoIncrement: true});
      };
      r.onsuccess = function () { done(r.result); };
      r.onerror = function () { failed(r.error); };
    });
  }
  function asked(req) {
    return new Promise(function (done, failed) { req.onsuccess = function () { done(req.result); }; req.onerror = function () { failed(req.error); }; });
  }
  function waiting(db) {  // this match's queued entries, oldest first
    return asked(db.transaction(QUEUE).objectStore(QUEUE).getAll()).then(function (items) {
      var m = match();
      return items.filter(function (i) { return i.match === m; }).sort(function (a, b) { return a.n - b.n; });
    });
  }
  function client() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }
  function field(fields, name) { return (fields.filter(function (kv) { return kv[0] === name; })[0] || [])[1]; }
  function setField(fields, name, value) {
    var kv = fields.filter(function (f) { return f[0] === name; })[0];
    if (kv) { kv[1] = value; } else { fields.push([name, value]); }
  }
  function count(n) {
    var el = $("pending");
    if (!el) { return; }
    el.dataset.count = String(n);
    el.textContent = n ? el.dataset.pending.replace("__N__", String(n)) : el.dataset.none;
    el.hidden = !n && !queuedHere;
  }
  function banner(text) {
    var el = $("offline");
    if (!el) { return; }
    el.textContent = text ? el.dataset.offline.replace("__TEXT__", text) : "";
    el.hidden = !text;
  }
  function swap(html) {
    var old = $("entry-panel");
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#entry-panel");
    if (!old || !fresh) { return null; }
    old.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
    return fresh;
  }
  function superseded(text) {
    var box = $("superseded-list");
    if (!box || !text) { return; }
    var li = document.createElement("li");
    li.textContent = text;
    box.querySelector("ul").appendChild(li);
    box.hidden = false;
  }
  function keep() {  // the queue sent: the worker's copy of this page brought up to date (opened offline next)
    if (!window.caches) { return; }
    var key = location.origin + location.pathname;
    fetch(location.pathname + location.search, {credentials: "same-origin"}).then(function (r) {
      if (r.ok) { return caches.open(CACHE).then(function (c) { return c.put(key, r); }); }
    }).catch(function () { /* offline again: the copy kept stays */ });
  }
  function later() { clearTimeout(timer); timer = setTimeout(kick, RETRY_MS); }
  function answered(db, item, panel) {  // the item leaves the queue; the next, made after it, follows its seq
    var header = panel && panel.querySelector("#match-header");
    var seq = header ? header.dataset.seq : null;
    var refused = panel ? !!panel.querySelector("#rejection") : true;
    return waiting(db).then(function (items) {
      var tx = db.transaction(QUEUE, "readwrite");
      tx.objectStore(QUEUE).delete(item.n);
      var next = items.filter(function (i) { return i.n > item.n; })[0];
      if (next && next.chained && !refused && seq !== null) {
        setField(next.fields, "after", seq);
        next.chained = false;
        tx.objectStore(QUEUE).put(next);
      }
      return new Promise(function (done) { tx.oncomplete = done; tx.onerror = done; });
    });
  }
  function kick() {
    if (sending || !match()) { return; }
    sending = true;
    clearTimeout(timer);
    var db = null, item = null;
    opened().then(function (d) { db = d; return waiting(db); }).then(function (items) {
      count(items.length);
      if (!items.length) { sending = false; if (queuedHere) { keep(); } return null; }
      item = items[0];
      var body = new URLSearchParams();
      item.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
      body.append("client", item.client);
      return fetch(item.url, {method: "POST", body: body, credentials: "same-origin",
                              headers: {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}})
        .then(function (r) {
          if (r.status >= 500) { throw new Error("server " + r.status); }  // busy: kept, sent again
          return r.text().then(function (html) { return {status: r.status, html: html}; });
        })
        .then(function (answer) {
          if (answer.status === 401 || answer.status === 403) {  // signed out: kept until signed in again
            sending = false;
            document.open(); document.write(answer.html); document.close();
            return null;
          }
          banner("");
          pad = null;
          var panel = swap(answer.html);
          if (panel && panel.querySelector("#superseded")) { superseded(panel.querySelector("#superseded").textContent); }
          return answered(db, item, panel).then(function () { sending = false; kick(); });
        }, function () {
          sending = false;
          banner(item.text);
          later();
        });
    }).catch(function () { sending = false; later(); });
  }
  function enqueue(url, fields, text, id) {
    queuedHere = true;
    return opened().then(function (db) {
      return waiting(db).then(function (items) {
        var item = {match: match(), url: url, fields: fields, text: text, client: id === undefined ? client() : id,
                    chained: items.length > 0};
        var last = items[items.length - 1];
        if (last) {  // made after the entry queued before it: its seq is known when that one is answered
          setField(fields, "after", String(Number(field(last.fields, "after") || 0) + 1));
        }
        return asked(db.transaction(QUEUE, "readwrite").objectStore(QUEUE).add(item)).then(function () {
          count(items.length + 1);
        });
      });
    });
  }
  function submitted(ev) {
    var form = ev.target;
    if (!form || QUEUED.indexOf(form.id) < 0) { return; }
    ev.preventDefault();
    ev.stopPropagation();  // htmx's own send of the form: the queue sends it
    var fields = [];
    new FormData(form, ev.submitter || undefined).forEach(function (v, k) { fields.push([k, String(v)]); });
    var text = field(fields, "pick") || field(fields, "directive") || "";
    if (form.id !== "entry-form") {
      var said = ev.submitter ? ev.submitter.textContent.trim() : "";
      text = [said, field(fields, "seq") ? "#" + field(fields, "seq") : "", field(fields, "hand") || "", text]
        .filter(function (w) { return w; }).join(" ");
    }
    enqueue(form.getAttribute("action"), fields, text).then(kick, function () {
      // no IndexedDB (a private window): sent at once, kept in memory only
      var body = new URLSearchParams();
      fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
      fetch(form.getAttribute("action"), {method: "POST", body: body, credentials: "same-origin",
                                          headers: {"HX-Request": "true"}}).then(function (r) { return r.text(); }).then(swap);
    });
  }
  function resume() { kick(); }
  // for the tests and the console: what waits, and an entry queued as the forms queue it
  window.refereeQueue = {
    add: function (url, fields, text, id) { return enqueue(url, fields, text, id).then(kick); },
    count: function () { return opened().then(waiting).then(function (items) { return items.length; }); }
  };

  document.addEventListener("submit", submitted, true);
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest ? ev.target.closest("button") : null;
    if (!b) { return; }
    if (b.classList.contains("pad-open")) { ev.stopPropagation(); open(b); return; }
    if (b.classList.contains("amend-this")) {
      var details = $("amend-form") && $("amend-form").closest("details");
      if (details) { details.open = true; }
      $("amend-seq").value = b.dataset.seq;
      $("amend-directive").focus();
      return;
    }
    if (b.classList.contains("pad-key") || b.id === "key-back") { typed(b); return; }
    if (b.id === "key-send") { $("entry-form").requestSubmit($("record")); return; }
    if (pad && b.closest("#pad")) { tap(b); }
  }, true);
  window.addEventListener("online", resume);
  document.addEventListener("DOMContentLoaded", resume);
})();
