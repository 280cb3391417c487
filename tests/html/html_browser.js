#!/usr/bin/env node
// html_browser.js — jvmti.html in headless Chromium (playwright-core, the
// Debian chromium package).
//
// On the --interact page: the search box narrows its list as one types and
// Enter jumps to the hit; one query per kind of indexed row (function,
// event, type, constant by name and value, capability, error, parameter,
// intro section) and typos find what they should, ranked near the top; a
// number finds constants of that value and no near miss; after a search hit
// the sidebar's contents entry is in view; a phase check is listed only for
// functions not allowed in every phase; the sidebar is sticky on a desktop, dark mode
// applies, the issues toggle works, the print style drops the sidebar, and
// no script error occurs.  The page's size and load time are printed (no
// threshold: machines differ), as are the search index's size and the
// time a query takes.
// On every --layout page, at each width of WIDTHS in light and dark:
// nothing is wider than the window (documentElement.scrollWidth <=
// clientWidth), also after jumping to #jvmtiJavaLangThreadState (the widest
// table of the spec), after which the window has not scrolled sideways, a
// sticky sidebar is still wholly in view, and the scroll-spy marks the
// contents entry of the section holding the target.  On phone widths the
// contents fold behind a button that opens them.  A screenshot of each
// state goes to OUTDIR (LABEL-THEME-WIDTH[-jump].png).
// Pages given with --plain must carry none of our additions (data-extra)
// but the contents button and the legal footer.  Pages given with --fit
// (jvmtigen site's index and changes pages) only must fit every width, in
// both themes (LABEL-THEME-WIDTH.png).
//
// Usage: node html_browser.js --out OUTDIR [--interact PAGE]
//            [--layout LABEL=PAGE]... [--plain LABEL=PAGE]... [--fit LABEL=PAGE]...
//            [--widths W,W...] [--lang TAG]
// --widths: only these widths (the translated pages' check, tests/html/i18n.sh);
// --lang: each --layout page declares <html lang=TAG>, and its search box
// counts its results in the page's words, not in English.
// Env: CHROMIUM (default /usr/bin/chromium); playwright-core is found
// through NODE_PATH.  Exit 0 pass, 1 fail.
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

let WIDTHS = [360, 390, 768, 1024, 1280, 1366, 1440, 1920];
const JUMP = "jvmtiJavaLangThreadState";

const args = { out: ".", interact: null, layout: [], plain: [], fit: [], lang: null };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i], v = process.argv[++i];
  if (v === undefined) { console.log(`FAIL: ${a} needs a value`); process.exit(1); }
  if (a === "--out") args.out = path.resolve(v);
  else if (a === "--interact") args.interact = path.resolve(v);
  else if (a === "--widths") WIDTHS = v.split(",").map(Number);
  else if (a === "--lang") args.lang = v;
  else if (a === "--layout" || a === "--plain" || a === "--fit") {
    const eq = v.indexOf("=");
    const item = { label: v.slice(0, eq), file: path.resolve(v.slice(eq + 1)) };
    (a === "--fit" ? args.fit : args.layout).push(item);
    if (a === "--plain") args.plain.push(item);
  } else { console.log(`FAIL: unknown argument ${a}`); process.exit(1); }
}

const failures = [];
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

function watchErrors(page, errors) {
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
}

async function interact(browser, file) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto("file://" + file);
  const timing = await page.evaluate(() => {
    const n = performance.getEntriesByType("navigation")[0];
    return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
  });
  console.log(`     page: ${fs.statSync(file).size} bytes; DOMContentLoaded ${timing.dcl.toFixed(0)} ms, ` +
              `load ${timing.load.toFixed(0)} ms (file://, headless Chromium)`);

  const count = () => page.locator("#jt-results li").count();
  await page.click("#jt-search");
  await page.keyboard.type("thr");
  const n1 = await count();
  await page.keyboard.type("ead");
  const n2 = await count();
  await page.keyboard.type(" state");
  const n3 = await count();
  console.log(`     results: "thr" ${n1}, "thread" ${n2}, "thread state" ${n3}`);
  check(n1 > 0, "typing shows results");
  check(n2 <= n1 && n3 < n2 && n3 > 0, "the list narrows as one types");
  await page.fill("#jt-search", "GetThreadState");
  const first = await page.locator("#jt-results li a").first().getAttribute("href");
  check(first === "#GetThreadState", `an exact name comes first (${first})`);
  await page.press("#jt-search", "Enter");
  check((await page.evaluate(() => location.hash)) === "#GetThreadState", "Enter jumps to the hit");
  await page.fill("#jt-search", "can_tag_objects");
  check((await page.locator("#jt-results li a").first().getAttribute("href")) ===
        "#jvmtiCapabilities.can_tag_objects", "capabilities are searchable");
  // One query per kind of row the index holds, and typos: [query, what,
  // the anchor expected, within the first N results].
  const QUERIES = [
    ["GetThreadState", "a function", "#GetThreadState", 1],
    ["VMInit", "an event", "#VMInit", 1],
    ["jvmtiFrameInfo", "a type", "#jvmtiFrameInfo", 1],
    ["JVMTI_THREAD_STATE_ALIVE", "a constant by name", "#JVMTI_THREAD_STATE_ALIVE", 1],
    ["0x400000", "a constant by value", "#JVMTI_THREAD_STATE_IN_NATIVE", 1],
    ["can_tag_objects", "a capability", "#jvmtiCapabilities.can_tag_objects", 1],
    ["JVMTI_ERROR_INVALID_THREAD", "an error", "#JVMTI_ERROR_INVALID_THREAD", 1],
    ["thread_state_ptr", "a parameter", "#GetThreadState.thread_state_ptr", 1],
    ["Agent_OnLoad", "an intro section, by an identifier in it", "#onload", 3],
    ["JAVA_TOOL_OPTIONS", "an intro section, by its title", "#tooloptions", 1],
    ["heap callback", "an intro section, by two words", "#heapCallbacks", 5],
    ["GetThredState", "a function, one letter missing", "#GetThreadState", 1],
    ["GetThraedState", "a function, two letters swapped", "#GetThreadState", 1],
    ["GetThrdState", "a function, two letters missing", "#GetThreadState", 3],
    ["JVMTI_THREAD_STATE_ALIVR", "a constant, one letter wrong", "#JVMTI_THREAD_STATE_ALIVE", 1],
  ];
  for (const [q, what, want, within] of QUERIES) {
    await page.fill("#jt-search", q);
    const hrefs = await page.locator("#jt-results li a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    const at = hrefs.indexOf(want);
    check(at >= 0 && at < within, `search "${q}" (${what}) finds ${want} ` +
          (within === 1 ? "first" : `in the first ${within}`) + ` (at ${at < 0 ? "none" : at + 1} of ${hrefs.length})`);
  }
  // A number finds constants by its value, written any way, and nothing
  // else: no near misses (0x4000 is not 0x400000, 0x30010000 not 0x30000000).
  // [query, value, an anchor that must be among the hits or null for none]
  const NUMBERS = [
    ["0x00000001", 1, "#JVMTI_THREAD_STATE_ALIVE"],
    ["0x0400", 0x400, "#JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER"],
    ["0X400", 0x400, "#JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER"],
    ["1024", 0x400, "#JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER"],
    ["0x10", 16, "#JVMTI_HEAP_FILTER_CLASS_TAGGED"],
    ["0x4000", 0x4000, null],
    ["0x30010000", 0x30010000, null],
  ];
  for (const [q, value, want] of NUMBERS) {
    await page.fill("#jt-search", q);
    const hits = await page.locator("#jt-results li a").evaluateAll((as) => as.map((a) => {
      const d = a.querySelector(".detail");
      return { href: a.getAttribute("href"), detail: d ? d.textContent : "" };
    }));
    const wrong = hits.filter((h) => {
      const m = /^= (0x[0-9a-fA-F]+|-?\d+)\b/.exec(h.detail);
      return !m || Number(m[1]) !== value;
    });
    const found = want === null ? hits.length === 0 : hits.some((h) => h.href === want);
    check(found && wrong.length === 0, `search "${q}" finds ${want === null ? "nothing" : want} and only ` +
          `constants of that value (${hits.length} hits; others: ${wrong.slice(0, 3).map((h) => h.href + " " + h.detail).join(", ") || "none"})`);
  }

  // After a search hit in the section being read, its contents entry is in
  // view, not under the result list (sticky above the contents).
  await page.fill("#jt-search", "GetThreadInfo");
  await page.press("#jt-search", "Enter");
  await frames(page);
  await page.fill("#jt-search", "thread state");
  await page.press("#jt-search", "Enter");
  await frames(page);
  await frames(page);
  const entry = await page.evaluate(() => {
    const cur = document.querySelector("nav.sidebar a.current");
    if (!cur) return null;
    const l = cur.getBoundingClientRect(), s = document.querySelector("nav.sidebar .search").getBoundingClientRect();
    const n = document.querySelector("nav.sidebar").getBoundingClientRect();
    return { text: cur.textContent, top: l.top, bottom: l.bottom, under: s.bottom, navBottom: n.bottom, hash: location.hash };
  });
  check(entry !== null && entry.top >= entry.under - 1 && entry.bottom <= entry.navBottom + 1,
        `after a search, the contents entry of ${entry && entry.hash} is in view (${JSON.stringify(entry)})`);

  // The checks listed for a function: "phase" where the spec restricts the
  // phase, never for a function allowed in any phase.
  const phases = await page.evaluate(() => {
    const bad = [];
    let any = 0, some = 0;
    for (const sec of document.querySelectorAll("section.fn")) {
      const checks = [...sec.querySelectorAll(":scope > .checks code.check")].map((c) => c.textContent);
      if (!checks.length) continue;
      const anyPhase = !!sec.querySelector(":scope > .badges .phase-any");
      anyPhase ? any++ : some++;
      if (anyPhase === checks.includes("phase")) bad.push(sec.id);
    }
    return { bad, any, some };
  });
  check(phases.any > 0 && phases.some > 0 && phases.bad.length === 0,
        `a phase check is listed exactly for functions not allowed in every phase (${phases.any} any-phase, ` +
        `${phases.some} others; wrong: ${phases.bad.slice(0, 5).join(", ") || "none"})`);

  const ms = await page.evaluate(() => {
    const box = document.getElementById("jt-search"), times = [];
    for (const q of ["t", "thread", "GetThredState", "0x0004", "heap callback"]) {
      const t0 = performance.now();
      box.value = q;
      box.dispatchEvent(new Event("input"));
      times.push(`"${q}" ${(performance.now() - t0).toFixed(1)} ms`);
    }
    return times.join(", ");
  });
  console.log(`     search time per query (incl. rendering the list): ${ms}`);
  const indexBytes = await page.evaluate(() => document.getElementById("jt-index").textContent.length);
  console.log(`     search index: ${indexBytes} bytes`);

  await page.fill("#jt-search", "zzzz-no-such-thing");
  check((await count()) === 0, "no match, empty list");
  await page.fill("#jt-search", "thread");
  await page.screenshot({ path: path.join(args.out, "desktop.png") });

  const nav = await page.evaluate(() => getComputedStyle(document.querySelector("nav.sidebar")).position);
  check(nav === "sticky", `sidebar is sticky on a desktop (${nav})`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  const navTop = await page.evaluate(() => document.querySelector("nav.sidebar").getBoundingClientRect().top);
  check(Math.abs(navTop) < 2, `sidebar stays in view while scrolling (top ${navTop})`);

  const hidden = await page.locator(".issue").first().isHidden();
  await page.check("#jt-show-issues");
  const shown = await page.locator(".issue").first().isVisible();
  check(hidden && shown, "spec issues are hidden until the toggle shows them");
  await page.uncheck("#jt-show-issues");

  await page.emulateMedia({ colorScheme: "dark" });
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check(bg !== "rgb(255, 255, 255)", `dark theme under prefers-color-scheme: dark (${bg})`);

  await page.emulateMedia({ media: "print", colorScheme: "light" });
  const navPrint = await page.evaluate(() => getComputedStyle(document.querySelector("nav.sidebar")).display);
  check(navPrint === "none", "the print stylesheet drops the sidebar");

  check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
  await ctx.close();
}

// The geometry that matters at one width, measured in the page.
function measure(jump) {
  const de = document.documentElement;
  const nav = document.querySelector("nav.sidebar");
  const r = nav.getBoundingClientRect();
  const cur = document.querySelector(".toc a.current");
  const target = jump && document.getElementById(jump);
  let curHolds = null;
  if (cur && target) {
    const sec = document.getElementById(decodeURIComponent(cur.getAttribute("href").slice(1)));
    curHolds = !!sec && sec.contains(target);
  }
  let curInNav = null;
  if (cur) {
    const c = cur.getBoundingClientRect();
    curInNav = c.top >= r.top - 1 && c.bottom <= r.bottom + 1;
  }
  return {
    scrollWidth: de.scrollWidth, clientWidth: de.clientWidth, scrollX: window.scrollX,
    sticky: getComputedStyle(nav).position === "sticky",
    nav: { left: r.left, right: r.right, top: r.top, bottom: r.bottom }, innerHeight: window.innerHeight,
    current: cur ? cur.getAttribute("href") : null, curHolds, curInNav,
    targetLeft: target ? target.getBoundingClientRect().left : null,
  };
}

async function layout(browser, item, plain) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  const url = "file://" + item.file;
  const bad = [];
  // widths outside, themes inside: a theme switch repaints, a new width
  // lays the 1.3 MB page out again
  await page.goto(url);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: 900 });
    for (const theme of ["light", "dark"]) {
      const tag = `${item.label} ${theme} ${w}px`;
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate(() => { history.replaceState(null, "", location.pathname); window.scrollTo(0, 0); });
      await frames(page);
      const top = await page.evaluate(measure, null);
      if (top.scrollWidth > top.clientWidth) bad.push(`${tag}: page ${top.scrollWidth}px wide in ${top.clientWidth}px`);
      await page.screenshot({ path: path.join(args.out, `${item.label}-${theme}-${w}.png`) });

      await page.evaluate((id) => { location.hash = "#" + id; }, JUMP);
      await frames(page);
      const j = await page.evaluate(measure, JUMP);
      if (j.scrollWidth > j.clientWidth) bad.push(`${tag} at #${JUMP}: page ${j.scrollWidth}px wide in ${j.clientWidth}px`);
      if (j.scrollX !== 0) bad.push(`${tag} at #${JUMP}: window scrolled ${j.scrollX}px sideways`);
      if (j.targetLeft < 0) bad.push(`${tag} at #${JUMP}: the target starts left of the window`);
      if (j.sticky && (j.nav.left < 0 || j.nav.right > j.clientWidth || j.nav.top < -1 || j.nav.bottom > j.innerHeight + 1))
        bad.push(`${tag} at #${JUMP}: sidebar not wholly in view (${JSON.stringify(j.nav)})`);
      if (!j.current || !j.curHolds) bad.push(`${tag} at #${JUMP}: scroll-spy marks ${j.current}, not the section holding it`);
      if (j.sticky && !j.curInNav) bad.push(`${tag} at #${JUMP}: the marked entry ${j.current} is outside the sidebar's view`);
      await page.screenshot({ path: path.join(args.out, `${item.label}-${theme}-${w}-jump.png`) });
    }
  }
  check(bad.length === 0, `${item.label}: fits ${WIDTHS.join(", ")} px in light and dark, also at #${JUMP}; ` +
        `sticky sidebar in view, scroll-spy follows` + (bad.length ? ":\n       " + bad.join("\n       ") : ""));

  // phones: the contents fold behind a button
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  const folded = await page.locator("#jt-toc").isHidden();
  const buttonShown = await page.locator("#jt-toc-toggle").isVisible();
  await page.click("#jt-toc-toggle");
  const opened = await page.locator("#jt-toc").isVisible();
  await page.screenshot({ path: path.join(args.out, `${item.label}-phone-contents.png`) });
  await page.locator("#jt-toc a[href='#FunctionSection']").click();
  await frames(page);
  const closed = await page.locator("#jt-toc").isHidden();
  const hash = await page.evaluate(() => location.hash);
  check(folded && buttonShown && opened && closed && hash === "#FunctionSection",
        `${item.label}: on a phone the contents fold behind a button (folded ${folded}, button ${buttonShown}, ` +
        `opens ${opened}, a link closes them ${closed}, goes to ${hash})`);
  await page.setViewportSize({ width: 1280, height: 900 });
  check(await page.locator("#jt-toc").isVisible(), `${item.label}: on a desktop the contents are always open`);

  if (plain) {
    const extras = await page.evaluate(() => Array.from(document.querySelectorAll("[data-extra]"))
      .map((e) => e.id || e.className).filter((x) => x !== "jt-toc-toggle" && x !== "skip"));
    check(extras.length === 0, `${item.label}: plain page has none of our additions (${extras.slice(0, 5).join(", ")})`);
  }
  const footer = await page.evaluate(() => {
    const f = document.querySelector("footer.legal-footer");
    return f ? f.textContent : "";
  });
  check(/Copyright/.test(footer), `${item.label}: the legal footer carries the spec's copyright`);
  if (args.lang) {
    const lang = await page.evaluate(() => document.documentElement.lang);
    check(lang === args.lang, `${item.label}: <html lang="${lang}">, expected "${args.lang}"`);
    if (!plain) {
      await page.fill("#jt-search", "GetPhase");
      await frames(page);
      const count = await page.locator("#jt-search-count").textContent();
      check(count !== "" && !/match/.test(count), `${item.label}: the search box counts in the page's words ("${count}")`);
    }
  }
  check(errors.length === 0, `${item.label}: no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
  await ctx.close();
}

async function fit(browser, item) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto("file://" + item.file);
  const bad = [];
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: 900 });
    for (const theme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: theme });
      await frames(page);
      const m = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      if (m[0] > m[1]) bad.push(`${theme} ${w}px: page ${m[0]}px wide in ${m[1]}px`);
      await page.screenshot({ path: path.join(args.out, `${item.label}-${theme}-${w}.png`) });
    }
  }
  check(bad.length === 0, `${item.label}: fits ${WIDTHS.join(", ")} px in light and dark` +
        (bad.length ? ":\n       " + bad.join("\n       ") : ""));
  check(errors.length === 0, `${item.label}: no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
  await ctx.close();
}

(async () => {
  fs.mkdirSync(args.out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    if (args.interact) await interact(browser, args.interact);
    for (const item of args.layout) await layout(browser, item, args.plain.includes(item));
    for (const item of args.fit) await fit(browser, item);
  } finally {
    await browser.close();
  }
  console.log(failures.length ? `FAIL: ${failures.length} check(s)` : "PASS");
  process.exit(failures.length ? 1 : 0);
})().catch((e) => {
  console.log(`FAIL: ${e.message}`);
  process.exit(1);
});
