#!/usr/bin/env node
// How long headless Chromium takes to show a page, and whether it reflows at 320
// CSS pixels (WCAG 1.4.10: nothing but a table or picture region scrolls sideways):
//
//   node grader/bench/page_paint.mjs PAGE.html [RUNS]
//
// Loads PAGE.html from its file RUNS times (default 5) in a fresh tab at each of
// two widths, 1024 and 320 CSS pixels, and prints the median and range of first
// paint, first contentful paint and the load event (milliseconds from navigation),
// then at 320 px the page's own width (more than 320 means the page itself scrolls
// sideways). Uses the browser check's puppeteer-core (npm ci --prefix
// grader/tests/browser) and Debian's chromium (or CHROMIUM).

import path from "node:path";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "../tests/browser/package.json"));
const puppeteer = require("puppeteer-core");

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const WIDTHS = [1024, 320];

function fail(problem) {
    console.error(`page_paint: ${problem}`);
    process.exit(2);
}

const [file, runsText = "5"] = process.argv.slice(2);
if (!file || !existsSync(file)) fail(`usage: node page_paint.mjs PAGE.html [RUNS] (${file ?? "no page"} is not a file)`);
const runs = Number(runsText);
if (!Number.isInteger(runs) || runs < 1) fail(`RUNS is a whole number from 1, not ${runsText}`);
if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`);

/// The median, lowest and highest of `values`, in whole milliseconds.
function spread(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    return `${Math.round(median)} ms (${Math.round(sorted[0])}–${Math.round(sorted[sorted.length - 1])})`;
}

const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
    const url = pathToFileURL(path.resolve(file)).href;
    for (const width of WIDTHS) {
        const measured = { "first paint": [], "first contentful paint": [], load: [] };
        let pageWidth = 0;
        for (let run = 0; run < runs; run++) {
            const tab = await browser.newPage();
            await tab.setCacheEnabled(false);
            await tab.setViewport({ width, height: 800 });
            await tab.goto(url, { waitUntil: "load" });
            const times = await tab.evaluate(() => {
                const paint = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
                const [navigation] = performance.getEntriesByType("navigation");
                return { fp: paint["first-paint"], fcp: paint["first-contentful-paint"], load: navigation.loadEventEnd, width: document.documentElement.scrollWidth };
            });
            measured["first paint"].push(times.fp);
            measured["first contentful paint"].push(times.fcp);
            measured.load.push(times.load);
            pageWidth = times.width;
            await tab.close();
        }
        const figures = Object.entries(measured).map(([what, values]) => `${what} ${spread(values)}`);
        console.log(`at ${width} px, ${runs} loads: ${figures.join(", ")}; the page is ${pageWidth} px wide`);
    }
} finally {
    await browser.close();
}
