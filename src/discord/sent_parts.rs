//! How many parts of each notice Discord took already. A notice longer than one
//! message goes as several ([`super::respond::split_message`]); when a part fails for a
//! while, a reminder is due again and a DM stays in the outbox, and the next try resumes
//! after the last part delivered instead of posting the first ones twice. Kept in the
//! store ([`crate::store::sent_parts`]), so the next try resumes whichever process
//! makes it: the same one, the next on a sled folder after a restart, or another on
//! PostgreSQL after the claim's lease. The store is asked on the blocking pool; should
//! it fail, the notice starts from its first part (at least once, as before).

use crate::app::{App, Notice, Purpose};
use std::sync::Arc;

/// What identifies a notice from one try to the next: a reminder by its channel and
/// the wait it tells (a reminder and a deadline notice of one wait differ), a DM by
/// its outbox id. A move's announcement is never tried again as a whole: `None`.
pub fn key(n: &Notice) -> Option<String> {
    match &n.purpose {
        Purpose::Reminder { told: Some(told) } => {
            // The stored form of the wait: the same in every process and version.
            let told = serde_json::to_string(told).ok()?;
            Some(format!("reminder:{}:{told}", n.channel))
        }
        Purpose::Direct { id } => Some(format!("dm:{id}")),
        Purpose::Reminder { told: None } | Purpose::Move => None,
    }
}

/// How many leading parts of the notice were delivered.
pub async fn delivered(app: &Arc<App>, key: &str) -> usize {
    let (a, k) = (app.clone(), key.to_string());
    match tokio::task::spawn_blocking(move || a.store().sent_parts(&k)).await {
        Ok(Ok(parts)) => parts,
        Ok(Err(e)) => {
            tracing::warn!(key, error = %e, "cannot read a notice's delivered parts");
            0
        }
        Err(_) => 0,
    }
}

/// The notice's first `parts` parts are delivered.
pub async fn record(app: &Arc<App>, key: &str, parts: usize) {
    let (a, k) = (app.clone(), key.to_string());
    let saved =
        tokio::task::spawn_blocking(move || a.store().record_sent_parts(&k, parts, a.now())).await;
    if let Ok(Err(e)) = saved {
        tracing::warn!(key, error = %e, "cannot save a notice's delivered parts");
    }
}

/// The notice is done with (delivered whole, or given up).
pub async fn forget(app: &Arc<App>, key: &str) {
    let (a, k) = (app.clone(), key.to_string());
    let forgot = tokio::task::spawn_blocking(move || a.store().forget_sent_parts(&k)).await;
    if let Ok(Err(e)) = forgot {
        tracing::warn!(key, error = %e, "cannot drop a notice's delivered parts");
    }
}
