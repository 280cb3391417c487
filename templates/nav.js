// nav.js — inlined into jvmti.html by {{>nav.js}}; no libraries, works from
// file://.  The sidebar's two behaviours:
// - on phones (where style.css shows the "Contents" button) the table of
//   contents folds behind the button; the class "js" on <html> tells the
//   style sheet that script runs, so without script the contents stay open;
// - scroll-spy: the contents entry of the section being read is marked
//   (class "current", aria-current) and scrolled into the sidebar's view.
//   Positions are measured once and again only when the page's height
//   changes, so a scroll costs a binary search, not a layout.  After a
//   jump (a search hit, a link) the entry is revealed again even when it
//   stays the same: the search's result list, sticky above the contents,
//   may have grown over it meanwhile.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var nav = document.querySelector("nav.sidebar");
  var toc = document.getElementById("jt-toc");
  var button = document.getElementById("jt-toc-toggle");
  if (!nav || !toc) return;

  function setOpen(open) {
    nav.classList.toggle("open", open);
    if (button) button.setAttribute("aria-expanded", open ? "true" : "false");
  }
  if (button) button.addEventListener("click", function () { setOpen(!nav.classList.contains("open")); });
  toc.addEventListener("click", function (e) {
    if (button && e.target.closest && e.target.closest("a") && getComputedStyle(button).display !== "none")
      setOpen(false);
  });

  var entries = [];
  var links = toc.querySelectorAll('a[href^="#"]');
  for (var i = 0; i < links.length; i++) {
    var el = document.getElementById(decodeURIComponent(links[i].getAttribute("href").slice(1)));
    if (el) entries.push({ el: el, link: links[i], top: 0 });
  }
  var measuredHeight = -1, sorted = [], current = null, queued = false, jumped = false;

  function measure() {
    measuredHeight = document.documentElement.scrollHeight;
    sorted = [];
    for (var i = 0; i < entries.length; i++) {
      var e = entries[i];
      if (!e.el.getClientRects().length) continue;      // hidden (spec issues)
      e.top = e.el.getBoundingClientRect().top + window.pageYOffset;
      sorted.push(e);
    }
    // document order; among entries starting at one place, the later
    // (more specific) contents entry wins
    sorted.sort(function (a, b) { return a.top - b.top; });
  }

  function reveal(link) {
    if (nav.scrollHeight <= nav.clientHeight + 1) return;
    var n = nav.getBoundingClientRect(), l = link.getBoundingClientRect();
    var search = nav.querySelector(".search");
    var top = n.top + (search ? search.getBoundingClientRect().height : 0);
    if (l.top < top) nav.scrollTop -= top - l.top + 16;
    else if (l.bottom > n.bottom) nav.scrollTop += l.bottom - n.bottom + 16;
  }

  function update() {
    queued = false;
    if (document.documentElement.scrollHeight !== measuredHeight) measure();
    var line = window.pageYOffset + Math.min(120, window.innerHeight / 4);
    var lo = 0, hi = sorted.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (sorted[mid].top <= line) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    var next = found >= 0 ? sorted[found].link : null;
    var again = jumped;
    jumped = false;
    if (next === current) {
      if (again && current) reveal(current);
      return;
    }
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-current"); }
    current = next;
    if (current) {
      current.classList.add("current");
      current.setAttribute("aria-current", "location");
      reveal(current);
    }
  }
  function queue() {
    if (!queued) { queued = true; window.requestAnimationFrame(update); }
  }
  window.addEventListener("scroll", queue, { passive: true });
  window.addEventListener("resize", function () { measuredHeight = -1; queue(); });
  window.addEventListener("hashchange", function () { jumped = true; queue(); });
  document.addEventListener("change", function () { measuredHeight = -1; queue(); });
  queue();
})();
