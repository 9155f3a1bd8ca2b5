//! The grader run as instructors and CI run it: the real `grader` binary on small
//! submissions made from the reference solution, each with one realistic defect.
//! One test binary, one module per feature.

mod actions;
mod arrows;
mod books;
mod browser;
mod change_a_check;
mod ci;
mod class;
mod cli;
mod container;
mod defects;
mod dist;
mod gradescope;
mod guide;
mod hostile;
mod kit_commands;
mod messages;
mod mutants;
mod parts34;
mod reference;
mod rules;
mod sandbox;
mod seed;
mod shards;
mod style;
mod support;
mod table;
mod toolchain;
mod transcripts;
mod violations;
mod walk;
mod watch;
