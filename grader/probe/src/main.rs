//! The probe binary: all of it is in the library (`lib.rs`), but for the definition
//! of `pthread_create` that counts the threads the student's code starts (see
//! `wire::threads`). It is here because a symbol of the binary's own object is
//! always linked, and the linker binds every call of the standard library's to it
//! rather than to glibc's.

/// Every allocation of the process, the student's code's too, counted by thread (see
/// `wire::allocations`).
#[global_allocator]
static ALLOCATOR: wire::allocations::Counting = wire::allocations::Counting;

fn main() -> std::process::ExitCode {
    maze_probe::run()
}

/// Every thread this process starts goes through here.
///
/// # Safety
/// Called as glibc's `pthread_create`, with its arguments.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pthread_create(
    thread: *mut std::ffi::c_void,
    attributes: *const std::ffi::c_void,
    start: extern "C" fn(*mut std::ffi::c_void) -> *mut std::ffi::c_void,
    argument: *mut std::ffi::c_void,
) -> i32 {
    // SAFETY: the caller's arguments, passed on unchanged.
    unsafe { wire::threads::pthread_create(thread, attributes, start, argument) }
}
