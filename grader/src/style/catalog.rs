//! What the toolchain's clippy knows: its lints with their one-line descriptions, and
//! its groups with their members, read once from `clippy-driver -W help` (the
//! toolchain's own binary, given no student input: run outside the sandbox).
//!
//! Groups change between clippy releases (a lint moves from `pedantic` to `style`),
//! so they are expanded with the clippy that lints, never with a list kept here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Clippy's lints and groups.
#[derive(Debug, Default)]
pub struct Catalog {
    /// `clippy::needless_range_loop` → its description.
    lints: BTreeMap<String, String>,
    /// `clippy::style` → its lints.
    groups: BTreeMap<String, BTreeSet<String>>,
}

static CATALOG: OnceLock<Result<Catalog, String>> = OnceLock::new();

impl Catalog {
    /// The catalog of the clippy `driver`, read the first time it is asked for.
    pub fn of(driver: &Path) -> Result<&'static Catalog, String> {
        CATALOG
            .get_or_init(|| {
                let output = Command::new(driver)
                    .args(["-W", "help"])
                    .stdin(Stdio::null())
                    .stderr(Stdio::null())
                    .output()
                    .map_err(|error| format!("running {}: {error}", driver.display()))?;
                let catalog = Catalog::parse(&String::from_utf8_lossy(&output.stdout));
                if !output.status.success() || catalog.lints.is_empty() {
                    return Err(format!(
                        "{} -W help did not list clippy's lints",
                        driver.display()
                    ));
                }
                Ok(catalog)
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The catalog, if one was read.
    pub fn loaded() -> Option<&'static Catalog> {
        CATALOG.get().and_then(|catalog| catalog.as_ref().ok())
    }

    /// Reads `-W help`'s text: a lint's line is its name, its default level and its
    /// description; a group's is its name and its members, separated by commas.
    /// Names are written with `-` there and `_` in diagnostics; both become `_`.
    pub fn parse(text: &str) -> Catalog {
        let mut catalog = Catalog::default();
        for line in text.lines() {
            let line = line.trim();
            let Some((name, rest)) = line.split_once(char::is_whitespace) else {
                continue;
            };
            if !name.starts_with("clippy::") {
                continue;
            }
            let name = name.replace('-', "_");
            let rest = rest.trim_start();
            if rest.starts_with("clippy::") {
                let members = rest
                    .split(',')
                    .map(|member| member.trim().replace('-', "_"))
                    .filter(|member| !member.is_empty())
                    .collect();
                catalog.groups.insert(name, members);
            } else if let Some((level, description)) = rest.split_once(char::is_whitespace)
                && ["allow", "warn", "deny", "forbid"].contains(&level)
            {
                catalog.lints.insert(name, description.trim().to_owned());
            }
        }
        catalog
    }

    /// The lints `name` stands for: a group's members, a lint itself, or none when
    /// this clippy knows no such name.
    pub fn expand(&self, name: &str) -> BTreeSet<String> {
        let name = name.replace('-', "_");
        if let Some(members) = self.groups.get(&name) {
            return members.clone();
        }
        if self.lints.contains_key(&name) {
            return BTreeSet::from([name]);
        }
        BTreeSet::new()
    }

    /// Clippy's one-line description of `lint`.
    pub fn description(&self, lint: &str) -> Option<&str> {
        self.lints.get(lint).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HELP: &str = "
Lint checks loaded by this crate:

                                                       name  default  meaning
                                                       ----  -------  -------
                                    clippy::needless-return  warn     using a return statement like `return expr;` where an expression would suffice
                                           clippy::len-zero  warn     checking `x.len() == 0` or similar when `.is_empty()` could be used instead
                               clippy::needless-pass-by-value  allow    functions taking arguments by value, but not consuming them in its body

Lint groups loaded by this crate:

                                          name  sub-lints
                                          ----  ---------
                                 clippy::style  clippy::needless-return, clippy::len-zero
";

    #[test]
    fn groups_expand_to_their_lints_and_a_lint_to_itself() {
        let catalog = Catalog::parse(HELP);
        assert_eq!(
            catalog.expand("clippy::style"),
            BTreeSet::from([
                "clippy::len_zero".to_owned(),
                "clippy::needless_return".to_owned()
            ])
        );
        assert_eq!(
            catalog.expand("clippy::needless-pass-by-value"),
            BTreeSet::from(["clippy::needless_pass_by_value".to_owned()])
        );
        assert!(catalog.expand("clippy::no_such_lint").is_empty());
        assert_eq!(
            catalog.description("clippy::len_zero"),
            Some("checking `x.len() == 0` or similar when `.is_empty()` could be used instead")
        );
    }
}
