//! A player's hand, for their eyes only: their cards large, sorted by colour and kind,
//! what they may do with them now, the decision they owe, the face-down cards they laid
//! (which only they may see), and their score, follower, herds and chest.

use super::face::{card_height, draw_face, fit_size};
use super::glyphs::{self, Pen};
use super::words;
use super::{Rect, fill_round, framed, name_of, rounded};
use crate::cards::{
    Card, CardAction, CardId, Colour, PendingKind, PlayerView, RowItemView, SeatView,
};
use crate::engine::FigureKind;
use crate::i18n::Lang;
use crate::render::canvas::{self, fill_rect, v2};
use crate::render::palette as pal;
use crate::render::panel::figure_icon;
use crate::render::text::{self, style};
use crate::t;
use crate::view::Colour as PlayerColour;
use image::RgbaImage;

/// Width of a card in the hand picture.
pub const HAND_CARD_W: i32 = 116;
const MARGIN: i32 = 20;
const GAP: i32 = 14;
/// Width of the hand picture: phone-first, like the table's.
pub const HAND_W: u32 = 600;
/// Room for a caption of two lines under each card.
const CAPTION_H: i32 = 48;
const SMALL_W: i32 = 40;
/// Horizontal step of the face-down cards: room for the row label under each.
const SMALL_STEP: i32 = SMALL_W + 40;
/// The face-down section's title and note, above its cards.
const FD_HEAD_H: i32 = 50;
/// The info block: score and follower on one line, herds and chest on the next.
const INFO_H: i32 = 84;
const DECISION_W: i32 = 90;

/// Where everything lands in the hand picture ([`hand_layout`]).
#[derive(Clone, Debug)]
pub struct HandLayout {
    pub width: u32,
    pub height: u32,
    /// The line saying what the player may or must do now.
    pub status: Rect,
    /// The hand in display order, each card with its box.
    pub cards: Vec<(CardId, Rect)>,
    /// Under each card: where it may be played now (on the player's turn).
    pub captions: Vec<Rect>,
    /// The card of a decision the player owes (misplaced card, animal joker, drawn joker).
    pub decision: Option<(CardId, Rect)>,
    /// The player's own face-down cards on the table, with their row.
    pub face_down: Vec<(CardId, Colour, Rect)>,
    /// The line with score, follower, herds and chest.
    pub info: Rect,
}

/// Display order: blue, yellow, red, green, then the jokers; persons by value, then the
/// building, then the animal; copies by id.
pub fn hand_order(id: CardId) -> (usize, usize, CardId) {
    let card = id.card();
    let colour = card.colour().map_or(4, Colour::index);
    let kind = match card {
        Card::Person { value, .. } => usize::from(value),
        Card::Building(_) => 4,
        Card::Animal(_) => 5,
        Card::Dragon => 6,
        Card::Fairy => 7,
        Card::AnimalJoker => 8,
        Card::BuildingJoker => 9,
    };
    (colour, kind, id)
}

fn sorted_hand(view: &PlayerView) -> Vec<CardId> {
    let mut hand = view.hand.clone();
    hand.sort_by_key(|id| hand_order(*id));
    hand
}

/// The decision card the player owes, if any.
fn decision_card(view: &PlayerView) -> Option<CardId> {
    match &view.pending.as_ref()?.kind {
        PendingKind::JokerRow { card } | PendingKind::Misplaced { card, .. } => Some(*card),
        PendingKind::AssignJoker { joker, .. } => Some(*joker),
        PendingKind::Turn { .. } => None,
    }
}

/// This player's face-down cards on the table (their own view shows their faces).
fn own_face_down(view: &PlayerView) -> Vec<(CardId, Colour)> {
    view.table
        .rows
        .iter()
        .flat_map(|r| {
            r.items.iter().filter_map(move |it| match it {
                RowItemView::FaceDown {
                    laid_by: Some(p),
                    card: Some(c),
                } if *p == view.seat => Some((*c, r.colour)),
                _ => None,
            })
        })
        .collect()
}

/// The layout of the hand picture for this view.
pub fn hand_layout(view: &PlayerView) -> HandLayout {
    let hand = sorted_hand(view);
    let ch = card_height(HAND_CARD_W);
    let width = HAND_W as i32;
    let inner = width - 2 * MARGIN;
    // As many cards per line as fit; the hand wraps onto further lines.
    let per_line = ((inner + GAP) / (HAND_CARD_W + GAP)).max(1) as usize;
    let mut y = MARGIN + 44;
    // Two lines: the longer statuses do not fit one at a readable size.
    let status = Rect::new(MARGIN, y, inner, 64);
    y += 64 + 16;
    let mut cards = Vec::new();
    let mut captions = Vec::new();
    for (i, id) in hand.iter().enumerate() {
        let x = MARGIN + (i % per_line) as i32 * (HAND_CARD_W + GAP);
        let cy = y + (i / per_line) as i32 * (ch + CAPTION_H + GAP);
        cards.push((*id, Rect::new(x, cy, HAND_CARD_W, ch)));
        captions.push(Rect::new(
            x - GAP / 2 + 1,
            cy + ch + 4,
            HAND_CARD_W + GAP - 2,
            CAPTION_H - 6,
        ));
    }
    let lines = hand.len().div_ceil(per_line) as i32;
    y += if hand.is_empty() {
        60
    } else {
        lines * (ch + CAPTION_H + GAP) - GAP
    };
    let decision = decision_card(view).map(|c| {
        let r = Rect::new(MARGIN + 12, y + 12, DECISION_W, card_height(DECISION_W));
        y += card_height(DECISION_W) + 24;
        (c, r)
    });
    y += 8;
    let fd = own_face_down(view);
    let mut face_down = Vec::new();
    if !fd.is_empty() {
        y += FD_HEAD_H;
        // The label under the last card of a line may reach past the card by half a step.
        let fd_per_line = ((inner - SMALL_W) / SMALL_STEP + 1).max(1) as usize;
        for (i, (c, row)) in fd.iter().enumerate() {
            let x = MARGIN + 20 + (i % fd_per_line) as i32 * SMALL_STEP;
            let fy = y + 4 + (i / fd_per_line) as i32 * (card_height(SMALL_W) + 24);
            face_down.push((*c, *row, Rect::new(x, fy, SMALL_W, card_height(SMALL_W))));
        }
        y += fd.len().div_ceil(fd_per_line) as i32 * (card_height(SMALL_W) + 24);
    }
    let info = Rect::new(MARGIN, y, inner, INFO_H);
    y += INFO_H;
    HandLayout {
        width: HAND_W,
        height: (y + MARGIN) as u32,
        status,
        cards,
        captions,
        decision,
        face_down,
        info,
    }
}

/// Rows a card of this kind may go into now, and whether face down.
fn play_rows(view: &PlayerView, card: Card) -> Option<(Vec<Colour>, bool)> {
    let p = view.pending.as_ref()?;
    let mut rows = Vec::new();
    let mut down = false;
    for o in &p.options {
        if let CardAction::Play {
            card: c,
            row,
            face_down,
        } = o
            && c.card() == card
        {
            if !rows.contains(row) {
                rows.push(*row);
            }
            down |= *face_down;
        }
    }
    Some((rows, down))
}

fn caption(rows: &[Colour], face_down: bool, lang: Lang) -> String {
    let place = match rows {
        [one] => words::row(lang, *one),
        _ if rows.len() == 4 => t!(lang, "pic-any-row"),
        _ => rows
            .iter()
            .map(|r| words::area(lang, *r))
            .collect::<Vec<_>>()
            .join(", "),
    };
    if face_down {
        t!(lang, "pic-caption-face-down", place = place)
    } else {
        t!(lang, "pic-caption-face-up", place = place)
    }
}

/// The hand picture, its words in `lang`.
pub fn hand_image(view: &PlayerView, names: &[String], lang: Lang) -> RgbaImage {
    let lay = hand_layout(view);
    let mut img = RgbaImage::from_pixel(lay.width, lay.height, pal::PANEL);
    let t = &view.table;
    let name = name_of(names, view.seat, lang);

    // Title.
    let mw = figure_icon(
        &mut img,
        FigureKind::Follower,
        MARGIN as f32,
        (MARGIN + 16) as f32,
        34.0,
        (PlayerColour::of_seat(view.seat), lang),
    ) as i32;
    let cards = t!(lang, "pic-hand-cards", count = view.hand.len());
    let right = if t.round > 0 && t.final_summary.is_none() {
        t!(
            lang,
            "pic-hand-round-cards",
            round = t.round,
            rounds = t.rounds_total,
            cards = cards
        )
    } else {
        cards
    };
    let right_st = style(18.0, false);
    text::draw_right(
        &mut img,
        &right,
        (lay.width as i32 - MARGIN) as f32,
        (MARGIN + 26) as f32,
        right_st,
        pal::TEXT_DIM,
    );
    // The title takes what the count leaves.
    let title_st = style(30.0, true);
    let title_max =
        lay.width as i32 - 2 * MARGIN - mw - 12 - text::width(&right, right_st) as i32 - 16;
    let title = text::fit(
        &t!(lang, "pic-hand-title", name = name),
        title_st,
        title_max as f32,
    );
    text::draw(
        &mut img,
        &title,
        (MARGIN + mw + 12) as f32,
        (MARGIN + 28) as f32,
        title_st,
        pal::TEXT,
    );

    draw_status(&mut img, view, names, &lay, lang);

    if view.hand.is_empty() {
        let empty = if t.round == 0 {
            t!(lang, "pic-hand-not-dealt")
        } else {
            t!(lang, "pic-hand-empty")
        };
        let empty = text::fit(&empty, style(18.0, false), lay.status.w as f32);
        text::draw(
            &mut img,
            &empty,
            MARGIN as f32,
            (lay.status.bottom() + 44) as f32,
            style(18.0, false),
            pal::TEXT_DIM,
        );
    }
    for ((id, r), cap) in lay.cards.iter().zip(&lay.captions) {
        let play = play_rows(view, id.card());
        let playable = matches!(&play, Some((rows, _)) if !rows.is_empty());
        if playable {
            fill_round(&mut img, r.grow(4), 13.0, pal::FIT_OK);
        }
        draw_face(&mut img, id.card(), *r, lang);
        if let Some((rows, down)) = play
            && matches!(
                view.pending.as_ref().map(|p| &p.kind),
                Some(PendingKind::Turn { .. })
            )
        {
            let (words, colour) = if rows.is_empty() {
                (t!(lang, "pic-not-now"), pal::TEXT_DIM)
            } else {
                (caption(&rows, down, lang), pal::FIT_OK)
            };
            let lines = caption_lines(&words, cap.w as f32 - 2.0);
            let n = lines.len() as f32;
            for (i, l) in lines.iter().enumerate() {
                let size = fit_size(l, true, 17.0, cap.w as f32 - 2.0);
                text::draw_centred(
                    &mut img,
                    l,
                    cap.x as f32 + cap.w as f32 / 2.0,
                    cap.y as f32 + cap.h as f32 * (2 * i + 1) as f32 / (2.0 * n),
                    style(size, true),
                    colour,
                );
            }
        }
    }
    if let Some((card, r)) = lay.decision {
        draw_decision(&mut img, view, card, r, lang);
    }
    if let Some((_, _, first)) = lay.face_down.first() {
        let inner = (lay.width as i32 - 2 * MARGIN) as f32;
        let head = first.y - 4 - FD_HEAD_H;
        let title_st = style(18.0, true);
        let title = text::fit(&t!(lang, "pic-hand-face-down-title"), title_st, inner);
        text::draw(
            &mut img,
            &title,
            MARGIN as f32,
            (head + 18) as f32,
            title_st,
            pal::TEXT,
        );
        let note_st = style(17.0, false);
        let note = text::fit(&t!(lang, "pic-hand-face-down-note"), note_st, inner);
        text::draw(
            &mut img,
            &note,
            MARGIN as f32,
            (head + 42) as f32,
            note_st,
            pal::TEXT_DIM,
        );
        for (card, row, r) in &lay.face_down {
            draw_face(&mut img, card.card(), *r, lang);
            let label = words::row_short(lang, *row);
            // Beside the next card: at most the spacing of the cards.
            let size = fit_size(&label, false, 15.0, (SMALL_STEP - 4) as f32);
            text::draw_centred(
                &mut img,
                &label,
                r.x as f32 + r.w as f32 / 2.0,
                (r.bottom() + 12) as f32,
                style(size, false),
                pal::TEXT_DIM,
            );
        }
    }
    if let Some(seat) = t.seats.iter().find(|s| s.seat == view.seat) {
        draw_info(&mut img, view, seat, lay.info, lang);
    }
    img
}

/// A caption too wide for one line at 17 px goes on two, split at its " · " or else at
/// the space nearest its middle, so it stays readable on a phone.
fn caption_lines(words: &str, max_w: f32) -> Vec<String> {
    if text::width(words, style(17.0, true)) <= max_w {
        return vec![words.to_string()];
    }
    if let Some((a, b)) = words.split_once(" · ") {
        return vec![a.to_string(), b.to_string()];
    }
    let mid = words.len() / 2;
    match words
        .match_indices(' ')
        .map(|(i, _)| i)
        .min_by_key(|i| i.abs_diff(mid))
    {
        Some(i) => vec![words[..i].to_string(), words[i + 1..].to_string()],
        None => vec![words.to_string()],
    }
}

fn draw_status(
    img: &mut RgbaImage,
    view: &PlayerView,
    names: &[String],
    lay: &HandLayout,
    lang: Lang,
) {
    let s = lay.status;
    let t = &view.table;
    let (line, mine) = match &view.pending {
        Some(p) => {
            let line = match &p.kind {
                PendingKind::Turn {
                    face_down_next,
                    can_play,
                    can_place_follower,
                } => {
                    let play = if !can_play {
                        t!(lang, "pic-hand-play-follower")
                    } else if *face_down_next {
                        t!(lang, "pic-hand-play-first")
                    } else {
                        t!(lang, "pic-hand-play-face-up")
                    };
                    if *can_play && *can_place_follower {
                        t!(lang, "pic-hand-turn-or-follower", play = play)
                    } else {
                        t!(lang, "pic-hand-turn", play = play)
                    }
                }
                PendingKind::JokerRow { card } => t!(
                    lang,
                    "pic-hand-decide-joker-row",
                    card = words::card_name(lang, card.card())
                ),
                PendingKind::Misplaced { card, row } => t!(
                    lang,
                    "pic-hand-decide-misplaced",
                    card = words::card_name(lang, card.card()),
                    row = words::row(lang, *row)
                ),
                PendingKind::AssignJoker { .. } => t!(lang, "pic-hand-decide-joker"),
            };
            (line, true)
        }
        None => {
            let line = if t.final_summary.is_some() {
                t!(lang, "pic-hand-over")
            } else if let Some(w) = &t.waiting {
                t!(
                    lang,
                    "pic-hand-waiting",
                    name = name_of(names, w.player, lang),
                    what = super::table::waiting_phrase(&w.kind, lang)
                )
            } else {
                String::new()
            };
            (line, false)
        }
    };
    let (bg, edge, ink) = if mine {
        (pal::CURRENT, pal::LAST_PLACED, pal::TEXT)
    } else {
        (pal::TABLE, pal::PANEL_LINE, pal::TEXT_DIM)
    };
    framed(img, s, 8.0, 2, bg, edge);
    let st = style(18.0, mine);
    let max_w = (s.w - 28) as f32;
    let x = (s.x + 14) as f32;
    if text::width(&line, st) <= max_w {
        text::draw(img, &line, x, (s.y + s.h / 2 + 6) as f32, st, ink);
        return;
    }
    // The most words that fit on the first line, the rest (shortened if need be) below.
    let spaces = line.match_indices(' ').map(|(i, _)| i);
    let cut = spaces
        .take_while(|i| text::width(&line[..*i], st) <= max_w)
        .last();
    let (first, rest) = match cut {
        Some(i) => (line[..i].to_string(), &line[i + 1..]),
        None => (text::fit(&line, st, max_w), ""),
    };
    text::draw(img, &first, x, (s.y + 26) as f32, st, ink);
    let rest = text::fit(rest, st, max_w);
    text::draw(img, &rest, x, (s.y + 50) as f32, st, ink);
}

fn chip(img: &mut RgbaImage, label: &str, x: i32, y: i32) -> i32 {
    let st = style(17.0, true);
    let w = text::width(label, st) as i32 + 24;
    let r = Rect::new(x, y, w, 30);
    canvas::fill_outlined(img, &rounded(r, 15.0), pal::WHITE, pal::SPOT_TEXT, 1.5);
    text::draw_centred(
        img,
        label,
        x as f32 + w as f32 / 2.0,
        y as f32 + 15.0,
        st,
        pal::SPOT_TEXT,
    );
    w
}

fn draw_decision(img: &mut RgbaImage, view: &PlayerView, card: CardId, r: Rect, lang: Lang) {
    canvas::stroke_shape(img, &rounded(r.grow(4), 11.0), 3.0, pal::LAST_PLACED);
    draw_face(img, card.card(), r, lang);
    let x = r.right() + 24;
    let y = r.y + 8;
    let Some(p) = &view.pending else { return };
    let st = style(18.0, true);
    let max_w = (img.width() as i32 - MARGIN - x) as f32;
    let line = |s: String| text::fit(&s, st, max_w);
    match &p.kind {
        PendingKind::Misplaced { card, row } => {
            text::draw(
                img,
                &line(t!(
                    lang,
                    "pic-hand-found-in",
                    card = words::card_name(lang, card.card()),
                    row = words::row(lang, *row)
                )),
                x as f32,
                (y + 16) as f32,
                st,
                pal::TEXT,
            );
            let w = chip(img, &t!(lang, "pic-hand-keep"), x, y + 36);
            let or = words::or(lang);
            text::draw(
                img,
                &or,
                (x + w + 10) as f32,
                (y + 57) as f32,
                style(17.0, false),
                pal::TEXT_DIM,
            );
            // The word and some room on both sides.
            let gap = (text::width(&or, style(17.0, false)) as i32 + 18).max(34);
            chip(img, &t!(lang, "pic-hand-ten-points"), x + w + gap, y + 36);
        }
        PendingKind::AssignJoker { species, .. } => {
            text::draw(
                img,
                &line(t!(lang, "pic-hand-joker-joins")),
                x as f32,
                (y + 16) as f32,
                st,
                pal::TEXT,
            );
            let mut cx = x;
            for sp in species {
                let sr = Rect::new(cx, y + 32, 44, card_height(44));
                draw_face(img, Card::Animal(*sp), sr, lang);
                text::draw_centred(
                    img,
                    &words::species(lang, *sp),
                    (cx + 22) as f32,
                    (sr.bottom() + 12) as f32,
                    style(15.0, true),
                    pal::TEXT,
                );
                cx += 64;
            }
        }
        PendingKind::JokerRow { card } => {
            text::draw(
                img,
                &line(t!(
                    lang,
                    "pic-hand-drawn-laying-out",
                    card = words::card_name(lang, card.card())
                )),
                x as f32,
                (y + 16) as f32,
                st,
                pal::TEXT,
            );
            let mut cx = x;
            for c in Colour::ALL {
                cx += chip(img, &words::row_short(lang, c), cx, y + 36) + 8;
            }
        }
        PendingKind::Turn { .. } => {}
    }
}

/// Score and follower on one line, herds and chest on the next (one line is too narrow
/// for all four at a readable size).
fn draw_info(img: &mut RgbaImage, view: &PlayerView, seat: &SeatView, r: Rect, lang: Lang) {
    fill_rect(img, r.x, r.y, r.right(), r.y + 1, pal::PANEL_LINE);
    let mut mid = r.y + 22;
    let label = style(17.0, false);
    let value = style(18.0, true);
    let mut x = r.x;
    let put = |img: &mut RgbaImage, s: &str, st, x: &mut i32, mid: i32| {
        text::draw(img, s, *x as f32, (mid + 6) as f32, st, pal::TEXT);
        *x += text::width(s, st) as i32;
    };
    put(
        img,
        &format!("{} ", t!(lang, "pic-hand-score")),
        label,
        &mut x,
        mid,
    );
    put(img, &seat.score.to_string(), value, &mut x, mid);
    x += 26;
    put(
        img,
        &format!("{} ", t!(lang, "pic-hand-follower")),
        label,
        &mut x,
        mid,
    );
    x += 2;
    let fw = figure_icon(
        img,
        FigureKind::Large,
        x as f32,
        mid as f32,
        26.0,
        (PlayerColour::of_seat(view.seat), lang),
    ) as i32;
    if seat.follower_out {
        canvas::grey_out(img, x - 2, mid - 15, x + fw + 2, mid + 15, 0.7);
    }
    x += fw + 6;
    let status = match (
        seat.follower_out,
        super::seats::follower_row(&view.table, view.seat),
    ) {
        (false, _) => t!(lang, "pic-follower-ready"),
        (true, Some(row)) => words::in_row(lang, row),
        (true, None) => t!(lang, "pic-follower-used"),
    };
    put(img, &status, value, &mut x, mid);
    mid = r.y + 62;
    x = r.x;
    put(
        img,
        &format!("{} ", t!(lang, "pic-hand-herds")),
        label,
        &mut x,
        mid,
    );
    let cw = 22;
    let cy = mid - card_height(cw) / 2;
    if seat.herds.is_empty() && seat.waiting_jokers.is_empty() {
        put(img, &t!(lang, "pic-herds-none"), value, &mut x, mid);
    }
    for h in &seat.herds {
        draw_face(
            img,
            Card::Animal(h.species),
            Rect::new(x, cy, cw, card_height(cw)),
            lang,
        );
        x += cw + 3;
        put(img, &format!("×{}", h.size), value, &mut x, mid);
        x += 10;
    }
    if !seat.waiting_jokers.is_empty() {
        draw_face(
            img,
            Card::AnimalJoker,
            Rect::new(x, cy, cw, card_height(cw)),
            lang,
        );
        x += cw + 3;
        put(
            img,
            &t!(
                lang,
                "pic-jokers-waiting",
                count = seat.waiting_jokers.len()
            ),
            value,
            &mut x,
            mid,
        );
        x += 10;
    }
    x += 16;
    glyphs::chest(img, Pen::new(v2((x + 14) as f32, mid as f32), 28.0));
    x += 32;
    let chest = t!(lang, "pic-hand-in-chest", count = seat.chest);
    if x + text::width(&chest, value) as i32 <= r.right() {
        put(img, &chest, value, &mut x, mid);
    }
}
