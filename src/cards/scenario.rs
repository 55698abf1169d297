//! Scripted card games: a deck (or the layout and each round's hands), a list of actions,
//! and optional expectations. Turns rulebook examples and bug reports into tests. The
//! format is described in `docs/cards-scenario.md`.

use super::action::{CardAction, LoggedAction, PendingKind};
use super::card::{Card, CardId, Colour, Species};
use super::config::{CardConfig, LAYOUT_CARDS};
use super::game::CardGame;
use crate::player::Player;
use crate::rng::Rng;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    #[serde(default)]
    #[allow(dead_code)]
    description: Option<String>,
    /// A saved game's configuration, instead of the fields below (players ... fill).
    #[serde(default)]
    config: Option<CardConfig>,
    /// A saved game's log (engine format), applied before the scripted actions.
    #[serde(default)]
    log: Vec<LoggedAction>,
    #[serde(default)]
    players: Option<u8>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    first_dealer: Player,
    #[serde(default)]
    animal_table: Option<Vec<u32>>,
    /// The whole deck, top card first.
    #[serde(default)]
    deck: Option<Vec<String>>,
    /// The ten layout cards in draw order (jokers then need `joker_row` actions).
    #[serde(default)]
    layout: Option<Vec<String>>,
    /// The ten layout cards by row; jokers are put where they are listed.
    #[serde(default)]
    rows: Option<HashMap<String, Vec<String>>>,
    /// Append the unused cards, shuffled with `seed`, after the scripted ones.
    #[serde(default)]
    fill: bool,
    #[serde(default)]
    rounds: Vec<RoundSpec>,
    #[serde(default)]
    actions: Vec<ActionSpec>,
    #[serde(default)]
    expect: Map<String, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundSpec {
    /// One list per seat, seat 0 first.
    #[serde(default)]
    hands: Option<Vec<Vec<String>>>,
    #[serde(default)]
    actions: Vec<ActionSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionSpec {
    #[serde(default)]
    player: Option<Player>,
    #[serde(default)]
    play: Option<String>,
    #[serde(default)]
    row: Option<String>,
    #[serde(default)]
    face_down: Option<bool>,
    #[serde(default)]
    follower: Option<String>,
    #[serde(default)]
    joker_row: Option<String>,
    /// "keep" or "points".
    #[serde(default)]
    misplaced: Option<String>,
    /// A species (or its colour).
    #[serde(default)]
    assign: Option<String>,
    /// The action must be refused with a message containing this text.
    #[serde(default)]
    expect_error: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

/// Runs a scenario; returns the scores and round summaries as JSON, or a one-line error.
pub fn run_cards_scenario(json: &str) -> Result<Value, String> {
    let sc: Scenario = serde_json::from_str(json).map_err(|e| format!("invalid scenario: {e}"))?;
    let (config, joker_rows) = scenario_config(&sc)?;
    let mut game = CardGame::new(config).map_err(|e| e.to_string())?;
    for (i, entry) in sc.log.iter().enumerate() {
        game.apply(entry.player, entry.action.clone())
            .map_err(|e| format!("log[{i}] ({}): {e}", describe(entry.player, &entry.action)))?;
    }

    let labelled = sc
        .rounds
        .iter()
        .enumerate()
        .flat_map(|(r, round)| {
            round
                .actions
                .iter()
                .enumerate()
                .map(move |(i, a)| (format!("rounds[{r}].actions[{i}]"), a))
        })
        .chain(
            sc.actions
                .iter()
                .enumerate()
                .map(|(i, a)| (format!("actions[{i}]"), a)),
        );
    let mut applied = 0;
    for (label, spec) in labelled {
        auto_joker_rows(&mut game, &joker_rows)?;
        let (player, action) = to_action(&game, spec).map_err(|e| format!("{label}: {e}"))?;
        let what = describe(player, &action);
        match (game.apply(player, action), &spec.expect_error) {
            (Ok(_), None) => applied += 1,
            (Err(e), Some(text)) if e.to_string().contains(text.as_str()) => {}
            (Ok(_), Some(text)) => {
                return Err(format!(
                    "{label} ({what}): was accepted, expected an error containing '{text}'"
                ));
            }
            (Err(e), _) => return Err(format!("{label} ({what}): {e}")),
        }
    }
    auto_joker_rows(&mut game, &joker_rows)?;

    let out = report(&game, applied);
    for (key, expected) in &sc.expect {
        let pointer = if key.starts_with('/') {
            key.clone()
        } else {
            format!("/{key}")
        };
        let got = out.pointer(&pointer).cloned().unwrap_or(Value::Null);
        if &got != expected {
            return Err(format!("expect '{key}': expected {expected}, got {got}"));
        }
    }
    Ok(out)
}

/// Takes named cards from the unused ones: "kind#copy" names one card, a kind takes its
/// first unused copy.
struct Allocator {
    used: [bool; CardId::COUNT],
}

impl Allocator {
    fn take(&mut self, name: &str) -> Result<CardId, String> {
        let id = if let Some(id) = CardId::parse(name) {
            if self.used[id.index()] {
                return Err(format!("card '{name}' is listed twice"));
            }
            id
        } else {
            let card = Card::parse(name).ok_or_else(|| format!("unknown card '{name}'"))?;
            card.ids()
                .find(|id| !self.used[id.index()])
                .ok_or_else(|| {
                    format!(
                        "too many '{}' cards: the game has {}",
                        card.name(),
                        card.copies()
                    )
                })?
        };
        self.used[id.index()] = true;
        Ok(id)
    }
}

type JokerRows = HashMap<CardId, Colour>;

fn scenario_config(sc: &Scenario) -> Result<(CardConfig, JokerRows), String> {
    if let Some(config) = &sc.config {
        let scripted = sc.players.is_some()
            || sc.seed != 0
            || sc.first_dealer != Player::new(0)
            || sc.animal_table.is_some()
            || sc.deck.is_some()
            || sc.layout.is_some()
            || sc.rows.is_some()
            || sc.fill
            || sc.rounds.iter().any(|r| r.hands.is_some());
        if scripted {
            return Err("give either 'config' or players, seed, cards...: not both".into());
        }
        return Ok((config.clone(), HashMap::new()));
    }
    let players = sc
        .players
        .ok_or("a scenario needs 'players' (or a saved 'config')")?;
    let mut config = CardConfig::new(players, sc.seed);
    config.first_dealer = sc.first_dealer;
    if let Some(t) = &sc.animal_table {
        config.animal_table = t.clone();
    }
    let (deck, joker_rows) = build_deck(sc, players, config.hand_size())?;
    config.deck = deck;
    Ok((config, joker_rows))
}

fn build_deck(
    sc: &Scenario,
    players: u8,
    hand: usize,
) -> Result<(Option<Vec<CardId>>, JokerRows), String> {
    let mut alloc = Allocator {
        used: [false; CardId::COUNT],
    };
    let mut joker_rows = HashMap::new();
    let has_hands = sc.rounds.iter().any(|r| r.hands.is_some());
    let mut deck = Vec::new();
    if let Some(names) = &sc.deck {
        if sc.layout.is_some() || sc.rows.is_some() || has_hands {
            return Err("give either 'deck' or 'layout'/'rows' and hands, not both".into());
        }
        for n in names {
            deck.push(alloc.take(n)?);
        }
    } else if sc.layout.is_some() || sc.rows.is_some() || has_hands {
        match (&sc.layout, &sc.rows) {
            (Some(names), None) => {
                for n in names {
                    deck.push(alloc.take(n)?);
                }
            }
            (None, Some(rows)) => {
                let mut by_row: Vec<(Colour, &Vec<String>)> = Vec::new();
                for (key, names) in rows {
                    let c = Colour::parse(key).ok_or_else(|| format!("unknown row '{key}'"))?;
                    by_row.push((c, names));
                }
                by_row.sort_by_key(|(c, _)| *c);
                for (row, names) in by_row {
                    for n in names {
                        let id = alloc.take(n)?;
                        match id.card().colour() {
                            None => {
                                joker_rows.insert(id, row);
                            }
                            Some(c) if c != row => {
                                return Err(format!(
                                    "the layout puts cards in their own rows: '{n}' cannot start in the {row} row"
                                ));
                            }
                            Some(_) => {}
                        }
                        deck.push(id);
                    }
                }
            }
            (Some(_), Some(_)) => return Err("give either 'layout' or 'rows', not both".into()),
            (None, None) => return Err("hands need the layout: give 'layout' or 'rows'".into()),
        }
        if deck.len() != LAYOUT_CARDS {
            return Err(format!(
                "the layout has {} cards; it must have {LAYOUT_CARDS}",
                deck.len()
            ));
        }
        for (r, round) in sc.rounds.iter().enumerate() {
            let Some(hands) = &round.hands else {
                if sc.rounds[r..].iter().any(|x| x.hands.is_some()) {
                    return Err(format!("rounds[{r}] has no hands but a later round does"));
                }
                break;
            };
            if hands.len() != usize::from(players) {
                return Err(format!(
                    "rounds[{r}].hands has {} hands for {players} players",
                    hands.len()
                ));
            }
            for (p, cards) in hands.iter().enumerate() {
                if cards.len() != hand {
                    return Err(format!(
                        "rounds[{r}].hands[{p}] has {} cards; a hand has {hand}",
                        cards.len()
                    ));
                }
                for n in cards {
                    deck.push(alloc.take(n)?);
                }
            }
        }
    } else {
        if sc.fill {
            return Err(
                "'fill' completes a scripted deck; without one the seed shuffles all cards".into(),
            );
        }
        return Ok((None, joker_rows));
    }
    if sc.fill {
        let mut rest: Vec<CardId> = CardId::all().filter(|id| !alloc.used[id.index()]).collect();
        Rng::new(sc.seed).shuffle(&mut rest);
        deck.extend(rest);
    }
    Ok((Some(deck), joker_rows))
}

/// Places layout jokers listed under `rows` without a scripted action.
fn auto_joker_rows(game: &mut CardGame, rows: &JokerRows) -> Result<(), String> {
    while let Some(p) = game.pending() {
        let PendingKind::JokerRow { card } = p.kind else {
            break;
        };
        let Some(row) = rows.get(&card) else { break };
        game.apply(p.player, CardAction::JokerRow { row: *row })
            .map_err(|e| format!("layout joker: {e}"))?;
    }
    Ok(())
}

fn parse_row(s: &str) -> Result<Colour, String> {
    Colour::parse(s).ok_or_else(|| {
        format!("unknown row '{s}' (blue/city, yellow/cloister, red/road, green/field)")
    })
}

fn to_action(game: &CardGame, spec: &ActionSpec) -> Result<(Player, CardAction), String> {
    let due = game.pending();
    let player = match (spec.player, &due) {
        (Some(p), _) => p,
        (None, Some(d)) => d.player,
        (None, None) => return Err("the game is over".into()),
    };
    let kinds = [
        spec.play.is_some(),
        spec.follower.is_some(),
        spec.joker_row.is_some(),
        spec.misplaced.is_some(),
        spec.assign.is_some(),
    ];
    if kinds.iter().filter(|k| **k).count() != 1 {
        return Err(
            "an action needs exactly one of play, follower, joker_row, misplaced, assign".into(),
        );
    }
    if (spec.row.is_some() || spec.face_down.is_some()) && spec.play.is_none() {
        return Err("'row' and 'face_down' go with 'play'".into());
    }
    let action = if let Some(name) = &spec.play {
        let view = game.player_view(player);
        let card = match CardId::parse(name) {
            Some(id) => id,
            None => {
                let kind = Card::parse(name).ok_or_else(|| format!("unknown card '{name}'"))?;
                // A copy in the hand if there is one; otherwise any copy, for the engine
                // to refuse.
                view.hand
                    .iter()
                    .copied()
                    .find(|id| id.card() == kind)
                    .or_else(|| kind.ids().next())
                    .ok_or_else(|| format!("unknown card '{name}'"))?
            }
        };
        let face_down = spec.face_down.unwrap_or_else(|| {
            view.table
                .seats
                .get(player.index())
                .is_some_and(|s| !s.played_card)
        });
        let row = match (&spec.row, card.card().colour()) {
            (Some(r), _) => parse_row(r)?,
            (None, Some(c)) => c,
            (None, None) => return Err(format!("playing the {} needs a 'row'", card.name())),
        };
        CardAction::Play {
            card,
            row,
            face_down,
        }
    } else if let Some(r) = &spec.follower {
        CardAction::PlaceFollower { row: parse_row(r)? }
    } else if let Some(r) = &spec.joker_row {
        CardAction::JokerRow { row: parse_row(r)? }
    } else if let Some(m) = &spec.misplaced {
        match m.trim().to_ascii_lowercase().as_str() {
            "keep" => CardAction::Misplaced { keep: true },
            "points" => CardAction::Misplaced { keep: false },
            other => return Err(format!("misplaced is 'keep' or 'points', not '{other}'")),
        }
    } else {
        let s = spec.assign.as_deref().unwrap_or_default();
        let species = Species::parse(s).ok_or_else(|| format!("unknown species '{s}'"))?;
        CardAction::AssignJoker { species }
    };
    Ok((player, action))
}

fn describe(player: Player, action: &CardAction) -> String {
    match action {
        CardAction::Play {
            card,
            row,
            face_down,
        } => format!(
            "seat {player} plays {} {} into {row}",
            card.name(),
            if *face_down { "face down" } else { "face up" }
        ),
        CardAction::PlaceFollower { row } => format!("seat {player} places the follower in {row}"),
        CardAction::JokerRow { row } => format!("seat {player} puts the joker in {row}"),
        CardAction::Misplaced { keep } => format!(
            "seat {player} {}",
            if *keep {
                "keeps the misplaced card"
            } else {
                "takes 10 points"
            }
        ),
        CardAction::AssignJoker { species } => {
            format!("seat {player} assigns the joker to the {species}s")
        }
    }
}

fn report(game: &CardGame, applied: usize) -> Value {
    let view = game.public_view();
    let herds: Vec<Value> = view
        .seats
        .iter()
        .map(|s| {
            let m: Map<String, Value> = s
                .herds
                .iter()
                .map(|h| (h.species.name().to_string(), json!(h.size)))
                .collect();
            Value::Object(m)
        })
        .collect();
    let chests: Vec<usize> = view.seats.iter().map(|s| s.chest).collect();
    json!({
        "finished": game.is_finished(),
        "round": view.round,
        "rounds_total": view.rounds_total,
        "dealer": view.dealer,
        "scores": game.scores(),
        "winners": game.winners(),
        "herds": herds,
        "waiting_jokers": view.seats.iter().map(|s| s.waiting_jokers.len()).collect::<Vec<_>>(),
        "chests": chests,
        "rounds": game.round_summaries(),
        "final": game.final_summary(),
        "waiting": view.waiting,
        "actions_applied": applied,
    })
}
