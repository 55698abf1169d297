//! Buttons and select menus: their ids, and the commands a click stands for. A click
//! runs exactly the command a user could have typed, with the same checks.

use super::command::Command;
use super::reply::{ButtonStyle, Component, SelectOption};

pub const JOIN: &str = "join";
pub const START: &str = "start";
pub const PASS: &str = "pass";
pub const HAND: &str = "hand";
pub const BOARD: &str = "board";
pub const UNDO_YES: &str = "undo:yes";
pub const UNDO_NO: &str = "undo:no";
/// Select menu: value `kind:segment`.
pub const FIGURE: &str = "figure";
/// Select menu: value `spot:rotation`; buttons are `place:<spot>:<rotation>`.
pub const PLACE: &str = "place";
/// Select menu of spots alone (value: the label); the answer offers the rotations.
pub const SPOT: &str = "spot";
/// Select menu whose value is the option text of /choose; buttons are `choose:<option>`.
pub const CHOOSE: &str = "choose";
/// Select menu: value `card|row`.
pub const PLAY: &str = "play";

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

/// Why a click stands for no command: a button or menu that is no longer in use (or a
/// menu that sent no choice), or a forged value (its reason, in English: only a forged
/// click sees it).
enum Unusable {
    Gone,
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
    parse(id, values).map_err(|e| match e {
        Unusable::Gone => crate::t!(lang, "app-component-gone", id = id),
        Unusable::Invalid(reason) => crate::t!(lang, "app-component-error", reason = reason),
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
        UNDO_YES => Command::Undo { refuse: false },
        UNDO_NO => Command::Undo { refuse: true },
        FIGURE => {
            let v = value()?;
            let (kind, seg) = v.split_once(':').ok_or("a figure choice is kind:segment")?;
            Command::Figure {
                on: format!("#{seg}"),
                kind: Some(kind.parse()?),
            }
        }
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
        CHOOSE => Command::Choose { option: value()? },
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
                    option: option.to_string(),
                }
            } else if let Some(placement) = id.strip_prefix("place:") {
                return parse(PLACE, &[placement.to_string()]);
            } else {
                return Err(Unusable::Gone);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_become_commands() {
        assert_eq!(command(PASS, &[]).unwrap(), Command::Pass);
        assert_eq!(
            command(FIGURE, &["large:2".into()]).unwrap(),
            Command::Figure {
                on: "#2".into(),
                kind: Some(crate::engine::FigureKind::Large)
            }
        );
        assert_eq!(
            command(PLACE, &["B:90".into()]).unwrap(),
            Command::Place {
                spot: Some("B".into()),
                rotation: Some(90),
                x: None,
                y: None
            }
        );
        assert_eq!(
            command("place:C:270", &[]).unwrap(),
            command(PLACE, &["C:270".into()]).unwrap()
        );
        assert_eq!(
            command(SPOT, &["D".into()]).unwrap(),
            Command::Place {
                spot: Some("D".into()),
                rotation: None,
                x: None,
                y: None
            }
        );
        assert!(command(FIGURE, &[]).is_err());
        assert!(command("nonsense", &[]).is_err());
    }
}
