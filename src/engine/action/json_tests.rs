//! The JSON of one value of every action, decision and event, recorded before the
//! expansions' variants became types of their own modules (issue #24): logs store
//! actions, and the fronts and the fingerprints read decisions and events, so the tags
//! and fields stay as they were.

use super::*;
use crate::engine::expansions::crop_circles::{
    AddFollowerAction, CropCircleAction, CropCircleChosen, CropCircleDecision, CropOption,
    CropPickDecision, CropSpot, NothingAdded, TakeBackAction,
};
use crate::engine::expansions::ferries::{
    FerriesStay, FerryMoved, FerryOption, FerryPlaced, MoveFerryAction, MoveFerryDecision,
    PlaceFerryAction, PlaceFerryDecision,
};
use crate::engine::expansions::flying_machines::{
    Flew, FlightFailed, FlyAction, LandAction, LandDecision,
};
use crate::engine::expansions::gold_mines::{
    GoldLost, GoldPlaced, GoldTaken, PlaceGoldAction, PlaceGoldDecision,
};
use crate::engine::expansions::mage_witch::{
    MagicMoved, MagicOption, MagicRemoved, MoveMagicAction, MoveMagicDecision, RemoveMagicAction,
};
use crate::engine::expansions::messages::{
    ChooseMarkerAction, ChooseMarkerDecision, MarkerChosen, MarkerPreference,
    MarkerPreferenceAction, MarkerPreferenceSet, MessageDrawn, MessageTake, MessageUsed,
    UseMessageAction, UseMessageDecision,
};
use crate::engine::expansions::robbers::{
    PlaceRobberAction, PlaceRobberDecision, RobberDeclined, RobberPlaced, RobberReturned,
    RobberSpot, RobberStole,
};
use crate::engine::expansions::traders_builders::GoodsTaken;
use crate::engine::geometry::Side;
use crate::engine::tile::CropCircle;

fn json<T: Serialize>(values: &[T]) -> Vec<String> {
    values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap())
        .collect()
}

fn p(n: u8) -> Player {
    Player::new(n)
}

fn actions() -> Vec<Action> {
    let at = Pos::new(2, -1);
    vec![
        Action::PlaceTile {
            at,
            rotation: Rotation::from_quarters(3),
        },
        Action::PlaceFigure {
            figure: FigureKind::Follower,
            segment: 3,
        },
        Action::Pass,
        Action::MoveMagic(MoveMagicAction {
            figure: NeutralKind::Witch,
            at,
            segment: 2,
        }),
        Action::RemoveMagic(RemoveMagicAction {
            figure: NeutralKind::Mage,
        }),
        Action::PlaceGold(PlaceGoldAction { at }),
        Action::Fly(FlyAction {
            figure: FigureKind::Large,
        }),
        Action::Land(LandAction { segment: 4 }),
        Action::PlaceRobber(PlaceRobberAction {
            beside: p(2),
            marker: 1,
        }),
        Action::Resign,
        Action::PlaceFerry(PlaceFerryAction {
            at,
            ends: [Side::N, Side::S],
        }),
        Action::MoveFerry(MoveFerryAction {
            at,
            ends: [Side::E, Side::W],
        }),
        Action::CropCircle(CropCircleAction {
            option: CropOption::Remove,
        }),
        Action::AddFollower(AddFollowerAction { at, segment: 5 }),
        Action::TakeBack(TakeBackAction {
            figure: FigureKind::Large,
            at,
            segment: 1,
        }),
        Action::ChooseMarker(ChooseMarkerAction { marker: 1 }),
        Action::UseMessage(UseMessageAction {
            take: MessageTake::Action,
            marker: Some(0),
            target: Some((at, 2)),
        }),
        Action::UseMessage(UseMessageAction {
            take: MessageTake::Points,
            marker: None,
            target: None,
        }),
        Action::MarkerPreference(MarkerPreferenceAction {
            preference: MarkerPreference::Marker(1),
            this_turn: false,
        }),
        Action::MarkerPreference(MarkerPreferenceAction {
            preference: MarkerPreference::Ahead,
            this_turn: false,
        }),
        Action::MarkerPreference(MarkerPreferenceAction {
            preference: MarkerPreference::Marker(0),
            this_turn: true,
        }),
    ]
}

#[test]
fn every_action_serialises_and_reads_back_as_recorded() {
    let recorded = [
        r#"{"do":"place_tile","at":[2,-1],"rotation":270}"#,
        r#"{"do":"place_figure","figure":"follower","segment":3}"#,
        r#"{"do":"pass"}"#,
        r#"{"do":"move_magic","figure":"witch","at":[2,-1],"segment":2}"#,
        r#"{"do":"remove_magic","figure":"mage"}"#,
        r#"{"do":"place_gold","at":[2,-1]}"#,
        r#"{"do":"fly","figure":"large"}"#,
        r#"{"do":"land","segment":4}"#,
        r#"{"do":"place_robber","beside":2,"marker":1}"#,
        r#"{"do":"resign"}"#,
        r#"{"do":"place_ferry","at":[2,-1],"ends":["N","S"]}"#,
        r#"{"do":"move_ferry","at":[2,-1],"ends":["E","W"]}"#,
        r#"{"do":"crop_circle","option":"remove"}"#,
        r#"{"do":"add_follower","at":[2,-1],"segment":5}"#,
        r#"{"do":"take_back","figure":"large","at":[2,-1],"segment":1}"#,
        r#"{"do":"choose_marker","marker":1}"#,
        r#"{"do":"use_message","take":"action","marker":0,"target":[[2,-1],2]}"#,
        r#"{"do":"use_message","take":"points"}"#,
        r#"{"do":"marker_preference","preference":{"marker":1}}"#,
        r#"{"do":"marker_preference","preference":"ahead"}"#,
        r#"{"do":"marker_preference","preference":{"marker":0},"this_turn":true}"#,
    ];
    let actions = actions();
    assert_eq!(json(&actions), recorded);
    for (text, action) in recorded.iter().zip(&actions) {
        assert_eq!(&serde_json::from_str::<Action>(text).unwrap(), action);
    }
}

#[test]
fn log_entries_flatten_every_action_as_recorded() {
    let entries: Vec<LogEntry> = actions()
        .into_iter()
        .map(|action| LogEntry {
            player: p(1),
            action,
        })
        .collect();
    let texts = json(&entries);
    assert_eq!(
        texts[16],
        r#"{"player":1,"do":"use_message","take":"action","marker":0,"target":[[2,-1],2]}"#
    );
    assert_eq!(texts[5], r#"{"player":1,"do":"place_gold","at":[2,-1]}"#);
    for (text, entry) in texts.iter().zip(&entries) {
        assert_eq!(&serde_json::from_str::<LogEntry>(text).unwrap(), entry);
    }
}

#[test]
fn every_decision_serialises_as_recorded() {
    let at = Pos::new(-3, 4);
    let decisions = vec![
        Decision::PlaceTile {
            tile: 17,
            placements: vec![Placement {
                at,
                rotations: [Rotation::from_quarters(0), Rotation::from_quarters(2)]
                    .into_iter()
                    .collect(),
            }],
        },
        Decision::PlaceFigure {
            tile: 6,
            at,
            options: vec![FigureOption {
                kind: FigureKind::Builder,
                segment: 2,
            }],
            extra: vec![FigureStepAction {
                action: Action::Fly(FlyAction {
                    figure: FigureKind::Follower,
                }),
                recorded: Some(FigureKind::Follower),
            }],
        },
        Decision::PlaceFigure {
            tile: 6,
            at,
            options: Vec::new(),
            extra: Vec::new(),
        },
        Decision::Land(LandDecision {
            figure: FigureKind::Large,
            roll: 2,
            at,
            options: vec![0, 3],
        }),
        Decision::MoveMagic(MoveMagicDecision {
            forced: true,
            options: vec![MagicOption {
                figure: NeutralKind::Mage,
                tile: 8,
                at,
                segment: 1,
            }],
            removals: vec![NeutralKind::Witch],
        }),
        Decision::PlaceGold(PlaceGoldDecision {
            from: at,
            options: vec![Pos::new(-3, 5)],
        }),
        Decision::PlaceFerry(PlaceFerryDecision {
            at,
            options: vec![[Side::N, Side::W]],
        }),
        Decision::MoveFerry(MoveFerryDecision {
            options: vec![FerryOption {
                tile: 9,
                at,
                from: [Side::N, Side::E],
                to: vec![[Side::S, Side::W]],
            }],
        }),
        Decision::CropCircle(CropCircleDecision {
            symbol: CropCircle::Shield,
            at,
        }),
        Decision::CropPick(CropPickDecision {
            symbol: CropCircle::Pitchfork,
            option: CropOption::Add,
            options: vec![CropSpot {
                figure: FigureKind::Follower,
                tile: 3,
                at,
                segment: 0,
            }],
        }),
        Decision::PlaceRobber(PlaceRobberDecision {
            from: Some(RobberSpot {
                beside: p(3),
                marker: 0,
            }),
            options: vec![RobberSpot {
                beside: p(0),
                marker: 1,
            }],
        }),
        Decision::ChooseMarker(ChooseMarkerDecision {
            markers: [12, 30],
            preferred: 1,
        }),
        Decision::UseMessage(UseMessageDecision {
            message: 8,
            available: true,
            followers: vec![(at, 4)],
            markers: [5, 0],
            preferred: 0,
        }),
    ];
    assert_eq!(
        json(&decisions),
        [
            r#"{"kind":"place_tile","tile":17,"placements":[{"at":[-3,4],"rotations":[0,180]}]}"#,
            r#"{"kind":"place_figure","tile":6,"at":[-3,4],"options":[{"kind":"builder","segment":2}],"fly":["follower"]}"#,
            r#"{"kind":"place_figure","tile":6,"at":[-3,4],"options":[]}"#,
            r#"{"kind":"land","figure":"large","roll":2,"at":[-3,4],"options":[0,3]}"#,
            r#"{"kind":"move_magic","forced":true,"options":[{"figure":"mage","tile":8,"at":[-3,4],"segment":1}],"removals":["witch"]}"#,
            r#"{"kind":"place_gold","from":[-3,4],"options":[[-3,5]]}"#,
            r#"{"kind":"place_ferry","at":[-3,4],"options":[["N","W"]]}"#,
            r#"{"kind":"move_ferry","options":[{"tile":9,"at":[-3,4],"from":["N","E"],"to":[["S","W"]]}]}"#,
            r#"{"kind":"crop_circle","symbol":"shield","at":[-3,4]}"#,
            r#"{"kind":"crop_pick","symbol":"pitchfork","option":"add","options":[{"figure":"follower","tile":3,"at":[-3,4],"segment":0}]}"#,
            r#"{"kind":"place_robber","from":{"beside":3,"marker":0},"options":[{"beside":0,"marker":1}]}"#,
            r#"{"kind":"choose_marker","markers":[12,30],"preferred":1}"#,
            r#"{"kind":"use_message","message":8,"available":true,"followers":[[[-3,4],4]],"markers":[5,0],"preferred":0}"#,
        ]
    );
    let pending = Pending {
        player: p(2),
        decision: decisions[5].clone(),
    };
    assert_eq!(
        serde_json::to_string(&pending).unwrap(),
        r#"{"player":2,"decision":{"kind":"place_gold","from":[-3,4],"options":[[-3,5]]}}"#
    );
}

#[test]
fn every_event_serialises_as_recorded() {
    let at = Pos::new(0, -2);
    let events = vec![
        Event::TileDrawn {
            player: p(0),
            tile: 4,
        },
        Event::TileSetAside {
            player: p(1),
            tile: 9,
        },
        Event::TilePlaced {
            player: p(2),
            tile: 11,
            at,
            rotation: Rotation::from_quarters(1),
        },
        Event::FigurePlaced {
            player: p(3),
            figure: FigureKind::Pig,
            at,
            segment: 6,
        },
        Event::Passed { player: p(4) },
        Event::FeatureCompleted {
            feature: SegmentKind::City,
            at,
            segment: 1,
            tiles: 3,
        },
        Event::Scored {
            player: p(5),
            points: 8,
            reason: ScoreReason::CityCompleted,
            at: Some(at),
            marker: Some(1),
        },
        Event::Scored {
            player: p(0),
            points: 10,
            reason: ScoreReason::Goods(Good::Cloth),
            at: None,
            marker: None,
        },
        Event::FigureReturned {
            player: p(1),
            figure: FigureKind::Follower,
            at,
        },
        Event::GoodsTaken(GoodsTaken {
            player: p(2),
            goods: [1, 0, 2],
        }),
        Event::ExtraTile { player: p(3) },
        Event::MagicMoved(MagicMoved {
            player: p(4),
            figure: NeutralKind::Mage,
            at,
            segment: 0,
        }),
        Event::MagicRemoved(MagicRemoved {
            figure: NeutralKind::Witch,
            at,
        }),
        Event::GoldPlaced(GoldPlaced {
            player: p(5),
            at,
            bars: 2,
        }),
        Event::GoldTaken(GoldTaken {
            player: p(0),
            bars: 3,
        }),
        Event::Flew(Flew {
            player: p(1),
            figure: FigureKind::Large,
            roll: 3,
            to: at,
        }),
        Event::FlightFailed(FlightFailed {
            player: p(2),
            figure: FigureKind::Follower,
        }),
        Event::GoldLost(GoldLost { bars: 4 }),
        Event::RobberPlaced(RobberPlaced {
            player: p(3),
            beside: p(4),
            marker: 1,
            moved: true,
        }),
        Event::RobberDeclined(RobberDeclined { player: p(5) }),
        Event::RobberStole(RobberStole {
            player: p(0),
            from: p(1),
            points: 5,
        }),
        Event::RobberReturned(RobberReturned { player: p(2) }),
        Event::Resigned { player: p(3) },
        Event::GameOver {
            scores: vec![40, 38],
        },
        Event::FerryPlaced(FerryPlaced {
            player: p(4),
            at,
            ends: [Side::E, Side::S],
        }),
        Event::FerryMoved(FerryMoved {
            player: p(5),
            at,
            from: [Side::E, Side::S],
            ends: [Side::N, Side::W],
        }),
        Event::CropCircleChosen(CropCircleChosen {
            player: p(0),
            symbol: CropCircle::Club,
            option: CropOption::Add,
        }),
        Event::FerriesStay(FerriesStay { player: p(1) }),
        Event::NothingAdded(NothingAdded { player: p(2) }),
        Event::MarkerChosen(MarkerChosen {
            player: p(3),
            marker: 0,
        }),
        Event::MessageDrawn(MessageDrawn {
            player: p(4),
            message: 6,
        }),
        Event::MessageUsed(MessageUsed {
            player: p(5),
            message: 2,
            take: MessageTake::Points,
        }),
        Event::MarkerPreferenceSet(MarkerPreferenceSet {
            player: p(0),
            preference: MarkerPreference::Behind,
            this_turn: false,
        }),
        Event::MarkerPreferenceSet(MarkerPreferenceSet {
            player: p(1),
            preference: MarkerPreference::Marker(1),
            this_turn: true,
        }),
    ];
    assert_eq!(
        json(&events),
        [
            r#"{"event":"tile_drawn","player":0,"tile":4}"#,
            r#"{"event":"tile_set_aside","player":1,"tile":9}"#,
            r#"{"event":"tile_placed","player":2,"tile":11,"at":[0,-2],"rotation":90}"#,
            r#"{"event":"figure_placed","player":3,"figure":"pig","at":[0,-2],"segment":6}"#,
            r#"{"event":"passed","player":4}"#,
            r#"{"event":"feature_completed","feature":"city","at":[0,-2],"segment":1,"tiles":3}"#,
            r#"{"event":"scored","player":5,"points":8,"reason":"city_completed","at":[0,-2],"marker":1}"#,
            r#"{"event":"scored","player":0,"points":10,"reason":{"goods":"cloth"},"at":null}"#,
            r#"{"event":"figure_returned","player":1,"figure":"follower","at":[0,-2]}"#,
            r#"{"event":"goods_taken","player":2,"goods":[1,0,2]}"#,
            r#"{"event":"extra_tile","player":3}"#,
            r#"{"event":"magic_moved","player":4,"figure":"mage","at":[0,-2],"segment":0}"#,
            r#"{"event":"magic_removed","figure":"witch","at":[0,-2]}"#,
            r#"{"event":"gold_placed","player":5,"at":[0,-2],"bars":2}"#,
            r#"{"event":"gold_taken","player":0,"bars":3}"#,
            r#"{"event":"flew","player":1,"figure":"large","roll":3,"to":[0,-2]}"#,
            r#"{"event":"flight_failed","player":2,"figure":"follower"}"#,
            r#"{"event":"gold_lost","bars":4}"#,
            r#"{"event":"robber_placed","player":3,"beside":4,"marker":1,"moved":true}"#,
            r#"{"event":"robber_declined","player":5}"#,
            r#"{"event":"robber_stole","player":0,"from":1,"points":5}"#,
            r#"{"event":"robber_returned","player":2}"#,
            r#"{"event":"resigned","player":3}"#,
            r#"{"event":"game_over","scores":[40,38]}"#,
            r#"{"event":"ferry_placed","player":4,"at":[0,-2],"ends":["E","S"]}"#,
            r#"{"event":"ferry_moved","player":5,"at":[0,-2],"from":["E","S"],"ends":["N","W"]}"#,
            r#"{"event":"crop_circle_chosen","player":0,"symbol":"club","option":"add"}"#,
            r#"{"event":"ferries_stay","player":1}"#,
            r#"{"event":"nothing_added","player":2}"#,
            r#"{"event":"marker_chosen","player":3,"marker":0}"#,
            r#"{"event":"message_drawn","player":4,"message":6}"#,
            r#"{"event":"message_used","player":5,"message":2,"take":"points"}"#,
            r#"{"event":"marker_preference_set","player":0,"preference":"behind"}"#,
            r#"{"event":"marker_preference_set","player":1,"preference":{"marker":1},"this_turn":true}"#,
        ]
    );
}
