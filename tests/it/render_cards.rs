//! The card game's pictures: the PNGs are decoded and read at positions computed from the
//! layout helpers (`table_layout`, `hand_layout`, the probes), never at hand-typed pixels.
//!
//! `RENDER_OUT=dir cargo test --release --test it render_cards:: -- --ignored` writes sample
//! pictures (layout, mid-round, several followers in a row, a decision, game over, long
//! rows, hands) and prints timings and sizes.

use carcassonne_bot::cards::{
    Card, CardAction, CardConfig, CardGame, CardId, Colour, GamePhase, PendingKind, Player,
    PublicView, RowItemView,
};
use carcassonne_bot::i18n::Lang;
use carcassonne_bot::render::cards::{
    self, BACK, BACK_LATTICE, HAND_CARD_W, HAND_W, Rect, TABLE_W, back_probe, card_colour,
    face_probe, follower_anchor, hand_layout, samples, table_layout,
};
use carcassonne_bot::render::{self, MAX_PNG_BYTES, palette};
use carcassonne_bot::view::Colour as PlayerColour;
use image::{Rgba, RgbaImage};

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).expect("a PNG").to_rgba8()
}

fn px(img: &RgbaImage, (x, y): (u32, u32)) -> Rgba<u8> {
    *img.get_pixel(x, y)
}

fn names(n: u8) -> Vec<String> {
    samples::names(n)
}

/// A deck from card names: each name takes the next unused copy of its kind.
fn deck(names: &[&str]) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for n in names {
        let kind = Card::parse(n).unwrap_or_else(|| panic!("card {n}"));
        let id = kind
            .ids()
            .find(|id| !out.contains(id))
            .unwrap_or_else(|| panic!("no copy of {n} left"));
        out.push(id);
    }
    out
}

const LAYOUT: [&str; 10] = [
    "blue person 1",
    "blue person 2",
    "yellow person 1",
    "red person 1",
    "red person 2",
    "red person 3",
    "green person 1",
    "green person 2",
    "blue castle",
    "yellow person 3",
];

/// A two-player game on a fixed deck: seat 0 deals, seat 1 plays first.
fn game(hand0: [&str; 6], hand1: [&str; 6]) -> CardGame {
    let mut names: Vec<&str> = LAYOUT.to_vec();
    names.extend(hand0);
    names.extend(hand1);
    let config = CardConfig {
        deck: Some(deck(&names)),
        ..CardConfig::new(2, 0)
    };
    CardGame::new(config).expect("a valid game")
}

const HAND0: [&str; 6] = [
    "green sheep",
    "blue person 3",
    "red horse",
    "dragon",
    "yellow chapel",
    "green person 3",
];
const HAND1: [&str; 6] = [
    "yellow cow",
    "green person 2",
    "fairy",
    "blue pig",
    "red inn",
    "animal joker",
];

/// Plays a card of this kind from the player's hand (face down if the rules say so).
fn play(g: &mut CardGame, player: u8, kind: &str, row: Colour) {
    let kind = Card::parse(kind).unwrap();
    let card = *g
        .player_view(Player::new(player))
        .hand
        .iter()
        .find(|c| c.card() == kind)
        .expect("the card is in the hand");
    let face_down = !g.public_view().seats[player as usize].played_card;
    g.apply(
        Player::new(player),
        CardAction::Play {
            card,
            row,
            face_down,
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

fn follower(g: &mut CardGame, player: u8, row: Colour) {
    g.apply(Player::new(player), CardAction::PlaceFollower { row })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Mid-round: backs of both players, a follower in the red row, face-up cards.
fn mid_round() -> CardGame {
    let mut g = game(HAND0, HAND1);
    play(&mut g, 1, "yellow cow", Colour::Red);
    play(&mut g, 0, "green sheep", Colour::Blue);
    play(&mut g, 1, "green person 2", Colour::Green);
    follower(&mut g, 0, Colour::Red);
    play(&mut g, 1, "fairy", Colour::Red);
    play(&mut g, 0, "blue person 3", Colour::Blue);
    g
}

/// Checks every item of every row at its computed position.
fn check_rows(view: &PublicView, img: &RgbaImage) {
    let lay = table_layout(view);
    let faces: Vec<Rgba<u8>> = Colour::ALL
        .iter()
        .map(|c| card_colour(Some(*c)))
        .chain([card_colour(None)])
        .collect();
    for (ri, row) in view.rows.iter().enumerate() {
        for (i, item) in row.items.iter().enumerate() {
            let r = lay.item(ri, i);
            assert!(r.right() <= img.width() as i32 && r.bottom() <= img.height() as i32);
            match item {
                RowItemView::Card { card } => {
                    assert_eq!(
                        px(img, face_probe(r)),
                        card_colour(card.card().colour()),
                        "row {ri} item {i}: {}",
                        card.name()
                    );
                }
                RowItemView::FaceDown { .. } => {
                    assert_eq!(px(img, back_probe(r)), BACK, "row {ri} item {i}: a back");
                    for y in r.y..r.bottom() {
                        for x in r.x..r.right() {
                            let p = *img.get_pixel(x as u32, y as u32);
                            assert!(
                                !faces.contains(&p),
                                "row {ri} item {i}: a face colour on a back at {x},{y}"
                            );
                        }
                    }
                }
                RowItemView::Follower { player, .. } => {
                    assert_eq!(
                        px(img, follower_anchor(r)),
                        palette::player(PlayerColour::of_seat(*player)),
                        "row {ri} item {i}: follower of seat {player}"
                    );
                }
            }
        }
    }
}

#[test]
fn cards_backs_and_followers_are_where_the_layout_says() {
    let g = mid_round();
    let view = g.public_view();
    let red = &view.rows[Colour::Red.index()];
    assert!(
        red.items.iter().any(
            |i| matches!(i, RowItemView::Follower { player, .. } if *player == Player::new(0))
        )
    );
    assert!(
        view.rows
            .iter()
            .flat_map(|r| &r.items)
            .any(|i| matches!(i, RowItemView::FaceDown { .. }))
    );
    let img = decode(&render::card_table_png(&view, &names(2), Lang::english()));
    let lay = table_layout(&view);
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    check_rows(&view, &img);
}

#[test]
fn several_followers_in_one_row_each_show_their_colour() {
    let mut g = mid_round();
    follower(&mut g, 1, Colour::Red);
    play(&mut g, 0, "red horse", Colour::Red);
    let view = g.public_view();
    let red = &view.rows[Colour::Red.index()];
    let followers: Vec<u8> = red
        .items
        .iter()
        .filter_map(|i| match i {
            RowItemView::Follower { player, .. } => Some(player.as_u8()),
            _ => None,
        })
        .collect();
    assert_eq!(followers, vec![0, 1]);
    let img = decode(&render::card_table_png(&view, &names(2), Lang::english()));
    check_rows(&view, &img);
}

/// Counts pixels of a box that differ from the most common colour there: text and
/// drawings show up, an empty box does not.
fn ink_pixels(img: &RgbaImage, r: Rect) -> usize {
    let mut counts = std::collections::HashMap::new();
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            *counts
                .entry(*img.get_pixel(x as u32, y as u32))
                .or_insert(0usize) += 1;
        }
    }
    let most = counts.values().copied().max().unwrap_or(0);
    counts.values().sum::<usize>() - most
}

#[test]
fn seat_lines_show_scores() {
    let g = mid_round();
    let view = g.public_view();
    let img = decode(&render::card_table_png(&view, &names(2), Lang::english()));
    let lay = table_layout(&view);
    assert_eq!(lay.seats.len(), 2);
    for s in &lay.seats {
        assert!(s.line.bottom() <= img.height() as i32);
        assert!(ink_pixels(&img, s.score) > 20, "seat {}: no score", s.seat);
        assert!(ink_pixels(&img, s.chest) > 20, "seat {}: no chest", s.seat);
    }
}

/// Plays the round of `mid_round` to its end. Seat 0's follower in the red row secured
/// seat 1's face-down yellow cow: a misplaced animal for seat 0 to decide on.
fn at_misplaced_decision() -> CardGame {
    let mut g = mid_round();
    follower(&mut g, 1, Colour::Green);
    play(&mut g, 0, "red horse", Colour::Red);
    play(&mut g, 1, "blue pig", Colour::Blue);
    play(&mut g, 0, "dragon", Colour::Yellow);
    play(&mut g, 1, "red inn", Colour::Red);
    play(&mut g, 0, "yellow chapel", Colour::Yellow);
    play(&mut g, 1, "animal joker", Colour::Green);
    play(&mut g, 0, "green person 3", Colour::Green);
    g
}

#[test]
fn secured_cards_are_shown_while_a_round_is_scored() {
    let g = at_misplaced_decision();
    let view = g.public_view();
    assert_eq!(view.phase, GamePhase::Scoring);
    assert!(matches!(
        view.waiting.as_ref().map(|w| &w.kind),
        Some(PendingKind::Misplaced { .. })
    ));
    let img = decode(&render::card_table_png(&view, &names(2), Lang::english()));
    let lay = table_layout(&view);
    assert_eq!(lay.securing.len(), view.securing.len());
    assert!(!view.securing.is_empty());
    for (s, b) in view.securing.iter().zip(&lay.securing) {
        assert_eq!(s.cards.len(), b.cards.len());
        for (card, r) in s.cards.iter().zip(&b.cards) {
            assert_eq!(
                px(&img, face_probe(*r)),
                card_colour(card.card().colour()),
                "secured {}",
                card.name()
            );
        }
        assert!(ink_pixels(&img, b.block) > 200);
    }
    check_rows(&view, &img);
}

#[test]
fn a_long_row_wraps_and_the_picture_grows_within_the_width_limit() {
    let view = mid_round().public_view();
    let before = table_layout(&view);
    let mut long = view.clone();
    let back = RowItemView::FaceDown {
        laid_by: Some(Player::new(1)),
        card: None,
    };
    let cards: Vec<RowItemView> = Card::Person {
        colour: Colour::Green,
        value: 1,
    }
    .ids()
    .map(|card| RowItemView::Card { card })
    .collect();
    for k in 0..40 {
        long.rows[3].items.push(if k % 3 == 0 {
            back.clone()
        } else {
            cards[k % cards.len()].clone()
        });
    }
    // The green row takes more lines: with the other rows, more than fit at the largest
    // cards, so the cards are smaller.
    let after = table_layout(&long);
    let lines = |l: &cards::TableLayout| {
        let mut ys: Vec<i32> = l.rows[3].items.iter().map(|r| r.y).collect();
        ys.dedup();
        ys.len()
    };
    assert_eq!(before.card_w, 104);
    assert!(lines(&after) >= 4, "{}", lines(&after));
    assert!(after.card_w < before.card_w, "{}", after.card_w);
    assert_eq!(after.width, TABLE_W);
    let png = render::card_table_png(&long, &names(2), Lang::english());
    assert!(png.len() < MAX_PNG_BYTES);
    let img = decode(&png);
    assert_eq!(img.width(), TABLE_W);
    check_rows(&long, &img);

    // Absurdly long rows: smaller cards, still every item readable and within limits.
    let mut huge = long.clone();
    for r in &mut huge.rows {
        for k in 0..60 {
            r.items.push(if k % 2 == 0 {
                back.clone()
            } else {
                cards[k % 8].clone()
            });
        }
    }
    let png = render::card_table_png(&huge, &names(2), Lang::english());
    assert!(png.len() < MAX_PNG_BYTES);
    let img = decode(&png);
    assert_eq!(img.width(), TABLE_W);
    // The smallest cards.
    assert_eq!(table_layout(&huge).card_w, 54);
    check_rows(&huge, &img);
}

#[test]
fn a_six_card_hand_shows_six_cards_in_order() {
    let g = game(HAND0, HAND1);
    let view = g.player_view(Player::new(0));
    assert_eq!(view.hand.len(), 6);
    let lay = hand_layout(&view);
    assert_eq!(lay.cards.len(), 6);
    let img = decode(&render::card_hand_png(&view, &names(2), Lang::english()));
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    for (card, r) in &lay.cards {
        assert_eq!(r.w, HAND_CARD_W);
        assert_eq!(px(&img, face_probe(*r)), card_colour(card.card().colour()));
    }
    // Four to a line, read left to right then down; sorted by colour (jokers last).
    for (i, w) in lay.cards.windows(2).enumerate() {
        if (i + 1) % 4 == 0 {
            assert!(w[0].1.bottom() < w[1].1.y, "a new line starts below");
            assert_eq!(w[1].1.x, lay.cards[0].1.x);
        } else {
            assert!(w[0].1.right() <= w[1].1.x);
            assert_eq!(w[0].1.y, w[1].1.y);
        }
        let key = |c: &CardId| c.card().colour().map_or(4, Colour::index);
        assert!(key(&w[0].0) <= key(&w[1].0));
    }
    let mut shown: Vec<CardId> = lay.cards.iter().map(|(c, _)| *c).collect();
    let mut hand = view.hand.clone();
    shown.sort();
    hand.sort();
    assert_eq!(shown, hand);
}

fn apart(a: Rect, b: Rect) -> bool {
    a.right() <= b.x || b.right() <= a.x || a.bottom() <= b.y || b.bottom() <= a.y
}

#[test]
fn the_hand_picture_is_phone_width_and_wraps_its_cards() {
    let g = game(HAND0, HAND1);
    let other = g.player_view(Player::new(1)).hand;
    for n in [1, 9] {
        let mut view = g.player_view(Player::new(0));
        view.hand.extend_from_slice(&other[..3]);
        view.hand.truncate(n);
        let lay = hand_layout(&view);
        assert_eq!(lay.width, HAND_W);
        assert_eq!(HAND_W, 600);
        assert_eq!(lay.cards.len(), n);
        let img = decode(&render::card_hand_png(&view, &names(2), Lang::english()));
        assert_eq!((img.width(), img.height()), (600, lay.height));
        let lines: std::collections::BTreeSet<i32> = lay.cards.iter().map(|(_, r)| r.y).collect();
        assert_eq!(lines.len(), n.div_ceil(4), "{n} cards, four to a line");
        let boxes: Vec<Rect> = lay
            .cards
            .iter()
            .map(|(_, r)| *r)
            .chain(lay.captions.iter().copied())
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            assert!(a.x >= 0 && a.y >= 0, "{a:?}");
            assert!(a.right() <= 600 && a.bottom() <= lay.height as i32, "{a:?}");
            for b in &boxes[i + 1..] {
                assert!(apart(*a, *b), "{a:?} overlaps {b:?}");
            }
        }
        for (id, r) in &lay.cards {
            assert_eq!(px(&img, face_probe(*r)), card_colour(id.card().colour()));
        }
        assert!(lay.info.y >= lay.captions.last().unwrap().bottom());
        assert!(lay.info.bottom() <= lay.height as i32);
    }
}

#[test]
fn on_their_turn_the_hand_says_where_each_card_goes() {
    let g = game(HAND0, HAND1);
    // Seat 1 plays first: its first card goes face down, anywhere.
    let view = g.player_view(Player::new(1));
    assert!(matches!(
        view.pending.as_ref().map(|p| &p.kind),
        Some(PendingKind::Turn {
            face_down_next: true,
            ..
        })
    ));
    let lay = hand_layout(&view);
    let img = decode(&render::card_hand_png(&view, &names(2), Lang::english()));
    for cap in &lay.captions {
        let green = (cap.y..cap.bottom())
            .flat_map(|y| (cap.x..cap.right()).map(move |x| (x as u32, y as u32)))
            .filter(|p| px(&img, *p) == palette::FIT_OK)
            .count();
        assert!(green > 10, "caption {cap:?} is empty");
    }
    // Not their turn: no captions.
    let other = g.player_view(Player::new(0));
    let lay = hand_layout(&other);
    let img = decode(&render::card_hand_png(&other, &names(2), Lang::english()));
    for cap in &lay.captions {
        assert!(ink_pixels(&img, *cap) == 0, "caption drawn off turn");
    }
}

#[test]
fn the_owner_sees_their_face_down_cards_in_the_hand_picture() {
    let g = mid_round();
    let view = g.player_view(Player::new(0));
    let lay = hand_layout(&view);
    assert_eq!(lay.face_down.len(), 1);
    let (card, row, r) = lay.face_down[0];
    assert_eq!(card.card(), Card::parse("green sheep").unwrap());
    assert_eq!(row, Colour::Blue);
    let img = decode(&render::card_hand_png(&view, &names(2), Lang::english()));
    assert_eq!(px(&img, face_probe(r)), card_colour(Some(Colour::Green)));
}

#[test]
fn the_table_shows_nothing_hidden() {
    // Two games whose hands and face-down cards differ but whose public views are equal.
    let mut swapped1 = HAND1;
    swapped1.swap(0, 4); // seat 1 lays the red inn face down instead of the yellow cow
    let mut swapped0 = HAND0;
    swapped0.swap(0, 2); // seat 0 lays the red horse face down instead of the green sheep
    let mut a = game(HAND0, HAND1);
    let mut b = game(swapped0, swapped1);
    play(&mut a, 1, "yellow cow", Colour::Red);
    play(&mut b, 1, "red inn", Colour::Red);
    play(&mut a, 0, "green sheep", Colour::Blue);
    play(&mut b, 0, "red horse", Colour::Blue);
    for g in [&mut a, &mut b] {
        play(g, 1, "green person 2", Colour::Green);
        follower(g, 0, Colour::Yellow);
    }
    assert_eq!(a.public_view(), b.public_view());
    assert_ne!(a.player_view(Player::new(0)), b.player_view(Player::new(0)));
    assert_ne!(a.player_view(Player::new(1)), b.player_view(Player::new(1)));
    let pa = render::card_table_png(&a.public_view(), &names(2), Lang::english());
    let pb = render::card_table_png(&b.public_view(), &names(2), Lang::english());
    assert!(pa == pb, "the public pictures differ");

    // A player's own view of the table knows its face-down card: drawn as a table picture,
    // it must still show a back.
    let own = a.player_view(Player::new(1)).table;
    assert!(
        own.rows
            .iter()
            .flat_map(|r| &r.items)
            .any(|i| matches!(i, RowItemView::FaceDown { card: Some(_), .. }))
    );
    assert!(render::card_table_png(&own, &names(2), Lang::english()) == pa);

    // And the faces of the hidden cards are on their owners' hand pictures only.
    let hand = decode(&render::card_hand_png(
        &a.player_view(Player::new(0)),
        &names(2),
        Lang::english(),
    ));
    let (_, _, r) = hand_layout(&a.player_view(Player::new(0))).face_down[0];
    assert_eq!(px(&hand, face_probe(r)), card_colour(Some(Colour::Green)));
}

#[test]
fn backs_are_never_a_face_colour() {
    let mut img = RgbaImage::from_pixel(200, 200, palette::TABLE);
    for (i, w) in [72, 46, 116].into_iter().enumerate() {
        let r = Rect::new(5 + i as i32 * 10, 5, w, cards::card_height(w));
        let mut one = img.clone();
        cards::draw_back(&mut one, r, Some(Player::new(i as u8)), Lang::english());
        assert_eq!(px(&one, back_probe(r)), BACK);
        let lattice = one.pixels().filter(|p| **p == BACK_LATTICE).count();
        assert!(lattice > 50);
        for c in Colour::ALL.map(Some).into_iter().chain([None]) {
            assert!(!one.pixels().any(|p| *p == card_colour(c)));
        }
        img = one;
    }
}

#[test]
fn every_card_kind_shows_its_colour_at_every_size() {
    let kinds: Vec<Card> = {
        let mut v: Vec<Card> = CardId::all().map(|c| c.card()).collect();
        v.dedup();
        v
    };
    assert_eq!(kinds.len(), 4 * 5 + 4);
    for w in [22, 30, 46, 72, 116] {
        let h = cards::card_height(w);
        for k in &kinds {
            let mut img = RgbaImage::from_pixel(w as u32 + 4, h as u32 + 4, palette::TABLE);
            let r = Rect::new(2, 2, w, h);
            cards::draw_face(&mut img, *k, r, Lang::english());
            assert_eq!(
                px(&img, face_probe(r)),
                card_colour(k.colour()),
                "{k:?} at {w}"
            );
            // The medallion holds a picture: more than two colours around the centre.
            let mut seen = std::collections::HashSet::new();
            let (cx, cy) = r.centre();
            for dy in -(w / 5)..(w / 5) {
                for dx in -(w / 5)..(w / 5) {
                    seen.insert(*img.get_pixel((cx as i32 + dx) as u32, (cy as i32 + dy) as u32));
                }
            }
            assert!(seen.len() > 3, "{k:?} at {w}: an empty medallion");
        }
    }
}

#[test]
fn the_final_picture_ranks_the_players_and_crowns_the_winners() {
    for players in 2..=5 {
        let g = samples::random_game(players, 7 + players as u64, usize::MAX, |_| false);
        assert!(g.is_finished());
        let view = g.public_view();
        let f = view.final_summary.clone().expect("a final summary");
        let lay = table_layout(&view);
        let ranking = lay.ranking.as_ref().expect("a ranking");
        assert_eq!(ranking.order.len(), players as usize);
        let png = render::card_table_png(&view, &names(players), Lang::english());
        let img = decode(&png);
        // Best first, and every winner's line is gold.
        let scores: Vec<u32> = ranking
            .order
            .iter()
            .map(|(s, _)| f.players.iter().find(|p| p.player == *s).unwrap().score)
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        for ((seat, rank), (line, total)) in ranking
            .order
            .iter()
            .zip(ranking.lines.iter().zip(&ranking.totals))
        {
            let winner = f.winners.contains(seat);
            assert_eq!(winner, *rank == 1, "seat {seat}");
            let gold = px(
                &img,
                ((line.x + 8) as u32, (line.y + line.h / 2 + 20) as u32),
            );
            assert_eq!(gold == palette::WINNER, winner, "seat {seat}");
            assert!(ink_pixels(&img, *total) > 30);
        }
    }
}

/// Every public picture of whole random games: within the limits, rows checked.
#[test]
fn random_games_render_within_limits() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3), (5, 4)] {
        let mut n = 0;
        let names = names(players);
        samples::random_game(players, seed, usize::MAX, |g| {
            n += 1;
            if n % 7 == 0 {
                let view = g.public_view();
                let png = render::card_table_png(&view, &names, Lang::english());
                assert!(png.len() < 2 * 1024 * 1024, "{} bytes", png.len());
                let img = decode(&png);
                assert_eq!(img.width(), TABLE_W);
                check_rows(&view, &img);
                for p in Player::all(players) {
                    let hand = render::card_hand_png(&g.player_view(p), &names, Lang::english());
                    assert!(hand.len() < 1024 * 1024);
                }
            }
            false
        });
    }
}

#[test]
fn pictures_are_deterministic() {
    let g = at_misplaced_decision();
    let v = g.public_view();
    assert!(
        render::card_table_png(&v, &names(2), Lang::english())
            == render::card_table_png(&v, &names(2), Lang::english())
    );
    let p = g.player_view(Player::new(0));
    assert!(
        render::card_hand_png(&p, &names(2), Lang::english())
            == render::card_hand_png(&p, &names(2), Lang::english())
    );
}

/// Writes sample pictures into `RENDER_OUT` and prints timings and sizes.
#[test]
#[ignore]
fn write_samples() {
    let out = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/card-pictures".into());
    std::fs::create_dir_all(&out).unwrap();
    let mut pictures: Vec<(String, Vec<u8>)> = Vec::new();
    let mut timed = |name: &str, f: &dyn Fn() -> Vec<u8>| {
        let t = std::time::Instant::now();
        let runs = 10;
        let mut png = Vec::new();
        for _ in 0..runs {
            png = f();
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        let img = decode(&png);
        println!(
            "{name}: {}x{} px, {} KB, {ms:.1} ms",
            img.width(),
            img.height(),
            png.len() / 1024
        );
        pictures.push((name.to_string(), png));
    };
    let n2 = names(2);
    let start = game(HAND0, HAND1);
    timed("01-start", &|| {
        render::card_table_png(&start.public_view(), &n2, Lang::english())
    });
    timed("01-start-hand", &|| {
        render::card_hand_png(&start.player_view(Player::new(1)), &n2, Lang::english())
    });
    let mid = mid_round();
    timed("02-mid-round", &|| {
        render::card_table_png(&mid.public_view(), &n2, Lang::english())
    });
    timed("02-mid-round-hand", &|| {
        render::card_hand_png(&mid.player_view(Player::new(0)), &n2, Lang::english())
    });
    let mut two = mid_round();
    follower(&mut two, 1, Colour::Red);
    play(&mut two, 0, "red horse", Colour::Red);
    timed("03-two-followers", &|| {
        render::card_table_png(&two.public_view(), &n2, Lang::english())
    });
    let dec = at_misplaced_decision();
    timed("04-decision", &|| {
        render::card_table_png(&dec.public_view(), &n2, Lang::english())
    });
    timed("04-decision-hand", &|| {
        render::card_hand_png(&dec.player_view(Player::new(0)), &n2, Lang::english())
    });
    for players in [2u8, 5] {
        let names = names(players);
        let layout = samples::random_game(players, 3, usize::MAX, |g| {
            g.public_view().phase != GamePhase::Layout
                || matches!(
                    g.pending().map(|p| p.kind),
                    Some(PendingKind::JokerRow { .. })
                )
        });
        let name = format!("05-layout-{players}p");
        timed(&name, &|| {
            render::card_table_png(&layout.public_view(), &names, Lang::english())
        });
        let name = format!("05-layout-{players}p-hand");
        timed(&name, &|| {
            render::card_hand_png(&layout.player_view(Player::new(0)), &names, Lang::english())
        });
        let d = samples::at_decision(players, 11);
        let name = format!("06-random-decision-{players}p");
        timed(&name, &|| {
            render::card_table_png(&d.public_view(), &names, Lang::english())
        });
        let p = d.pending().map_or(Player::new(0), |p| p.player);
        let name = format!("06-random-decision-{players}p-hand");
        timed(&name, &|| {
            render::card_hand_png(&d.player_view(p), &names, Lang::english())
        });
        let mid = samples::random_game(players, 5, 70, |_| false);
        let name = format!("07-random-mid-{players}p");
        timed(&name, &|| {
            render::card_table_png(&mid.public_view(), &names, Lang::english())
        });
        let p = mid.pending().map_or(Player::new(0), |p| p.player);
        let name = format!("07-random-mid-{players}p-hand");
        timed(&name, &|| {
            render::card_hand_png(&mid.player_view(p), &names, Lang::english())
        });
        let end = samples::random_game(players, 9, usize::MAX, |_| false);
        let name = format!("08-final-{players}p");
        timed(&name, &|| {
            render::card_table_png(&end.public_view(), &names, Lang::english())
        });
    }
    let mut long = mid_round().public_view();
    for k in 0..30u8 {
        let card = CardId::from_index(k as usize % 16 + 90).unwrap();
        long.rows[3].items.push(if k % 4 == 0 {
            RowItemView::FaceDown {
                laid_by: Some(Player::new(k % 2)),
                card: None,
            }
        } else {
            RowItemView::Card { card }
        });
    }
    timed("09-long-row", &|| {
        render::card_table_png(&long, &n2, Lang::english())
    });
    let mut huge = long.clone();
    for r in &mut huge.rows {
        for k in 0..40u8 {
            let card = CardId::from_index(k as usize * 3 % 130).unwrap();
            r.items.push(RowItemView::Card { card });
        }
        r.items.push(RowItemView::Follower {
            player: Player::new(2),
            secures: 41,
        });
    }
    timed("10-huge-rows", &|| {
        render::card_table_png(&huge, &names(3), Lang::english())
    });
    let mid = samples::random_game(5, 5, 70, |_| false);
    let v = mid.public_view();
    let t = std::time::Instant::now();
    for _ in 0..20 {
        std::hint::black_box(cards::table_image(&v, &names(5), Lang::english()));
    }
    println!("draw only: {:.1} ms", t.elapsed().as_secs_f64() * 50.0);
    let img = cards::table_image(&v, &names(5), Lang::english());
    let t = std::time::Instant::now();
    for _ in 0..20 {
        std::hint::black_box(render::encode_png(&img));
    }
    println!("encode only: {:.1} ms", t.elapsed().as_secs_f64() * 50.0);
    // Every kind at three sizes, and backs.
    let kinds: Vec<Card> = {
        let mut v: Vec<Card> = CardId::all().map(|c| c.card()).collect();
        v.dedup();
        v
    };
    let sizes = [116, 72, 46];
    let mut atlas = RgbaImage::from_pixel(12 * 124 + 8, 1120, palette::TABLE);
    let mut y = 8;
    for &w in &sizes {
        let h = cards::card_height(w);
        for (i, k) in kinds.iter().chain([&Card::Dragon]).enumerate() {
            let (row, col) = (i / 12, i % 12);
            let r = Rect::new(8 + col as i32 * (w + 8), y + row as i32 * (h + 8), w, h);
            if i == kinds.len() {
                cards::draw_back(&mut atlas, r, Some(Player::new(3)), Lang::english());
            } else {
                cards::draw_face(&mut atlas, *k, r, Lang::english());
            }
        }
        y += 3 * (h + 8) + 8;
    }
    pictures.push(("00-atlas".into(), render::encode_png(&atlas)));
    // How Discord's inline preview shows a table (about 550 pixels wide).
    let mid = samples::random_game(4, 5, 60, |_| false);
    let img = cards::table_image(&mid.public_view(), &names(4), Lang::english());
    let h = img.height() * 550 / img.width();
    let small = image::imageops::resize(&img, 550, h, image::imageops::FilterType::Triangle);
    pictures.push(("11-preview-550".into(), render::encode_png(&small)));
    for (name, png) in pictures {
        std::fs::write(format!("{out}/{name}.png"), png).unwrap();
    }
}

fn spanish() -> Lang {
    Lang::from_code("es").expect("Spanish")
}

/// Whether the pixel column `x` over `y0..y1` is one colour: no word crosses it.
fn clean_column(img: &RgbaImage, x: i32, (y0, y1): (i32, i32)) -> bool {
    let first = px(img, (x as u32, y0 as u32));
    (y0..y1).all(|y| px(img, (x as u32, y as u32)) == first)
}

/// The Spanish table, hand and final ranking: the layouts' sizes (words never move
/// anything), the cards where the layout says, and the longer words inside their boxes:
/// a seat's follower status ends before the herds' column, the status line of the hand
/// inside its frame.
#[test]
fn spanish_card_pictures_keep_their_words_in_their_boxes() {
    let es = spanish();
    let save = |img: &RgbaImage, name: &str| {
        if let Ok(dir) = std::env::var("RENDER_OUT") {
            img.save(format!("{dir}/{name}-es.png")).unwrap();
        }
    };
    for (name, g) in [
        ("mid-round", mid_round()),
        ("decision", at_misplaced_decision()),
    ] {
        let view = g.public_view();
        let lay = table_layout(&view);
        let img = decode(&render::card_table_png(&view, &names(2), es));
        save(&img, &format!("table-{name}"));
        assert_eq!((img.width(), img.height()), (lay.width, lay.height));
        check_rows(&view, &img);
        for sl in &lay.seats {
            let (f, n) = (sl.follower, sl.notes);
            assert!(
                clean_column(&img, f.right(), (f.y + 6, f.bottom() - 6)),
                "{name}: seat {}'s follower status runs into the chest",
                sl.seat
            );
            assert!(
                clean_column(&img, n.right(), (n.y, n.bottom())),
                "{name}: seat {}'s notes run into the round's gain",
                sl.seat
            );
        }
        // The status line stays inside its frame.
        let st = lay.status;
        assert!(
            clean_column(&img, st.right() - 6, (st.y + 8, st.bottom() - 8)),
            "{name}: the status runs out of its frame"
        );
        // The same picture in English differs only by its words: same size.
        let en = decode(&render::card_table_png(&view, &names(2), Lang::english()));
        assert_eq!((en.width(), en.height()), (img.width(), img.height()));
        assert!(en != img);

        for seat in Player::all(2) {
            let pv = g.player_view(seat);
            let hl = hand_layout(&pv);
            let hand = decode(&render::card_hand_png(&pv, &names(2), es));
            save(&hand, &format!("hand-{name}-{seat}"));
            assert_eq!((hand.width(), hand.height()), (hl.width, hl.height));
            let s = hl.status;
            assert!(
                clean_column(&hand, s.right() - 8, (s.y + 6, s.bottom() - 6)),
                "{name}: the status of seat {seat} runs out of its frame"
            );
            for (id, r) in &hl.cards {
                let c = card_colour(id.card().colour());
                assert_eq!(px(&hand, face_probe(*r)), c, "{name}: {id:?}");
            }
        }
    }
    let g = samples::random_game(4, 11, usize::MAX, |_| false);
    let view = g.public_view();
    let lay = table_layout(&view);
    let img = decode(&render::card_table_png(&view, &names(4), es));
    save(&img, "table-final");
    assert_eq!((img.width(), img.height()), (lay.width, lay.height));
    let ranking = lay.ranking.as_ref().expect("a ranking");
    // The chests' note, under the title, takes two lines and ends inside the panel.
    let p = ranking.panel;
    assert!(clean_column(&img, p.right() - 6, (p.y + 8, p.y + 92)));
    let second_line = Rect::new(p.x + 14, p.y + 72, 200, 18);
    assert!(
        ink_pixels(&img, second_line) > 50,
        "the note has no second line"
    );
}

/// The table is made for phones: 600 pixels wide whatever it holds, its parts stacked
/// from top to bottom (header, ranking, secured cards, rows, seats) and every box inside
/// the width; a seat's three lines in order.
#[test]
fn the_table_is_phone_wide_with_its_parts_stacked() {
    let views = [
        ("start", game(HAND0, HAND1).public_view(), 2),
        ("mid-round", mid_round().public_view(), 2),
        ("decision", at_misplaced_decision().public_view(), 2),
        (
            "random-mid",
            samples::random_game(5, 5, 70, |_| false).public_view(),
            5,
        ),
        (
            "final",
            samples::random_game(4, 11, usize::MAX, |_| false).public_view(),
            4,
        ),
    ];
    for (name, view, players) in views {
        let lay = table_layout(&view);
        assert_eq!(lay.width, TABLE_W, "{name}");
        let img = decode(&render::card_table_png(
            &view,
            &names(players),
            Lang::english(),
        ));
        assert_eq!((img.width(), img.height()), (600, lay.height), "{name}");
        assert!(lay.height > lay.width, "{name}: not portrait");
        let mut parts = vec![lay.header];
        parts.extend(lay.ranking.iter().map(|r| r.panel));
        parts.extend(lay.securing.iter().map(|b| b.block));
        parts.extend(lay.rows.iter().map(|r| r.band));
        parts.push(lay.seat_panel);
        for w in parts.windows(2) {
            assert!(
                w[0].bottom() <= w[1].y,
                "{name}: {:?} over {:?}",
                w[0],
                w[1]
            );
        }
        let inside = |r: &Rect| r.x >= 0 && r.right() <= 600 && r.bottom() <= lay.height as i32;
        assert!(parts.iter().all(inside), "{name}");
        for row in &lay.rows {
            assert!(
                row.items.iter().chain([&row.open_end]).all(inside),
                "{name}"
            );
        }
        for sl in &lay.seats {
            assert!(inside(&sl.line) && inside(&sl.chest) && inside(&sl.herds));
            assert!(sl.notes.bottom() <= sl.follower.y, "{name}");
            assert!(sl.follower.bottom() <= sl.herds.y, "{name}");
            assert!(sl.follower.right() < sl.chest.x, "{name}");
        }
    }
    // The cards of the rows are at their largest mid-round.
    assert_eq!(table_layout(&mid_round().public_view()).card_w, 104);
}

/// `RENDER_OUT=dir cargo test --test it render_cards::phone -- --ignored`: the table in
/// the middle of a 4-player round (English), a decision while a round is scored
/// (Spanish), a finished 4-player game in both languages, and two hands, as they are and
/// scaled to 400 pixels wide as a phone shows them; prints their sizes.
#[test]
#[ignore]
fn phone_card_pictures() {
    let dir = std::env::var("RENDER_OUT").unwrap_or_else(|_| "target/phone".into());
    std::fs::create_dir_all(&dir).unwrap();
    let mut four = names(4);
    four[1] = "李雷".into();
    four[2] = "🦄 Uni".into();
    let mid = samples::random_game(4, 5, 60, |_| false);
    let end = samples::random_game(4, 11, usize::MAX, |_| false);
    let dec = at_misplaced_decision();
    let (en, es) = (Lang::english(), spanish());
    let mp = mid.pending().map_or(Player::new(0), |p| p.player);
    let tables = [
        ("cards-table-mid-en", mid.public_view(), four.clone(), en),
        ("cards-table-scoring-es", dec.public_view(), names(2), es),
        ("cards-table-end-en", end.public_view(), four.clone(), en),
        ("cards-table-end-es", end.public_view(), four.clone(), es),
    ];
    let mut out: Vec<(&str, Vec<u8>)> = Vec::new();
    for (name, view, names, lang) in &tables {
        out.push((name, render::card_table_png(view, names, *lang)));
    }
    let hand = render::card_hand_png(&mid.player_view(mp), &four, en);
    out.push(("cards-hand-mid-en", hand));
    let hand = render::card_hand_png(&dec.player_view(Player::new(0)), &names(2), es);
    out.push(("cards-hand-decision-es", hand));
    for (name, png) in out {
        let img = decode(&png);
        let h = img.height() * 400 / img.width();
        let small = image::imageops::resize(&img, 400, h, image::imageops::FilterType::Triangle);
        std::fs::write(format!("{dir}/{name}.png"), &png).unwrap();
        small.save(format!("{dir}/{name}-400.png")).unwrap();
        println!(
            "{name}: {}x{}, {} bytes, scale at 400: {:.3}",
            img.width(),
            img.height(),
            png.len(),
            400.0 / img.width() as f32
        );
    }
}

/// The seat panel's three lines of column titles ("Player … Score", "Hand  Follower
/// Chest", "Herds") stand clear of each other in both languages: between each line's
/// ink and the next there are at least 10 rows of bare panel (7 at 400 px wide), the
/// titles' own ink at least 12 rows high (capitals of 17 px text).
#[test]
fn the_seat_column_titles_stand_on_three_clear_lines() {
    let game = render::cards::samples::random_game(4, 5, 60, |_| false);
    let view = game.public_view();
    let lay = table_layout(&view);
    for lang in [Lang::english(), Lang::from_code("es").unwrap()] {
        let img = decode(&render::card_table_png(&view, &names(4), lang));
        let p = lay.seat_panel;
        let (top, bottom) = (p.y as u32 + 4, lay.seats[0].line.y as u32);
        let ink: Vec<bool> = (top..bottom)
            .map(|y| {
                (p.x as u32 + 10..p.right() as u32 - 10).any(|x| px(&img, (x, y)) != palette::PANEL)
            })
            .collect();
        // Runs of rows with ink, and the bare rows between them.
        let mut bands: Vec<(usize, usize)> = Vec::new();
        for (i, &on) in ink.iter().enumerate() {
            match bands.last_mut() {
                Some(b) if on && b.1 == i => b.1 = i + 1,
                _ if on => bands.push((i, i + 1)),
                _ => {}
            }
        }
        assert_eq!(bands.len(), 3, "{lang:?}: {bands:?}");
        for b in &bands {
            assert!(b.1 - b.0 >= 12, "{lang:?}: {bands:?}");
        }
        for w in bands.windows(2) {
            assert!(w[1].0 - w[0].1 >= 10, "{lang:?}: {bands:?}");
        }
    }
}
