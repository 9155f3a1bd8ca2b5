//! Every page the kit writes for people, opened in a real browser: headless Chromium
//! loads each one (no console error, no failed request, nothing fetched from outside
//! its own files) and axe-core's WCAG 2.1 A and AA rules find no violation, at a
//! desktop's width and at 320 CSS pixels. The check itself is
//! grader/tests/browser/check-pages.mjs (Debian's `chromium`, `npm ci` in its folder).
//!
//! The pages: a student's HTML report with pictures of every kind, the similarity
//! page of a small class, every page of the two built books (the handout and the
//! instructor's guide), and what `grade-all` writes for the same student (the class
//! page, the report that may be handed out and the instructor's). A page joins the
//! check with one line in [`pages`]. The screenshots the guide shows
//! (guide/src/images/) are written again with `UPDATE_SCREENSHOTS=1`.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::class::{copy_crate, grade_all_with};
use super::support::{Submission, grader_process, kit_root, work_dir};

/// One page to check: a file, a place in it (an element's id) to scroll to for the
/// screenshot, the name of the screenshot kept in guide/src/images/, if any, and the
/// folder served as the web site's root, if not the page's own.
struct Page {
    file: PathBuf,
    anchor: &'static str,
    screenshot: Option<&'static str>,
    site: Option<PathBuf>,
}

impl Page {
    fn at(file: PathBuf) -> Page {
        Page {
            file,
            anchor: "",
            screenshot: None,
            site: None,
        }
    }

    /// This page, served from the web site whose root is `site`: a book's page in a
    /// folder of chapters (the guide's `tasks/adopt.html`) finds the book's styles
    /// and scripts at `../css/…`, above its own folder.
    fn in_site(self, site: &Path) -> Page {
        Page {
            site: Some(site.to_path_buf()),
            ..self
        }
    }

    /// This page, scrolled to the element `anchor` and photographed as
    /// guide/src/images/`name`.png.
    fn photographed(self, anchor: &'static str, name: &'static str) -> Page {
        Page {
            anchor,
            screenshot: Some(name),
            ..self
        }
    }
}

/// The folder of the browser check.
fn check_dir() -> PathBuf {
    kit_root().join("grader/tests/browser")
}

/// Fails in one line, saying how to install it, when something the check needs is
/// missing: the test must never pass without a browser.
fn require_tools() {
    let chromium = std::env::var_os("CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let node = Command::new("node").arg("--version").output();
    let packages = ["puppeteer-core", "axe-core"]
        .iter()
        .all(|name| check_dir().join("node_modules").join(name).is_dir());
    let mdbook = Command::new("mdbook").arg("--version").output();
    let missing: Vec<&str> = [
        (chromium.is_file(), "Chromium (apt-get install -y chromium)"),
        (
            node.is_ok_and(|o| o.status.success()),
            "Node.js (apt-get install -y nodejs npm)",
        ),
        (
            packages,
            "the check's packages (npm ci --prefix grader/tests/browser)",
        ),
        (
            mdbook.is_ok_and(|o| o.status.success()),
            "mdBook (cargo install --locked mdbook --version 0.5.4)",
        ),
    ]
    .into_iter()
    .filter(|(present, _)| !present)
    .map(|(_, what)| what)
    .collect();
    assert!(
        missing.is_empty(),
        "the browser check needs {}; .ci/run installs them all",
        missing.join(", ")
    );
}

/// A submission that fails checks with every kind of picture: a rat search in
/// another order, mazes without texture, backtracking in another order, and a path
/// on an arrow board that is not square.
fn pictured_submission() -> Submission {
    Submission::from_solution("browser-pictures")
        .replace(
            "rat/search.rs",
            "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
            "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
        )
        .replace(
            "texture.rs",
            "    let horizontal =\n        |direction: Direction|",
            "    if link.age < u32::MAX {\n        return 1;\n    }\n    let horizontal =\n        |direction: Direction|",
        )
        .replace(
            "backtrack.rs",
            "let Some(&direction) = BACKTRACK_ORDER.get(tried) else {",
            "let order = [Direction::NORTH, Direction::EAST, Direction::SOUTH, Direction::WEST];\n        let Some(&direction) = order.get(tried) else {",
        )
        .replace(
            "arrows/search.rs",
            "            let node = graph.node(index);\n            (node.row, node.col)\n",
            "            let square = index / 2;\n            (square / graph.cols() + 1, square % graph.rows() + 1)\n",
        )
}

/// Runs `command` (a kit tool), which must succeed.
fn run(command: &mut Command, what: &str) {
    let output = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Writes every page into `root` and lists them, in the order they are checked.
fn pages(root: &Path) -> Vec<Page> {
    // The student's report, graded where grade-all finds it too (one build for both).
    let class = root.join("class");
    let student = class.join("alice");
    copy_crate(&pictured_submission().dir, &student);
    let report = root.join("report.html");
    run(
        grader_process()
            .args(["grade", "--format", "html", "--output"])
            .arg(&report)
            .arg("--work-dir")
            .arg(work_dir())
            .arg(&student),
        "grader grade --format html",
    );
    let graded = root.join("graded");
    grade_all_with(&class, &graded, &[]);

    // The similarity page: the student, a copy of the solution, the starter.
    let similar = root.join("similar");
    copy_crate(&student, &similar.join("alice"));
    copy_crate(
        &Submission::from_solution("browser-bob").dir,
        &similar.join("bob"),
    );
    copy_crate(
        &Submission::from_starter("browser-carol").dir,
        &similar.join("carol"),
    );
    let similarity = root.join("similarity");
    run(
        grader_process()
            .arg("similarity")
            .arg(&similar)
            .arg("--output-dir")
            .arg(&similarity),
        "grader similarity",
    );

    // The two books, every page of each.
    let handout = book_pages(root, "handout");
    let guide = book_pages(root, "guide");

    let mut pages = vec![
        Page::at(report).photographed("texture_matches_reference", "report"),
        Page::at(similarity.join("index.html")),
    ];
    // What grade-all writes for people: the class page, each student's report.html
    // (which may be handed out) and the instructor's beside it.
    pages.push(Page::at(graded.join("index.html")).photographed("mistakes", "class"));
    pages.push(Page::at(graded.join("alice/report.html")));
    pages.push(Page::at(graded.join("alice/instructor/report.html")));
    pages.extend(handout.into_iter().map(Page::at));
    // The guide's chapters are in folders (tasks/, reference/…): served from its root.
    let guide_site = root.join("guide");
    pages.extend(
        guide
            .into_iter()
            .map(|page| Page::at(page).in_site(&guide_site)),
    );
    pages
}

/// Builds the kit's mdBook in the folder `name` (`handout` or `guide`) into
/// `root/name`, and lists its pages, those in its chapters' folders included.
fn book_pages(root: &Path, name: &str) -> Vec<PathBuf> {
    let book = root.join(name);
    run(
        Command::new("mdbook")
            .arg("build")
            .arg(kit_root().join(name))
            .arg("--dest-dir")
            .arg(&book),
        &format!("mdbook build {name}"),
    );
    let mut chapters: Vec<PathBuf> = walkdir::WalkDir::new(&book)
        .into_iter()
        .map(|entry| entry.expect("a page of the built book").into_path())
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
        .collect();
    chapters.sort();
    assert!(
        chapters.len() > 20,
        "the {name} has its chapters: {chapters:?}"
    );
    chapters
}

#[test]
#[ignore = "full tier: builds and grades a submission of its own and opens every page in headless Chromium"]
fn every_page_a_person_reads_passes_the_accessibility_rules_in_a_real_browser() {
    require_tools();
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = std::fs::remove_dir_all(&root);
    let pages = pages(&root);
    let screenshots = root.join("screenshots");
    // One run of the check for each web site root the pages are served from (its
    // --root is for all the pages of a run), in the order the pages are listed.
    let mut sites: Vec<Option<&Path>> = Vec::new();
    for page in &pages {
        if !sites.contains(&page.site.as_deref()) {
            sites.push(page.site.as_deref());
        }
    }
    for site in sites {
        let group: Vec<&Page> = pages
            .iter()
            .filter(|page| page.site.as_deref() == site)
            .collect();
        check_pages(&group, site, &screenshots);
    }
    for name in pages.iter().filter_map(|page| page.screenshot) {
        let kept = kit_root().join(format!("guide/src/images/{name}.png"));
        if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
            std::fs::create_dir_all(kept.parent().expect("a folder")).expect("guide/src/images");
            std::fs::copy(screenshots.join(format!("{name}.png")), &kept)
                .expect("keeping a screenshot");
        }
        assert!(
            kept.is_file(),
            "{} is missing: run this test with UPDATE_SCREENSHOTS=1",
            kept.display()
        );
    }
}

/// Opens `pages` in headless Chromium with check-pages.mjs, served from `site` (or
/// each from its own folder), and fails unless every one passes.
fn check_pages(pages: &[&Page], site: Option<&Path>, screenshots: &Path) {
    let mut check = Command::new("node");
    check.current_dir(check_dir()).arg("check-pages.mjs");
    if let Some(site) = site {
        check.arg("--root").arg(site);
    }
    for page in pages {
        if let Some(name) = page.screenshot {
            check
                .arg("--screenshot")
                .arg(screenshots.join(format!("{name}.png")));
        }
        let mut argument = page.file.clone().into_os_string();
        if !page.anchor.is_empty() {
            argument.push(format!("#{}", page.anchor));
        }
        check.arg(argument);
    }
    let output = check.output().expect("running node");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "the browser check found problems:\n{stdout}{stderr}"
    );
    assert!(
        stdout.contains(&format!("check-pages: {} pages,", pages.len()))
            && stdout.contains(", 0 problems"),
        "every page is checked: {stdout}"
    );
}
