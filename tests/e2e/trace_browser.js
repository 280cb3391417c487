#!/usr/bin/env node
// trace_browser.js — `jvmtigen trace --format=chrome` output drawn by our
// own timeline page (tests/e2e/trace_timeline.html) in headless Chromium
// (playwright-core, the Debian chromium package), for tests/e2e/trace-bin.sh.
//
// The page gets the JSON and draws it; then, in the page: no script error;
// one lane per thread that has events, labelled with the names of the
// thread_name metadata; one slice per "X" and "B" event and one mark per
// "i" event; every slice inside its lane's track; a slice stacked at depth
// d > 0 lies within a slice at depth d - 1 of its lane.  A screenshot goes
// to OUT/timeline.png (kept as an artifact).
//
// Usage: node trace_browser.js PAGE TRACE.json OUT
// Env: CHROMIUM (default /usr/bin/chromium); playwright-core through NODE_PATH.
// Exit 0 pass, 1 fail.
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const [page_file, trace_file, out] = process.argv.slice(2).map((p) => path.resolve(p));
const failures = [];
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

(async () => {
  fs.mkdirSync(out, { recursive: true });
  const doc = JSON.parse(fs.readFileSync(trace_file, "utf8"));
  const ev = doc.traceEvents;
  const want = {
    threads: new Set(ev.filter((e) => e.ph !== "M").map((e) => e.tid)).size,
    slices: ev.filter((e) => e.ph === "X" || e.ph === "B").length,
    instants: ev.filter((e) => e.ph === "i").length,
    names: ev.filter((e) => e.ph === "M").map((e) => e.args.name),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    await page.goto("file://" + page_file);
    const t = Date.now();
    const drawn = await page.evaluate((d) => window.renderTrace(d), doc);
    console.log(`     ${ev.length} events drawn in ${Date.now() - t} ms`);
    check(drawn.lanes === want.threads, `one lane per thread: ${drawn.lanes} of ${want.threads}`);
    check(drawn.slices === want.slices, `one slice per X or B event: ${drawn.slices} of ${want.slices}`);
    check(drawn.instants === want.instants, `one mark per instant event: ${drawn.instants} of ${want.instants}`);
    const dom = await page.evaluate(() => {
      const r = { labels: [], outside: 0, orphans: 0, slices: 0 };
      for (const lane of document.querySelectorAll(".lane")) {
        r.labels.push(lane.querySelector(".lane-name").textContent);
        const track = lane.querySelector(".track").getBoundingClientRect();
        const boxes = [...lane.querySelectorAll(".slice")].map((s) => ({ d: +s.dataset.depth, b: s.getBoundingClientRect() }));
        r.slices += boxes.length;
        for (const { d, b } of boxes) {
          if (b.left < track.left - 0.5 || b.right > track.right + 1.5) r.outside++;
          if (d > 0 && !boxes.some((p) => p.d === d - 1 && p.b.left <= b.left + 0.5 && p.b.right >= b.right - 1.5))
            r.orphans++;
        }
      }
      return r;
    });
    check(dom.slices === want.slices, `slices in the page: ${dom.slices}`);
    const missing = want.names.filter((n) => !dom.labels.some((l) => l.startsWith(n + " (")));
    check(missing.length === 0, `every thread name labels its lane${missing.length ? ": missing " + missing.join(", ") : ""}`);
    check(dom.outside === 0, `every slice inside its track (${dom.outside} outside)`);
    check(dom.orphans === 0, `every nested slice inside its parent (${dom.orphans} not)`);
    check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
    await page.screenshot({ path: path.join(out, "timeline.png"), fullPage: true });
    console.log(`     screenshot ${path.join(out, "timeline.png")}`);
    await ctx.close();
  } finally {
    await browser.close();
  }
  console.log(failures.length ? `FAIL: ${failures.length} check(s)` : "PASS");
  process.exit(failures.length ? 1 : 0);
})().catch((e) => {
  console.log(`FAIL: ${e.stack || e}`);
  process.exit(1);
});
