//! The card game's pictures: the public table (the four rows with their cards, backs and
//! followers, the seats with scores, herds and chest counts) and a player's hand.
//!
//! The table is drawn from the public view only, so it can never show a hidden card.

use super::canvas::{Colour as Rgb, fill_rect, rgb, stroke_rect};
use super::palette;
use super::text::{self, style};
use crate::cards::{Card, CardId, Colour, PlayerView, PublicView, RowItemView};
use crate::view::Colour as PlayerColour;
use image::RgbaImage;

pub const CARD_W: i32 = 64;
pub const CARD_H: i32 = 90;
const GAP: i32 = 6;
const MARGIN: i32 = 16;
/// Width of the row label ("the board") at the start of each row.
const LABEL_W: i32 = 104;
/// Cards (and followers) per line of a row before it wraps.
const PER_LINE: usize = 14;
const HEADER_H: i32 = 44;
const SEAT_H: i32 = 30;

/// Background of a card of this colour (jokers have none).
pub fn card_colour(c: Option<Colour>) -> Rgb {
    match c {
        Some(Colour::Blue) => rgb(64, 108, 204),
        Some(Colour::Yellow) => rgb(236, 196, 52),
        Some(Colour::Red) => rgb(206, 66, 52),
        Some(Colour::Green) => rgb(76, 154, 72),
        None => rgb(128, 92, 176),
    }
}

fn ink_on(c: Option<Colour>) -> Rgb {
    match c {
        Some(Colour::Yellow) => palette::INK,
        _ => palette::WHITE,
    }
}

/// Two short lines for a card face: what it is, and its value or kind.
fn face_words(card: Card) -> (String, String) {
    match card {
        Card::Person { colour, value } => (colour.area().to_string(), value.to_string()),
        Card::Building(b) => ("building".into(), b.name().to_string()),
        Card::Animal(s) => ("animal".into(), s.name().to_string()),
        Card::Dragon => ("joker".into(), "dragon".into()),
        Card::Fairy => ("joker".into(), "fairy".into()),
        Card::AnimalJoker => ("animal".into(), "joker".into()),
        Card::BuildingJoker => ("building".into(), "joker".into()),
    }
}

/// Draws a face-up card with its top-left corner at (x, y).
pub fn draw_card(img: &mut RgbaImage, card: CardId, x: i32, y: i32) {
    let kind = card.card();
    let bg = card_colour(kind.colour());
    let ink = ink_on(kind.colour());
    fill_rect(img, x, y, x + CARD_W, y + CARD_H, bg);
    stroke_rect(img, x, y, x + CARD_W, y + CARD_H, 2, palette::INK);
    let (top, main) = face_words(kind);
    text::draw_centred(
        img,
        &top,
        (x + CARD_W / 2) as f32,
        (y + 14) as f32,
        style(11.0, false),
        ink,
    );
    let big = if matches!(kind, Card::Person { .. }) {
        34.0
    } else {
        13.0
    };
    let main = text::fit(&main, style(big, true), (CARD_W - 6) as f32);
    text::draw_centred(
        img,
        &main,
        (x + CARD_W / 2) as f32,
        (y + CARD_H / 2 + 6) as f32,
        style(big, true),
        ink,
    );
}

/// Draws a card's back; `laid_by` marks who played it (public knowledge).
fn draw_back(img: &mut RgbaImage, x: i32, y: i32, laid_by: Option<u8>) {
    fill_rect(img, x, y, x + CARD_W, y + CARD_H, rgb(70, 58, 48));
    // A lattice so a back never looks like a face.
    for k in (0..CARD_W + CARD_H).step_by(10) {
        for t in 0..CARD_H {
            let px = x + k - t;
            if px > x && px < x + CARD_W - 1 {
                fill_rect(img, px, y + t, px + 1, y + t + 1, rgb(104, 88, 70));
            }
        }
    }
    stroke_rect(img, x, y, x + CARD_W, y + CARD_H, 2, palette::INK);
    if let Some(p) = laid_by {
        let c = PlayerColour::of_seat(p);
        fill_rect(
            img,
            x + 6,
            y + CARD_H - 16,
            x + CARD_W - 6,
            y + CARD_H - 6,
            palette::player(c),
        );
    }
}

/// A follower standing at the end of a row: a disc in the player's colour with their
/// letter, and how many cards it secures.
fn draw_follower(img: &mut RgbaImage, player: u8, secures: usize, x: i32, y: i32) {
    let c = PlayerColour::of_seat(player);
    let w = CARD_W / 2;
    fill_rect(img, x, y + 18, x + w, y + CARD_H - 18, palette::player(c));
    stroke_rect(
        img,
        x,
        y + 18,
        x + w,
        y + CARD_H - 18,
        2,
        palette::player_outline(c),
    );
    let letter = c.letter().to_string();
    text::draw_centred(
        img,
        &letter,
        (x + w / 2) as f32,
        (y + CARD_H / 2 - 8) as f32,
        style(16.0, true),
        palette::player_letter(c),
    );
    text::draw_centred(
        img,
        &format!("{secures}"),
        (x + w / 2) as f32,
        (y + CARD_H / 2 + 14) as f32,
        style(12.0, false),
        palette::player_letter(c),
    );
}

fn item_width(item: &RowItemView) -> i32 {
    match item {
        RowItemView::Follower { .. } => CARD_W / 2,
        _ => CARD_W,
    }
}

/// Lines a row needs (at least one).
fn row_lines(items: usize) -> i32 {
    items.div_ceil(PER_LINE).max(1) as i32
}

/// The table picture's layout: where each row starts (y) and the image size.
pub struct TableLayout {
    pub width: u32,
    pub height: u32,
    /// Top of each row, in row order (blue, yellow, red, green).
    pub rows_y: Vec<i32>,
    /// Left edge of the first card of a row.
    pub cards_x: i32,
    pub seats_y: i32,
}

pub fn table_layout(view: &PublicView) -> TableLayout {
    let width = (MARGIN * 2 + LABEL_W + PER_LINE as i32 * (CARD_W + GAP)) as u32;
    let mut y = MARGIN + HEADER_H;
    let mut rows_y = Vec::new();
    for row in &view.rows {
        rows_y.push(y);
        y += row_lines(row.items.len()) * (CARD_H + GAP) + GAP * 2;
    }
    let seats_y = y + GAP;
    let height = (seats_y + view.seats.len() as i32 * SEAT_H + MARGIN) as u32;
    TableLayout {
        width,
        height,
        rows_y,
        cards_x: MARGIN + LABEL_W,
        seats_y,
    }
}

/// The public table.
pub fn table_image(view: &PublicView, names: &[String]) -> RgbaImage {
    let lay = table_layout(view);
    let mut img = RgbaImage::from_pixel(lay.width, lay.height, palette::TABLE);
    let name = |p: u8| {
        names
            .get(p as usize)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", p + 1))
    };
    let header = if view.round == 0 {
        "The dealer lays out the rows".to_string()
    } else {
        let turn = view
            .turn
            .map(|t| format!(" · to play: {}", name(t)))
            .unwrap_or_default();
        format!(
            "Round {} of {} · dealer {}{turn} · {} cards to deal",
            view.round,
            view.rounds_total,
            name(view.dealer),
            view.pile
        )
    };
    text::draw(
        &mut img,
        &header,
        MARGIN as f32,
        (MARGIN + 22) as f32,
        style(20.0, true),
        palette::TEXT,
    );
    for (row, y) in view.rows.iter().zip(&lay.rows_y) {
        let c = row.colour;
        fill_rect(
            &mut img,
            MARGIN,
            *y,
            MARGIN + LABEL_W - GAP,
            *y + CARD_H,
            card_colour(Some(c)),
        );
        stroke_rect(
            &mut img,
            MARGIN,
            *y,
            MARGIN + LABEL_W - GAP,
            *y + CARD_H,
            2,
            palette::INK,
        );
        let ink = ink_on(Some(c));
        text::draw_centred(
            &mut img,
            c.area(),
            (MARGIN + (LABEL_W - GAP) / 2) as f32,
            (*y + CARD_H / 2 - 8) as f32,
            style(15.0, true),
            ink,
        );
        text::draw_centred(
            &mut img,
            &format!("{} open", row.open_cards),
            (MARGIN + (LABEL_W - GAP) / 2) as f32,
            (*y + CARD_H / 2 + 14) as f32,
            style(11.0, false),
            ink,
        );
        let mut x = lay.cards_x;
        let mut line = 0;
        for (i, item) in row.items.iter().enumerate() {
            if i > 0 && i % PER_LINE == 0 {
                line += 1;
                x = lay.cards_x;
            }
            let iy = *y + line * (CARD_H + GAP);
            match item {
                RowItemView::Card { card } => draw_card(&mut img, *card, x, iy),
                RowItemView::FaceDown { laid_by, .. } => draw_back(&mut img, x, iy, *laid_by),
                RowItemView::Follower { player, secures } => {
                    draw_follower(&mut img, *player, *secures, x, iy)
                }
            }
            x += item_width(item) + GAP;
        }
    }
    for (i, seat) in view.seats.iter().enumerate() {
        let y = lay.seats_y + i as i32 * SEAT_H;
        let c = PlayerColour::of_seat(seat.seat);
        if view.turn == Some(seat.seat) {
            fill_rect(
                &mut img,
                MARGIN - 4,
                y - 2,
                lay.width as i32 - MARGIN + 4,
                y + SEAT_H - 4,
                palette::CURRENT,
            );
        }
        fill_rect(
            &mut img,
            MARGIN,
            y + 4,
            MARGIN + 18,
            y + 22,
            palette::player(c),
        );
        stroke_rect(
            &mut img,
            MARGIN,
            y + 4,
            MARGIN + 18,
            y + 22,
            1,
            palette::player_outline(c),
        );
        let herds: Vec<String> = seat
            .herds
            .iter()
            .map(|h| format!("{} {}", h.size, h.species.name()))
            .collect();
        let line = format!(
            "{} — {} pts · hand {} · follower {} · herds: {} · chest {}",
            name(seat.seat),
            seat.score,
            seat.hand,
            if seat.follower_out { "out" } else { "ready" },
            if herds.is_empty() {
                "none".to_string()
            } else {
                herds.join(", ")
            },
            seat.chest
        );
        let line = text::fit(
            &line,
            style(15.0, false),
            (lay.width as i32 - MARGIN * 2 - 26) as f32,
        );
        text::draw(
            &mut img,
            &line,
            (MARGIN + 26) as f32,
            (y + 19) as f32,
            style(15.0, false),
            palette::TEXT,
        );
    }
    img
}

pub fn table_png(view: &PublicView, names: &[String]) -> Vec<u8> {
    super::encode_png(&table_image(view, names))
}

/// A player's hand (for that player only), with the title naming them.
pub fn hand_image(view: &PlayerView, names: &[String]) -> RgbaImage {
    let n = view.hand.len().max(1) as i32;
    let width = (MARGIN * 2 + n * (CARD_W + GAP)).max(360) as u32;
    let height = (MARGIN * 2 + 30 + CARD_H) as u32;
    let mut img = RgbaImage::from_pixel(width, height, palette::PANEL);
    let who = names.get(view.seat as usize).cloned().unwrap_or_default();
    text::draw(
        &mut img,
        &format!("Hand of {who}"),
        MARGIN as f32,
        (MARGIN + 18) as f32,
        style(18.0, true),
        palette::TEXT,
    );
    if view.hand.is_empty() {
        text::draw(
            &mut img,
            "(no cards)",
            MARGIN as f32,
            (MARGIN + 30 + CARD_H / 2) as f32,
            style(16.0, false),
            palette::TEXT_DIM,
        );
    }
    for (i, card) in view.hand.iter().enumerate() {
        draw_card(
            &mut img,
            *card,
            MARGIN + i as i32 * (CARD_W + GAP),
            MARGIN + 30,
        );
    }
    img
}

pub fn hand_png(view: &PlayerView, names: &[String]) -> Vec<u8> {
    super::encode_png(&hand_image(view, names))
}
