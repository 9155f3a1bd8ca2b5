//! The helper programs a job runs: this test binary, started with
//! [`HELPER_ARG`](super::HELPER_ARG) as its first argument.

use std::time::Duration;

/// Helper programs for jobs: `alloc BYTES` (allocate and touch), `connect PORT`
/// (TCP to 127.0.0.1), `hogs COUNT BYTES` (start COUNT processes that each `hold
/// BYTES`, allocated and touched, for five seconds; wait for them all).
pub(super) fn helper(args: &[String]) -> ! {
    match args.first().map(String::as_str) {
        Some("alloc") => {
            let bytes: usize = args[1].parse().expect("alloc BYTES");
            let mut block = Vec::<u8>::with_capacity(bytes);
            block.resize(bytes, 1);
            println!("allocated {}", block.len());
            std::process::exit(0)
        }
        Some("connect") => {
            let port: u16 = args[1].parse().expect("connect PORT");
            match std::net::TcpStream::connect(("127.0.0.1", port)) {
                Ok(_) => {
                    println!("connected");
                    std::process::exit(0)
                }
                Err(error) => {
                    println!("connect failed: {error}");
                    std::process::exit(1)
                }
            }
        }
        Some("spawn") => {
            let count: usize = args[1].parse().expect("spawn COUNT SECONDS");
            let (mut started, mut failed) = (0, 0);
            let mut children = Vec::new();
            for _ in 0..count {
                match std::process::Command::new("/bin/sleep")
                    .arg(&args[2])
                    .spawn()
                {
                    Ok(child) => {
                        started += 1;
                        children.push(child);
                    }
                    Err(error) => {
                        failed += 1;
                        eprintln!("spawn failed: {error}");
                    }
                }
            }
            println!("started {started}, failed {failed}");
            std::thread::sleep(Duration::from_millis(300));
            std::process::exit(0)
        }
        Some("hogs") => {
            let count: usize = args[1].parse().expect("hogs COUNT BYTES");
            let exe = std::env::current_exe().expect("this program's path");
            let children: Vec<_> = (0..count)
                .map(|_| {
                    std::process::Command::new(&exe)
                        .args([super::HELPER_ARG, "hold", &args[2]])
                        .spawn()
                        .expect("starting a hog")
                })
                .collect();
            let held = children
                .into_iter()
                .filter_map(|mut child| child.wait().ok())
                .filter(std::process::ExitStatus::success)
                .count();
            println!("{held} held");
            std::process::exit(0)
        }
        Some("hold") => {
            let bytes: usize = args[1].parse().expect("hold BYTES");
            let block = std::hint::black_box(vec![1u8; bytes]);
            std::thread::sleep(Duration::from_secs(5));
            drop(block);
            std::process::exit(0)
        }
        Some("syscalls") => {
            syscalls();
            std::process::exit(0)
        }
        other => panic!("unknown helper {other:?}"),
    }
}

/// Tries system calls the seccomp filter refuses (and a few it allows), printing
/// `name: ERRNO` or `name: ok` for each.
#[cfg(target_os = "linux")]
fn syscalls() {
    use libc::*;
    let show = |name: &str, result: c_long| {
        let outcome = if result >= 0 {
            "ok".to_owned()
        } else {
            match std::io::Error::last_os_error().raw_os_error() {
                Some(EPERM) => "EPERM".to_owned(),
                Some(ENOSYS) => "ENOSYS".to_owned(),
                other => format!("errno {other:?}"),
            }
        };
        println!("{name}: {outcome}");
    };
    let mut fds = [0 as c_int; 2];
    // SAFETY: each call either fails or acts only on this process; the clone with
    // CLONE_NEWUSER fails before creating anything, and fork's child exits at once.
    unsafe {
        show("ptrace", ptrace(PTRACE_TRACEME, 0, 0, 0));
        show(
            "process_vm_readv",
            process_vm_readv(getppid(), std::ptr::null(), 0, std::ptr::null(), 0, 0) as c_long,
        );
        show(
            "mount",
            mount(
                c"none".as_ptr(),
                c"/".as_ptr(),
                c"tmpfs".as_ptr(),
                0,
                std::ptr::null(),
            ) as c_long,
        );
        show("unshare", unshare(CLONE_NEWNS) as c_long);
        show(
            "clone(CLONE_NEWUSER)",
            syscall(SYS_clone, (CLONE_NEWUSER | SIGCHLD) as c_ulong, 0, 0, 0, 0),
        );
        show(
            "clone3",
            syscall(SYS_clone3, std::ptr::null::<c_void>(), 0usize),
        );
        show("bpf", syscall(SYS_bpf, 0, std::ptr::null::<c_void>(), 0));
        show("keyctl", syscall(SYS_keyctl, 0, 0, 0, 0, 0));
        show(
            "io_uring_setup",
            syscall(SYS_io_uring_setup, 8, std::ptr::null::<c_void>()),
        );
        show("socket(AF_INET)", socket(AF_INET, SOCK_STREAM, 0) as c_long);
        show(
            "socket(AF_INET6)",
            socket(AF_INET6, SOCK_STREAM, 0) as c_long,
        );
        show(
            "socket(AF_NETLINK)",
            socket(AF_NETLINK, SOCK_RAW, 0) as c_long,
        );
        show("socket(AF_UNIX)", socket(AF_UNIX, SOCK_STREAM, 0) as c_long);
        show(
            "socketpair(AF_UNIX)",
            socketpair(AF_UNIX, SOCK_STREAM, 0, fds.as_mut_ptr()) as c_long,
        );
        show("shmget", shmget(IPC_PRIVATE, 4096, 0o600) as c_long);
        let child = fork();
        if child == 0 {
            _exit(0);
        }
        show("fork", child as c_long);
    }
}
