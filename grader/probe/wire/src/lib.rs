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

pub mod producers;


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
/// process the student's code starts cannot inherit it. Its number is kept for
/// [`threads`], which reports a limit on it.
#[cfg(unix)]
fn result_channel() -> Option<std::fs::File> {
    use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
    // SAFETY: fd 3 is only borrowed for the duplication; if it is not open, the
    // duplication fails with EBADF and nothing else happens.
    let copy = unsafe { BorrowedFd::borrow_raw(3) }.try_clone_to_owned().ok()?;
    // SAFETY: fd 3 is open (it was just duplicated) and nothing else in this process
    // owns it; closing it leaves only the close-on-exec copy.
    drop(unsafe { OwnedFd::from_raw_fd(3) });
    threads::CHANNEL.store(copy.as_raw_fd(), std::sync::atomic::Ordering::SeqCst);
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
    // The threads one call of the student's code may start (see [`threads`]); the
    // grader sends it with every request.
    if let Some(budget) = request.get("threads").and_then(Value::as_u64) {
        threads::set_budget(budget);
    }
    threads::few_arenas();
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
        let calling = calls::now();
        eprintln!("{PANIC_MARKER}{}", json!({ "message": message, "location": location, "calling": calling }));
    }));

    for (index, ((name, producer), question)) in producers.into_iter().zip(questions).enumerate() {
        threads::new_call();
        calls::clear();
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

/// Counting the threads the student's code starts, one call at a time.
///
/// Every thread of a Rust program on Linux with glibc is started by `pthread_create`,
/// and the probe's binary defines that symbol itself (`main.rs`), which the static
/// linker then binds every call of Rust's standard library (and rayon's) to; it calls
/// [`pthread_create`] here, which counts the thread and starts it with glibc's own.
/// One call of the student's code (a question, or each `solve` of a question, as the
/// producer says with [`new_call`]) may start a small number of threads, which the
/// grader sends; the next one stops the whole process at once, before the thread
/// runs, with a line on the result channel that the grader puts into words. A
/// process that could not start a thread at all (the system refused, `EAGAIN`: the
/// sandbox's process limit) is stopped the same way.
///
/// Why a count and not the threads alive at once: how many of a thread-per-branch
/// search's threads are alive together depends on how the machine schedules them, so
/// a limit on that gave the same code different grades; how many one search starts
/// depends on the maze. Rayon's pool (two threads: the grader sets
/// `RAYON_NUM_THREADS`) starts in whichever call first uses rayon and counts there,
/// the same two every time. Stopping at once, rather than failing the thread's start,
/// keeps the verdict from depending on what the student's code does with the error
/// (a panic in one of many threads, and a flood of their messages on stderr).
///
/// This is the student's side of the trust boundary: a submission can forge the
/// line (and fail) or get round the count (and meet the sandbox's process limit,
/// which stays); it gains nothing either way.
/// The calls a producer is making of the student's code, in the student's words
/// (`RatMaze::new(3), then neighbors(8)`), for a panic to name the sequence that
/// reached it (on whatever thread the student's code panics).
pub mod calls {
    use std::sync::Mutex;

    static CALLING: Mutex<Option<String>> = Mutex::new(None);

    /// The producer is now making the calls `sequence`.
    pub fn calling(sequence: String) {
        *CALLING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(sequence);
    }

    /// No call is named any more (a new question starts).
    pub fn clear() {
        *CALLING.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
    }

    /// The calls being made, if a producer named them. (A panic hook must not block:
    /// a lock held by the panicking thread itself names nothing.)
    pub fn now() -> Option<String> {
        match CALLING.try_lock() {
            Ok(calling) => calling.clone(),
            Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner().clone(),
            Err(std::sync::TryLockError::WouldBlock) => None,
        }
    }
}

/// Panics of the student's code caught where a producer can go on to the next item
/// or call: each becomes `{"panic": message, "location": "file:line"}` in the answer,
/// which the grader words as it words a panic anywhere.
pub mod caught {
    use std::any::Any;
    use std::cell::RefCell;
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::Once;

    use serde_json::{Value, json};

    thread_local! {
        /// Where the last panic on this thread happened, as `file:line`.
        static PLACE: RefCell<Option<String>> = const { RefCell::new(None) };
    }

    /// Adds to the probe's panic hook (once) a note of where each panic happens, so
    /// that a caught panic still names the line of the student's code.
    fn note_places() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                let place = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                PLACE.with(|cell| *cell.borrow_mut() = place);
                previous(info);
            }));
        });
    }

    /// A caught panic.
    pub struct Panic {
        payload: Box<dyn Any + Send>,
        message: String,
        location: Option<String>,
    }

    impl Panic {
        /// The panic as the answer reports it.
        pub fn value(&self) -> Value {
            json!({ "panic": self.message, "location": self.location })
        }

        /// The panic, unless it is a `todo!()`: that one goes on unwinding, so that
        /// an unwritten method ends the run as not implemented, as everywhere.
        pub fn unless_todo(self) -> Panic {
            if self.message.starts_with("not yet implemented") {
                std::panic::resume_unwind(self.payload);
            }
            self
        }
    }

    /// `work`'s value, or the panic that ended it.
    pub fn run<T>(work: impl FnOnce() -> T) -> Result<T, Panic> {
        note_places();
        catch_unwind(AssertUnwindSafe(work)).map_err(|payload| Panic {
            message: super::panic_message(payload.as_ref()),
            location: PLACE.with(|cell| cell.borrow_mut().take()),
            payload,
        })
    }
}

/// Allocations counted by thread: the probe's global allocator (the binary's, so the
/// student's code allocates through it too) adds one to the counter of the thread
/// that allocates. A task that runs on a thread allocates there (a task's boxed
/// closure, its copy of the path), while a thread that only waits for work allocates
/// nothing: which threads allocated during a call says which ran its work.
pub mod allocations {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;
    use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
    use std::time::Duration;

    /// Counters, one per thread in the order threads first allocate; the last is
    /// shared by every thread past it.
    const SLOTS: usize = 256;
    static COUNTS: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    /// How many allocations still pause, whichever thread makes them.
    static PAUSES: AtomicU32 = AtomicU32::new(0);
    /// How long one pause lasts.
    const PAUSE: Duration = Duration::from_micros(200);
    /// While allocations pause: the slot of the thread that asked for the pauses, the
    /// allocations that show a thread ran part of the work, and each slot's count when
    /// the pauses began (a slot first used after that began at 0: slots are never
    /// reused).
    static CALLER: AtomicUsize = AtomicUsize::new(usize::MAX);
    static WORKED: AtomicU64 = AtomicU64::new(u64::MAX);
    static BASE: [AtomicU64; SLOTS] = [const { AtomicU64::new(0) }; SLOTS];

    /// At most the next `count` allocations each pause for a moment (a sleep, no CPU
    /// time), until two threads besides the caller have each allocated `worked` times
    /// since, or [`end_pauses`]: then the work is seen running in parallel and the
    /// pauses stop. A thread that runs a search and pauses gives its core away, so a
    /// pool's idle threads, woken when it queues tasks, get to run and take some of
    /// them even on a machine whose cores are all busy; without the pauses, one thread
    /// could run a small search to its end before another was scheduled at all. On a
    /// quiet machine the other threads start at once and few allocations pause.
    /// Returns every thread's count when the pauses began, by slot (as [`by_thread`]).
    pub fn pause_until_parallel(count: u32, worked: u64) -> Vec<u64> {
        end_pauses();
        let before = by_thread();
        for (base, &count) in BASE.iter().zip(&before) {
            base.store(count, Ordering::SeqCst);
        }
        CALLER.store(own_slot(), Ordering::SeqCst);
        WORKED.store(worked, Ordering::SeqCst);
        PAUSES.store(count, Ordering::SeqCst);
        before
    }

    /// No allocation pauses any more.
    pub fn end_pauses() {
        PAUSES.store(0, Ordering::SeqCst);
    }

    /// Whether two threads besides the caller have each allocated enough since the
    /// pauses began.
    fn seen_in_parallel() -> bool {
        let used = NEXT.load(Ordering::Relaxed).min(SLOTS);
        let (caller, worked) = (CALLER.load(Ordering::Relaxed), WORKED.load(Ordering::Relaxed));
        let busy = (0..used)
            .filter(|&slot| slot != caller)
            .filter(|&slot| {
                let since = COUNTS[slot].load(Ordering::Relaxed);
                since.saturating_sub(BASE[slot].load(Ordering::Relaxed)) >= worked
            })
            .count();
        busy >= 2
    }

    /// Takes one pause if any is left and the work has not been seen in parallel yet.
    fn maybe_pause() {
        // Acquire: the caller's slot, count and snapshot, stored before the pauses
        // were armed, are seen with them.
        let left = PAUSES.load(Ordering::Acquire);
        if left == 0 {
            return;
        }
        if seen_in_parallel() {
            // Ends only the pauses this thread saw: a thread of an earlier solve that
            // is late leaves a new solve's pauses, armed since, as they are.
            let _ = PAUSES.compare_exchange(left, 0, Ordering::AcqRel, Ordering::Relaxed);
            return;
        }
        if PAUSES
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |left| left.checked_sub(1))
            .is_ok()
        {
            // nanosleep: no allocation, so no recursion into this allocator.
            std::thread::sleep(PAUSE);
        }
    }

    thread_local! {
        static SLOT: Cell<usize> = const { Cell::new(usize::MAX) };
    }

    /// The counter of the calling thread (the shared last one while its thread-local
    /// storage is being torn down).
    pub fn own_slot() -> usize {
        SLOT.try_with(|slot| {
            if slot.get() == usize::MAX {
                slot.set(NEXT.fetch_add(1, Ordering::Relaxed).min(SLOTS - 1));
            }
            slot.get()
        })
        .unwrap_or(SLOTS - 1)
    }

    /// Every thread's count so far, by slot.
    pub fn by_thread() -> Vec<u64> {
        let used = NEXT.load(Ordering::Relaxed).min(SLOTS);
        COUNTS[..used].iter().map(|count| count.load(Ordering::Relaxed)).collect()
    }

    /// The system's allocator, counting.
    pub struct Counting;

    // SAFETY: every call is passed on to the system allocator unchanged; the count is
    // an atomic add and a const thread-local, neither of which allocates.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            COUNTS[own_slot()].fetch_add(1, Ordering::Relaxed);
            maybe_pause();
            // SAFETY: the caller's layout, passed on.
            unsafe { System.alloc(layout) }
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            COUNTS[own_slot()].fetch_add(1, Ordering::Relaxed);
            maybe_pause();
            // SAFETY: the caller's layout, passed on.
            unsafe { System.alloc_zeroed(layout) }
        }

        unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
            // SAFETY: a block this allocator (the system's) gave, with its layout.
            unsafe { System.dealloc(pointer, layout) }
        }

        unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
            COUNTS[own_slot()].fetch_add(1, Ordering::Relaxed);
            maybe_pause();
            // SAFETY: a block this allocator gave, with its layout, and the new size.
            unsafe { System.realloc(pointer, layout, size) }
        }
    }
}

pub mod threads {
    use std::sync::atomic::{AtomicU64, Ordering};

    /// The result channel's descriptor (-1: none), set when the probe takes it over.
    #[cfg(unix)]
    pub(crate) static CHANNEL: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);
    /// Threads one call may start; 0 until the grader's request says (no limit).
    static BUDGET: AtomicU64 = AtomicU64::new(0);
    /// Threads started since the current call began.
    static STARTED: AtomicU64 = AtomicU64::new(0);

    /// The exit status of a process stopped here.
    pub const STOPPED: i32 = 75;

    /// Sets how many threads one call may start (counted only where the probe
    /// defines `pthread_create`: Linux with glibc).
    pub(crate) fn set_budget(threads: u64) {
        BUDGET.store(threads, Ordering::SeqCst);
    }

    /// A new call of the student's code begins: its threads are counted from zero.
    pub fn new_call() {
        STARTED.store(0, Ordering::SeqCst);
    }

    /// The threads started since the current call began (counted only where the
    /// probe defines `pthread_create`: Linux with glibc).
    pub fn started() -> u64 {
        STARTED.load(Ordering::SeqCst)
    }

    /// Few malloc arenas. glibc gives each new thread an arena of its own, up to
    /// eight per core, and each reserves 64 MiB of address space: at the sandbox's
    /// limit on address space, a few threads would end as "out of memory" without
    /// allocating anything. Two arenas cost little contention with rayon's two
    /// threads.
    pub(crate) fn few_arenas() {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        {
            unsafe extern "C" {
                fn mallopt(param: i32, value: i32) -> i32;
            }
            const M_ARENA_MAX: i32 = -8;
            // SAFETY: mallopt only changes a malloc setting; no thread has started.
            unsafe { mallopt(M_ARENA_MAX, 2) };
        }
    }

    /// Why the process was stopped.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[derive(Clone, Copy)]
    enum Limit {
        /// One call started more threads than its budget.
        PerCall(u64),
        /// The system refused a thread (`EAGAIN`).
        Refused,
    }

    /// Writes the limit on the result channel in one write and ends the process at
    /// once, every thread with it (no unwinding, no destructors, no more output).
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn stop(limit: Limit) -> ! {
        let line = match limit {
            Limit::PerCall(budget) => format!("{{\"limit\":\"threads\",\"per_call\":{budget}}}\n"),
            Limit::Refused => "{\"limit\":\"refused\"}\n".to_owned(),
        };
        unsafe extern "C" {
            fn write(fd: i32, buffer: *const u8, count: usize) -> isize;
            fn _exit(status: i32) -> !;
        }
        let channel = CHANNEL.load(Ordering::SeqCst);
        // SAFETY: one write of a short line (atomic on a pipe) to the channel's
        // descriptor, or to nothing when it is -1; then _exit, which runs nothing.
        unsafe {
            if channel >= 0 {
                write(channel, line.as_ptr(), line.len());
            }
            _exit(STOPPED)
        }
    }

    /// The signature of `pthread_create`.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    pub type Create = unsafe extern "C" fn(
        *mut std::ffi::c_void,
        *const std::ffi::c_void,
        extern "C" fn(*mut std::ffi::c_void) -> *mut std::ffi::c_void,
        *mut std::ffi::c_void,
    ) -> i32;

    /// glibc's `pthread_create`, the next definition after the probe's own.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn glibc_create() -> Option<Create> {
        use std::sync::OnceLock;
        static REAL: OnceLock<usize> = OnceLock::new();
        unsafe extern "C" {
            fn dlsym(handle: *mut std::ffi::c_void, symbol: *const std::ffi::c_char) -> *mut std::ffi::c_void;
        }
        // glibc's RTLD_NEXT.
        let next = -1isize as *mut std::ffi::c_void;
        // SAFETY: dlsym reads a NUL-terminated name.
        let found = *REAL.get_or_init(|| unsafe { dlsym(next, c"pthread_create".as_ptr()) } as usize);
        // SAFETY: a non-null address dlsym gave for pthread_create is that function.
        (found != 0).then(|| unsafe { std::mem::transmute::<usize, Create>(found) })
    }

    /// The probe's `pthread_create`: counts the thread against the call's budget
    /// (stopping the process past it) and starts it with glibc's.
    ///
    /// # Safety
    /// The arguments are `pthread_create`'s, passed on unchanged.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    pub unsafe fn pthread_create(
        thread: *mut std::ffi::c_void,
        attributes: *const std::ffi::c_void,
        start: extern "C" fn(*mut std::ffi::c_void) -> *mut std::ffi::c_void,
        argument: *mut std::ffi::c_void,
    ) -> i32 {
        const EAGAIN: i32 = 11;
        let budget = BUDGET.load(Ordering::SeqCst);
        let started = STARTED.fetch_add(1, Ordering::SeqCst) + 1;
        if budget > 0 && started > budget {
            stop(Limit::PerCall(budget));
        }
        let Some(create) = glibc_create() else {
            return EAGAIN;
        };
        // SAFETY: glibc's pthread_create with the caller's own arguments.
        let result = unsafe { create(thread, attributes, start, argument) };
        if result == EAGAIN {
            stop(Limit::Refused);
        }
        result
    }
}

/// The CPU time of the calling thread, for a producer whose rule is how much work an
/// operation does (a ring buffer's `dequeue` moves no item; a stack's `pop` neither):
/// it runs the student's code on a large input within a budget of CPU time and says
/// where the budget ran out. CPU time, not the wall clock, so that a machine busy with
/// other work gives the same answer: the grader sizes the input so that the handout's
/// way takes milliseconds and a way that moves every item takes many times the budget.
/// Where a thread's CPU time cannot be read (Windows, 32-bit systems) the wall clock
/// stands in, on a student's own machine only.
pub mod cpu {
    use std::time::{Duration, Instant};

    /// The calling thread's CPU time so far, where the system says.
    #[cfg(all(any(target_os = "linux", target_os = "macos"), target_pointer_width = "64"))]
    fn thread_time() -> Option<Duration> {
        /// `struct timespec` on 64-bit Linux and macOS.
        #[repr(C)]
        struct Timespec {
            seconds: i64,
            nanoseconds: i64,
        }
        unsafe extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        #[cfg(target_os = "linux")]
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        #[cfg(target_os = "macos")]
        const CLOCK_THREAD_CPUTIME_ID: i32 = 16;
        let mut time = Timespec { seconds: 0, nanoseconds: 0 };
        // SAFETY: clock_gettime writes one timespec, which `time` is.
        let read = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
        let seconds = u64::try_from(time.seconds).ok()?;
        let nanoseconds = u32::try_from(time.nanoseconds).ok()?;
        (read == 0).then(|| Duration::new(seconds, nanoseconds))
    }

    #[cfg(not(all(any(target_os = "linux", target_os = "macos"), target_pointer_width = "64")))]
    fn thread_time() -> Option<Duration> {
        None
    }

    /// A budget of the calling thread's CPU time, from when it is made.
    pub struct Budget {
        cpu: Option<Duration>,
        wall: Instant,
        limit: Duration,
    }

    impl Budget {
        /// `milliseconds` of CPU time from now.
        pub fn new(milliseconds: u64) -> Budget {
            Budget { cpu: thread_time(), wall: Instant::now(), limit: Duration::from_millis(milliseconds) }
        }

        /// Whether the thread has used more than the budget since it was made.
        pub fn spent(&self) -> bool {
            match (self.cpu, thread_time()) {
                (Some(start), Some(now)) => now.saturating_sub(start) > self.limit,
                _ => self.wall.elapsed() > self.limit,
            }
        }
    }
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

    /// A large run of a stack or a queue: `items` put in, then taken out, each half
    /// within `cpu_ms` of CPU time (see [`cpu`](crate::cpu)).
    #[derive(Deserialize)]
    pub struct Timed {
        pub items: u64,
        pub cpu_ms: u64,
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
    let _: part2::Timed = field(v, "");
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
