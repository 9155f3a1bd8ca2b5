// A hostile submission's helper, appended to one of its files by the kit's container
// tests (grader/tests/grader/container.rs) and by recipes/try-engines.sh.
//
// fork_named(NAME, AGAIN) forks a child that takes the name NAME (what
// /proc/PID/comm shows and `pgrep -x` finds), leaves the job's session, closes its
// descriptors (as a daemon does: nothing waits for it then) and sleeps forever,
// forking again every second when AGAIN; it returns fork's result. Landlock keeps a
// job from running other programs (`sleep`), so leftovers must be the job's own
// copies for a test of them to mean anything.

pub(crate) fn fork_named(name: &str, again: bool) -> i32 {
    unsafe extern "C" {
        fn fork() -> i32;
        fn setsid() -> i32;
        fn prctl(option: i32, ...) -> i32;
        fn close(fd: i32) -> i32;
    }
    let name = std::ffi::CString::new(name).unwrap_or_default();
    let pid = unsafe { fork() };
    if pid == 0 {
        unsafe {
            setsid();
            prctl(15, name.as_ptr());
            for fd in 0..1024 {
                close(fd);
            }
        }
        loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
            if again {
                unsafe { fork() };
            }
        }
    }
    pid
}
