//! The engines' behaviour as a number: 60 fixed-seed games per configuration, each
//! decision, event, log and final position hashed. The hashes were recorded before the
//! refactors of issue #24; a refactor that keeps them changed nothing a player can see
//! or a database stores. A rule change changes them on purpose: record the new values
//! (the failure message prints them) in the same commit, and say why.

use carcassonne_bot::cards::{CardConfig, CardGame, Player};
use carcassonne_bot::engine::{Expansion, FarmerRule, Game, GameConfig};
use carcassonne_bot::rng::Rng;
use serde::Serialize;

const SEEDS: u64 = 60;

/// FNV-1a over bytes: written here because std's hasher may change between Rust
/// versions, and these values are compared across them.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The value as JSON, then a separator so that two values never read as one.
    fn json<T: Serialize + ?Sized>(&mut self, value: &T) {
        let text = serde_json::to_vec(value).expect("engine values serialise");
        self.bytes(&text);
        self.bytes(b"\n");
    }
}

#[test]
fn fnv_is_the_published_function() {
    // Test vectors of the FNV-1a 64-bit specification.
    let of = |s: &str| {
        let mut h = Fnv::new();
        h.bytes(s.as_bytes());
        h.0
    };
    assert_eq!(of(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(of("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(of("foobar"), 0x8594_4171_f739_67e8);
}

/// Everything a player or the renderer can read of a position.
fn position(h: &mut Fnv, game: &Game) {
    let tiles: Vec<_> = game
        .board()
        .tiles()
        .iter()
        .map(|t| (t.kind, t.rotation.quarters(), t.pos))
        .collect();
    h.json(&tiles);
    h.json(game.figures());
    h.json(game.players());
    h.json(game.neutral_figures());
    h.json(game.robbers());
    h.json(game.marker_scores());
    h.json(game.message_pile());
    h.json(&game.ferries());
    h.json(&game.gold_on_board());
    let per_player: Vec<_> = Player::all(game.player_count())
        .map(|p| (game.gold(p), game.goods(p), game.marker_preference(p)))
        .collect();
    h.json(&per_player);
    h.json(game.set_aside());
    h.json(&(game.tiles_left(), game.markers(), game.is_over()));
    h.json(&game.projected_scores());
    // Each segment's feature: which others it joins, complete or not, its value.
    let features: Vec<_> = (0..game.board().tiles().len())
        .flat_map(|i| {
            let segments = game.board().tiles()[i].kind().segments.len() as u8;
            let tile = i as carcassonne_bot::engine::TileIdx;
            (0..segments).map(move |s| {
                (
                    game.feature_root(tile, s),
                    game.is_complete(tile, s),
                    game.feature_value(tile, s),
                )
            })
        })
        .collect();
    h.json(&features);
}

/// One random game: every pending decision (all its options), deadline default and
/// batch of events, then the stored record and the final position.
fn board_game(h: &mut Fnv, cfg: GameConfig) {
    let mut rng = Rng::new(cfg.seed ^ 0xF1A6);
    let mut game = Game::new(cfg).expect("a valid configuration");
    while let Some(pending) = game.pending() {
        h.json(&pending);
        h.json(&game.deadline_default());
        let (player, options) = game.legal_actions();
        let mut action = options[rng.below(options.len() as u64) as usize].clone();
        if let Some(default) = game.deadline_default()
            && rng.below(2) == 0
        {
            action = default;
        }
        let events = game.apply(player, action).expect("an enumerated option");
        h.json(&events);
        assert!(game.log().len() < 3000, "the game does not end");
    }
    h.json(&game);
    position(h, &game);
}

/// The configurations, each with the block its 60 games take their seeds from and its
/// hash, recorded on main before the refactors of issue #24: the base game under each
/// farmer rule, each expansion alone, and all of them. A set added since has its row
/// alone and plays in "everything" (every set), while "all" stays the twelve sets of issue
/// #24; a row keeps the block it was recorded with (its place then), so a row added
/// moves no other row's games.
fn board_configs() -> Vec<(String, Vec<Expansion>, FarmerRule, u64, u64)> {
    let base = [Expansion::Base];
    let mut out = vec![
        (
            "base".into(),
            base.to_vec(),
            FarmerRule::Modern,
            0,
            0x0e9f_e450_178c_b668,
        ),
        (
            "base, classic farmers".into(),
            base.to_vec(),
            FarmerRule::Classic,
            1,
            0x95f8_a509_af2d_f665,
        ),
        (
            "base, no farmers".into(),
            base.to_vec(),
            FarmerRule::Off,
            2,
            0xa7f1_14a3_289f_d6e5,
        ),
    ];
    let alone = [
        (Expansion::InnsCathedrals, 0x191e_b1c1_8ae9_b566),
        (Expansion::TradersBuilders, 0xb161_18ec_0c83_1a15),
        (Expansion::FlyingMachines, 0xcf6c_7b9a_8e40_dd1c),
        (Expansion::Messages, 0xc556_d91e_a4d6_ac2a),
        (Expansion::Ferries, 0x3029_b34e_59cd_6e13),
        (Expansion::GoldMines, 0x2b0f_4016_7ce7_f2de),
        (Expansion::MageWitch, 0x1b12_2bf7_00bc_62dc),
        (Expansion::Robbers, 0x0d4f_27f8_5f3a_c8b9),
        (Expansion::CropCircles, 0x2d9e_1fee_6379_0fe5),
        (Expansion::CropCircles1, 0xfdbb_d750_a8c1_8a42),
        (Expansion::Labyrinth, 0x999b_8b74_b316_aff9),
        // Issue #40.
        (Expansion::Phantom, 0x4421_cba8_23f5_a6bc),
        (Expansion::River, 0xc8a6_9714_01db_55b5),
    ];
    // Every expansion but the base game is here once.
    assert_eq!(alone.len(), Expansion::ALL.len() - 1);
    for (k, (e, hash)) in alone.into_iter().enumerate() {
        // The twelve rows before "all" took blocks 3 to 14; a row added after the
        // Phantom's takes the next free block from 18 on.
        let block = if k < 12 {
            3 + k as u64
        } else {
            18 + (k - 12) as u64
        };
        out.push((e.id().into(), vec![e], FarmerRule::Modern, block, hash));
    }
    let all: Vec<Expansion> = Expansion::ALL
        .into_iter()
        .filter(|e| *e <= Expansion::Labyrinth)
        .collect();
    out.push((
        "all".into(),
        all.clone(),
        FarmerRule::Modern,
        14,
        0x2ac3_4e72_4758_6c5f,
    ));
    out.push((
        "all, classic farmers".into(),
        all,
        FarmerRule::Classic,
        15,
        0x2628_91fa_9500_1747,
    ));
    // Issue #40: with The Phantom and The River.
    out.push((
        "everything".into(),
        Expansion::ALL.to_vec(),
        FarmerRule::Modern,
        17,
        0x602f_28dc_9f4e_bfa4,
    ));
    out
}

#[test]
fn sixty_board_games_per_configuration_hash_as_recorded() {
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for (name, exps, farmers, block, hash) in board_configs() {
        let mut h = Fnv::new();
        for seed in 0..SEEDS {
            let players = 2 + (seed % 5) as u8;
            let mut cfg =
                GameConfig::new(players, 24_000 + 100 * block + seed).with_expansions(&exps);
            cfg.rules.farmers = farmers;
            board_game(&mut h, cfg);
        }
        got.push((name.clone(), format!("{:#x}", h.0)));
        want.push((name, format!("{hash:#x}")));
    }
    assert_eq!(got, want);
}

/// One random card game: every decision, the events, the record and the final views.
fn card_game(h: &mut Fnv, players: u8, seed: u64) {
    let mut rng = Rng::new(seed ^ 0xCA7D);
    let (mut game, events) =
        CardGame::start(CardConfig::new(players, seed)).expect("a valid configuration");
    h.json(&events);
    while let Some(due) = game.pending() {
        h.json(&due);
        let choice = due.options[rng.below(due.options.len() as u64) as usize].clone();
        let events = game
            .apply(due.player, choice)
            .expect("an enumerated option");
        h.json(&events);
        assert!(game.log().len() < 2000, "the game does not end");
    }
    h.json(&game);
    h.json(&game.public_view());
    for p in Player::all(players) {
        h.json(&game.player_view(p));
    }
    h.json(&(game.scores(), game.winners(), game.final_summary()));
    h.json(game.round_summaries());
}

/// Recorded on main before the refactors of issue #24.
const CARDS: u64 = 0x80f7_d264_5095_8e41;

#[test]
fn sixty_card_games_hash_as_recorded() {
    let mut h = Fnv::new();
    for seed in 0..SEEDS {
        card_game(&mut h, 2 + (seed % 4) as u8, 24_500 + seed);
    }
    assert_eq!(h.0, CARDS, "now: {:#x}", h.0);
}
