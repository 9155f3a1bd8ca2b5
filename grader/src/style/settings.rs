//! The rubric's `[style]` table: which lints count, for how many points, and who sees
//! the section. Without the table, the section is feedback only, on the default list.

use serde::Deserialize;
use toml::Spanned;

use crate::rubric::Visibility;

/// The lints that count when the rubric names none: clippy's default groups (what
/// `cargo clippy` warns about, correctness errors included), and the lints of its
/// pedantic and nursery groups that speak to what this assignment teaches: borrowing
/// rather than cloning or taking ownership (`needless_pass_by_value`,
/// `redundant_clone`, `trivially_copy_pass_by_ref`), iterators rather than index
/// loops (`explicit_iter_loop`, `needless_collect`), matches without repeated arms,
/// and `if`/`else` without dead ends. Clippy's group members are read from the
/// toolchain; the reference solution has no finding under this list (a test keeps
/// it so).
pub const DEFAULT_LINTS: &[&str] = &[
    "clippy::correctness",
    "clippy::suspicious",
    "clippy::style",
    "clippy::complexity",
    "clippy::perf",
    "clippy::needless_pass_by_value",
    "clippy::redundant_clone",
    "clippy::trivially_copy_pass_by_ref",
    "clippy::large_types_passed_by_value",
    "clippy::ref_option",
    "clippy::implicit_clone",
    "clippy::cloned_instead_of_copied",
    "clippy::inefficient_to_string",
    "clippy::explicit_iter_loop",
    "clippy::explicit_into_iter_loop",
    "clippy::needless_collect",
    "clippy::needless_for_each",
    "clippy::flat_map_option",
    "clippy::match_same_arms",
    "clippy::unnested_or_patterns",
    "clippy::redundant_else",
    "clippy::needless_continue",
    "clippy::manual_let_else",
    "clippy::manual_assert",
    "clippy::map_unwrap_or",
    "clippy::or_fun_call",
    "clippy::bool_to_int_with_if",
    "clippy::range_plus_one",
    "clippy::cast_lossless",
    "clippy::manual_string_new",
    "clippy::explicit_deref_methods",
    "clippy::too_many_lines",
];

/// What the rubric's `[style]` table says.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Whether gradings read the code with clippy at all.
    pub enabled: bool,
    /// What the section is worth, added to the maximum; 0 is feedback only.
    pub points: f64,
    /// Points off for each finding.
    pub per_finding: f64,
    /// The most points findings take off (`None`: all of `points`).
    pub cap: Option<f64>,
    /// Who sees the section on Gradescope.
    pub visibility: Visibility,
    /// Whether a student's `#[allow(clippy::…)]` on a lint that counts is honoured;
    /// by default it is not, and the finding is reported.
    pub honour_allow: bool,
    /// The lints and groups that count (`clippy::style`, `clippy::len_zero`).
    pub lints: Vec<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            enabled: true,
            points: 0.0,
            per_finding: 1.0,
            cap: None,
            visibility: Visibility::Visible,
            honour_allow: false,
            lints: DEFAULT_LINTS.iter().map(|&l| l.to_owned()).collect(),
        }
    }
}

impl Settings {
    /// The most points the findings take off.
    pub fn cap(&self) -> f64 {
        self.cap.unwrap_or(self.points).min(self.points)
    }
}

/// The `[style]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawStyle {
    #[serde(default = "yes")]
    enabled: bool,
    points: Option<Spanned<f64>>,
    per_finding: Option<Spanned<f64>>,
    cap: Option<Spanned<f64>>,
    visibility: Option<Visibility>,
    #[serde(default)]
    honour_allow: bool,
    lints: Option<Vec<Spanned<String>>>,
}

fn yes() -> bool {
    true
}

impl RawStyle {
    /// The settings, or the offset in the rubric's text of what is wrong and why.
    pub(crate) fn settings(self) -> Result<Settings, (usize, String)> {
        let mut settings = Settings {
            enabled: self.enabled,
            honour_allow: self.honour_allow,
            ..Settings::default()
        };
        let points = |value: &Spanned<f64>, what: &str| {
            let number = *value.get_ref();
            if number.is_finite() && (0.0..=1000.0).contains(&number) {
                Ok(number)
            } else {
                Err((
                    value.span().start,
                    format!("[style] {what} {number} is outside 0..=1000"),
                ))
            }
        };
        if let Some(value) = &self.points {
            settings.points = points(value, "points")?;
        }
        if let Some(value) = &self.per_finding {
            settings.per_finding = points(value, "per_finding")?;
        }
        if let Some(value) = &self.cap {
            settings.cap = Some(points(value, "cap")?);
        }
        if let Some(visibility) = self.visibility {
            settings.visibility = visibility;
        }
        if let Some(lints) = self.lints {
            settings.lints = Vec::new();
            for lint in lints {
                let name = lint.get_ref();
                let well_formed = name.strip_prefix("clippy::").is_some_and(|rest| {
                    !rest.is_empty()
                        && rest.chars().all(|c| {
                            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'
                        })
                });
                if !well_formed {
                    return Err((
                        lint.span().start,
                        format!(
                            "[style] lint {name:?} is not a clippy lint or group: write it as clippy's documentation does, e.g. \"clippy::needless_range_loop\" or \"clippy::style\""
                        ),
                    ));
                }
                settings.lints.push(name.replace('-', "_"));
            }
        }
        Ok(settings)
    }
}
