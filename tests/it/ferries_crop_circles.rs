//! Ferries and crop circles through the engine's API: refusals the scenario format cannot
//! script, and the deadline defaults of the decisions asked of other players.

use carcassonne_bot::engine::Player;
use carcassonne_bot::engine::expansions::crop_circles::{
    CropCircleAction, CropPickDecision, TakeBackAction,
};
use carcassonne_bot::engine::expansions::ferries::{PlaceFerryAction, PlaceFerryDecision};
use carcassonne_bot::engine::{
    Action, CropOption, Decision, FigureKind, Game, GameConfig, Pos, Rotation, RuleError, Side,
    Slot, Stack,
};
use carcassonne_bot::engine::{Expansion, config::RuleOptions, config::SmallCityRule};

fn game(players: u8, exps: &[Expansion], tiles: &[&str], rules: RuleOptions) -> Game {
    let mut cfg = GameConfig::new(players, 1).with_expansions(exps);
    cfg.rules = rules;
    cfg.stack = Stack::Fixed {
        tiles: tiles.iter().map(|t| t.to_string()).collect(),
        end_when_empty: false,
    };
    Game::new(cfg).unwrap()
}

/// Places the drawn tile and a follower on the segment under `slot` (or passes).
fn turn(g: &mut Game, at: (i32, i32), quarters: u8, slot: Option<&str>) {
    let p = g.pending().unwrap().player;
    let at = Pos::new(at.0, at.1);
    let rotation = Rotation::from_quarters(quarters);
    g.apply(p, Action::PlaceTile { at, rotation }).unwrap();
    if let Some(Decision::PlaceFigure { .. }) = g.pending().map(|p| p.decision) {
        let action = match slot {
            Some(slot) => {
                let placed = g.board().at(at).unwrap();
                let slot: Slot = slot.parse().unwrap();
                Action::PlaceFigure {
                    figure: FigureKind::Follower,
                    segment: placed.kind().segment_at(slot, placed.rotation) as u8,
                }
            }
            None => Action::Pass,
        };
        g.apply(p, action).unwrap();
    }
}

fn segment(g: &Game, at: (i32, i32), slot: &str) -> u8 {
    let placed = g.board().at(Pos::new(at.0, at.1)).unwrap();
    placed
        .kind()
        .segment_at(slot.parse().unwrap(), placed.rotation) as u8
}

#[test]
fn a_ferry_goes_on_the_lake_just_placed_and_joins_two_of_its_road_ends() {
    let mut g = game(
        2,
        &[Expansion::Ferries],
        &["FR/RRR"],
        RuleOptions::default(),
    );
    turn(&mut g, (1, 0), 0, None);
    let pending = g.pending().unwrap();
    assert_eq!(
        pending.decision,
        Decision::PlaceFerry(PlaceFerryDecision {
            at: Pos::new(1, 0),
            options: vec![[Side::E, Side::S], [Side::E, Side::W], [Side::S, Side::W]],
        })
    );
    assert_eq!(
        g.deadline_default(),
        None,
        "the active player's own decision"
    );
    let before = g.clone();
    let e = g
        .apply(
            Player::new(0),
            Action::PlaceFerry(PlaceFerryAction {
                at: Pos::ORIGIN,
                ends: [Side::E, Side::W],
            }),
        )
        .unwrap_err();
    assert!(matches!(e, RuleError::Refused(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "the new ferry goes on the lake of the tile just placed, at 1,0, not at 0,0"
    );
    let e = g
        .apply(
            Player::new(0),
            Action::PlaceFerry(PlaceFerryAction {
                at: Pos::new(1, 0),
                ends: [Side::S, Side::S],
            }),
        )
        .unwrap_err();
    assert!(e.to_string().contains("E+S, E+W, S+W"), "{e}");
    assert_eq!(g, before, "refusals change nothing");
    g.apply(
        Player::new(0),
        Action::PlaceFerry(PlaceFerryAction {
            at: Pos::new(1, 0),
            ends: [Side::W, Side::S],
        }),
    )
    .unwrap();
    assert_eq!(g.ferries(), vec![(Pos::new(1, 0), [Side::S, Side::W])]);
    // The start tile's road now runs through the ferry into the lake's south end.
    assert_eq!(
        g.feature_root(0, segment(&g, (0, 0), "E")),
        g.feature_root(1, segment(&g, (1, 0), "S"))
    );
    assert_ne!(
        g.feature_root(1, segment(&g, (1, 0), "E")),
        g.feature_root(1, segment(&g, (1, 0), "S"))
    );
}

/// Example B of 000 (see tests/scenarios/crop-circles/example-b-pitchfork-remove.json):
/// blue and red are asked by green's crop circle; their deadline default takes back
/// their farmer; green's own choice has none.
#[test]
fn crop_circle_remove_defaults_to_the_earliest_follower_of_the_kind() {
    let rules = RuleOptions {
        small_city: SmallCityRule::FourPoints,
        ..Default::default()
    };
    let tiles = ["U", "U", "U", "B", "CC.2/CFR"];
    let mut g = game(3, &[Expansion::CropCircles], &tiles, rules);
    turn(&mut g, (1, 0), 0, Some("N"));
    turn(&mut g, (2, 0), 0, Some("E"));
    turn(&mut g, (-1, 0), 0, Some("S"));
    turn(&mut g, (0, 1), 0, None);
    turn(&mut g, (0, -1), 2, Some("S"));
    assert_eq!(g.scores(), vec![0, 4, 0]);
    let p = g.pending().unwrap();
    assert_eq!(p.player, Player::new(1));
    assert!(matches!(p.decision, Decision::CropCircle(_)));
    assert_eq!(g.deadline_default(), None);
    g.apply(
        Player::new(1),
        Action::CropCircle(CropCircleAction {
            option: CropOption::Remove,
        }),
    )
    .unwrap();
    // Blue first (left of green), then red; green has no farmer.
    assert_eq!(g.pending().unwrap().player, Player::new(2));
    let blue = g.deadline_default().unwrap();
    assert_eq!(
        blue,
        Action::TakeBack(TakeBackAction {
            figure: FigureKind::Follower,
            at: Pos::new(-1, 0),
            segment: segment(&g, (-1, 0), "S"),
        })
    );
    let before = g.clone();
    assert!(
        g.apply(Player::new(2), Action::Pass).is_err(),
        "remove is not optional"
    );
    assert_eq!(g, before);
    g.apply(Player::new(2), blue).unwrap();
    assert_eq!(g.pending().unwrap().player, Player::new(0));
    let red = g.deadline_default().unwrap();
    g.apply(Player::new(0), red).unwrap();
    // Green has no farmer: the next tile would be drawn (the stack is empty).
    assert!(g.pending().is_none());
    let supply: Vec<u8> = g
        .players()
        .iter()
        .map(|p| p.supply.get(FigureKind::Follower))
        .collect();
    assert_eq!(supply, vec![7, 6, 7]);
}

/// Example A of 000: green may add beside its knight, with the default adding nothing;
/// red, the active player, answers last and has no deadline.
#[test]
fn crop_circle_add_defaults_to_adding_nothing() {
    let tiles = ["J", "K", "U", "CC.2/CFC"];
    let mut g = game(3, &[Expansion::CropCircles], &tiles, RuleOptions::default());
    turn(&mut g, (-1, 0), 0, Some("N"));
    turn(&mut g, (1, 0), 0, Some("N"));
    turn(&mut g, (-1, 1), 1, None);
    turn(&mut g, (2, 0), 0, Some("S"));
    g.apply(
        Player::new(0),
        Action::CropCircle(CropCircleAction {
            option: CropOption::Add,
        }),
    )
    .unwrap();
    assert_eq!(g.pending().unwrap().player, Player::new(1));
    assert_eq!(g.deadline_default(), Some(Action::Pass));
    g.apply(Player::new(1), Action::Pass).unwrap();
    // Blue has no knight: red is next, and red is the active player.
    let p = g.pending().unwrap();
    assert_eq!(p.player, Player::new(0));
    assert_eq!(g.deadline_default(), None);
    let Decision::CropPick(CropPickDecision { options, .. }) = p.decision else {
        panic!("a crop circle pick")
    };
    let at: Vec<Pos> = options.iter().map(|o| o.at).collect();
    assert_eq!(at, vec![Pos::new(-1, 0), Pos::new(2, 0)]);
}
