//! The template's GitHub Actions workflow: what grades a student's repository on
//! each push and pull request, with the course's grader or the student's own.

use super::{GraderSource, Options};

/// The GitHub Actions workflow. With the course's grader: grade with it at its pinned
/// revision, give the points to GitHub Classroom, put the Markdown report in the job
/// summary, keep results.json, and fail only below the minimum score. Feedback only:
/// the same grading with the repository's own grader, no points to Classroom, and a
/// summary that says whose grader it was.
pub(super) fn workflow(options: &Options) -> String {
    let (start, summary) = match &options.grader {
        GraderSource::Course { repo, rev } => (
            WORKFLOW
                .replace("@GRADER_REPO@", repo)
                .replace("@GRADER_REV@", rev),
            "Graded with the course's grader, $GRADER_REPO at $GRADER_REV. These points are feedback: the course's own grading decides the grade.",
        ),
        GraderSource::FeedbackOnly => (
            FEEDBACK_WORKFLOW.to_owned(),
            "**Feedback only.** Graded with the grader in this repository, which can be edited: these points are not the course's, and none go to GitHub Classroom. The course grades with its own copy of the grader.",
        ),
    };
    format!("{start}{}", WORKFLOW_END.replace("@SUMMARY@", summary))
        .replace("@MIN_SCORE@", &crate::rubric::points(options.min_score))
}

pub(super) const WORKFLOW: &str = r#"# Grades the starter on every push and pull request with the course's grader (its
# repository GRADER_REPO at the pinned commit GRADER_REV, not the copy in this
# repository), reports the points to GitHub Classroom, puts the report in the job
# summary and keeps results.json. The job fails only when the score is below
# MIN_SCORE. This file lives in the student's repository, which the student can
# edit: its points are feedback, and the course's authoritative grade comes from its
# own run (grader grade-all, or Gradescope).
name: Autograding Tests

on:
  push:
  pull_request:
  workflow_dispatch:
  repository_dispatch:

permissions:
  checks: write
  actions: read
  contents: read

env:
  MIN_SCORE: "@MIN_SCORE@"
  GRADER_REPO: "@GRADER_REPO@"
  GRADER_REV: "@GRADER_REV@"
  CARGO_TERM_COLOR: always

jobs:
  run-autograding-tests:
    # GitHub Classroom finds the points on the check run of this name.
    name: Autograding Tests
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 30
    steps:
      - name: The submission
        uses: actions/checkout@v4
        with:
          path: submission
      - name: The course's grader, at its pinned revision
        uses: actions/checkout@v4
        with:
          repository: ${{ env.GRADER_REPO }}
          ref: ${{ env.GRADER_REV }}
          path: course
      - uses: dtolnay/rust-toolchain@stable
      - uses: Swatinem/rust-cache@v2
        with:
          workspaces: course
      # One grading writes every report; below MIN_SCORE it still writes them and
      # the points still go to Classroom: the last step fails the job. --style: the
      # style section in every run, its checks passing or not.
      - name: Grade
        id: grader
        working-directory: course
        run: |
          status=0
          cargo run --locked -q -p maze-grader -- grade ../submission --style --min-score "$MIN_SCORE" \
            --report gradescope=../results.json --report markdown=../report.md \
            --report classroom=../classroom.json || status=$?
          if [ "$status" -gt 1 ]; then exit "$status"; fi
          echo "status=$status" >> "$GITHUB_OUTPUT"
          echo "result=$(base64 -w0 < ../classroom.json)" >> "$GITHUB_OUTPUT"
      - name: Points to GitHub Classroom
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          GRADER_RESULTS: ${{ steps.grader.outputs.result }}
        with:
          runners: grader
        continue-on-error: true
"#;

/// The steps both workflows end with: the summary (its first line says whose grader
/// graded, `@SUMMARY@`), results.json kept, and the minimum score.
pub(super) const WORKFLOW_END: &str = r#"      - name: Job summary
        if: always()
        run: |
          echo "@SUMMARY@" >> "$GITHUB_STEP_SUMMARY"
          echo >> "$GITHUB_STEP_SUMMARY"
          cat report.md >> "$GITHUB_STEP_SUMMARY"
      - name: Keep results.json
        if: always()
        uses: actions/upload-artifact@v4
        with:
          name: results
          path: results.json
      - name: Minimum score
        env:
          BELOW: ${{ steps.grader.outputs.status }}
        run: |
          if [ "$BELOW" != 0 ]; then echo "the score is below the minimum $MIN_SCORE (see the Grade step)"; exit 1; fi
"#;

pub(super) const FEEDBACK_WORKFLOW: &str = r#"# Feedback only: grades the starter on every push and pull request with the grader
# in THIS repository, which the student can edit, so its score is not the course's.
# It gives no points to GitHub Classroom; the job summary says so above the report.
# The course grades with its own copy (grader grade-all, or Gradescope).
name: Feedback

on:
  push:
  pull_request:
  workflow_dispatch:

permissions:
  contents: read

env:
  MIN_SCORE: "@MIN_SCORE@"
  CARGO_TERM_COLOR: always

jobs:
  feedback:
    name: Feedback (not the course's grade)
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      - name: The submission
        uses: actions/checkout@v4
        with:
          path: submission
      - uses: dtolnay/rust-toolchain@stable
      - uses: Swatinem/rust-cache@v2
        with:
          workspaces: submission
      - name: Grade (this repository's own grader)
        id: grader
        working-directory: submission
        run: |
          status=0
          cargo run --locked -q -p maze-grader -- grade starter --style --min-score "$MIN_SCORE" \
            --report gradescope=../results.json --report markdown=../report.md || status=$?
          if [ "$status" -gt 1 ]; then exit "$status"; fi
          echo "status=$status" >> "$GITHUB_OUTPUT"
"#;
