//! Setting a game up: /new, /join, /leave, /start, and /abort of any game.

use super::command::{Command, GameType, NewGame};
use super::components::{JOIN, START, button};
use super::reply::{ButtonStyle, Message, Response};
use super::{Session, mention, seat_of, text};
use crate::ai::Level;
use crate::cards::{CardConfig, CardGame};
use crate::engine::{Expansion, FarmerRule, Game, GameConfig, RuleOptions, SmallCityRule};
use crate::rng::Rng;
use crate::store::{
    ChannelRecord, DEFAULT_REMINDER, HistoryEntry, RecordGame, SCHEMA_VERSION, Seat, Setup,
    StoreError, TurnTimers,
};

pub const CARD_GAME_MAX: u8 = 5;

/// "There is already a game here" in words that say what to do.
pub fn busy_text(r: &ChannelRecord) -> String {
    match r.game {
        RecordGame::Lobby => format!(
            "A game is being set up in this channel by {}: /join it, or its creator can /abort it.",
            mention(r.creator)
        ),
        _ => "A game is running in this channel; finish it, or /abort it (its creator or a channel manager).".to_string(),
    }
}

pub fn describe_setup(s: &Setup) -> String {
    match s.game {
        GameType::Cards => format!(
            "the Carcassonne card game for up to {} players",
            s.max_players
        ),
        GameType::Board => {
            let mut sets = vec![Expansion::Base.name()];
            sets.extend(
                s.expansions
                    .iter()
                    .filter(|e| **e != Expansion::Base)
                    .map(|e| e.name()),
            );
            let farmers = match s.rules.farmers {
                FarmerRule::Modern => "farmers: modern",
                FarmerRule::Classic => "farmers: classic",
                FarmerRule::Off => "no farmers",
            };
            let small = match s.rules.small_city {
                SmallCityRule::TwoPoints => "2-tile cities: 2 points",
                SmallCityRule::FourPoints => "2-tile cities: 4 points",
            };
            format!(
                "Carcassonne ({}; {farmers}; {small}) for up to {} players",
                sets.join(" + "),
                s.max_players
            )
        }
    }
}

fn roster(r: &ChannelRecord) -> String {
    r.seats
        .iter()
        .map(super::bots::seat_words)
        .collect::<Vec<_>>()
        .join(", ")
}

fn lobby_buttons() -> Vec<super::reply::Component> {
    vec![
        button(JOIN, "Join", ButtonStyle::Primary),
        button(START, "Start", ButtonStyle::Success),
    ]
}

pub fn new_game(s: &mut Session, setup: NewGame) -> Result<Response, StoreError> {
    let max_default = match setup.game {
        GameType::Board => 6,
        GameType::Cards => CARD_GAME_MAX,
    };
    let max_players = setup.max_players.unwrap_or(max_default);
    if setup.bots >= max_players {
        return Ok(Response::error(format!(
            "With {} computer players there is no seat left for you in a game for {max_players}: choose bots:0 to bots:{}.",
            setup.bots,
            max_players - 1
        )));
    }
    if setup.game == GameType::Cards {
        if !setup.expansions.is_empty()
            || setup.farmers.is_some()
            || setup.small_city.is_some()
            || setup.decision_deadline.is_some()
        {
            return Ok(Response::error(
                "The card game has no expansions or farm rules; use /new game:cards with players only.",
            ));
        }
        if max_players > CARD_GAME_MAX {
            return Ok(Response::error(
                "The card game is for 2 to 5 players: choose players:2 to players:5.",
            ));
        }
    }
    let mut expansions = setup.expansions.clone();
    expansions.sort();
    let record_setup = Setup {
        game: setup.game,
        expansions,
        rules: RuleOptions {
            farmers: setup.farmers.unwrap_or_default(),
            small_city: setup.small_city.unwrap_or_default(),
            decision_deadline: setup
                .decision_deadline
                .unwrap_or(crate::engine::config::DEFAULT_DECISION_DEADLINE),
        },
        max_players,
        language: setup.language.or(s.ctx.guild_lang).unwrap_or_default(),
    };
    let mut record = ChannelRecord {
        schema: SCHEMA_VERSION,
        guild: s.ctx.guild,
        creator: s.ctx.user,
        created_at: s.now,
        updated_at: s.now,
        setup: record_setup,
        seats: vec![Seat::human(s.ctx.user, s.ctx.name.clone())],
        game: RecordGame::Lobby,
        undo: None,
        snapshot: Default::default(),
        timers: TurnTimers {
            reminder: setup.reminder.unwrap_or(Some(DEFAULT_REMINDER)),
            turn_limit: setup.turn_limit.flatten(),
            waiting: None,
        },
        revision: 0,
    };
    for _ in 0..setup.bots {
        let bot = super::bots::new_seat(&record, Level::Normal);
        record.seats.push(bot);
    }
    s.save(&mut record)?;
    let text = format!(
        "{} set up {} ({}).\nPlayers ({}/{}): {}. Others: /join; then /start when everyone is in.",
        mention(s.ctx.user),
        describe_setup(&record.setup),
        super::your_games::timers_words(&record),
        record.seats.len(),
        max_players,
        roster(&record)
    );
    Ok(Response::one(
        Message::public(text).with_row(lobby_buttons()),
    ))
}

/// Commands while players are joining.
pub fn in_lobby(
    s: &mut Session,
    mut r: ChannelRecord,
    cmd: Command,
) -> Result<Response, StoreError> {
    let joined = seat_of(&r, s.ctx.user).is_some();
    match cmd {
        Command::Join => {
            if joined {
                return Ok(Response::error(format!(
                    "You are already in. Players: {}.",
                    roster(&r)
                )));
            }
            if r.seats.len() >= r.setup.max_players as usize {
                return Ok(Response::error(format!(
                    "The game is full ({} players). Players: {}.",
                    r.setup.max_players,
                    roster(&r)
                )));
            }
            r.seats.push(Seat::human(s.ctx.user, s.ctx.name.clone()));
            s.save(&mut r)?;
            Ok(Response::one(
                Message::public(format!(
                    "{} joined ({}/{}): {}.",
                    s.ctx.name,
                    r.seats.len(),
                    r.setup.max_players,
                    roster(&r)
                ))
                .with_row(lobby_buttons()),
            ))
        }
        Command::Leave => {
            if !joined {
                return Ok(Response::error("You are not in this game."));
            }
            r.seats.retain(|x| x.user != s.ctx.user);
            // Computer players do not keep a table without people.
            let Some(first_human) = r.seats.iter().find(|x| x.ai.is_none()).map(|x| x.user) else {
                s.store().remove(s.ctx.channel)?;
                return Ok(Response::one(Message::public(format!(
                    "{} left; nobody is left, so the game setup is closed.",
                    s.ctx.name
                ))));
            };
            if r.creator == s.ctx.user {
                r.creator = first_human;
            }
            s.save(&mut r)?;
            Ok(Response::one(Message::public(format!(
                "{} left. Players: {}.",
                s.ctx.name,
                roster(&r)
            ))))
        }
        Command::Start => start(s, r),
        Command::AddBot { level } => add_bot(s, r, level),
        Command::Abort => abort(s, r),
        Command::Status | Command::Board => Ok(Response::one(Message::private(format!(
            "Setting up {}.\nPlayers ({}/{}): {}. /join, then /start.",
            describe_setup(&r.setup),
            r.seats.len(),
            r.setup.max_players,
            roster(&r)
        )))),
        Command::Resign => Ok(Response::error("The game has not started: use /leave.")),
        other => Ok(Response::error(format!(
            "The game has not started yet, so /{} cannot be used. Players: {} — /join, then /start.",
            other.name(),
            roster(&r)
        ))),
    }
}

/// /addbot: the creator seats a computer player.
fn add_bot(s: &mut Session, mut r: ChannelRecord, level: Level) -> Result<Response, StoreError> {
    if r.creator != s.ctx.user {
        return Ok(Response::error(format!(
            "Only the game's creator ({}) can add computer players.",
            mention(r.creator)
        )));
    }
    if r.seats.len() >= r.setup.max_players as usize {
        return Ok(Response::error(format!(
            "The game is full ({} players). Players: {}.",
            r.setup.max_players,
            roster(&r)
        )));
    }
    let bot = super::bots::new_seat(&r, level);
    let name = bot.name.clone();
    r.seats.push(bot);
    s.save(&mut r)?;
    Ok(Response::one(
        Message::public(format!(
            "{name} (a computer player, level {level}) joined ({}/{}): {}.",
            r.seats.len(),
            r.setup.max_players,
            roster(&r)
        ))
        .with_row(lobby_buttons()),
    ))
}

fn start(s: &mut Session, mut r: ChannelRecord) -> Result<Response, StoreError> {
    if seat_of(&r, s.ctx.user).is_none() {
        return Ok(Response::error(
            "Only players who joined can start the game: /join first.",
        ));
    }
    if r.seats.len() < 2 {
        return Ok(Response::error(
            "A game needs at least 2 players; wait for someone to /join.",
        ));
    }
    // Seats in random order: a seed from the environment, not from the game's own.
    let seed = s.seed();
    let mut order_rng = Rng::new(seed ^ 0x5EA7_5EA7);
    order_rng.shuffle(&mut r.seats);
    let players = r.seats.len() as u8;
    match r.setup.game {
        GameType::Board => {
            let mut cfg = GameConfig::new(players, seed);
            cfg.expansions = std::iter::once(Expansion::Base)
                .chain(r.setup.expansions.iter().copied())
                .collect();
            cfg.rules = r.setup.rules;
            match Game::new(cfg) {
                Ok(game) => r.game = RecordGame::Board { game },
                Err(e) => return Ok(Response::error(format!("The game cannot start: {e}."))),
            }
        }
        GameType::Cards => {
            let cfg = CardConfig::new(players, seed);
            match CardGame::new(cfg) {
                Ok(game) => r.game = RecordGame::Cards { game },
                Err(e) => return Ok(Response::error(format!("The game cannot start: {e}."))),
            }
        }
    }
    s.save(&mut r)?;
    let seats: Vec<String> = r
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| format!("{} {}", text::disc(i as u8), seat.name))
        .collect();
    let intro = format!("The game starts! Seats: {}.", seats.join(", "));
    let shown = match r.game {
        RecordGame::Cards { .. } => super::bots::Shown::Cards(Vec::new()),
        _ => super::bots::Shown::Board(Vec::new()),
    };
    if super::bots::then_ai(s, &r, &intro, shown) {
        return Ok(Response::default());
    }
    let mut out = match &r.game {
        RecordGame::Board { .. } => super::board_game::announce(&r, &intro, &[]),
        RecordGame::Cards { .. } => super::card_game::announce(&r, &intro, &[]),
        RecordGame::Lobby => Response::default(),
    };
    if out.messages.is_empty() {
        out.push(Message::public(intro));
    }
    Ok(out)
}

/// Ends any game without a result: its creator or a channel manager.
pub fn abort(s: &mut Session, r: ChannelRecord) -> Result<Response, StoreError> {
    if r.creator != s.ctx.user && !s.ctx.can_manage {
        return Ok(Response::error(format!(
            "Only the game's creator ({}) or someone who can manage this channel can abort it.",
            mention(r.creator)
        )));
    }
    if !s.ctx.can_manage && creator_resigned(&r) {
        return Ok(Response::error(
            "You resigned from this game, so you can no longer abort it; someone who can manage this channel still can.",
        ));
    }
    if matches!(r.game, RecordGame::Lobby) {
        s.store().remove(s.ctx.channel)?;
        return Ok(Response::one(Message::public(format!(
            "{} closed the game setup.",
            s.ctx.name
        ))));
    }
    archive(s, &r, true, Vec::new())?;
    Ok(Response::one(Message::public(format!(
        "{} aborted the game; it ends without a result. /new starts another.",
        s.ctx.name
    ))))
}

/// Whether the creator has left the running game: resigned from the board game (a
/// card game ends on a resignation), or handed their seat to a computer player.
fn creator_resigned(r: &ChannelRecord) -> bool {
    let seat = super::seat_of(r, r.creator);
    match &r.game {
        RecordGame::Board { game } => seat
            .and_then(|seat| game.players().get(seat as usize))
            .is_none_or(|p| p.resigned),
        RecordGame::Cards { .. } => seat.is_none(),
        RecordGame::Lobby => false,
    }
}

/// Moves a finished or aborted game to the history.
pub fn archive(
    s: &Session,
    r: &ChannelRecord,
    aborted: bool,
    winners: Vec<u8>,
) -> Result<(), StoreError> {
    let snap = r.fresh_snapshot();
    let entry = HistoryEntry {
        schema: SCHEMA_VERSION,
        guild: r.guild,
        game: r.setup.game,
        expansions: r.setup.expansions.clone(),
        seats: r.seats.clone(),
        scores: snap.scores,
        winners,
        aborted,
        created_at: r.created_at,
        finished_at: s.now,
        moves: snap.moves,
    };
    s.store().archive(s.ctx.channel, &entry)
}
