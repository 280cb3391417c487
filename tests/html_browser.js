#!/usr/bin/env node
// html_browser.js — jvmti.html in headless Chromium (playwright-core, the
// Debian chromium package): the search box narrows its list as one types
// and Enter jumps to the hit; the sidebar is sticky on a desktop, the page
// does not overflow a phone's width, dark mode applies, the issues toggle
// works, and no script error occurs.  Screenshots go next to the page.
//
// Usage: node html_browser.js PAGE.html OUTDIR
// Env: CHROMIUM (default /usr/bin/chromium); playwright-core is found
// through NODE_PATH.  Exit 0 pass, 1 fail.
"use strict";
const path = require("path");
const { chromium } = require("playwright-core");

const page_file = path.resolve(process.argv[2]);
const outdir = path.resolve(process.argv[3] || ".");
const failures = [];
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

(async () => {
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
    await page.fill("#jt-search", "zzzz-no-such-thing");
    check((await count()) === 0, "no match, empty list");
    await page.fill("#jt-search", "thread");
    await page.screenshot({ path: path.join(outdir, "desktop.png") });

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

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("file://" + page_file + "#GetThreadState");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 1, `no sideways scrolling at phone width (overflow ${overflow}px)`);
    await page.screenshot({ path: path.join(outdir, "phone.png") });

    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 1280, height: 900 });
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    check(bg !== "rgb(255, 255, 255)", `dark theme under prefers-color-scheme: dark (${bg})`);
    await page.screenshot({ path: path.join(outdir, "dark.png") });

    await page.emulateMedia({ media: "print", colorScheme: "light" });
    const navPrint = await page.evaluate(() => getComputedStyle(document.querySelector("nav.sidebar")).display);
    check(navPrint === "none", "the print stylesheet drops the sidebar");

    check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
  } finally {
    await browser.close();
  }
  console.log(failures.length ? `FAIL: ${failures.length} check(s)` : "PASS");
  process.exit(failures.length ? 1 : 0);
})().catch((e) => {
  console.log(`FAIL: ${e.message}`);
  process.exit(1);
});
