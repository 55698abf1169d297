//! A channel whose game has finished: until the next /new, the looking commands show
//! the final state and every other command says that the game is over.

use super::command::Command;
use super::reply::Response;
use super::{Session, board_game, card_game, command_name, replay};
use crate::store::{ChannelRecord, RecordGame, StoreError};
use crate::t;

/// `r`: the final record kept by [`crate::store::Store::archive`].
pub fn handle(s: &mut Session, r: ChannelRecord, cmd: Command) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    match (&r.game, cmd) {
        (RecordGame::Board { .. }, Command::Replay { since_my_turn }) => {
            Ok(replay::replay(&r, s.ctx.user, lang, since_my_turn))
        }
        // Answered from the record alone: nothing is saved.
        (
            RecordGame::Board { .. },
            cmd @ (Command::Board | Command::Status | Command::History { .. }),
        ) => board_game::handle(s, r, cmd),
        (
            RecordGame::Cards { .. },
            cmd @ (Command::Board | Command::Status | Command::History { .. }),
        ) => card_game::handle(s, r, cmd),
        _ => Ok(Response::error(t!(
            lang,
            "app-game-finished",
            board = command_name(lang, "board"),
            status = command_name(lang, "status"),
            history = command_name(lang, "history"),
            replay = command_name(lang, "replay"),
            new = command_name(lang, "new")
        ))),
    }
}
