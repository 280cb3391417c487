// search.js — inlined into jvmti.html by {{>search.js}}; no libraries, works
// from file://.  Filters the index jvmtigen embeds (#jt-index: [name, kind,
// anchor, detail] rows for functions, events, types, capabilities, errors)
// as you type; "/" focuses the box, arrows move, Enter opens.  Also shows or
// hides the spec's open issues.
(function () {
  "use strict";
  var input = document.getElementById("jt-search");
  var list = document.getElementById("jt-results");
  var count = document.getElementById("jt-search-count");
  var indexEl = document.getElementById("jt-index");
  if (!input || !list || !indexEl) return;
  var rows = JSON.parse(indexEl.textContent);
  var hay = rows.map(function (r) { return (r[0] + " " + r[3] + " " + r[1]).toLowerCase(); });
  var LIMIT = 60;
  var active = -1;

  function score(row, h, terms) {
    var name = row[0].toLowerCase(), s = 0;
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i], at = h.indexOf(t);
      if (at < 0) return -1;
      if (name === t) s += 100;
      else if (name.indexOf(t) === 0) s += 50;
      else if (name.indexOf(t) >= 0) s += 20;
      else s += 5;
    }
    return s - name.length / 100;
  }

  function show(q) {
    var terms = q.toLowerCase().split(/\s+/).filter(Boolean);
    list.textContent = "";
    active = -1;
    if (!terms.length) { count.textContent = ""; return; }
    var hits = [];
    for (var i = 0; i < rows.length; i++) {
      var s = score(rows[i], hay[i], terms);
      if (s >= 0) hits.push([s, i]);
    }
    hits.sort(function (a, b) { return b[0] - a[0] || (rows[a[1]][0] < rows[b[1]][0] ? -1 : 1); });
    count.textContent = hits.length === 1 ? "1 match" :
      hits.length + " matches" + (hits.length > LIMIT ? ", first " + LIMIT + " shown" : "");
    var frag = document.createDocumentFragment();
    hits.slice(0, LIMIT).forEach(function (h) {
      var r = rows[h[1]];
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = "#" + r[2];
      var code = document.createElement("code");
      code.textContent = r[0];
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = r[1];
      a.appendChild(code);
      a.appendChild(kind);
      if (r[3] && r[3] !== r[1]) {
        var d = document.createElement("span");
        d.className = "detail";
        d.textContent = r[3];
        a.appendChild(d);
      }
      li.appendChild(a);
      frag.appendChild(li);
    });
    list.appendChild(frag);
  }

  function move(delta) {
    var links = list.querySelectorAll("a");
    if (!links.length) return;
    if (active >= 0) links[active].classList.remove("active");
    active = (active + delta + links.length) % links.length;
    links[active].classList.add("active");
    links[active].scrollIntoView({ block: "nearest" });
  }

  input.addEventListener("input", function () { show(input.value); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown") { move(1); e.preventDefault(); }
    else if (e.key === "ArrowUp") { move(-1); e.preventDefault(); }
    else if (e.key === "Enter") {
      var links = list.querySelectorAll("a");
      var target = links[active >= 0 ? active : 0];
      if (target) { location.hash = target.getAttribute("href"); e.preventDefault(); }
    } else if (e.key === "Escape") { input.value = ""; show(""); }
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    if (e.key === "/" && tag !== "INPUT" && tag !== "TEXTAREA") { input.focus(); input.select(); e.preventDefault(); }
  });
  if (input.value) show(input.value);

  var toggle = document.getElementById("jt-show-issues");
  if (toggle) {
    toggle.addEventListener("change", function () {
      var els = document.querySelectorAll(".issue");
      for (var i = 0; i < els.length; i++) els[i].hidden = !toggle.checked;
    });
  }
})();
