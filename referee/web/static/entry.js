// The referee's entry page (issue 19): the tap-first pad and the entry kept until it is stored.
//
// The pad: tapping an expected directive's button (data-parts: what its registry form asks for, from
// referee.web.pad) shows the seats, the card pad, the suits or the points steppers it needs, composes
// the directive text as it would be typed ("declare E BJ", "kitty 4C 6D …", "points 35") and sends it
// through the entry form, as the typed field does. Three decks: a fourth copy of a card is refused.
//
// The keys: every game's pad (Game.pad) as keys, each typing its word into the field ("out" "2": "out 2").
//
// The entry kept: the entry form is sent with fetch; until the server answers, what was sent is kept
// (localStorage, with the seq the form was built on) and shown as "offline — not yet stored", and it is
// sent again every few seconds, when the browser is back online, and when the page is opened again. The
// write path refuses an entry made after a seq the match has moved past, so a resend is never stored twice.
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

  // --- the entry kept until stored ---------------------------------------------------------------------
  function key(form) { return "referee-pending:" + form.getAttribute("action"); }
  function banner(text) {
    var el = $("offline");
    if (!el) { return; }
    el.textContent = text ? el.dataset.offline.replace("__TEXT__", text) : "";
    el.hidden = !text;
  }
  var timer = null, sending = false;
  function swap(html) {
    var old = $("entry-panel");
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#entry-panel");
    if (!old || !fresh) { return; }
    old.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
  }
  function send(pending) {
    if (sending) { return; }
    sending = true;
    clearTimeout(timer);
    var body = new URLSearchParams();
    pending.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
    fetch(pending.url, {method: "POST", body: body, credentials: "same-origin",
                        headers: {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}})
      .then(function (r) {
        if (r.status >= 500) { throw new Error("server " + r.status); }  // busy: kept, sent again
        return r.text().then(function (html) { return {ok: r.ok, html: html}; });
      })
      .then(function (answer) {
        localStorage.removeItem(pending.key);
        banner("");
        pad = null;
        if (answer.ok) { swap(answer.html); }
        else { document.open(); document.write(answer.html); document.close(); }  // signed out, refused: its page
      })
      .catch(function () {
        banner(pending.text);
        timer = setTimeout(function () { send(pending); }, RETRY_MS);
      })
      .finally(function () { sending = false; });
  }
  function submitted(ev) {
    var form = ev.target;
    if (!form || form.id !== "entry-form") { return; }
    ev.preventDefault();
    var fields = [];
    new FormData(form, ev.submitter || undefined).forEach(function (v, k) { fields.push([k, String(v)]); });
    var text = fields.filter(function (kv) { return kv[0] === "pick"; }).map(function (kv) { return kv[1]; })[0]
      || fields.filter(function (kv) { return kv[0] === "directive"; }).map(function (kv) { return kv[1]; })[0] || "";
    var pending = {key: key(form), url: form.getAttribute("action"), fields: fields, text: text};
    try { localStorage.setItem(pending.key, JSON.stringify(pending)); } catch (e) { /* private mode: kept in memory */ }
    send(pending);
  }
  function resume() {
    var form = $("entry-form");
    if (!form) { return; }
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(key(form)) || "null"); } catch (e) { kept = null; }
    if (kept) { banner(kept.text); send(kept); }
  }

  document.addEventListener("submit", submitted);
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
