//! The probe's wire: what every probe shares, whatever the submission. The protocol
//! (one request on stdin, answers on the result channel; see the probe's own `lib.rs`
//! and README), [`field`], which reads the grader's input, and the plain data types
//! the grader's inputs are read into. It depends on no student code, so the grader
//! builds it once, in the seed, with every instance of [`field`] and of
//! `serde_json::to_value` the producers use ([`instances`]): a probe then compiles only
//! its calls of the student's code, not its JSON.

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::{Value, json};


/// A producer: runs the student's code on the grader's input and returns the output.
pub type Producer = fn(&Value) -> Value;

/// Reads a field of the grader's input as `T`; a mismatch is a bug of the grader's,
/// reported as a panic in the probe (never blamed on the student).
pub fn field<T: serde::de::DeserializeOwned>(input: &Value, name: &str) -> T {
    serde_json::from_value(input[name].clone())
        .unwrap_or_else(|error| panic!("the grader's input has no valid {name:?}: {error}"))
}

/// A panic's message: its payload's text, as `panic!` and `todo!()` make it.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Marks the one line of stderr the grader reads a panic's message from.
const PANIC_MARKER: &str = "@@maze-probe-panic@@";
/// Marks the answer on stdout where there is no result channel.
const RESULT_MARKER: &str = "@@maze-probe-result@@";
/// The most input the probe reads.
const INPUT_CAP: u64 = 64 * 1024 * 1024;

/// The result channel, taken over from fd 3 and re-opened close-on-exec, so that a
/// process the student's code starts cannot inherit it.
#[cfg(unix)]
fn result_channel() -> Option<std::fs::File> {
    use std::os::fd::{BorrowedFd, FromRawFd, OwnedFd};
    // SAFETY: fd 3 is only borrowed for the duplication; if it is not open, the
    // duplication fails with EBADF and nothing else happens.
    let copy = unsafe { BorrowedFd::borrow_raw(3) }.try_clone_to_owned().ok()?;
    // SAFETY: fd 3 is open (it was just duplicated) and nothing else in this process
    // owns it; closing it leaves only the close-on-exec copy.
    drop(unsafe { OwnedFd::from_raw_fd(3) });
    Some(std::fs::File::from(copy))
}

#[cfg(not(unix))]
fn result_channel() -> Option<std::fs::File> {
    None
}

/// The probe's `main`: reads the request on stdin, runs it with the producers
/// `checks` lists and answers.
pub fn run(checks: fn() -> Vec<(&'static str, Producer)>) -> ExitCode {
    let mut channel = result_channel();
    if std::env::args().nth(1).as_deref() == Some("--list") {
        for (name, _) in checks() {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    let mut request = String::new();
    if std::io::stdin().take(INPUT_CAP).read_to_string(&mut request).is_err() {
        eprintln!("probe: the grader's request is not UTF-8 text");
        return ExitCode::from(64);
    }
    let Ok(request) = serde_json::from_str::<Value>(&request) else {
        eprintln!("probe: the grader's request is not JSON");
        return ExitCode::from(64);
    };
    let (questions, batch): (Vec<&Value>, bool) =
        match request.get("batch").and_then(Value::as_array) {
            Some(batch) => (batch.iter().collect(), true),
            None => (vec![&request], false),
        };
    let known = checks();
    let mut producers = Vec::new();
    for question in &questions {
        let Some(name) = question["producer"].as_str() else {
            eprintln!("probe: the grader's request names no producer");
            return ExitCode::from(64);
        };
        let Some(&(_, producer)) = known.iter().find(|(listed, _)| listed == &name) else {
            eprintln!("probe: no producer named {name}");
            return ExitCode::from(64);
        };
        producers.push((name, producer));
    }

    // Report a panic's message and place on one marked line, for the grader to put
    // into words. The default hook's text is left out: it repeats the message and
    // names a thread id that would make two gradings of the same code differ.
    std::panic::set_hook(Box::new(|info| {
        let message = panic_message(info.payload());
        let location = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
        eprintln!("{PANIC_MARKER}{}", json!({ "message": message, "location": location }));
    }));

    for (index, ((name, producer), question)) in producers.into_iter().zip(questions).enumerate() {
        let output = producer(&question["input"]);
        let answer = if batch {
            json!({ "index": index, "producer": name, "output": output })
        } else {
            json!({ "producer": name, "output": output })
        }
        .to_string();
        let written = match channel.as_mut() {
            Some(channel) => writeln!(channel, "{answer}").and_then(|()| channel.flush()),
            None => {
                let mut stdout = std::io::stdout().lock();
                writeln!(stdout, "\n{RESULT_MARKER}{answer}").and_then(|()| stdout.flush())
            }
        };
        if let Err(error) = written {
            eprintln!("probe: cannot write the answer: {error}");
            return ExitCode::from(70);
        }
    }
    ExitCode::SUCCESS
}

/// A position or a size as the grader sends it, `[x, y]`.
pub type Xy = (i32, i32);

/// The plain data of Part 1's inputs.
pub mod part1 {
    use serde::Deserialize;

    use super::Xy;

    /// `count` random positions with x in `x.0..=x.1` and y in `y.0..=y.1`.
    #[derive(Deserialize)]
    pub struct Draws {
        pub x: Xy,
        pub y: Xy,
        pub count: usize,
    }

    /// An array's size and the positions to ask it about.
    #[derive(Deserialize)]
    pub struct RangeQuery {
        pub size: Xy,
        pub contains: Vec<Xy>,
    }

    /// A grid's size and its walls, row by row.
    #[derive(Deserialize)]
    pub struct Grid {
        pub size: Xy,
        pub walls: Vec<Vec<u8>>,
    }

    /// A maze: its size, start, end and walls, row by row (Parts 1 and 4).
    #[derive(Deserialize)]
    pub struct GivenMaze {
        pub size: Xy,
        pub start: Xy,
        pub end: Xy,
        pub walls: Vec<Vec<u8>>,
    }
}

/// The plain data of Part 2's inputs.
pub mod part2 {
    use serde::Deserialize;
    use serde_json::Value;

    /// A rat maze: its size and the bits of each room's open doors.
    #[derive(Deserialize)]
    pub struct GivenMaze {
        pub n: usize,
        pub open: Vec<u8>,
    }

    /// A disjoint set's size and the operations to run on it.
    #[derive(Deserialize)]
    pub struct SetScript {
        pub n: usize,
        pub ops: Vec<Vec<Value>>,
    }

    /// A file's text (Parts 2 and 5).
    #[derive(Deserialize)]
    pub struct GivenFile {
        pub text: String,
    }
}

/// The plain data of Part 3's inputs.
pub mod part3 {
    use serde::Deserialize;

    use super::Xy;

    /// A link of the weighted generator's frontier (directions as bits).
    #[derive(Deserialize)]
    pub struct GivenLink {
        pub from: Xy,
        pub to: Xy,
        pub direction: u8,
        pub age: u32,
        pub previous: Option<u8>,
    }

    /// Links to weigh under one favor.
    #[derive(Deserialize)]
    pub struct WeightCase {
        pub favor: String,
        pub links: Vec<GivenLink>,
    }

    /// A draw from `links` under `favor`, `repeat` times.
    #[derive(Deserialize)]
    pub struct Round {
        pub favor: String,
        pub links: Vec<GivenLink>,
        #[serde(default = "one")]
        pub repeat: usize,
    }

    fn one() -> usize {
        1
    }

    /// Rounds drawn with one generator from `seed`.
    #[derive(Deserialize)]
    pub struct Sequence {
        pub seed: u64,
        pub rounds: Vec<Round>,
    }
}

/// The plain data of Part 5's inputs.
pub mod part5 {
    use serde::Deserialize;

    /// A board: its size and its squares row by row, as the file's lines have them.
    #[derive(Deserialize)]
    pub struct GivenBoard {
        pub rows: usize,
        pub cols: usize,
        pub squares: Vec<String>,
        /// The squares whose two nodes the graph check asks about.
        #[serde(default)]
        pub query: Vec<(usize, usize)>,
    }
}

/// Every instance of [`field`] the producers read their inputs with, and of
/// `serde_json::to_value` (what `json!` calls) for what they answer most: compiled
/// here, once, and shared with each probe (rustc shares the instances an unoptimised
/// or lightly optimised crate made with the crates that use it). Never called.
#[doc(hidden)]
pub fn instances(v: &Value) -> Vec<Value> {
    let _: Xy = field(v, "");
    let _: Vec<Xy> = field(v, "");
    let _: (Xy, Xy) = field(v, "");
    let _: Vec<(Xy, Xy)> = field(v, "");
    let _: Vec<(Xy, u8)> = field(v, "");
    let _: u32 = field(v, "");
    let _: u64 = field(v, "");
    let _: usize = field(v, "");
    let _: bool = field(v, "");
    let _: String = field(v, "");
    let _: Vec<u8> = field(v, "");
    let _: Vec<u64> = field(v, "");
    let _: Vec<usize> = field(v, "");
    let _: Vec<f64> = field(v, "");
    let _: Vec<String> = field(v, "");
    let _: Vec<Vec<u8>> = field(v, "");
    let _: Vec<Vec<Value>> = field(v, "");
    let _: Vec<Vec<Vec<Value>>> = field(v, "");
    let _: Vec<(u8, u8)> = field(v, "");
    let _: Vec<(usize, u64)> = field(v, "");
    let _: Vec<(usize, usize, u8)> = field(v, "");
    let _: Vec<(i32, i32, u8)> = field(v, "");
    let _: Vec<(i32, i32, u64)> = field(v, "");
    let _: (i32, i32, f64, u64) = field(v, "");
    let _: Vec<(i32, i32, f64, u64)> = field(v, "");
    let _: Vec<(i32, i32, String, String, u64)> = field(v, "");
    let _: part1::Grid = field(v, "");
    let _: Vec<part1::Draws> = field(v, "");
    let _: Vec<part1::RangeQuery> = field(v, "");
    let _: part1::GivenMaze = field(v, "");
    let _: Vec<part1::GivenMaze> = field(v, "");
    let _: Vec<part2::GivenMaze> = field(v, "");
    let _: part2::SetScript = field(v, "");
    let _: Vec<part2::SetScript> = field(v, "");
    let _: Vec<part2::GivenFile> = field(v, "");
    let _: Vec<part3::WeightCase> = field(v, "");
    let _: Vec<part3::Sequence> = field(v, "");
    let _: Vec<part5::GivenBoard> = field(v, "");
    vec![
        json!(v),
        json!(Vec::<Value>::new()),
        json!(Vec::<Vec<Value>>::new()),
        json!(Vec::<bool>::new()),
        json!(Vec::<u8>::new()),
        json!(Vec::<u64>::new()),
        json!(Vec::<usize>::new()),
        json!(Vec::<String>::new()),
        json!(Vec::<Vec<u8>>::new()),
        json!(Vec::<[i32; 2]>::new()),
        json!(Vec::<Xy>::new()),
        json!([0i32, 0i32]),
        json!(0u8),
        json!(0u32),
        json!(0u64),
        json!(0usize),
        json!(0i32),
        json!(false),
        json!(String::new()),
        json!(""),
        json!(Option::<u64>::None),
        json!(Option::<usize>::None),
    ]
}
