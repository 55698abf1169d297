//! Buttons and select menus: their ids, and the commands a click stands for. A click
//! runs exactly the command a user could have typed, with the same checks.
//!
//! Every button and menu of a running game is stamped with the state of the game it
//! was made for ([`stamp_of`]: the move number and a fingerprint of the log), as a
//! prefix of its id: `12.3fa9c1/figure`. A click whose stamp is not the game's now (an
//! older message, or a message from before an undo) is refused and changes nothing, so
//! `follower:1` or spot `B` never means something else than what the menu showed.
//! Stamps are transport only: nothing stored holds them.

use super::command::Command;
use super::reply::{ButtonStyle, Component, Response, SelectOption};
use crate::store::{ChannelRecord, RecordGame};

pub const JOIN: &str = "join";
pub const START: &str = "start";
pub const PASS: &str = "pass";
pub const HAND: &str = "hand";
pub const BOARD: &str = "board";
/// Undo buttons: `undo:yes:<request>`, so that a button answers only its own request.
pub const UNDO_YES: &str = "undo:yes";
pub const UNDO_NO: &str = "undo:no";
/// Select menu: value `kind:segment`.
pub const FIGURE: &str = "figure";
/// Select menu: value `spot:rotation`; buttons are `place:<spot>:<rotation>`.
pub const PLACE: &str = "place";
/// Select menu of spots (value: the label; the answer offers the rotations), or of a
/// spot with its one rotation (value `spot:rotation`, placing at once).
pub const SPOT: &str = "spot";
/// Select menu whose value is the option text of /choose; buttons are `choose:<option>`.
pub const CHOOSE: &str = "choose";
/// Select menu: value `card|row`.
pub const PLAY: &str = "play";
/// Card game buttons `secure:<row>`: the follower to that row.
pub const SECURE: &str = "secure";

pub fn button(id: &str, label: &str, style: ButtonStyle) -> Component {
    Component::Button {
        id: id.to_string(),
        label: label.to_string(),
        style,
    }
}

pub fn select(id: &str, placeholder: &str, options: Vec<SelectOption>) -> Component {
    Component::Select {
        id: id.to_string(),
        placeholder: placeholder.to_string(),
        options,
    }
}

/// The state of a channel's game its buttons and menus are made for: the move number
/// (the log's length) and a fingerprint of the whole log (so that after an undo and
/// another move a menu of the same length is still told apart). `None` in the lobby,
/// whose buttons (join, start) mean the same at any time.
pub fn stamp_of(r: &ChannelRecord) -> Option<String> {
    let (moves, log) = match &r.game {
        RecordGame::Lobby => return None,
        RecordGame::Board { game } => (game.log().len(), serde_json::to_vec(game.log())),
        RecordGame::Cards { game } => (game.log().len(), serde_json::to_vec(game.log())),
    };
    // FNV-1a over the stored form of the log: the same on every run and build.
    let mut h: u32 = 0x811c_9dc5;
    for b in log.unwrap_or_default() {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    Some(format!("{moves}.{:06x}", h & 0xff_ffff))
}

/// Stamps every button and menu of `out` with `stamp` (the state they were made for).
pub fn stamp(out: &mut Response, stamp: Option<&str>) {
    let Some(stamp) = stamp else { return };
    for row in out.messages.iter_mut().flat_map(|m| m.rows.iter_mut()) {
        for c in row {
            let (Component::Button { id, .. } | Component::Select { id, .. }) = c;
            if !id.contains('/') {
                *id = format!("{stamp}/{id}");
            }
        }
    }
}

/// Splits `12.3fa9c1/figure` into its stamp and id.
fn unstamp(id: &str) -> (Option<&str>, &str) {
    match id.split_once('/') {
        Some((stamp, rest)) => (Some(stamp), rest),
        None => (None, id),
    }
}

/// Ids whose meaning does not depend on the moment: the lobby's and those that only
/// show something.
fn timeless(id: &str) -> bool {
    [JOIN, START, HAND, BOARD].contains(&id)
}

/// Why a click stands for no command: a button or menu that is no longer in use (or a
/// menu that sent no choice), or a forged value (its reason, in English: only a forged
/// click sees it).
enum Unusable {
    Gone,
    /// A move's button or menu without a stamp (a message from before stamps existed).
    Stale,
    Invalid(String),
}

impl From<&str> for Unusable {
    fn from(reason: &str) -> Unusable {
        Unusable::Invalid(reason.to_string())
    }
}

impl From<String> for Unusable {
    fn from(reason: String) -> Unusable {
        Unusable::Invalid(reason)
    }
}

/// The command a click stands for, or why not in English. `values` are the chosen
/// values of a select menu.
pub fn command(id: &str, values: &[String]) -> Result<Command, String> {
    command_in(crate::i18n::Lang::english(), id, values)
}

/// [`command`], with why not in `lang` (the clicking user's).
pub fn command_in(lang: crate::i18n::Lang, id: &str, values: &[String]) -> Result<Command, String> {
    let (stamp, bare) = unstamp(id);
    let parsed = match (parse(bare, values), stamp) {
        (Ok(_), None) if !timeless(bare) => Err(Unusable::Stale),
        (parsed, _) => parsed,
    };
    let command = parsed.map_err(|e| match e {
        Unusable::Gone => crate::t!(lang, "app-component-gone", id = bare),
        Unusable::Stale => crate::t!(lang, "app-component-stale"),
        Unusable::Invalid(reason) => crate::t!(lang, "app-component-error", reason = reason),
    })?;
    Ok(match stamp {
        Some(at) => Command::Clicked {
            at: at.to_string(),
            command: Box::new(command),
        },
        None => command,
    })
}

fn parse(id: &str, values: &[String]) -> Result<Command, Unusable> {
    let value = || values.first().cloned().ok_or(Unusable::Gone);
    Ok(match id {
        JOIN => Command::Join,
        START => Command::Start,
        PASS => Command::Pass,
        HAND => Command::Hand,
        BOARD => Command::Board,
        UNDO_YES | UNDO_NO => return Err(Unusable::Gone),
        FIGURE => {
            let v = value()?;
            let (kind, seg) = v.split_once(':').ok_or("a figure choice is kind:segment")?;
            Command::Figure {
                on: format!("#{seg}"),
                kind: Some(kind.parse()?),
            }
        }
        // A spot where the tile fits one way is offered with its rotation (`spot:90`).
        SPOT if value()?.contains(':') => return parse(PLACE, values),
        SPOT => Command::Place {
            spot: Some(value()?),
            rotation: None,
            x: None,
            y: None,
        },
        PLACE => {
            let v = value()?;
            let (spot, rot) = v
                .split_once(':')
                .ok_or("a placement choice is spot:rotation")?;
            // The same rotations /place accepts: a forged 360 is no 0.
            let rotation = rot
                .parse()
                .ok()
                .filter(|r: &u16| [0, 90, 180, 270].contains(r))
                .ok_or("a rotation is 0, 90, 180 or 270")?;
            Command::Place {
                spot: Some(spot.to_string()),
                rotation: Some(rotation),
                x: None,
                y: None,
            }
        }
        CHOOSE => Command::Choose {
            option: Some(value()?),
        },
        PLAY => {
            let v = value()?;
            let (card, row) = v.split_once('|').ok_or("a card choice is card|row")?;
            Command::Play {
                card: card.to_string(),
                row: Some(row.to_string()),
            }
        }
        _ => {
            if let Some(option) = id.strip_prefix("choose:") {
                Command::Choose {
                    option: Some(option.to_string()),
                }
            } else if let Some(row) = id.strip_prefix("secure:") {
                Command::Secure {
                    row: row.to_string(),
                }
            } else if let Some(placement) = id.strip_prefix("place:") {
                return parse(PLACE, &[placement.to_string()]);
            } else if let Some((answer, asker)) = id.rsplit_once(':')
                && let Ok(asker) = asker.parse::<u64>()
                && (answer == UNDO_YES || answer == UNDO_NO)
            {
                Command::Undo {
                    refuse: answer == UNDO_NO,
                    request: Some(asker),
                }
            } else {
                return Err(Unusable::Gone);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A click made on a message of move 7 (any stamp: only the app compares them).
    fn at7(id: &str, values: &[String]) -> Command {
        match command(&format!("7.00abcd/{id}"), values) {
            Ok(Command::Clicked { at, command }) => {
                assert_eq!(at, "7.00abcd");
                *command
            }
            other => panic!("{id}: {other:?}"),
        }
    }

    #[test]
    fn clicks_become_commands() {
        assert_eq!(at7(PASS, &[]), Command::Pass);
        assert_eq!(
            at7(FIGURE, &["large:2".into()]),
            Command::Figure {
                on: "#2".into(),
                kind: Some(crate::engine::FigureKind::Large)
            }
        );
        assert_eq!(
            at7(PLACE, &["B:90".into()]),
            Command::Place {
                spot: Some("B".into()),
                rotation: Some(90),
                x: None,
                y: None
            }
        );
        assert_eq!(at7("place:C:270", &[]), at7(PLACE, &["C:270".into()]));
        assert_eq!(at7(SPOT, &["C:270".into()]), at7(PLACE, &["C:270".into()]));
        assert_eq!(
            at7("secure:road", &[]),
            Command::Secure { row: "road".into() }
        );
        assert_eq!(
            at7(SPOT, &["D".into()]),
            Command::Place {
                spot: Some("D".into()),
                rotation: None,
                x: None,
                y: None
            }
        );
        assert_eq!(
            at7("undo:no:41", &[]),
            Command::Undo {
                refuse: true,
                request: Some(41)
            }
        );
        // The lobby's buttons and the look-only ones need no stamp.
        assert_eq!(command(JOIN, &[]).unwrap(), Command::Join);
        assert_eq!(command(BOARD, &[]).unwrap(), Command::Board);
        assert!(command("7.00abcd/figure", &[]).is_err());
        assert!(command("nonsense", &[]).is_err());
    }

    /// A move's button without a stamp comes from a message made before stamps existed:
    /// refused as an earlier turn's, whatever it would mean now.
    #[test]
    fn a_move_click_without_a_stamp_is_from_an_earlier_turn() {
        let stale = "This menu is from an earlier turn: nothing was done. Use the latest \
                     message (or /board).";
        assert_eq!(command(PASS, &[]), Err(stale.to_string()));
        assert_eq!(command("place:B:90", &[]), Err(stale.to_string()));
        assert_eq!(command("undo:yes", &[]).unwrap_err(), {
            "This button or menu (undo:yes) is no longer in use.".to_string()
        });
        let es = crate::i18n::Lang::from_code("es").unwrap();
        assert_eq!(
            command_in(es, FIGURE, &["follower:1".into()]),
            Err(
                "Este menú es de un turno anterior: no se ha hecho nada. Usa el último \
                 mensaje (o /tablero)."
                    .to_string()
            )
        );
    }
}
