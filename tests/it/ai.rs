//! Computer players: only legal actions, whole games that replay from their log, no
//! use of hidden information, and a greedy player that beats random play.

use carcassonne_bot::ai::{self, Budget, Level};
use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::{Action, Expansion, Game, GameConfig};
use carcassonne_bot::rng::Rng;

/// Small budgets keep the suite fast in debug builds (an iteration descends the tree and
/// plays two cheap turns); the levels differ only in budget otherwise.
fn budget(level: Level) -> Budget {
    match level {
        Level::Easy => Budget::iterations(0),
        Level::Normal => Budget::iterations(12),
        Level::Hard => Budget::iterations(24),
    }
}

fn random_action(game: &Game, rng: &mut Rng) -> (Player, Action) {
    let p = game.pending().expect("a running game");
    let mut actions = p.actions();
    let i = rng.below(actions.len() as u64) as usize;
    (p.player, actions.swap_remove(i))
}

/// Plays a whole game with one computer player (or random play: `None`) per seat.
fn play(cfg: GameConfig, seats: &[Option<Level>]) -> Game {
    let mut game = Game::new(cfg).expect("valid configuration");
    let mut rng = Rng::new(game.config().seed ^ 0xA1);
    let mut steps = 0;
    while let Some(p) = game.pending() {
        steps += 1;
        assert!(steps < 1000, "the game does not end");
        let (player, action) = match seats[p.player.index()] {
            Some(level) => ai::choose_within(&game, level, rng.next_u64(), budget(level))
                .expect("a decision is pending"),
            None => random_action(&game, &mut rng),
        };
        assert_eq!(player, p.player, "the player asked answers");
        assert!(
            p.actions().contains(&action),
            "{action:?} is not an enumerated option"
        );
        game.apply(player, action)
            .expect("an enumerated option is legal");
    }
    game
}

#[test]
fn computer_players_play_whole_games_that_replay() {
    let sets: [&[Expansion]; 2] = [
        &[Expansion::Base],
        &[Expansion::InnsCathedrals, Expansion::TradersBuilders],
    ];
    for (i, exps) in sets.iter().enumerate() {
        let seats = [Some(Level::Easy), Some(Level::Normal), Some(Level::Hard)];
        let cfg = GameConfig::new(3, 40 + i as u64).with_expansions(exps);
        let game = play(cfg.clone(), &seats);
        assert!(game.is_over());
        let replayed = Game::replay(cfg, game.log()).expect("the log replays");
        assert_eq!(replayed, game, "replay gives the same game");
    }
}

/// Every expansion the engine plays, alone and all together (classic farmers there), at
/// every level: whatever decisions they ask, the computer players answer them legally.
#[test]
fn computer_players_play_every_playable_expansion() {
    use carcassonne_bot::engine::FarmerRule;
    let playable: Vec<Expansion> = Expansion::ALL
        .into_iter()
        .filter(|e| *e != Expansion::Base)
        .collect();
    let mut sets: Vec<Vec<Expansion>> = playable.iter().map(|e| vec![*e]).collect();
    sets.push(playable.clone());
    for (i, exps) in sets.iter().enumerate() {
        let all = exps.len() > 1;
        let mut cfg = GameConfig::new(3, 700 + i as u64).with_expansions(exps);
        if all {
            cfg.rules.farmers = FarmerRule::Classic;
        }
        let seats = [Some(Level::Hard), Some(Level::Easy), Some(Level::Normal)];
        let game = play(cfg.clone(), &seats);
        assert!(game.is_over(), "{exps:?}");
        let replayed = Game::replay(cfg, game.log()).expect("the log replays");
        assert_eq!(replayed, game, "{exps:?}: replay gives the same game");
    }
}

#[test]
fn the_order_of_the_stack_does_not_change_a_choice() {
    for seed in 0..4u64 {
        let mut game = Game::new(GameConfig::new(2, 100 + seed)).expect("config");
        let mut rng = Rng::new(seed);
        for _ in 0..(10 + 3 * seed) {
            let (p, a) = random_action(&game, &mut rng);
            game.apply(p, a).expect("legal");
        }
        // Another order of the same undrawn tiles, other future dice.
        let mut other = game.clone();
        other.redeal_unseen(seed ^ 0xDEAD);
        assert_ne!(other, game, "the hidden order differs");
        for level in Level::ALL {
            assert_eq!(
                ai::choose_within(&game, level, 7, budget(level)),
                ai::choose_within(&other, level, 7, budget(level)),
                "{level} chose differently with another hidden order"
            );
        }
    }
}

#[test]
fn redealing_keeps_what_players_see() {
    let mut game = Game::new(GameConfig::new(3, 5)).expect("config");
    let mut rng = Rng::new(1);
    for _ in 0..12 {
        let (p, a) = random_action(&game, &mut rng);
        game.apply(p, a).expect("legal");
    }
    let mut other = game.clone();
    other.redeal_unseen(99);
    assert_eq!(
        other.pending(),
        game.pending(),
        "the drawn tile and options stay"
    );
    assert_eq!(other.tiles_left(), game.tiles_left());
    assert_eq!(other.scores(), game.scores());
    assert_eq!(other.figures(), game.figures());
}

#[test]
fn projected_scores_are_final_scoring_of_a_copy() {
    let cfg = GameConfig::new(2, 11);
    let mut game = Game::new(cfg).expect("config");
    let mut rng = Rng::new(3);
    while !game.is_over() {
        let before = game.clone();
        let projected = game.projected_scores();
        assert_eq!(game, before, "projecting changes nothing");
        for (p, s) in projected.iter().enumerate() {
            assert!(
                *s >= game.scores()[p],
                "final scoring never takes points away"
            );
        }
        let (p, a) = random_action(&game, &mut rng);
        game.apply(p, a).expect("legal");
    }
    assert_eq!(game.projected_scores(), game.scores());
}

#[test]
fn greedy_beats_random_play() {
    let mut wins = 0;
    for seed in 0..10u64 {
        // The greedy player sits first in even games, second in odd ones.
        let greedy = (seed % 2) as usize;
        let mut seats = [None, None];
        seats[greedy] = Some(Level::Easy);
        let game = play(GameConfig::new(2, 500 + seed), &seats);
        let s = game.scores();
        if s[greedy] > s[1 - greedy] {
            wins += 1;
        }
    }
    assert!(
        wins >= 9,
        "greedy won {wins} of 10 games against random play"
    );
}

/// Strength over many seeded 2-player base games, seats alternating, each level with an
/// iteration budget standing for its time budget (docs/ai.md gives the equivalence):
/// `AI_GAMES=200 AI_NORMAL=N AI_HARD=M AI_MATCHES=normal-easy,hard-easy,easy-random,...
/// cargo test --release --test it ai::strength -- --ignored --nocapture`. Each match prints
/// its result when it ends (and its progress every 10 games).
#[test]
#[ignore]
fn strength() {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let games = var("AI_GAMES", 40);
    // The first seed: a match can be split over processes (AI_FROM=100 AI_GAMES=100).
    let from = var("AI_FROM", 0);
    let normal = var("AI_NORMAL", 1500) as u32;
    let hard = var("AI_HARD", 5000) as u32;
    let matches = std::env::var("AI_MATCHES").unwrap_or_else(|_| {
        "easy-random,normal-easy,hard-easy,normal-random,hard-random".to_string()
    });
    let seat = |word: &str| match word {
        "random" => None,
        w => Some(w.parse::<Level>().expect("easy, normal, hard or random")),
    };
    let budget = |level: Level| match level {
        Level::Easy => Budget::iterations(0),
        Level::Normal => Budget::iterations(normal),
        Level::Hard => Budget::iterations(hard),
    };
    for name in matches.split(',') {
        let (a, b) = name.split_once('-').expect("LEVEL-LEVEL");
        let (a, b) = (seat(a), seat(b));
        let (mut wins, mut ties, mut sa, mut sb) = (0, 0, 0u64, 0u64);
        for seed in from..from + games {
            let first = (seed % 2) as usize;
            let mut seats = [b, b];
            seats[first] = a;
            let mut game = Game::new(GameConfig::new(2, 9000 + seed)).expect("config");
            let mut rng = Rng::new(seed);
            while let Some(p) = game.pending() {
                let (pl, act) = match seats[p.player.index()] {
                    Some(level) => ai::choose_within(&game, level, rng.next_u64(), budget(level))
                        .expect("pending"),
                    None => random_action(&game, &mut rng),
                };
                game.apply(pl, act).expect("legal");
            }
            let s = game.scores();
            sa += s[first] as u64;
            sb += s[1 - first] as u64;
            match s[first].cmp(&s[1 - first]) {
                std::cmp::Ordering::Greater => wins += 1,
                std::cmp::Ordering::Equal => ties += 1,
                std::cmp::Ordering::Less => {}
            }
            let n = seed - from + 1;
            if n % 10 == 0 || n == games {
                println!(
                    "{name} (normal {normal}, hard {hard} iterations): {wins} wins, {ties} ties of {n}; average {:.1} vs {:.1}",
                    sa as f64 / n as f64,
                    sb as f64 / n as f64
                );
            }
        }
    }
}

/// How often a road, city or cloister holding a follower gets completed, by kind, open
/// ends (empty neighbours for a cloister) and tiles left, in greedy self-play: the
/// completion table of the search's evaluation (`src/ai/eval.rs`) comes from this.
/// `AI_GAMES=400 cargo test --release --test it ai::completion_odds -- --ignored --nocapture`
#[test]
#[ignore]
fn completion_odds() {
    use carcassonne_bot::engine::SegmentKind;
    let games = std::env::var("AI_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40u64);
    // [kind][open 1..=5 (5: five or more)][tiles-left bucket]: (samples, completed).
    const BUCKETS: [usize; 6] = [4, 8, 16, 32, 48, 100];
    let bucket = |left: usize| BUCKETS.iter().position(|b| left < *b).unwrap_or(5);
    let mut table = [[[(0u32, 0u32); 6]; 5]; 3];
    for seed in 0..games {
        let mut game = Game::new(GameConfig::new(2, 7000 + seed)).expect("config");
        let mut rng = Rng::new(seed);
        let mut samples = Vec::new();
        while let Some(p) = game.pending() {
            if game.drawn_tile().is_some() {
                let left = game.tiles_left();
                let mut seen = Vec::new();
                for f in game.figures() {
                    if !f.kind.is_follower() {
                        continue;
                    }
                    let root = game.feature_root(f.tile, f.seg);
                    let data = game.features().data(root);
                    let (kind, open) = match data.kind {
                        SegmentKind::Road => (0, data.open),
                        SegmentKind::City => (1, data.open),
                        SegmentKind::Cloister => {
                            let pos = game.board().tile(f.tile).pos;
                            (2, 8 - game.board().ring_count(pos))
                        }
                        // Fields score at the end; other kinds are no feature.
                        _ => continue,
                    };
                    if open == 0 || seen.contains(&(root, kind)) {
                        continue;
                    }
                    seen.push((root, kind));
                    let open = (open as usize).clamp(1, 5) - 1;
                    samples.push((kind, open, bucket(left), f.tile, f.seg));
                }
            }
            let (pl, act) =
                ai::choose_within(&game, Level::Easy, rng.next_u64(), budget(Level::Easy))
                    .expect("pending");
            assert_eq!(pl, p.player);
            game.apply(pl, act).expect("legal");
        }
        for (kind, open, b, tile, seg) in samples {
            let cell = &mut table[kind][open][b];
            cell.0 += 1;
            cell.1 += game.is_complete(tile, seg) as u32;
        }
    }
    for (k, name) in ["road", "city", "cloister"].iter().enumerate() {
        println!("{name}: rows open 1..5+, columns tiles left < {BUCKETS:?}");
        for (open, cells) in table[k].iter().enumerate() {
            let row: Vec<String> = cells
                .iter()
                .map(|(n, c)| {
                    if *n == 0 {
                        "   -  (0)".to_string()
                    } else {
                        format!("{:.2} ({n})", *c as f64 / *n as f64)
                    }
                })
                .collect();
            println!("  {}: {}", open + 1, row.join("  "));
        }
    }
}
