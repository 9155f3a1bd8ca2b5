//! The budget rule: how the rubric's budget for all of a submission's checks relates
//! to the checks' own time limits, as `grader self-check` states it (instructors'
//! commands only).

use std::time::Duration;

use super::Rubric;

/// The share of the budget that must be left for every other check after the checks
/// one loop that never ends can stop have each run to their limit.
const BUDGET_LEFT_FOR_THE_REST: f64 = 0.25;

/// The checks that call the same code of a student's: those of one handout section
/// on one subject (the first word of their names, `solve_…` in §6). A loop in that
/// code that never ends stops each of them at its own limit, and them alone.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopCost {
    /// The code they call, as the report names it: `§6 solve_…`.
    pub code: String,
    /// Their names, in rubric order.
    pub checks: Vec<&'static str>,
    /// Their time limits, added up.
    pub limits: Duration,
}

/// The budget rule, as `grader self-check` states it: the promise that a bug costs
/// only its own checks holds when the costliest loop (see [`LoopCost`]) leaves a
/// quarter of the budget for every other check.
#[derive(Debug, Clone, PartialEq)]
pub struct BudgetRule {
    /// The group of checks whose limits add up to the most.
    pub costliest: LoopCost,
    /// The rubric's budget.
    pub budget: Duration,
    /// How many checks are graded.
    pub checks: usize,
}

impl BudgetRule {
    /// Whether the budget keeps the promise.
    pub fn holds(&self) -> bool {
        self.costliest.limits.as_secs_f64()
            <= self.budget.as_secs_f64() * (1.0 - BUDGET_LEFT_FOR_THE_REST)
    }

    /// The least budget that keeps the promise, in whole seconds.
    pub fn least_budget(&self) -> u64 {
        (self.costliest.limits.as_secs_f64() / (1.0 - BUDGET_LEFT_FOR_THE_REST)).ceil() as u64
    }
}

impl std::fmt::Display for BudgetRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = |d: Duration| super::points(d.as_secs_f64());
        let budget = seconds(self.budget);
        let group = &self.costliest;
        let left = self.budget.saturating_sub(group.limits);
        write!(
            f,
            "the budget of {budget} s for all checks {} what one endless loop can stop: at most \
             the {} check(s) of {} ({}), {} s of limits together, leaving {} s for the other {} \
             (at least a quarter of the budget must be left)",
            if self.holds() {
                "covers"
            } else {
                "does not cover"
            },
            group.checks.len(),
            group.code,
            group.checks.join(", "),
            seconds(group.limits),
            seconds(left),
            self.checks.saturating_sub(group.checks.len()),
        )?;
        if !self.holds() {
            write!(
                f,
                ": raise [grader] budget to at least {} s, or lower those checks' time_limit",
                self.least_budget()
            )?;
        }
        Ok(())
    }
}

impl Rubric {
    /// The budget rule for this rubric (`None` when it grades no check).
    ///
    /// A loop that never ends in the code some checks call stops each of them at its
    /// own limit (a check that fails does not ask its twin), and checks of other code
    /// run on. Which checks call the same code is read from the checks' sections (the
    /// hint's `§6`) and subjects (the first word of the name): see [`LoopCost`]. So the
    /// promise that a bug costs only its own checks holds when the group whose limits
    /// add up to the most leaves at least a quarter of the budget for the rest. Code
    /// that sleeps rather than spins is held to the wall clock, which is looser than
    /// its CPU limit: the budget cannot cover every such check, and the checks it cuts
    /// say so.
    pub fn budget_rule(&self) -> Option<BudgetRule> {
        let mut groups: Vec<LoopCost> = Vec::new();
        for check in &self.checks {
            let section = check
                .hint
                .split_once('§')
                .map(|(_, rest)| {
                    rest.split(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .next()
                        .unwrap_or_default()
                        .trim_end_matches('.')
                })
                .unwrap_or_default();
            let subject = check.spec.name.split('_').next().unwrap_or(check.spec.name);
            let code = if section.is_empty() {
                format!("{subject}_…")
            } else {
                format!("§{section} {subject}_…")
            };
            match groups.iter_mut().find(|group| group.code == code) {
                Some(group) => {
                    group.checks.push(check.spec.name);
                    group.limits += check.time_limit;
                }
                None => groups.push(LoopCost {
                    code,
                    checks: vec![check.spec.name],
                    limits: check.time_limit,
                }),
            }
        }
        let costliest = groups.into_iter().reduce(|most, group| {
            if group.limits > most.limits {
                group
            } else {
                most
            }
        })?;
        Some(BudgetRule {
            costliest,
            budget: self.limits.budget,
            checks: self.checks.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_budget_rule_holds_when_the_costliest_loop_leaves_a_quarter_of_the_budget() {
        // Part 1 with three checks graded: two that call solve, one that does not.
        let others: String = crate::checks::all()
            .iter()
            .filter(|spec| spec.part == crate::checks::Part::Part1)
            .filter(|spec| {
                ![
                    "solve_path_valid",
                    "solve_path_unique",
                    "direction_opposite",
                ]
                .contains(&spec.name)
            })
            .map(|spec| format!("[[check]]\nname = \"{}\"\nenabled = false\n\n", spec.name))
            .collect();
        let rubric = |limit: u32, budget: u32| {
            super::super::parse(
                &format!(
                    "[grader]\ntime_limit = 10\nbudget = {budget}\n\n[[parts]]\nid = \"part1\"\ntitle = \"Part 1\"\n\n\
                     [[check]]\nname = \"solve_path_valid\"\ntime_limit = {limit}\n\n\
                     [[check]]\nname = \"solve_path_unique\"\ntime_limit = {limit}\n\n{others}"
                ),
                "rubric.toml",
            )
            .expect("a rubric")
        };
        // Two checks of §6 call solve: 2 × 30 s = 60 s, a quarter of 80 s is 20 s.
        let rule = rubric(30, 80).budget_rule().expect("a rule");
        assert_eq!(rule.costliest.code, "§6 solve_…");
        assert_eq!(
            rule.costliest.checks,
            ["solve_path_valid", "solve_path_unique"]
        );
        assert!(rule.holds(), "{rule}");
        assert!(
            rule.to_string()
                .starts_with("the budget of 80 s for all checks covers"),
            "{rule}"
        );
        // Doubled limits: 120 s of 80.
        let rule = rubric(60, 80).budget_rule().expect("a rule");
        assert!(!rule.holds());
        assert_eq!(rule.least_budget(), 160);
        assert!(
            rule.to_string().ends_with(
                "raise [grader] budget to at least 160 s, or lower those checks' time_limit"
            ),
            "{rule}"
        );
    }
}
