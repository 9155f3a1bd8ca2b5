#!/usr/bin/env node
// Opens HTML pages in headless Chromium and checks that everyone can read them: each
// page must load without a console error, a failed request or a request that leaves
// its own files, and pass axe-core's WCAG 2.1 A and AA rules with no violation.
//
//   node check-pages.mjs [--screenshots DIR] [--root DIR] [--screenshot PNG] PAGE.html[#ANCHOR]...
//
// The pages are served from a small static server on 127.0.0.1 whose root is --root,
// or else the page's own folder (as a web site serves a built book: its 404 page
// finds its assets from the site's root), so relative links and assets load as on a
// web server. With --screenshots, each page is
// photographed (the window, scrolled to ANCHOR when one is given) into
// DIR/<page's path below the root, with / as ->.png; --screenshot PNG photographs
// only the page that follows it, into PNG. Prints per page the rules run,
// passed and violated (rule, impact, nodes) and exits 0 when every page is clean,
// 1 when one is not, 2 when the check itself cannot run (bad arguments, no Chromium).

import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

import puppeteer from "puppeteer-core";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const VIEWPORT = { width: 1024, height: 768 };
const WIDTHS = [VIEWPORT.width, 320];
const TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".txt": "text/plain; charset=utf-8",
};

function usage(problem) {
    console.error(`check-pages: ${problem}`);
    console.error("usage: node check-pages.mjs [--screenshots DIR] [--root DIR] [--screenshot PNG] PAGE.html[#ANCHOR]...");
    process.exit(2);
}

function parseArguments(argv) {
    const options = { screenshots: null, root: null, pages: [] };
    let shot = null;
    for (let i = 0; i < argv.length; i++) {
        const argument = argv[i];
        if (["--screenshots", "--root", "--screenshot"].includes(argument)) {
            const value = argv[++i];
            if (value === undefined) usage(`${argument} needs a path`);
            if (argument === "--screenshot") shot = path.resolve(value);
            else options[argument.slice(2)] = path.resolve(value);
        } else if (argument.startsWith("--")) {
            usage(`unknown option ${argument} (allowed: --screenshots DIR, --root DIR, --screenshot PNG)`);
        } else {
            const [file, anchor] = argument.split("#", 2);
            const full = path.resolve(file);
            if (!existsSync(full) || !statSync(full).isFile()) usage(`${file} is not a file`);
            options.pages.push({ file: full, anchor: anchor ?? "", shot });
            shot = null;
        }
    }
    if (options.pages.length === 0) usage("no page given");
    if (shot) usage("--screenshot must come before the page it photographs");
    return options;
}

/// A static server on a free port of 127.0.0.1 of the folder `root()` names at the
/// time of each request; nothing outside it.
function serve(root) {
    const server = createServer((request, response) => {
        const url = new URL(request.url, "http://127.0.0.1");
        let file = path.join(root(), decodeURIComponent(url.pathname));
        if (!file.startsWith(root())) {
            response.writeHead(403).end();
            return;
        }
        if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
        if (!existsSync(file)) {
            // A browser asks for /favicon.ico by itself: a page that names no icon
            // has not failed to load one.
            response.writeHead(url.pathname === "/favicon.ico" ? 204 : 404).end();
            return;
        }
        const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
        // The root moves from page to page: nothing is kept from one to the next.
        response.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(readFileSync(file));
    });
    return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/// Opens one page, gathers what went wrong while it loaded, runs axe on it.
async function checkPage(browser, origin, root, page, screenshots) {
    const relative = path.relative(root, page.file).split(path.sep).join("/");
    const shown = path.relative(process.cwd(), page.file).split(path.sep).join("/");
    const url = `${origin}/${relative.split("/").map(encodeURIComponent).join("/")}${page.anchor ? `#${page.anchor}` : ""}`;
    const tab = await browser.newPage();
    await tab.setViewport(VIEWPORT);
    const errors = [];
    await tab.setRequestInterception(true);
    tab.on("request", (request) => {
        const target = request.url();
        if (target.startsWith(origin) || target.startsWith("data:") || target.startsWith("about:")) {
            request.continue();
        } else {
            errors.push(`a request outside the page's files: ${target}`);
            request.abort("blockedbyclient");
        }
    });
    tab.on("console", (message) => {
        if (message.type() === "error") errors.push(`console error: ${message.text()}`);
    });
    tab.on("pageerror", (error) => errors.push(`script error: ${error.message}`));
    tab.on("requestfailed", (request) => {
        if (request.failure()?.errorText !== "net::ERR_BLOCKED_BY_CLIENT") {
            errors.push(`failed request: ${request.url()} (${request.failure()?.errorText})`);
        }
    });
    tab.on("response", (response) => {
        if (response.status() >= 400) errors.push(`failed request: ${response.url()} (HTTP ${response.status()})`);
    });
    await tab.goto(url, { waitUntil: "load" });
    await tab.evaluate(axeSource);
    // The rules at a desktop's width, then at 320 CSS pixels (WCAG 1.4.10, reflow),
    // where wide pictures and long lines become regions that scroll.
    const runs = [];
    for (const width of WIDTHS) {
        await tab.setViewport({ width, height: VIEWPORT.height });
        runs.push({
            width,
            results: await tab.evaluate(
                (tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags } }),
                TAGS,
            ),
        });
    }
    let shot = page.shot;
    if (!shot && screenshots) {
        const name = shown.replace(/\.html?$/, "").replaceAll("../", "").split("/").join("-") + (page.anchor ? `-${page.anchor}` : "");
        shot = path.join(screenshots, `${name}.png`);
    }
    if (shot) {
        await tab.setViewport(VIEWPORT);
        mkdirSync(path.dirname(shot), { recursive: true });
        if (page.anchor) {
            await tab.evaluate((id) => document.getElementById(id)?.scrollIntoView(), page.anchor);
        }
        await tab.screenshot({ path: shot });
    }
    await tab.close();
    return { shown: shown + (page.anchor ? `#${page.anchor}` : ""), errors, runs, shot };
}

/// The number of rules axe ran on a page.
function rulesRun(results) {
    return results.passes.length + results.violations.length + results.incomplete.length + results.inapplicable.length;
}

/// Prints what one page came to; returns its number of problems.
function print({ shown, errors, runs, shot }) {
    const { results } = runs[0];
    const violations = runs.flatMap(({ width, results }) => results.violations.map((violation) => ({ width, violation })));
    console.log(
        `${shown}: ${rulesRun(results)} rules run: ${results.passes.length} passed, ${results.inapplicable.length} not applicable, ` +
            `${results.incomplete.length} to review by eye; ${violations.length} violations, ${errors.length} load errors`,
    );
    for (const { width, violation } of violations) {
        console.log(`  violation ${violation.id} (${violation.impact}) at ${width} px: ${violation.nodes.length} nodes: ${violation.help}`);
        for (const node of violation.nodes.slice(0, 5)) {
            const why = node.failureSummary?.split("\n").slice(1, 2).join(" ").trim();
            console.log(`    ${node.target.join(" ")}: ${why}`);
        }
    }
    for (const review of results.incomplete) {
        const reasons = new Map();
        for (const node of review.nodes) {
            const why = node.any?.[0]?.message ?? node.all?.[0]?.message ?? "no reason given";
            reasons.set(why, (reasons.get(why) ?? 0) + 1);
        }
        console.log(`  to review ${review.id}: ${review.nodes.length} nodes`);
        for (const [why, count] of reasons) console.log(`    ${count} × ${why}`);
    }
    for (const error of errors) console.log(`  ${error}`);
    if (shot) console.log(`  screenshot: ${shot}`);
    return violations.length + errors.length;
}

async function main() {
    const options = parseArguments(process.argv.slice(2));
    if (!existsSync(CHROMIUM)) {
        usage(`no Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM)`);
    }
    let root = options.root;
    const server = await serve(() => root);
    const origin = `http://127.0.0.1:${server.address().port}`;
    const profile = mkdtempSync(path.join(tmpdir(), "check-pages-"));
    const browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        headless: true,
        userDataDir: profile,
        args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    });
    let problems = 0;
    let rules = 0;
    try {
        for (const page of options.pages) {
            root = options.root ?? path.dirname(page.file);
            const checked = await checkPage(browser, origin, root, page, options.screenshots);
            rules = Math.max(rules, rulesRun(checked.runs[0].results));
            problems += print(checked);
        }
    } finally {
        await browser.close();
        server.close();
        rmSync(profile, { recursive: true, force: true });
    }
    console.log(
        `check-pages: ${options.pages.length} pages, axe-core ${JSON.parse(readFileSync(require.resolve("axe-core/package.json"), "utf8")).version} ` +
            `(${TAGS.join(", ")}: up to ${rules} rules a page), ${problems} problems`,
    );
    process.exit(problems === 0 ? 0 : 1);
}

main().catch((error) => {
    console.error(`check-pages: ${error.message}`);
    process.exit(2);
});
