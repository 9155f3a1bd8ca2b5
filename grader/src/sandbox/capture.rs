//! Reading a job's output streams: each on a thread of its own that keeps the first
//! bytes up to a cap and drains the rest (so the job never blocks on a full pipe),
//! watching the whole stream for a few marker strings, and handing over what it has
//! at a deadline even if the stream is still open — a stray process holding a pipe
//! never makes the grader wait.

use std::io::{Read, Write};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use super::Capture;

/// What a reader thread has so far.
#[derive(Default)]
struct State {
    capture: Capture,
    /// One flag per marker: seen anywhere in the stream, kept part or not.
    seen: Vec<bool>,
    /// The end of the previous chunk, so a marker split across two reads is found.
    tail: Vec<u8>,
    /// When each line ended (its `\n` was read), for the first `lines_kept` lines.
    lines: Vec<Instant>,
    lines_kept: usize,
    finished: bool,
}

/// A stream being read on its own thread.
pub(super) struct Reader {
    shared: Arc<(Mutex<State>, Condvar)>,
}

/// The kept bytes, which markers were seen, and when the first lines ended.
pub(super) struct Collected {
    pub capture: Capture,
    pub seen: Vec<bool>,
    pub lines: Vec<Instant>,
}

impl Reader {
    /// Starts reading `stream`, keeping `cap` bytes and looking for `markers`.
    pub(super) fn spawn(
        stream: impl Read + Send + 'static,
        cap: usize,
        markers: &'static [&'static str],
    ) -> Reader {
        Reader::start(stream, cap, markers, 0)
    }

    /// Starts reading a stream of lines, keeping `cap` bytes and noting when each
    /// of the first `lines` lines ends.
    pub(super) fn spawn_lines(
        stream: impl Read + Send + 'static,
        cap: usize,
        lines: usize,
    ) -> Reader {
        Reader::start(stream, cap, &[], lines)
    }

    fn start(
        mut stream: impl Read + Send + 'static,
        cap: usize,
        markers: &'static [&'static str],
        lines_kept: usize,
    ) -> Reader {
        let shared = Arc::new((
            Mutex::new(State {
                seen: vec![false; markers.len()],
                lines_kept,
                ..State::default()
            }),
            Condvar::new(),
        ));
        let theirs = Arc::clone(&shared);
        thread::spawn(move || {
            let mut buffer = vec![0u8; 16 * 1024];
            loop {
                let n = match stream.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                let mut state = theirs.0.lock().unwrap_or_else(PoisonError::into_inner);
                state.take(&buffer[..n], cap, markers);
            }
            let (lock, done) = &*theirs;
            lock.lock().unwrap_or_else(PoisonError::into_inner).finished = true;
            done.notify_all();
        });
        Reader { shared }
    }

    /// How many lines have ended so far (at most the number noted), and when the
    /// last of them did.
    pub(super) fn lines(&self) -> (usize, Option<Instant>) {
        let state = self.shared.0.lock().unwrap_or_else(PoisonError::into_inner);
        (state.lines.len(), state.lines.last().copied())
    }

    /// What was read by the time the stream ended, or by `deadline` if it is still
    /// open then (the capture is then marked truncated and the thread left to drain
    /// until the stream closes).
    pub(super) fn finish(self, deadline: Instant) -> Collected {
        let (lock, done) = &*self.shared;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        while !state.finished {
            let now = Instant::now();
            if now >= deadline {
                state.capture.truncated = true;
                break;
            }
            state = done
                .wait_timeout(state, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        Collected {
            capture: std::mem::take(&mut state.capture),
            seen: state.seen.clone(),
            lines: std::mem::take(&mut state.lines),
        }
    }
}

impl State {
    fn take(&mut self, chunk: &[u8], cap: usize, markers: &[&str]) {
        if self.lines.len() < self.lines_kept {
            let now = Instant::now();
            let ended = chunk.iter().filter(|&&b| b == b'\n').count();
            let room = self.lines_kept - self.lines.len();
            self.lines.extend(std::iter::repeat_n(now, ended.min(room)));
        }
        let room = cap.saturating_sub(self.capture.bytes.len());
        self.capture
            .bytes
            .extend_from_slice(&chunk[..chunk.len().min(room)]);
        self.capture.truncated |= chunk.len() > room;

        let longest = markers.iter().map(|m| m.len()).max().unwrap_or(0);
        if longest == 0 {
            return;
        }
        self.tail.extend_from_slice(chunk);
        for (seen, marker) in self.seen.iter_mut().zip(markers) {
            *seen = *seen || contains(&self.tail, marker.as_bytes());
        }
        let keep = longest - 1;
        if self.tail.len() > keep {
            self.tail.drain(..self.tail.len() - keep);
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

/// Writes `bytes` to the job's stdin on a thread of its own, then closes it; a job
/// that never reads only costs that thread until the job is gone (then the write
/// fails with `EPIPE`, which Rust's runtime turns into an error rather than a signal).
pub(super) fn feed(mut stdin: impl Write + Send + 'static, bytes: Vec<u8>) {
    if bytes.is_empty() {
        return;
    }
    thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
}
