//! Setting a game up: /new, /join, /leave, /start, and /abort of any game.

use super::command::{Command, GameType, NewGame};
use super::components::{JOIN, START, button};
use super::reply::{ButtonStyle, Message, Response};
use super::{Session, mention, seat_of, text};
use crate::ai::Level;
use crate::cards::{CardConfig, CardGame};
use crate::engine::{Expansion, FarmerRule, Game, GameConfig, RuleOptions, SmallCityRule};
use crate::i18n::Lang;
use crate::player::Player;
use crate::rng::Rng;
use crate::store::{
    ChannelRecord, DEFAULT_REMINDER, HistoryEntry, RecordGame, SCHEMA_VERSION, Seat, Setup,
    StoreError, TurnTimers,
};
use crate::t;

pub const CARD_GAME_MAX: u8 = 5;

/// "There is already a game here" in words that say what to do.
pub fn busy_text(lang: Lang, r: &ChannelRecord) -> String {
    match r.game {
        RecordGame::Lobby => t!(lang, "app-busy-lobby", creator = mention(r.creator)),
        _ => t!(lang, "app-busy-running"),
    }
}

pub fn describe_setup(lang: Lang, s: &Setup) -> String {
    match s.game {
        GameType::Cards => t!(lang, "app-setup-cards", players = s.max_players),
        GameType::Board => {
            let mut sets = vec![crate::i18n::words::expansion(lang, Expansion::Base)];
            sets.extend(
                s.expansions
                    .iter()
                    .filter(|e| **e != Expansion::Base)
                    .map(|e| crate::i18n::words::expansion(lang, *e)),
            );
            let farmers = match s.rules.farmers {
                FarmerRule::Modern => t!(lang, "app-setup-farmers-modern"),
                FarmerRule::Classic => t!(lang, "app-setup-farmers-classic"),
                FarmerRule::Off => t!(lang, "app-setup-farmers-off"),
            };
            let small = match s.rules.small_city {
                SmallCityRule::TwoPoints => t!(lang, "app-setup-small-city", points = 2),
                SmallCityRule::FourPoints => t!(lang, "app-setup-small-city", points = 4),
            };
            t!(
                lang,
                "app-setup-board",
                sets = sets.join(" + "),
                farmers = farmers,
                small = small,
                players = s.max_players
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

fn lobby_buttons(lang: Lang) -> Vec<super::reply::Component> {
    vec![
        button(JOIN, &t!(lang, "app-button-join"), ButtonStyle::Primary),
        button(START, &t!(lang, "app-button-start"), ButtonStyle::Success),
    ]
}

pub fn new_game(s: &mut Session, setup: NewGame) -> Result<Response, StoreError> {
    let max_default = match setup.game {
        GameType::Board => 6,
        GameType::Cards => CARD_GAME_MAX,
    };
    let max_players = setup.max_players.unwrap_or(max_default);
    let lang = s.ctx.lang;
    if setup.bots >= max_players {
        return Ok(Response::error(t!(
            lang,
            "app-new-no-seat-left",
            bots = setup.bots,
            players = max_players,
            most = max_players - 1
        )));
    }
    if setup.game == GameType::Cards {
        if !setup.expansions.is_empty()
            || setup.farmers.is_some()
            || setup.small_city.is_some()
            || setup.decision_deadline.is_some()
        {
            return Ok(Response::error(t!(lang, "app-new-cards-no-options")));
        }
        if max_players > CARD_GAME_MAX {
            return Ok(Response::error(t!(lang, "app-new-cards-players")));
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
        links_revoked: 0,
        snapshot: Default::default(),
        timers: TurnTimers {
            reminder: setup.reminder.unwrap_or(Some(DEFAULT_REMINDER)),
            turn_limit: setup.turn_limit.flatten(),
            waiting: None,
            unreachable: false,
        },
        revision: 0,
    };
    for _ in 0..setup.bots {
        let bot = super::bots::new_seat(&record, Level::Normal);
        record.seats.push(bot);
    }
    s.save(&mut record)?;
    // The channel's last game leaves the view with the new one.
    s.store().forget_finished(s.ctx.channel)?;
    let gl = record.setup.language;
    let text = t!(
        gl,
        "app-new-created",
        creator = mention(s.ctx.user),
        setup = describe_setup(gl, &record.setup),
        timers = super::your_games::timers_words(gl, &record),
        seated = record.seats.len(),
        players = max_players,
        roster = roster(&record)
    );
    Ok(Response::one(
        Message::public(text).with_row(lobby_buttons(gl)),
    ))
}

/// Commands while players are joining.
pub fn in_lobby(
    s: &mut Session,
    mut r: ChannelRecord,
    cmd: Command,
) -> Result<Response, StoreError> {
    let joined = seat_of(&r, s.ctx.user).is_some();
    let (lang, gl) = (s.ctx.lang, r.setup.language);
    match cmd {
        Command::Join => {
            if joined {
                return Ok(Response::error(t!(
                    lang,
                    "app-join-already",
                    roster = roster(&r)
                )));
            }
            if r.seats.len() >= r.setup.max_players as usize {
                return Ok(Response::error(full_text(lang, &r)));
            }
            r.seats.push(Seat::human(s.ctx.user, s.ctx.name.clone()));
            s.save(&mut r)?;
            Ok(Response::one(
                Message::public(t!(
                    gl,
                    "app-join-joined",
                    name = &s.ctx.name,
                    seated = r.seats.len(),
                    players = r.setup.max_players,
                    roster = roster(&r)
                ))
                .with_row(lobby_buttons(gl)),
            ))
        }
        Command::Leave => {
            if !joined {
                return Ok(Response::error(t!(lang, "app-leave-not-in")));
            }
            r.seats.retain(|x| x.user != s.ctx.user);
            // Computer players do not keep a table without people.
            let Some(first_human) = r.seats.iter().find(|x| x.ai.is_none()).map(|x| x.user) else {
                s.store().remove(s.ctx.channel)?;
                return Ok(Response::one(Message::public(t!(
                    gl,
                    "app-leave-last",
                    name = &s.ctx.name
                ))));
            };
            if r.creator == s.ctx.user {
                r.creator = first_human;
            }
            s.save(&mut r)?;
            Ok(Response::one(Message::public(t!(
                gl,
                "app-leave-left",
                name = &s.ctx.name,
                roster = roster(&r)
            ))))
        }
        Command::Start => start(s, r),
        Command::AddBot { level } => add_bot(s, r, level),
        Command::Abort => abort(s, r),
        Command::Status | Command::Board => Ok(Response::one(Message::private(t!(
            lang,
            "app-lobby-status",
            setup = describe_setup(lang, &r.setup),
            seated = r.seats.len(),
            players = r.setup.max_players,
            roster = roster(&r)
        )))),
        Command::Resign => Ok(Response::error(t!(lang, "app-lobby-resign"))),
        other => Ok(Response::error(t!(
            lang,
            "app-lobby-not-started",
            command = super::command_name(lang, other.name()),
            roster = roster(&r)
        ))),
    }
}

/// /addbot: the creator seats a computer player.
/// "The game is full".
fn full_text(lang: Lang, r: &ChannelRecord) -> String {
    t!(
        lang,
        "app-join-full",
        players = r.setup.max_players,
        roster = roster(r)
    )
}

fn add_bot(s: &mut Session, mut r: ChannelRecord, level: Level) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    if r.creator != s.ctx.user {
        return Ok(Response::error(t!(
            lang,
            "app-addbot-not-creator",
            creator = mention(r.creator)
        )));
    }
    if r.seats.len() >= r.setup.max_players as usize {
        return Ok(Response::error(full_text(lang, &r)));
    }
    let bot = super::bots::new_seat(&r, level);
    let name = bot.name.clone();
    r.seats.push(bot);
    s.save(&mut r)?;
    Ok(Response::one(
        Message::public(t!(
            r.setup.language,
            "app-addbot-joined",
            name = name,
            level = level.to_string(),
            seated = r.seats.len(),
            players = r.setup.max_players,
            roster = roster(&r)
        ))
        .with_row(lobby_buttons(r.setup.language)),
    ))
}

fn start(s: &mut Session, mut r: ChannelRecord) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    if seat_of(&r, s.ctx.user).is_none() {
        return Ok(Response::error(t!(lang, "app-start-not-joined")));
    }
    if r.seats.len() < 2 {
        return Ok(Response::error(t!(lang, "app-start-too-few")));
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
                Err(e) => {
                    return Ok(Response::error(t!(
                        lang,
                        "app-start-cannot",
                        reason = e.to_string()
                    )));
                }
            }
        }
        GameType::Cards => {
            let cfg = CardConfig::new(players, seed);
            match CardGame::new(cfg) {
                Ok(game) => r.game = RecordGame::Cards { game },
                Err(e) => {
                    return Ok(Response::error(t!(
                        lang,
                        "app-start-cannot",
                        reason = e.to_string()
                    )));
                }
            }
        }
    }
    s.save(&mut r)?;
    let seats: Vec<String> = Player::all(r.seats.len() as u8)
        .zip(&r.seats)
        .map(|(i, seat)| format!("{} {}", text::disc(i), seat.name))
        .collect();
    let intro = t!(
        r.setup.language,
        "app-start-started",
        seats = seats.join(", ")
    );
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
    let (lang, gl) = (s.ctx.lang, r.setup.language);
    if r.creator != s.ctx.user && !s.ctx.can_manage {
        return Ok(Response::error(t!(
            lang,
            "app-abort-not-allowed",
            creator = mention(r.creator)
        )));
    }
    if !s.ctx.can_manage && creator_resigned(&r) {
        return Ok(Response::error(t!(lang, "app-abort-resigned")));
    }
    let name = &s.ctx.name;
    if matches!(r.game, RecordGame::Lobby) {
        s.store().remove(s.ctx.channel)?;
        return Ok(Response::one(Message::public(t!(
            gl,
            "app-abort-lobby",
            name = name
        ))));
    }
    archive(s, &r, true, Vec::new())?;
    Ok(Response::one(Message::public(t!(
        gl,
        "app-abort-game",
        name = name
    ))))
}

/// /language: shows the game's language, or changes it (its creator or a channel
/// manager, in the lobby or during the game). Public messages and pictures use it from
/// the next one on.
pub fn language(
    s: &mut Session,
    mut r: ChannelRecord,
    set: Option<Lang>,
) -> Result<Response, StoreError> {
    let lang = s.ctx.lang;
    let name = |l: Lang| t!(lang, &format!("app-language-{}", l.code()));
    let Some(new) = set else {
        return Ok(Response::one(Message::private(t!(
            lang,
            "app-language-shown",
            language = name(r.setup.language)
        ))));
    };
    if r.creator != s.ctx.user && !s.ctx.can_manage {
        return Ok(Response::error(t!(
            lang,
            "app-language-not-allowed",
            creator = mention(r.creator)
        )));
    }
    if new == r.setup.language {
        return Ok(Response::error(t!(
            lang,
            "app-language-already",
            language = name(new)
        )));
    }
    r.setup.language = new;
    s.save(&mut r)?;
    // Said in the new language: everyone reads what the channel will read from now on.
    Ok(Response::one(Message::public(t!(
        new,
        "app-language-changed",
        name = &s.ctx.name,
        language = t!(new, &format!("app-language-{}", new.code()))
    ))))
}

/// Whether the creator has left the running game: resigned from the board game (a
/// card game ends on a resignation), or handed their seat to a computer player.
fn creator_resigned(r: &ChannelRecord) -> bool {
    let seat = super::seat_of(r, r.creator);
    match &r.game {
        RecordGame::Board { game } => seat
            .and_then(|seat| game.players().get(seat.index()))
            .is_none_or(|p| p.resigned),
        RecordGame::Cards { .. } => seat.is_none(),
        RecordGame::Lobby => false,
    }
}

/// Moves a finished or aborted game to the history, keeping a finished one on view.
pub fn archive(
    s: &Session,
    r: &ChannelRecord,
    aborted: bool,
    winners: Vec<Player>,
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
    // A finished game stays on view until the next /new; an aborted one does not.
    let kept = (!aborted).then(|| {
        let mut kept = r.clone();
        kept.undo = None;
        kept.snapshot = kept.fresh_snapshot();
        kept
    });
    s.store().archive(s.ctx.channel, &entry, kept.as_ref())
}
