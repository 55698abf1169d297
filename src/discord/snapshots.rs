//! The bot process's snapshot timer: every [`EVERY`] a snapshot of the database when
//! something changed since the last one (the app decides; it reads no clock).

use crate::app::App;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How often the timer looks for changes.
pub const EVERY: Duration = Duration::from_secs(10 * 60);

/// Writes a snapshot now if anything changed (off the async threads).
pub async fn take(app: Arc<App>, dir: PathBuf) {
    let result = tokio::task::spawn_blocking(move || app.snapshot_if_changed(&dir)).await;
    match result {
        Ok(Ok(Some(path))) => tracing::info!(snapshot = %path.display(), "snapshot written"),
        Ok(Ok(None)) => {}
        Ok(Err(e)) => tracing::error!("cannot write a snapshot: {e}"),
        Err(e) => tracing::error!("the snapshot task failed: {e}"),
    }
}

/// Runs until the task is aborted: a snapshot every [`EVERY`] when something changed.
pub async fn every_ten_minutes(app: Arc<App>, dir: PathBuf) {
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + EVERY, EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        take(app.clone(), dir.clone()).await;
    }
}
