//! The probe binary: all of it is in the library (`lib.rs`).

fn main() -> std::process::ExitCode {
    maze_probe::run()
}
