//! The rubric's `[style]` table: which lints count, for how many points, and who sees
//! the section. Without the table, the section is feedback only, on the default list.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::Visibility;

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

/// How written code earns the section's points (the rubric's `[style] earned_by`):
/// code nobody wrote has nothing for clippy to say, so the points follow the parts
/// the student's code makes work, each part's share in proportion to its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EarnedBy {
    /// A part's share pro rata to the points of its checks that pass: the default.
    Checks,
    /// A part's whole share once at least one of its checks passes.
    Parts,
}

impl EarnedBy {
    /// The words the reports use for what earns the points.
    pub fn words(self) -> &'static str {
        match self {
            EarnedBy::Checks => "the checks passed",
            EarnedBy::Parts => "the parts with a check passed",
        }
    }
}

/// What the rubric's `[style]` table says.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Whether gradings read the code with clippy at all.
    pub enabled: bool,
    /// What the section is worth, added to the maximum; 0 is feedback only.
    pub points: f64,
    /// Points off for each finding.
    pub per_finding: f64,
    /// How the student's code earns `points` (what the findings then take off).
    pub earned_by: EarnedBy,
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
            earned_by: EarnedBy::Checks,
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

    /// The points the student's code earns before findings: each part's share of
    /// `points` (its checks' points over all checks' points) times how much of it
    /// the part earned, by [`EarnedBy`]. `parts` holds each graded part's checks as
    /// (points possible, points earned, passed). No check at all earns nothing.
    pub fn earned(&self, parts: &[Vec<(f64, f64, bool)>]) -> f64 {
        let total: f64 = parts.iter().flatten().map(|&(max, _, _)| max).sum();
        if total <= 0.0 {
            return 0.0;
        }
        let mut earned = 0.0;
        for checks in parts {
            let share: f64 = checks.iter().map(|&(max, _, _)| max).sum();
            let done = match self.earned_by {
                EarnedBy::Checks => checks.iter().map(|&(_, score, _)| score).sum::<f64>(),
                EarnedBy::Parts if checks.iter().any(|&(_, _, passed)| passed) => share,
                EarnedBy::Parts => 0.0,
            };
            earned += done;
        }
        // Rounded to hundredths: a third of ten points reads 3.33, not 3.3333333.
        (self.points * earned / total * 100.0).round() / 100.0
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
    earned_by: Option<EarnedBy>,
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
        if let Some(earned_by) = self.earned_by {
            settings.earned_by = earned_by;
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
