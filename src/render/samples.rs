//! Sample games for the renderer's tests, benchmarks and documentation pictures: a
//! random game played to the end, and a long board built tile after tile.

use crate::engine::{Action, Catalogue, Decision, Expansion, Game, GameConfig, Stack};
use crate::rng::Rng;
use crate::view::BoardView;

/// Plays a whole game with random legal moves: every tile at a random legal placement,
/// a figure on one in `figure_every` turns (when one may be placed). With
/// `stop_before_end`, stops while the last tiles are still to be placed (the game is not
/// over yet, a tile is waiting).
pub fn random_game(
    players: u8,
    expansions: &[Expansion],
    seed: u64,
    figure_every: u64,
    stop_before_end: Option<usize>,
) -> Game {
    let config = GameConfig::new(players, seed).with_expansions(expansions);
    let mut game = Game::new(config).expect("a valid sample configuration");
    let mut rng = Rng::new(seed ^ 0x5eed);
    while let Some(p) = game.pending() {
        let action = match p.decision {
            Decision::PlaceTile { placements, .. } => {
                if let Some(left) = stop_before_end
                    && game.tiles_left() < left
                {
                    break;
                }
                let pl = &placements[rng.below(placements.len() as u64) as usize];
                let r = pl.rotations[rng.below(pl.rotations.len() as u64) as usize];
                Action::PlaceTile {
                    at: pl.at,
                    rotation: r,
                }
            }
            Decision::PlaceFigure { options, .. } => {
                if !options.is_empty() && rng.below(figure_every.max(1)) == 0 {
                    let o = options[rng.below(options.len() as u64) as usize];
                    Action::PlaceFigure {
                        figure: o.kind,
                        segment: o.segment,
                    }
                } else {
                    Action::Pass
                }
            }
            other => {
                let actions = other.actions();
                actions[rng.below(actions.len() as u64) as usize].clone()
            }
        };
        game.apply(p.player, action)
            .expect("a legal option chosen from pending()");
    }
    game
}

/// A board of `n` tiles (besides the start tile) from the base set, repeated as needed,
/// each placed at its first legal placement, without figures; the game then waits
/// (not over).
pub fn long_board(n: usize) -> Game {
    let cat = Catalogue::get();
    let mut ids: Vec<String> = Vec::new();
    let base: Vec<String> = cat
        .of_expansion(Expansion::Base)
        .flat_map(|(_, k)| std::iter::repeat_n(k.id.clone(), k.count as usize))
        .collect();
    let mut rng = Rng::new(7);
    while ids.len() < n {
        let mut round = base.clone();
        rng.shuffle(&mut round);
        ids.extend(round);
    }
    ids.truncate(n);
    let mut config = GameConfig::new(2, 1);
    config.stack = Stack::Fixed {
        tiles: ids,
        end_when_empty: false,
    };
    let mut game = Game::new(config).expect("a valid sample configuration");
    while let Some(p) = game.pending() {
        let action = match p.decision {
            Decision::PlaceTile { placements, .. } => Action::PlaceTile {
                at: placements[0].at,
                rotation: placements[0].rotations[0],
            },
            Decision::PlaceFigure { .. } => Action::Pass,
            other => other.actions()[0].clone(),
        };
        game.apply(p.player, action)
            .expect("a legal option chosen from pending()");
    }
    game
}

/// The view of a sample game with made-up player names.
pub fn view(game: &Game) -> BoardView {
    let names: Vec<String> = ["Alice", "Bruno", "Chidi", "Dagny", "Emeka", "Fumiko"]
        .iter()
        .take(game.player_count() as usize)
        .map(|s| s.to_string())
        .collect();
    BoardView::of(game, &names)
}

/// A 4-player game of about 150 tiles (base and seven expansions): the replay GIF's
/// size and time target.
pub fn large_game() -> Game {
    random_game(
        4,
        &[
            Expansion::Base,
            Expansion::InnsCathedrals,
            Expansion::TradersBuilders,
            Expansion::Ferries,
            Expansion::GoldMines,
            Expansion::Robbers,
            Expansion::CropCircles,
            Expansion::FlyingMachines,
        ],
        2024,
        2,
        None,
    )
}

/// The views of a replay of `game`: the board after every turn (no spots), with the
/// sample names.
pub fn replay_views(game: &Game) -> Vec<BoardView> {
    let mut g = Game::new(game.config().clone()).expect("a sample game's configuration");
    let mut views = Vec::new();
    for e in game.log() {
        if g.apply(e.player, e.action.clone()).is_err() {
            break;
        }
        if !matches!(
            g.pending().map(|p| p.decision),
            Some(Decision::PlaceFigure { .. })
        ) {
            let mut v = view(&g);
            v.next = None;
            views.push(v);
        }
    }
    views
}
