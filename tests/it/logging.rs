//! The process's log subscriber and exiting threads: a value dropped by a thread's
//! thread-local destructors may log after the subscriber's own thread-locals are gone,
//! which used to abort the whole process ("thread local panicked on drop").

use std::cell::RefCell;

/// Logs from its destructor, as a waker or a connection dropped at thread exit does.
struct LogsWhenDropped;

impl Drop for LogsWhenDropped {
    fn drop(&mut self) {
        tracing::info!("exit-safe check: dropped at thread exit");
    }
}

thread_local! {
    static HELD: RefCell<Option<LogsWhenDropped>> = const { RefCell::new(None) };
}

#[test]
fn a_thread_that_logs_while_it_exits_does_not_abort_the_process() {
    // The binary's one subscriber, at `trace`, as the Discord tests install it.
    let logs = crate::discord_e2e::logs();
    std::thread::spawn(|| {
        // Held before the thread's first event: destroyed after the subscriber's
        // thread-locals, which is what aborted.
        HELD.with(|h| *h.borrow_mut() = Some(LogsWhenDropped));
        tracing::info!("exit-safe check: alive");
    })
    .join()
    .expect("the thread ends without a panic");
    let text = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    assert!(text.contains("exit-safe check: alive"), "{text}");
}
