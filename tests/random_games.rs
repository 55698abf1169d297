//! Seeded random complete games: the engine never panics, conserves tiles and figures,
//! never lowers a score, accepts every option it enumerates, refuses random illegal
//! actions without changing anything, and replays its log to an identical state.

use carcassonne_bot::engine::game::initial_supply;
use carcassonne_bot::engine::{
    Action, Catalogue, Decision, Expansion, FarmerRule, FigureKind, Game, GameConfig, Pos, Rotation,
};
use carcassonne_bot::rng::Rng;

fn tiles_in_game(cfg: &GameConfig) -> usize {
    let cat = Catalogue::get();
    cfg.expansions
        .iter()
        .flat_map(|e| cat.of_expansion(*e))
        .map(|(_, k)| k.count as usize)
        .sum()
}

/// Every option of the pending decision as an action.
fn options(game: &Game) -> Vec<(u8, Action)> {
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    match p.decision {
        Decision::PlaceTile { placements, .. } => placements
            .iter()
            .flat_map(|pl| {
                pl.rotations.iter().map(move |r| {
                    (
                        p.player,
                        Action::PlaceTile {
                            at: pl.at,
                            rotation: *r,
                        },
                    )
                })
            })
            .collect(),
        Decision::PlaceFigure { options, .. } => std::iter::once((p.player, Action::Pass))
            .chain(options.iter().map(|o| {
                (
                    p.player,
                    Action::PlaceFigure {
                        figure: o.kind,
                        segment: o.segment,
                    },
                )
            }))
            .collect(),
    }
}

fn random_action(rng: &mut Rng, game: &Game) -> (u8, Action) {
    let player = rng.below(game.player_count() as u64 + 1) as u8;
    let (min, max) = game.board().extent();
    let action = match rng.below(3) {
        0 => Action::PlaceTile {
            at: Pos::new(
                min.x - 1 + rng.below((max.x - min.x + 3) as u64) as i32,
                min.y - 1 + rng.below((max.y - min.y + 3) as u64) as i32,
            ),
            rotation: Rotation::from_quarters(rng.below(4) as u8),
        },
        1 => Action::PlaceFigure {
            figure: FigureKind::ALL[rng.below(4) as usize],
            segment: rng.below(10) as u8,
        },
        _ => Action::Pass,
    };
    (player, action)
}

fn check_figures(game: &Game, start: &carcassonne_bot::engine::Supply) {
    for (p, ps) in game.players().iter().enumerate() {
        for k in FigureKind::ALL {
            let on_board = game
                .figures()
                .iter()
                .filter(|f| f.owner as usize == p && f.kind == k)
                .count() as u8;
            assert_eq!(
                ps.supply.get(k) + on_board,
                start.get(k),
                "player {p}: {k} in supply + on board"
            );
        }
    }
}

/// Plays one game to the end with random legal choices and checks the invariants.
fn play(cfg: GameConfig, exhaustive: bool) {
    let mut rng = Rng::new(cfg.seed ^ 0x5EED);
    let mut game = Game::new(cfg.clone()).expect("valid configuration");
    let start = initial_supply(game.config());
    let mut scores = game.scores();
    let mut steps = 0;
    while !game.is_over() {
        steps += 1;
        assert!(steps < 2000, "the game does not end");
        // Random actions: refused ones change nothing; accepted ones were options.
        let opts = options(&game);
        for _ in 0..3 {
            let (p, a) = random_action(&mut rng, &game);
            let before = game.clone();
            match game.check(p, &a) {
                Err(_) => {
                    assert!(game.apply(p, a.clone()).is_err());
                    assert_eq!(game, before, "a refused action changed the game");
                }
                Ok(()) => assert!(
                    opts.contains(&(p, a.clone())),
                    "{a:?} accepted but not enumerated"
                ),
            }
        }
        if exhaustive {
            for (p, a) in &opts {
                let mut g = game.clone();
                g.apply(*p, a.clone())
                    .unwrap_or_else(|e| panic!("enumerated {a:?} refused: {e}"));
            }
        }
        assert!(!opts.is_empty(), "a running game offers no option");
        let (p, a) = opts[rng.below(opts.len() as u64) as usize].clone();
        game.apply(p, a).expect("an enumerated option is legal");
        check_figures(&game, &start);
        let now = game.scores();
        assert!(
            now.iter().zip(&scores).all(|(a, b)| a >= b),
            "a score went down"
        );
        scores = now;
    }
    assert!(game.pending().is_none());
    assert_eq!(
        game.board().len() - 1 + game.set_aside().len(),
        tiles_in_game(game.config()) - 1,
        "every tile is placed or set aside"
    );
    let replayed = Game::replay(game.config().clone(), game.log()).expect("the log replays");
    assert_eq!(replayed, game, "replay gives the same state");
    let json = serde_json::to_string(&game).expect("serialise");
    let back: Game = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, game, "serde round trip gives the same state");
}

fn config(players: u8, seed: u64, exps: &[Expansion], farmers: FarmerRule) -> GameConfig {
    let mut cfg = GameConfig::new(players, seed).with_expansions(exps);
    cfg.rules.farmers = farmers;
    cfg
}

#[test]
fn random_base_games_for_two_to_six_players() {
    for players in 2..=6u8 {
        for seed in 0..40u64 {
            let farmers =
                [FarmerRule::Modern, FarmerRule::Classic, FarmerRule::Off][seed as usize % 3];
            play(
                config(
                    players,
                    seed * 7919 + players as u64,
                    &[Expansion::Base],
                    farmers,
                ),
                seed < 2,
            );
        }
    }
}

/// 60 games with these expansions, 2 to 6 players; the first two check every option.
fn many(first_seed: u64, exps: &[Expansion], farmers: impl Fn(u64) -> FarmerRule) {
    for seed in 0..60u64 {
        let players = 2 + (seed % 5) as u8;
        play(
            config(players, first_seed + seed, exps, farmers(seed)),
            seed < 2,
        );
    }
}

#[test]
fn random_games_with_inns_and_cathedrals() {
    many(1000, &[Expansion::InnsCathedrals], |_| FarmerRule::Modern);
}

#[test]
fn random_games_with_traders_and_builders() {
    many(2000, &[Expansion::TradersBuilders], |_| FarmerRule::Modern);
}

#[test]
fn random_games_with_both_expansions() {
    many(
        3000,
        &[Expansion::InnsCathedrals, Expansion::TradersBuilders],
        |seed| {
            if seed % 2 == 0 {
                FarmerRule::Modern
            } else {
                FarmerRule::Classic
            }
        },
    );
}

#[test]
fn the_same_seed_deals_the_same_game_and_another_seed_another() {
    let a = Game::new(GameConfig::new(3, 99)).unwrap();
    let b = Game::new(GameConfig::new(3, 99)).unwrap();
    let c = Game::new(GameConfig::new(3, 100)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn resigned_players_are_skipped_and_a_lone_player_ends_the_game() {
    for seed in 0..30u64 {
        let mut rng = Rng::new(seed);
        let players = 3 + (seed % 4) as u8;
        let cfg = config(
            players,
            500 + seed,
            &[Expansion::InnsCathedrals, Expansion::TradersBuilders],
            FarmerRule::Modern,
        );
        let mut game = Game::new(cfg).unwrap();
        let start = initial_supply(game.config());
        let mut resigned: Vec<u8> = Vec::new();
        while !game.is_over() {
            if rng.below(25) == 0 {
                let p = rng.below(players as u64) as u8;
                let before = game.clone();
                let r = game.apply(p, Action::Resign);
                if resigned.contains(&p) {
                    assert!(r.is_err(), "a resigned player acted");
                    assert_eq!(game, before);
                } else {
                    r.expect("resigning is always possible");
                    resigned.push(p);
                    assert!(
                        game.figures().iter().all(|f| f.owner != p),
                        "figures of a resigned player stay"
                    );
                }
                check_figures(&game, &start);
                continue;
            }
            let p = game.pending().expect("running").player;
            assert!(!resigned.contains(&p), "a resigned player is asked to move");
            let opts = options(&game);
            let (p, a) = opts[rng.below(opts.len() as u64) as usize].clone();
            game.apply(p, a).unwrap();
            check_figures(&game, &start);
        }
        if resigned.len() + 1 >= players as usize {
            assert!(game.players().iter().filter(|p| !p.resigned).count() <= 1);
        }
        let replayed = Game::replay(game.config().clone(), game.log()).unwrap();
        assert_eq!(replayed, game);
    }
}
