//! `carcassonne-bot render SCENARIO.json --out board.png [--next TILE] [--final]
//! [--lang es]`: plays a scenario file and draws the board at its end, in a language.

use crate::engine::{Catalogue, Game, Rotation};
use crate::i18n::Lang;
use crate::scenario::{self, ScenarioError};
use crate::view::{BoardView, NextTile};
use std::path::Path;
use std::process::ExitCode;

/// Why the command failed: a one-line message and the exit code.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

fn fail(message: String, code: u8) -> Failure {
    Failure { message, code }
}

/// The view at the end of a scenario, with `next` shown as the next tile (its legal
/// spots labelled like the bot labels them).
pub fn scenario_view(text: &str, next: Option<&str>) -> Result<BoardView, Failure> {
    let sc = scenario::parse(text).map_err(|e| fail(e.to_string(), 2))?;
    let (game, _) = scenario::run(&sc).map_err(|e| match e {
        ScenarioError::Malformed(m) => fail(m, 2),
        ScenarioError::Illegal(m) => fail(m, 1),
    })?;
    let mut view = BoardView::of(&game, &[]);
    if let Some(id) = next {
        let kind = Catalogue::get()
            .find(id.trim())
            .map_err(|e| fail(format!("--next: {e}"), 2))?;
        view.next = Some(next_tile(&game, kind));
    }
    Ok(view)
}

/// `kind` as the tile to place next on this board, by the player whose turn it is.
pub fn next_tile(game: &Game, kind: crate::engine::KindId) -> NextTile {
    let placements = game.placements(kind);
    let mut fitting: Vec<Rotation> = placements
        .iter()
        .flat_map(|p| p.rotations.iter().copied())
        .collect();
    fitting.sort();
    fitting.dedup();
    NextTile {
        kind,
        player: game.current_player(),
        spots: crate::view::label_placements(placements),
        fitting,
    }
}

/// The PNG for a scenario's text: the board, or with `final_picture` the end-of-game
/// picture; its words in `lang`.
pub fn picture(
    text: &str,
    next: Option<&str>,
    final_picture: bool,
    lang: Lang,
) -> Result<Vec<u8>, Failure> {
    let view = scenario_view(text, next)?;
    Ok(if final_picture {
        super::final_scores_png(&view, lang)
    } else {
        super::board_png(&view, lang)
    })
}

/// Runs the command; errors are one line on stderr and a non-zero exit code.
pub fn run(
    file: &Path,
    out: &Path,
    next: Option<&str>,
    final_picture: bool,
    lang: Lang,
) -> ExitCode {
    let result = std::fs::read_to_string(file)
        .map_err(|e| fail(format!("cannot read {}: {e}", file.display()), 2))
        .and_then(|text| picture(&text, next, final_picture, lang))
        .and_then(|png| {
            std::fs::write(out, png)
                .map_err(|e| fail(format!("cannot write {}: {e}", out.display()), 2))
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SC: &str = r#"{"players": 2, "turns": [
        {"tile": "E", "at": [0, -1], "rotation": 180, "figure": {"kind": "follower", "slot": "N"}}
    ]}"#;

    #[test]
    fn next_tile_spots_follow_the_engine() {
        let view = scenario_view(SC, Some("U")).unwrap();
        let next = view.next.unwrap();
        assert!(!next.spots.is_empty());
        assert_eq!(next.spots[0].label, "A");
        assert!(!next.fitting.is_empty());
    }

    #[test]
    fn errors_are_messages_not_panics() {
        assert_eq!(scenario_view("{", None).unwrap_err().code, 2);
        assert_eq!(scenario_view(SC, Some("NOPE")).unwrap_err().code, 2);
        let illegal = r#"{"players": 2, "turns": [{"tile": "E", "at": [5, 5], "rotation": 0}]}"#;
        assert_eq!(scenario_view(illegal, None).unwrap_err().code, 1);
    }
}
