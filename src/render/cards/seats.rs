//! The seats of the table picture: per seat its name, notes and score, its hand,
//! follower and chest, and its herds, under the column titles.

use super::face::{self, card_height, draw_face};
use super::glyphs::{self, Pen};
use super::table::{
    COL_HAND, COL_NAME, GAIN_W, NAME, SEAT_ROW1_H, SMALL, SeatLine, TableLayout, meeple, panel,
};
use super::{Rect, draw_back, name_of, words};
use crate::cards::{Card, Colour, GamePhase, Player, PublicView, RowItemView, SeatView};
use crate::engine::FigureKind;
use crate::i18n::Lang;
use crate::render::canvas::{self, Shape, fill_rect, v2};
use crate::render::palette as pal;
use crate::render::panel::figure_icon;
use crate::render::text::{self, style};
use crate::t;
use crate::view::Colour as PlayerColour;
use image::RgbaImage;

/// Small backs fanned out: cards in a hand.
fn hand_backs(img: &mut RgbaImage, n: usize, x: i32, y: i32) -> i32 {
    let shown = n.min(8) as i32;
    for i in 0..shown {
        // No token, so no letter: any language.
        draw_back(img, Rect::new(x + i * 9, y, 20, 28), None, Lang::english());
    }
    if shown == 0 { 0 } else { (shown - 1) * 9 + 20 }
}

/// The row where a seat's follower stands, if it does.
pub(super) fn follower_row(view: &PublicView, seat: Player) -> Option<Colour> {
    view.rows.iter().find_map(|r| {
        r.items
            .iter()
            .any(|it| matches!(it, RowItemView::Follower { player, .. } if *player == seat))
            .then_some(r.colour)
    })
}

pub(super) fn draw_seats(
    img: &mut RgbaImage,
    view: &PublicView,
    names: &[String],
    lay: &TableLayout,
    lang: Lang,
) {
    let p = lay.seat_panel;
    panel(img, p, pal::PANEL, pal::PANEL_LINE);
    let head = style(SMALL, true);
    let Some(first) = lay.seats.first() else {
        return;
    };
    let over = view.phase == GamePhase::Finished;
    let x = first.line.x;
    // One line of titles per line of a seat: name and score; hand, follower and chest;
    // herds.
    let (y1, y2, y3) = (p.y + 24, p.y + 52, p.y + 80);
    let cols = [
        ("pic-col-player", x + COL_NAME, y1, true),
        ("pic-col-hand", x + COL_HAND, y2, !over),
        ("pic-col-follower", first.follower.x, y2, !over),
        ("pic-col-chest", first.chest.x, y2, true),
        ("pic-col-herds", first.herds.x, y3, true),
    ];
    for (key, x, y, shown) in cols {
        if shown {
            text::draw(img, &t!(lang, key), x as f32, y as f32, head, pal::TEXT_DIM);
        }
    }
    text::draw_right(
        img,
        &t!(lang, "pic-col-score"),
        first.score.right() as f32,
        y1 as f32,
        head,
        pal::TEXT_DIM,
    );
    let acting = view.waiting.as_ref().map(|w| w.player);
    for (seat, sl) in view.seats.iter().zip(&lay.seats) {
        draw_seat(img, view, names, seat, sl, acting == Some(seat.seat), lang);
    }
}

fn draw_seat(
    img: &mut RgbaImage,
    view: &PublicView,
    names: &[String],
    seat: &SeatView,
    sl: &SeatLine,
    acting: bool,
    lang: Lang,
) {
    let l = sl.line;
    let mid = l.y + SEAT_ROW1_H / 2;
    if acting {
        panel(
            img,
            Rect::new(l.x + 4, l.y + 2, l.w - 8, l.h - 4),
            pal::CURRENT,
            pal::LAST_PLACED,
        );
        let arrow = Shape::Poly(vec![
            v2((l.x + 8) as f32, (mid - 8) as f32),
            v2((l.x + 18) as f32, mid as f32),
            v2((l.x + 8) as f32, (mid + 8) as f32),
        ]);
        canvas::fill_shape(img, &arrow, pal::LAST_PLACED);
    } else {
        fill_rect(img, l.x + 10, l.y, l.right() - 10, l.y + 1, pal::PANEL_LINE);
    }
    meeple(img, (seat.seat, lang), l.x + 22, mid, 36.0);
    let name_room = (sl.score.right() - 60 - (l.x + COL_NAME)) as f32;
    let name = text::fit(
        &name_of(names, seat.seat, lang),
        style(NAME, true),
        name_room,
    );
    let mut notes = Vec::new();
    if view.round > 0 && view.dealer == seat.seat && view.final_summary.is_none() {
        notes.push(t!(lang, "pic-note-dealer"));
    }
    if view.phase == GamePhase::Playing && !seat.played_card && seat.hand > 0 {
        notes.push(t!(lang, "pic-note-face-down"));
    }
    let name_y = if notes.is_empty() { mid + 7 } else { mid - 3 };
    text::draw(
        img,
        &name,
        (l.x + COL_NAME) as f32,
        name_y as f32,
        style(NAME, true),
        pal::TEXT,
    );
    // The notes stay left of the round's gain under the score.
    let notes = text::fit(&notes.join(" · "), style(SMALL, false), sl.notes.w as f32);
    text::draw(
        img,
        &notes,
        sl.notes.x as f32,
        (sl.notes.y + 17) as f32,
        style(SMALL, false),
        pal::TEXT_DIM,
    );

    let sc = sl.score;
    text::draw_right(
        img,
        &seat.score.to_string(),
        sc.right() as f32,
        (sc.y + 24) as f32,
        style(28.0, true),
        pal::TEXT,
    );
    if let Some(lr) = &view.last_round
        && let Some(ps) = lr.players.iter().find(|p| p.player == seat.seat)
    {
        let gain = t!(lang, "pic-round-gain", points = ps.total, round = lr.round);
        let st = style(face::fit_size(&gain, false, SMALL, GAIN_W as f32), false);
        text::draw_right(
            img,
            &gain,
            sc.right() as f32,
            (sl.notes.y + 17) as f32,
            st,
            pal::TEXT_DIM,
        );
    }

    let mid = sl.follower.y + sl.follower.h / 2;
    if view.phase != GamePhase::Finished {
        draw_hand_and_follower(img, view, seat, sl, lang);
    }
    draw_herds_and_chest(img, seat, sl, mid, lang);
}

/// The second line of a seat while the game goes on: the hand's backs and count, the
/// follower and where it is.
fn draw_hand_and_follower(
    img: &mut RgbaImage,
    view: &PublicView,
    seat: &SeatView,
    sl: &SeatLine,
    lang: Lang,
) {
    let l = sl.line;
    let mid = sl.follower.y + sl.follower.h / 2;
    let hx = l.x + COL_HAND;
    let w = hand_backs(img, seat.hand, hx, mid - 14);
    let count = if seat.hand == 0 {
        t!(lang, "pic-hand-none")
    } else {
        seat.hand.to_string()
    };
    let st = style(
        face::fit_size(
            &count,
            seat.hand > 0,
            18.0,
            (sl.follower.x - 8 - (hx + w + 6)) as f32,
        ),
        seat.hand > 0,
    );
    text::draw(
        img,
        &count,
        (hx + w + 6) as f32,
        (mid + 7) as f32,
        st,
        if seat.hand > 0 {
            pal::TEXT
        } else {
            pal::TEXT_DIM
        },
    );

    // Follower: ready in front of the player, or standing in a row.
    let fx = sl.follower.x;
    let fw = figure_icon(
        img,
        FigureKind::Large,
        fx as f32,
        mid as f32,
        30.0,
        (PlayerColour::of_seat(seat.seat), lang),
    )
    .round() as i32;
    let status = if seat.follower_out {
        canvas::grey_out(img, fx - 2, mid - 17, fx + fw + 2, mid + 17, 0.7);
        match follower_row(view, seat.seat) {
            Some(r) => words::in_row(lang, r),
            None => t!(lang, "pic-follower-used"),
        }
    } else {
        t!(lang, "pic-follower-ready")
    };
    // Smaller if need be, so that it ends inside its box, before the chest.
    let room = (sl.follower.right() - (fx + fw + 8)) as f32;
    text::draw(
        img,
        &status,
        (fx + fw + 8) as f32,
        (mid + 6) as f32,
        style(face::fit_size(&status, false, SMALL, room), false),
        if seat.follower_out {
            pal::TEXT_DIM
        } else {
            pal::TEXT
        },
    );
}

/// The chest (second line, its count only) and the herds and waiting jokers (third
/// line: a small card and the size each).
fn draw_herds_and_chest(img: &mut RgbaImage, seat: &SeatView, sl: &SeatLine, mid: i32, lang: Lang) {
    let ch = sl.chest;
    glyphs::chest(img, Pen::new(v2((ch.x + 18) as f32, mid as f32), 34.0));
    text::draw(
        img,
        &seat.chest.to_string(),
        (ch.x + 42) as f32,
        (mid + 7) as f32,
        style(20.0, true),
        pal::TEXT,
    );

    let hr = sl.herds;
    let mid = hr.y + hr.h / 2;
    let mut x = hr.x;
    let cw = 26;
    let cy = mid - card_height(cw) / 2;
    let herd_style = style(18.0, true);
    let mut entries: Vec<(Card, String)> = seat
        .herds
        .iter()
        .map(|h| (Card::Animal(h.species), format!("×{}", h.size)))
        .collect();
    if !seat.waiting_jokers.is_empty() {
        entries.push((
            Card::AnimalJoker,
            t!(
                lang,
                "pic-jokers-waiting",
                count = seat.waiting_jokers.len()
            ),
        ));
    }
    if entries.is_empty() {
        text::draw(
            img,
            &t!(lang, "pic-herds-none-yet"),
            x as f32,
            (mid + 6) as f32,
            style(SMALL, false),
            pal::TEXT_DIM,
        );
    }
    for (card, label) in entries {
        let lw = text::width(&label, herd_style) as i32;
        if x + cw + 4 + lw > hr.right() {
            text::draw(img, "…", x as f32, (mid + 6) as f32, herd_style, pal::TEXT);
            break;
        }
        draw_face(img, card, Rect::new(x, cy, cw, card_height(cw)), lang);
        text::draw(
            img,
            &label,
            (x + cw + 4) as f32,
            (mid + 7) as f32,
            herd_style,
            pal::TEXT,
        );
        x += cw + 4 + lw + 16;
    }
}
