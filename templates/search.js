// search.js — inlined into jvmti.html by {{>search.js}}; no libraries, works
// from file://.  Searches the index jvmtigen builds at generation time
// (#jt-index, see gen/emit/html_search.h): functions, events, types,
// constants (by name and by value), capabilities, errors, parameters and
// intro sections.  Every word typed must match a row; rows are ranked by
// how well: the whole name, a prefix of it, a word inside it, the words of
// an identifier all in the name, a keyword
// (a section's identifiers, a constant's value), the detail line; failing
// those, a name or keyword within one typo (two for words of eight letters
// or more: a letter missing, extra, wrong or two swapped).  A number typed
// (0x400, 0x0400, 1024) finds constants and errors by value only, never a
// near miss: 0x4000 is not 0x400000.  "/" focuses the
// box, arrows move, Enter opens.  Also shows or hides the spec's open issues.
(function () {
  "use strict";
  var input = document.getElementById("jt-search");
  var list = document.getElementById("jt-results");
  var count = document.getElementById("jt-search-count");
  var indexEl = document.getElementById("jt-index");
  var box = input && input.closest ? input.closest(".search") : null;
  if (!input || !list || !indexEl) return;
  var index = JSON.parse(indexEl.textContent);
  var kinds = index.kinds;
  // how much a kind weighs when scores tie; parameters come after the
  // functions and types that share their name
  var KIND_BONUS = { "function": 30, "event": 25, "type": 20, "section": 20, "constant": 15,
                     "capability": 15, "error": 15, "param": 0 };
  // A number as one canonical string (lower-case hex, no leading zeros),
  // or null: "0x0400", "0X400" and "1024" are all "400".
  function numberKey(t) {
    var m = /^(-?)(?:0x([0-9a-f]+)|([0-9]+))$/.exec(t);
    if (!m) return null;
    var hex = m[2] !== undefined ? m[2].replace(/^0+(?=.)/, "")
                                 : (m[3].length > 15 ? null : parseInt(m[3], 10).toString(16));
    return hex === null ? null : m[1] + hex;
  }
  var rows = index.rows.map(function (r) {
    var kind = kinds[r[1]];
    var keys = r[4] ? r[4].toLowerCase().split(" ") : [];
    return {
      name: r[0], lname: r[0].toLowerCase(), kind: kind, anchor: r[2] || r[0], detail: r[3],
      ldetail: r[3].toLowerCase(), keys: keys,
      nums: keys.map(numberKey).filter(function (k) { return k !== null; }),
      bonus: KIND_BONUS[kind] || 0, scale: kind === "param" ? 0.5 : 1
    };
  });
  var LIMIT = 60;
  var active = -1;

  // Edit distance with adjacent swaps (optimal string alignment), or
  // max + 1 once it is certain to exceed max.
  function distance(a, b, max) {
    var la = a.length, lb = b.length;
    if (Math.abs(la - lb) > max) return max + 1;
    var prev2 = null, prev = [], cur;
    for (var j = 0; j <= lb; j++) prev[j] = j;
    for (var i = 1; i <= la; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= lb; j++) {
        var cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < best) best = v;
      }
      if (best > max) return max + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[lb];
  }

  function atWordStart(name, i) {
    if (i === 0) return true;
    var c = name.charAt(i), p = name.charAt(i - 1);
    return p === "_" || p === "." || p === " " || (c >= "A" && c <= "Z" && !(p >= "A" && p <= "Z"));
  }

  // The score of one typed word against one row, or -1.
  function termScore(row, t) {
    var n = row.lname;
    // a number: a row with values matches by value alone; another row may
    // hold it in its name or text, but never within a typo
    var num = numberKey(t);
    if (num !== null && row.nums.length) return row.nums.indexOf(num) >= 0 ? 500 : -1;
    if (n === t) return 1000;
    if (n.indexOf(t) === 0) return 600 - Math.min(100, n.length - t.length);
    var at = n.indexOf(t);
    if (at > 0) return atWordStart(row.name, at) ? 400 : 300;
    // an identifier whose words all stand in the name: Agent_OnLoad finds
    // "Agent Start-Up (OnLoad phase)", thread_alive JVMTI_THREAD_STATE_ALIVE
    var parts = t.split("_").filter(Boolean);
    if (parts.length > 1 && parts.every(function (p) { return n.indexOf(p) >= 0; })) return 380;
    for (var k = 0; k < row.keys.length; k++) {
      if (row.keys[k] === t) return 350;
    }
    for (k = 0; k < row.keys.length; k++) {
      if (row.keys[k].indexOf(t) >= 0) return 150;
    }
    if (row.ldetail.indexOf(t) >= 0) return 100;
    if (t.length < 4 || num !== null) return -1;
    var max = t.length >= 8 ? 2 : 1;
    var d = distance(t, n, max);
    if (d <= max) return 250 - 80 * d;
    for (k = 0; k < row.keys.length; k++) {
      d = distance(t, row.keys[k], max);
      if (d <= max) return 200 - 80 * d;
    }
    return -1;
  }

  function score(row, terms) {
    var s = 0;
    for (var i = 0; i < terms.length; i++) {
      var one = termScore(row, terms[i]);
      if (one < 0) return -1;
      s += one;
    }
    return s * row.scale + row.bonus;
  }

  function show(q) {
    var terms = q.toLowerCase().split(/\s+/).filter(Boolean);
    list.textContent = "";
    active = -1;
    if (!terms.length) { count.textContent = ""; return; }
    var hits = [];
    for (var i = 0; i < rows.length; i++) {
      var s = score(rows[i], terms);
      if (s >= 0) hits.push([s, i]);
    }
    hits.sort(function (a, b) {
      var ra = rows[a[1]], rb = rows[b[1]];
      return b[0] - a[0] || ra.name.length - rb.name.length || (ra.name < rb.name ? -1 : ra.name > rb.name ? 1 : 0);
    });
    // the words come from the search box's data- attributes, which the
    // page's language (--lang) sets
    var words = box ? box.dataset : {};
    count.textContent = hits.length === 1 ? (words.one || "1 match") :
      (hits.length > LIMIT ? (words.more || "{n} matches, the first {m} shown").replace("{m}", LIMIT)
                           : (words.many || "{n} matches")).replace("{n}", hits.length);
    var frag = document.createDocumentFragment();
    hits.slice(0, LIMIT).forEach(function (h) {
      var r = rows[h[1]];
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = "#" + r.anchor;
      var code = document.createElement(r.kind === "section" ? "span" : "code");
      code.textContent = r.name;
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = (box && box.getAttribute("data-kind-" + r.kind)) || r.kind;
      a.appendChild(code);
      a.appendChild(kind);
      if (r.detail && r.detail !== r.kind) {
        var d = document.createElement("span");
        d.className = "detail";
        d.textContent = r.detail;
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
