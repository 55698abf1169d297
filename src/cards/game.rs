//! `CardGame`: the configuration and the action log. The state is a cache rebuilt by
//! replaying the log, so a saved game is only `{config, log}`.

use super::action::{CardAction, CardPending, LoggedAction};
use super::card::CardId;
use super::config::CardConfig;
use super::error::CardError;
use super::event::{CardEvent, FinalSummary, RoundSummary};
use super::state::{Phase, State};
use super::view::{CardLocation, PlayerView, PublicView};
use crate::player::Player;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardGame {
    config: CardConfig,
    log: Vec<LoggedAction>,
    state: State,
}

/// A log that does not replay: the index of the first refused action and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// None when the configuration itself is invalid.
    pub index: Option<usize>,
    pub error: CardError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(i) => write!(f, "action {i}: {}", self.error),
            None => write!(f, "{}", self.error),
        }
    }
}

impl std::error::Error for ReplayError {}

impl CardGame {
    /// A new game, laid out up to the first decision.
    pub fn new(config: CardConfig) -> Result<CardGame, CardError> {
        CardGame::start(config).map(|(game, _)| game)
    }

    /// Like `new`, also returning the opening events (layout, first deal).
    pub fn start(config: CardConfig) -> Result<(CardGame, Vec<CardEvent>), CardError> {
        config.validate()?;
        let (state, events) = State::new(&config);
        Ok((
            CardGame {
                config,
                log: Vec::new(),
                state,
            },
            events,
        ))
    }

    /// Rebuilds a game from its configuration and log.
    pub fn replay(config: CardConfig, log: Vec<LoggedAction>) -> Result<CardGame, ReplayError> {
        let mut game = CardGame::new(config).map_err(|error| ReplayError { index: None, error })?;
        for (i, entry) in log.into_iter().enumerate() {
            game.apply(entry.player, entry.action)
                .map_err(|error| ReplayError {
                    index: Some(i),
                    error,
                })?;
        }
        Ok(game)
    }

    pub fn config(&self) -> &CardConfig {
        &self.config
    }

    pub fn log(&self) -> &[LoggedAction] {
        &self.log
    }

    /// The decision due now (None once the game is over). For a turn the options name
    /// hand cards: show them to `pending.player` only.
    pub fn pending(&self) -> Option<CardPending> {
        self.state.pending()
    }

    /// Validates and applies one action. A refused action leaves the game untouched.
    /// Events are in their full form: redact with `CardEvent::public` / `for_player`.
    pub fn apply(
        &mut self,
        player: Player,
        action: CardAction,
    ) -> Result<Vec<CardEvent>, CardError> {
        let mut next = self.state.clone();
        let mut events = Vec::new();
        next.apply(player, &action, &mut events)?;
        self.state = next;
        self.log.push(LoggedAction { player, action });
        Ok(events)
    }

    pub fn is_finished(&self) -> bool {
        matches!(self.state.phase, Phase::Finished)
    }

    pub fn players(&self) -> u8 {
        self.state.players
    }

    /// Current scores by seat (final scores once finished).
    pub fn scores(&self) -> Vec<u32> {
        self.state.seats.iter().map(|s| s.score).collect()
    }

    /// The winning seats, once the game is over.
    pub fn winners(&self) -> Option<&[Player]> {
        self.state
            .final_summary
            .as_ref()
            .map(|f| f.winners.as_slice())
    }

    /// Summaries of every scored round, in order.
    pub fn round_summaries(&self) -> &[RoundSummary] {
        &self.state.summaries
    }

    pub fn final_summary(&self) -> Option<&FinalSummary> {
        self.state.final_summary.as_ref()
    }

    /// What everybody may see.
    pub fn public_view(&self) -> PublicView {
        self.state.view(None)
    }

    /// What `player` may see: the public view plus their hand and their face-down cards.
    pub fn player_view(&self, player: Player) -> PlayerView {
        self.state.player_view(player)
    }

    /// A search copy for `observer` (computer players): every card that player cannot
    /// see is dealt again from the seed (other hands, the pile, others' face-down cards,
    /// the chests), in the same places and numbers. The log no longer describes the
    /// state: never store or replay the copy.
    pub fn redeal_unseen(&mut self, observer: Player, seed: u64) {
        self.state.redeal_unseen(observer, seed);
    }

    /// The scores if the game ended now: each chest's building sets added (a search's
    /// estimate; the chests are hidden, so use it on copies from [`Self::redeal_unseen`]).
    pub fn projected_scores(&self) -> Vec<u32> {
        use super::card::Card;
        self.state
            .seats
            .iter()
            .map(|s| {
                let mut counts = [0u32; 4];
                let mut jokers = 0;
                for id in &s.chest {
                    match id.card() {
                        Card::Building(b) => counts[b.index()] += 1,
                        _ => jokers += 1,
                    }
                }
                s.score + super::scoring::best_building_sets(counts, jokers).points
            })
            .collect()
    }

    /// Where every card is, sorted by card. Omniscient: for tests and audits only.
    pub fn census(&self) -> Vec<(CardId, CardLocation)> {
        self.state.census()
    }
}

#[derive(Serialize)]
struct SavedRef<'a> {
    config: &'a CardConfig,
    log: &'a [LoggedAction],
}

#[derive(Deserialize)]
struct Saved {
    config: CardConfig,
    #[serde(default)]
    log: Vec<LoggedAction>,
}

impl Serialize for CardGame {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedRef {
            config: &self.config,
            log: &self.log,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for CardGame {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let saved = Saved::deserialize(d)?;
        CardGame::replay(saved.config, saved.log).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A saved game as stored before seats were `Player`: seats are bare numbers.
    const SAVED: &str = concat!(
        r#"{"config":{"players":3,"seed":7,"first_dealer":2,"#,
        r#""animal_table":[3,6,9,11,14,17,19,22,25,27,30,33,35],"deck":["#,
        r#""blue-person-1#1","blue-person-1#2","blue-person-1#3","blue-person-1#4","#,
        r#""blue-person-1#5","blue-person-1#6","blue-person-1#7","blue-person-1#8","#,
        r#""blue-person-2#1","blue-person-2#2","blue-person-2#3","blue-person-2#4","#,
        r#""blue-person-2#5","blue-person-3#1","blue-person-3#2","blue-person-3#3","#,
        r#""blue-castle#1","blue-castle#2","blue-castle#3","blue-castle#4","#,
        r#""blue-castle#5","blue-pig#1","blue-pig#2","blue-pig#3","blue-pig#4"]},"#,
        r#""log":[{"player":0,"action":{"type":"play","card":"blue-person-2#3","#,
        r#""row":"blue","face_down":true}},{"player":1,"action":{"type":"play","#,
        r#""card":"blue-person-3#3","row":"blue","face_down":true}},{"player":2,"#,
        r#""action":{"type":"play","card":"blue-castle#5","row":"blue","face_down":true}}]}"#
    );

    #[test]
    fn a_saved_game_keeps_its_bytes_and_its_seats() {
        let game: CardGame = serde_json::from_str(SAVED).unwrap();
        assert_eq!(game.config().first_dealer, Player::new(2));
        let seats: Vec<Player> = game.log().iter().map(|e| e.player).collect();
        assert_eq!(seats, vec![Player::new(0), Player::new(1), Player::new(2)]);
        // Dealer 2: seat 0 plays first, so after three plays seat 0 is due again.
        assert_eq!(game.pending().map(|p| p.player), Some(Player::new(0)));
        assert_eq!(serde_json::to_string(&game).unwrap(), SAVED);
        let view = serde_json::to_value(game.public_view()).unwrap();
        assert_eq!((&view["dealer"], &view["turn"]), (&2.into(), &0.into()));
    }
}
