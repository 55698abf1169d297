//! Taking back the last move: a request that every other active player must agree to
//! (the same for both games). The caller rebuilds the game from the shortened log.

use super::components::{UNDO_NO, UNDO_YES, button};
use super::reply::{ButtonStyle, Message, Response};
use super::{Session, mention};
use crate::store::{ChannelRecord, StoreError, UndoRequest};
use crate::t;

/// Where an /undo leaves things.
pub enum Step {
    /// Answered already (a refusal, a request waiting for others): show this.
    Reply(Response),
    /// Everyone agreed: cut the log back to this length.
    Cut(usize),
}

/// One player's /undo: refuse a request, ask, or agree.
///
/// `log_len` is the current log length, `to_len` the length after taking the last move
/// back, `active` the users whose consent counts; `alone` lets the asker undo without
/// anybody (their own tile before a figure).
pub fn step(
    s: &mut Session,
    r: &mut ChannelRecord,
    refuse: bool,
    log_len: usize,
    to_len: Option<usize>,
    active: &[u64],
    alone: bool,
) -> Result<Step, StoreError> {
    let me = s.ctx.user;
    let (lang, gl) = (s.ctx.lang, r.setup.language);
    if refuse {
        return Ok(Step::Reply(match r.undo.take() {
            Some(_) => {
                s.save(r)?;
                Response::one(Message::public(t!(
                    gl,
                    "app-undo-refused",
                    name = &s.ctx.name
                )))
            }
            None => Response::error(t!(lang, "app-undo-nothing-to-refuse")),
        }));
    }
    let Some(to_len) = to_len else {
        return Ok(Step::Reply(Response::error(t!(lang, "app-undo-no-move"))));
    };
    // A request made before the last move is stale: any move cancels it.
    let mut request = match r.undo.take() {
        Some(u) if u.at_len == log_len => u,
        _ => UndoRequest {
            by: me,
            to_len,
            at_len: log_len,
            agreed: Vec::new(),
            asked_in: r.revision,
        },
    };
    if request.agreed.contains(&me) {
        r.undo = Some(request);
        return Ok(Step::Reply(Response::error(t!(
            lang,
            "app-undo-already-agreed"
        ))));
    }
    request.agreed.push(me);
    let everyone = (alone && request.by == me && request.agreed.len() == 1)
        || active.iter().all(|u| request.agreed.contains(u));
    if everyone {
        r.undo = None;
        return Ok(Step::Cut(request.to_len));
    }
    let missing: Vec<u64> = active
        .iter()
        .copied()
        .filter(|u| !request.agreed.contains(u))
        .collect();
    // Spoken to one player or to several (Spanish "acepta" / "aceptad").
    let text = t!(
        gl,
        "app-undo-asked",
        count = missing.len(),
        asker = mention(request.by),
        players = missing
            .iter()
            .map(|u| mention(*u))
            .collect::<Vec<_>>()
            .join(", ")
    );
    // The buttons name the request: an older one's buttons answer nothing.
    let by = request.asked_in;
    r.undo = Some(request);
    s.save(r)?;
    let mut msg = Message::public(text).with_row(vec![
        button(
            &format!("{UNDO_YES}:{by}"),
            &t!(gl, "app-button-undo-agree"),
            ButtonStyle::Primary,
        ),
        button(
            &format!("{UNDO_NO}:{by}"),
            &t!(gl, "app-button-undo-refuse"),
            ButtonStyle::Danger,
        ),
    ]);
    for u in missing {
        msg = msg.mentioning(u);
    }
    Ok(Step::Reply(Response::one(msg)))
}

/// After a move, a request made before it no longer applies.
pub fn forget_if_stale(r: &mut ChannelRecord, log_len: usize) {
    if r.undo.as_ref().is_some_and(|u| u.at_len != log_len) {
        r.undo = None;
    }
}
