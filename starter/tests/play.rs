//! `maze play` as a player runs it: a whole small maze played through a
//! pseudo-terminal, and the one-line errors when there is no terminal.
//!
//! The pseudo-terminal comes from util-linux's `script`, which runs a command on a
//! new pseudo-terminal and passes its own stdin and stdout through. The test types
//! the keys of the solver's path into it, then `q`, and reads the line the game
//! prints when it ends. The rules and the screen are tested without a terminal in
//! the library (`maze::game`) and in the binary (`commands::play::screen`).

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use maze::generate::{Settings, find};
use maze::solver::directions_along;
use maze::{Direction, MazeRng, backtrack::solve_backtracking};

const MAZE: &str = env!("CARGO_BIN_EXE_maze");

/// Everything the command has written so far, read by a thread of its own.
fn collect(mut output: impl Read + Send + 'static) -> Arc<Mutex<Vec<u8>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let writer = Arc::clone(&seen);
    thread::spawn(move || {
        let mut buffer = [0; 4096];
        while let Ok(count) = output.read(&mut buffer) {
            if count == 0 {
                break;
            }
            writer.lock().unwrap().extend_from_slice(&buffer[..count]);
        }
    });
    seen
}

/// Waits until the output contains `text`, for at most 20 seconds.
fn wait_for(seen: &Mutex<Vec<u8>>, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let output = String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
        if output.contains(text) {
            return;
        }
        assert!(Instant::now() < deadline, "no {text:?} in {output:?}");
        thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_whole_maze_is_played_through_a_pseudo_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    }
    // The maze the game will show, and the way through it.
    let maze = find("prim")
        .unwrap()
        .generate(6, 5, &Settings::default(), &mut MazeRng::seed_from_u64(1))
        .unwrap();
    let directions = directions_along(&solve_backtracking(&maze).unwrap());

    let command = format!(
        "stty rows 24 cols 80; exec {MAZE} play --width 6 --height 5 --seed 1 --algorithm prim"
    );
    let mut child = Command::new("script")
        .args(["--quiet", "--return", "--command", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("TERM", "xterm-256color")
        .spawn()
        .unwrap();
    let seen = collect(child.stdout.take().unwrap());
    let mut keys = child.stdin.take().unwrap();
    // The first screen is drawn: the game reads keys from now on.
    wait_for(&seen, "moves");

    // A blocked step first (the border south of the start), then the path, with
    // every kind of key: arrows, WASD and hjkl.
    let mut typed: Vec<&[u8]> = vec![b"j"];
    for (i, direction) in directions.iter().enumerate() {
        let key: &[u8] = match (*direction, i % 2) {
            (Direction::NORTH, 0) => b"\x1b[A",
            (Direction::NORTH, _) => b"k",
            (Direction::SOUTH, 0) => b"\x1b[B",
            (Direction::SOUTH, _) => b"j",
            (Direction::EAST, 0) => b"\x1b[C",
            (Direction::EAST, _) => b"d",
            (_, 0) => b"\x1b[D",
            _ => b"a",
        };
        typed.push(key);
    }
    for key in typed {
        keys.write_all(key).unwrap();
        keys.flush().unwrap();
        // One key a write, so that an arrow's escape sequence is never split.
        thread::sleep(Duration::from_millis(30));
    }
    thread::sleep(Duration::from_millis(300));
    keys.write_all(b"q").unwrap();
    keys.flush().unwrap();

    let expected = format!(
        "You reached the end of the 6x5 maze (seed 1) in {} moves.",
        directions.len()
    );
    wait_for(&seen, &expected);
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "maze play did not end after q");
        thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
}

#[test]
fn without_a_terminal_play_fails_in_one_line() {
    let output = Command::new(MAZE)
        .args(["play", "--level", "beginner", "--seed", "1"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "error: maze play needs a terminal: run it without redirecting stdin or stdout\n"
    );
}

#[test]
fn a_bad_size_is_reported_before_the_terminal_is_needed() {
    let output = Command::new(MAZE)
        .args(["play", "--width", "4", "--height", "5"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: width 4 is outside 5..=50\n"
    );
}

#[test]
fn level_and_width_do_not_mix() {
    let output = Command::new(MAZE)
        .args([
            "play", "--level", "advanced", "--width", "9", "--height", "9",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("cannot be used with"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_terminal_too_small_fails_in_one_line() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    }
    let command = format!("stty rows 6 cols 40; exec {MAZE} play --seed 1");
    let output = Command::new("script")
        .args(["--quiet", "--return", "--command", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    // On a pseudo-terminal stderr and stdout are the same stream.
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("error: the terminal is 40x6; maze play needs at least 52x8"),
        "{text:?}"
    );
}
