//! The public table: a header (round, dealer, cards to deal, who must do what), the
//! final ranking once the game is over, the secured cards while a round is scored, the
//! four rows beside their boards, and one line per seat.
//!
//! Drawn from the [`PublicView`] alone. A face-down card is drawn as a back whatever its
//! `card` field holds (a player's own view fills it in), so even a player's view of the
//! table drawn by mistake shows no face that the public may not see.

use super::face::{self, card_colour, card_height, draw_back, draw_face};
use super::glyphs::{self, Pen};
use super::words;
use super::{Rect, fill_round, framed, name_of, rounded};
use crate::cards::Player;
use crate::cards::{
    Building, Card, Colour, FinalPlayer, FinalSummary, GamePhase, PendingKind, PublicView,
    RowItemView,
};
use crate::engine::FigureKind;
use crate::i18n::Lang;
use crate::render::canvas::{self, Colour as Rgb, fill_rect, mix, v2};
use crate::render::figures;
use crate::render::palette as pal;
use crate::render::panel::figure_icon;
use crate::render::text::{self, style};
use crate::t;
use crate::view::Colour as PlayerColour;
use image::RgbaImage;

/// The table picture's width, made for phones: Discord shows a picture about 400 px
/// wide, so every word drawn at 17 px or more is at least 11 px tall there. Long rows
/// wrap onto more lines and the picture grows downwards.
pub const TABLE_W: u32 = 600;

const MARGIN: i32 = 12;
const GAP: i32 = 6;
/// Card widths tried in turn until the rows fit in [`MAX_ROW_LINES`] lines: at 104 px
/// the words on a face (15.5% of its width) are 16 px, 11 px at 400 px wide.
const CARD_WIDTHS: [i32; 5] = [104, 88, 72, 62, 54];
const MAX_ROW_LINES: usize = 8;
/// The header: the title, the dealer and the pile, the two-line status.
const HEADER_H: i32 = TITLE_H + DEALER_H + PILL_H + 8;
const TITLE_H: i32 = 40;
const DEALER_H: i32 = 36;
const PILL_H: i32 = 64;
/// The seat panel's column titles: one line per line of a seat, 28 px apart (17 px
/// words: at 400 px wide each line stands clear of the next).
const SEAT_HEAD_H: i32 = 90;
/// A seat: name and score, then hand, follower and chest, then the herds.
const SEAT_H: i32 = 136;
pub(super) const SEAT_ROW1_H: i32 = 58;
const SEAT_ROW2_H: i32 = 40;
const SECURED_W: i32 = 60;
const FINAL_ROW_H: i32 = 146;
const SET_CARD_W: i32 = 30;
/// The columns of a seat, from its left edge.
pub(super) const COL_NAME: i32 = 62;
pub(super) const COL_HAND: i32 = 16;
const COL_FOLLOWER: i32 = 190;
const COL_CHEST: i32 = 440;
/// The score's box at the right of a seat's first line; the round's gain under it.
const SCORE_W: i32 = 110;
pub(super) const GAIN_W: i32 = 170;
/// Text sizes: at 600 px wide, 17 px is 11 px at 400 px.
pub(super) const SMALL: f32 = 17.0;
pub(super) const NAME: f32 = 21.0;
/// The status line's sizes, largest first: smaller before it is shortened.
const STATUS_SIZES: &[f32] = &[20.0, 18.0, SMALL];

/// Where everything lands in the table picture ([`table_layout`]).
#[derive(Clone, Debug)]
pub struct TableLayout {
    pub width: u32,
    pub height: u32,
    /// The size of the cards in the rows.
    pub card_w: i32,
    pub card_h: i32,
    pub header: Rect,
    /// The header's status line: who must do what, or who won (two lines of words).
    pub status: Rect,
    /// The final ranking (game over only).
    pub ranking: Option<Ranking>,
    /// While a round is scored: one block per entry of `view.securing`.
    pub securing: Vec<SecuredBlock>,
    /// Blue, yellow, red, green, as in `view.rows`.
    pub rows: Vec<RowLayout>,
    /// The seat panel and one line per seat, in seat order.
    pub seat_panel: Rect,
    pub seats: Vec<SeatLine>,
}

#[derive(Clone, Debug)]
pub struct RowLayout {
    pub colour: Colour,
    /// The row's whole band.
    pub band: Rect,
    /// The coloured board the row starts from.
    pub board: Rect,
    /// One box per item of the row, in order (cards are `card_w` wide, followers less).
    pub items: Vec<Rect>,
    /// Where the next card goes.
    pub open_end: Rect,
}

#[derive(Clone, Debug)]
pub struct SeatLine {
    pub seat: Player,
    pub line: Rect,
    /// The score's text.
    pub score: Rect,
    /// The notes under the name (dealer, next card face down): they end inside it.
    pub notes: Rect,
    /// The follower and its status (second line): the status ends inside it.
    pub follower: Rect,
    /// The herds and waiting jokers (third line).
    pub herds: Rect,
    pub chest: Rect,
}

#[derive(Clone, Debug)]
pub struct SecuredBlock {
    pub player: Player,
    pub block: Rect,
    /// One small face per secured card, in the order of the view.
    pub cards: Vec<Rect>,
}

#[derive(Clone, Debug)]
pub struct Ranking {
    pub panel: Rect,
    /// Seats best first, with their rank (ties share it).
    pub order: Vec<(Player, usize)>,
    /// One line per entry of `order`.
    pub lines: Vec<Rect>,
    /// The total score's text on each line.
    pub totals: Vec<Rect>,
}

impl TableLayout {
    /// The box of item `i` of row `row` (row index in view order).
    pub fn item(&self, row: usize, i: usize) -> Rect {
        self.rows[row].items[i]
    }

    /// The line of seat `seat`.
    pub fn seat(&self, seat: Player) -> &SeatLine {
        &self.seats[seat.index()]
    }
}

/// The pixel where a follower standing in box `r` shows its owner's plain colour.
pub fn follower_anchor(r: Rect) -> (u32, u32) {
    let (ax, ay, _) = follower_geometry(r);
    (ax as u32, ay as u32)
}

/// Anchor pixel and figure scale of the large follower drawn in an item box.
fn follower_geometry(r: Rect) -> (i32, i32, f32) {
    let (a, b) = figures::figure_box(FigureKind::Large, false);
    let t = (r.h as f32 * 0.56) / (b.y - a.y);
    let ax = r.x + r.w / 2;
    let ay = r.y + 6 + (-a.y * t).round() as i32;
    (ax, ay, t)
}

fn follower_w(card_w: i32) -> i32 {
    (card_w as f32 * 0.74).round() as i32
}

fn item_w(item: &RowItemView, card_w: i32) -> i32 {
    match item {
        RowItemView::Follower { .. } => follower_w(card_w),
        _ => card_w,
    }
}

fn line_h(card_h: i32) -> i32 {
    card_h + 16
}

fn board_w(card_w: i32) -> i32 {
    card_w * 3 / 2
}

/// Places the items of a row (and its open end) from `x0` on the first line and from
/// `wrap_x` on the next ones (under the row's board), wrapping before `right`; returns
/// the boxes (open end last) and the number of lines.
fn place_row(
    items: &[RowItemView],
    (x0, wrap_x): (i32, i32),
    y0: i32,
    right: i32,
    cw: i32,
) -> (Vec<Rect>, i32) {
    let ch = card_height(cw);
    let mut x = x0;
    let mut first = true;
    let mut line = 0;
    let mut out = Vec::with_capacity(items.len() + 1);
    let widths = items.iter().map(|it| item_w(it, cw)).chain([cw]);
    for w in widths {
        if x + w > right && !first {
            line += 1;
            x = wrap_x;
        }
        out.push(Rect::new(x, y0 + line * line_h(ch), w, ch));
        x += w + GAP;
        first = false;
    }
    (out, line + 1)
}

/// Places small cards from `x0`, wrapping before `right`.
fn place_cards(n: usize, x0: i32, y0: i32, right: i32, w: i32) -> Vec<Rect> {
    let h = card_height(w);
    let per_line = (((right - x0 + GAP) / (w + GAP)).max(1)) as usize;
    (0..n)
        .map(|i| {
            let (line, col) = ((i / per_line) as i32, (i % per_line) as i32);
            Rect::new(x0 + col * (w + GAP), y0 + line * (h + GAP), w, h)
        })
        .collect()
}

/// Seats best first with their rank: most points, then most building cards.
fn ranking_order(f: &FinalSummary) -> Vec<(Player, usize)> {
    let mut ps: Vec<&FinalPlayer> = f.players.iter().collect();
    ps.sort_by_key(|p| (std::cmp::Reverse((p.score, p.building_cards)), p.player));
    let mut out: Vec<(Player, usize)> = Vec::with_capacity(ps.len());
    for (i, p) in ps.iter().enumerate() {
        let rank = match i {
            0 => 1,
            _ if (ps[i - 1].score, ps[i - 1].building_cards) == (p.score, p.building_cards) => {
                out[i - 1].1
            }
            _ => i + 1,
        };
        out.push((p.player, rank));
    }
    out
}

/// The layout of the table picture for this view: [`TABLE_W`] wide, everything stacked.
pub fn table_layout(view: &PublicView) -> TableLayout {
    let width = TABLE_W as i32;
    let inner = width - 2 * MARGIN;
    let right = width - MARGIN;
    let mut y = MARGIN;
    let header = Rect::new(MARGIN, y, inner, HEADER_H);
    y += HEADER_H;

    let ranking = view.final_summary.as_ref().map(|f| {
        let order = ranking_order(f);
        let top = y + 8;
        let mut lines = Vec::new();
        let mut totals = Vec::new();
        // The title and a two-line note.
        let mut ly = top + 96;
        for _ in &order {
            lines.push(Rect::new(MARGIN + 8, ly, inner - 16, FINAL_ROW_H));
            totals.push(Rect::new(right - 8 - 84 - 100, ly + 8, 100, 40));
            ly += FINAL_ROW_H;
        }
        y = ly + 12;
        Ranking {
            panel: Rect::new(MARGIN, top, inner, ly + 8 - top),
            order,
            lines,
            totals,
        }
    });

    let mut securing = Vec::new();
    if !view.securing.is_empty() {
        y += 8 + 30;
        for s in &view.securing {
            let top = y + 60;
            let cards = place_cards(s.cards.len(), MARGIN + 12, top, right - 12, SECURED_W);
            let bottom = cards
                .iter()
                .map(Rect::bottom)
                .max()
                .unwrap_or(top + card_height(SECURED_W));
            securing.push(SecuredBlock {
                player: s.player,
                block: Rect::new(MARGIN, y, inner, bottom + 10 - y),
                cards,
            });
            y = bottom + 10 + 6;
        }
        y += 4;
    }

    // The rows, at the largest card size that keeps them within a few lines each. Once
    // the game is over they are empty (what was left was removed) and not shown.
    let over_and_empty =
        view.final_summary.is_some() && view.rows.iter().all(|r| r.items.is_empty());
    let shown_rows = if over_and_empty {
        &[][..]
    } else {
        &view.rows[..]
    };
    let rows_top = y + 6;
    let mut chosen = None;
    for (k, &cw) in CARD_WIDTHS.iter().enumerate() {
        let ch = card_height(cw);
        let mut ry = rows_top;
        let mut rows = Vec::new();
        let mut total_lines = 0;
        for row in shown_rows {
            let board = Rect::new(MARGIN + 8, ry + 8, board_w(cw), ch);
            let x0 = board.right() + 12;
            let (mut boxes, lines) = place_row(&row.items, (x0, MARGIN + 8), ry + 8, right - 8, cw);
            let open_end = boxes.pop().unwrap_or(Rect::new(x0, ry + 8, cw, ch));
            total_lines += lines as usize;
            let band = Rect::new(MARGIN, ry, inner, 8 + lines * line_h(ch));
            rows.push(RowLayout {
                colour: row.colour,
                band,
                board,
                items: boxes,
                open_end,
            });
            ry = band.bottom() + 6;
        }
        let fits = total_lines <= MAX_ROW_LINES.max(shown_rows.len());
        if fits || k + 1 == CARD_WIDTHS.len() {
            chosen = Some((cw, rows, ry));
            break;
        }
    }
    let (card_w, rows, rows_bottom) = chosen.unwrap_or_default();
    y = if rows.is_empty() {
        y + 8
    } else {
        rows_bottom + 8
    };

    let seat_top = y;
    let mut seats = Vec::new();
    let mut sy = seat_top + SEAT_HEAD_H;
    for s in &view.seats {
        let line = Rect::new(MARGIN, sy, inner, SEAT_H);
        let row2 = sy + SEAT_ROW1_H;
        let row3 = row2 + SEAT_ROW2_H;
        let score = Rect::new(right - 12 - SCORE_W, sy + 6, SCORE_W, 30);
        seats.push(SeatLine {
            seat: s.seat,
            line,
            score,
            notes: Rect::new(
                MARGIN + COL_NAME,
                sy + 32,
                right - 12 - GAIN_W - 8 - (MARGIN + COL_NAME),
                24,
            ),
            follower: Rect::new(
                MARGIN + COL_FOLLOWER,
                row2,
                COL_CHEST - 12 - COL_FOLLOWER,
                SEAT_ROW2_H,
            ),
            herds: Rect::new(
                MARGIN + COL_HAND,
                row3,
                inner - COL_HAND - 12,
                SEAT_H - SEAT_ROW1_H - SEAT_ROW2_H,
            ),
            chest: Rect::new(
                MARGIN + COL_CHEST,
                row2,
                inner - 12 - COL_CHEST,
                SEAT_ROW2_H,
            ),
        });
        sy += SEAT_H;
    }
    let seat_panel = Rect::new(MARGIN, seat_top, inner, sy + 6 - seat_top);
    let height = (sy + 6 + MARGIN) as u32;
    TableLayout {
        width: TABLE_W,
        height,
        card_w,
        card_h: card_height(card_w),
        header,
        status: Rect::new(MARGIN, MARGIN + TITLE_H + DEALER_H, inner, PILL_H),
        ranking,
        securing,
        rows,
        seat_panel,
        seats,
    }
}

/// The table picture.
pub fn table_image(view: &PublicView, names: &[String], lang: Lang) -> RgbaImage {
    let lay = table_layout(view);
    let mut img = RgbaImage::from_pixel(lay.width, lay.height, pal::TABLE);
    draw_header(&mut img, view, names, &lay, lang);
    if let (Some(r), Some(f)) = (&lay.ranking, &view.final_summary) {
        draw_ranking(&mut img, f, names, r, lang);
    }
    if !lay.securing.is_empty() {
        draw_securing(&mut img, view, names, &lay, lang);
    }
    for (row, rl) in view.rows.iter().zip(&lay.rows) {
        draw_row(&mut img, &row.items, row.open_cards, rl, lay.card_w, lang);
    }
    super::seats::draw_seats(&mut img, view, names, &lay, lang);
    img
}

/// A panel: light, with a thin edge.
pub(super) fn panel(img: &mut RgbaImage, r: Rect, fill: Rgb, edge: Rgb) {
    framed(img, r, 8.0, 1, fill, edge);
}

/// A standing follower `h` pixels tall with its left edge at `x`, centred on `y`.
pub(super) fn meeple(
    img: &mut RgbaImage,
    (seat, lang): (Player, Lang),
    x: i32,
    y: i32,
    h: f32,
) -> i32 {
    figure_icon(
        img,
        FigureKind::Follower,
        x as f32,
        y as f32,
        h,
        (PlayerColour::of_seat(seat), lang),
    )
    .round() as i32
}

/// What a player must do: "play a card face up or place the follower".
pub(super) fn waiting_phrase(kind: &PendingKind, lang: Lang) -> String {
    words::waiting_phrase(lang, kind)
}

fn and_list(words: &[String], lang: Lang) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), t!(lang, "pic-and")),
    }
}

/// `text` on at most two lines of `max_w` pixels: broken between words, the second line
/// shortened with an ellipsis only if even two lines are too short.
fn two_lines(text: &str, st: text::Style, max_w: f32) -> Vec<String> {
    if text::width(text, st) <= max_w {
        return vec![text.to_string()];
    }
    let words: Vec<&str> = text.split(' ').collect();
    let mut k = 0;
    while k < words.len() && text::width(&words[..=k].join(" "), st) <= max_w {
        k += 1;
    }
    if k == 0 {
        return vec![text::fit(text, st, max_w)];
    }
    let rest = words[k..].join(" ");
    vec![words[..k].join(" "), text::fit(&rest, st, max_w)]
}

/// `text` on at most two lines of `max_w` pixels at the largest of `sizes` (bold) that
/// needs no ellipsis, else at the smallest.
fn status_lines(text: &str, sizes: &[f32], max_w: f32) -> (Vec<String>, text::Style) {
    let mut out = (vec![], style(SMALL, true));
    for &size in sizes {
        let st = style(size, true);
        out = (two_lines(text, st, max_w), st);
        if out.0.join(" ") == text {
            break;
        }
    }
    out
}

/// Draws up to two lines centred on `mid`, 24 pixels apart.
fn draw_lines(img: &mut RgbaImage, lines: &[String], x: i32, mid: i32, st: text::Style, c: Rgb) {
    let first = mid + 7 - 12 * (lines.len() as i32 - 1);
    for (i, l) in lines.iter().enumerate() {
        text::draw(img, l, x as f32, (first + 24 * i as i32) as f32, st, c);
    }
}

fn draw_header(
    img: &mut RgbaImage,
    view: &PublicView,
    names: &[String],
    lay: &TableLayout,
    lang: Lang,
) {
    let h = lay.header;
    let (left, right) = (h.x + 4, h.right() - 4);
    let (round, rounds) = (view.round, view.rounds_total);
    let title = if view.final_summary.is_some() || view.phase == GamePhase::Finished {
        t!(lang, "pic-game-over")
    } else if view.round == 0 {
        t!(lang, "pic-cards-laying-out")
    } else if view.phase == GamePhase::Scoring {
        t!(
            lang,
            "pic-cards-round-scoring",
            round = round,
            rounds = rounds
        )
    } else {
        t!(lang, "pic-cards-round", round = round, rounds = rounds)
    };
    let big = style(28.0, true);
    let title = text::fit(&title, big, (right - left) as f32);
    text::draw(img, &title, left as f32, (h.y + 30) as f32, big, pal::TEXT);

    // The second line: the dealer left, the cards to deal right, as a small pile of backs.
    let over = view.final_summary.is_some() || view.phase == GamePhase::Finished;
    let small = style(18.0, false);
    let mid = h.y + TITLE_H + DEALER_H / 2;
    if !over {
        let pile = t!(lang, "pic-cards-to-deal", count = view.pile);
        let pile_w = text::width(&pile, small) as i32;
        text::draw(
            img,
            &pile,
            (right - pile_w) as f32,
            (mid + 6) as f32,
            small,
            pal::TEXT,
        );
        let px = right - pile_w - 34;
        for k in (0..3).rev() {
            draw_back(
                img,
                Rect::new(px + k * 3, mid - 14 - k * 2, 22, 31),
                None,
                lang,
            );
        }
        let mw = meeple(img, (view.dealer, lang), left, mid, 26.0);
        let dealer = name_of(names, view.dealer, lang);
        let dealer_text = t!(lang, "pic-cards-dealer", name = dealer);
        let dx = left + mw + 8;
        let dealer_text = text::fit(&dealer_text, small, (px - 16 - dx) as f32);
        text::draw(
            img,
            &dealer_text,
            dx as f32,
            (mid + 6) as f32,
            small,
            pal::TEXT,
        );
    }

    // Then who must do what (or who won), on up to two lines.
    let pill = lay.status;
    let pmid = pill.y + pill.h / 2;
    if let Some(f) = &view.final_summary {
        panel(img, pill, pal::WINNER, pal::GOLD_DARK);
        glyphs::crown(img, Pen::new(v2((pill.x + 24) as f32, pmid as f32), 30.0));
        let best = f
            .players
            .iter()
            .filter(|p| f.winners.contains(&p.player))
            .map(|p| p.score)
            .max()
            .unwrap_or(0);
        let winners: Vec<String> = f.winners.iter().map(|w| name_of(names, *w, lang)).collect();
        let line = if winners.len() > 1 {
            let names = and_list(&winners, lang);
            t!(
                lang,
                "pic-cards-share-victory",
                names = names,
                points = best
            )
        } else {
            let name = and_list(&winners, lang);
            t!(lang, "pic-wins", name = name, points = best)
        };
        let (lines, status_style) = status_lines(&line, STATUS_SIZES, (pill.w - 62) as f32);
        draw_lines(img, &lines, pill.x + 48, pmid, status_style, pal::TEXT);
    } else if let Some(w) = &view.waiting {
        panel(img, pill, pal::CURRENT, pal::LAST_PLACED);
        let mw = meeple(img, (w.player, lang), pill.x + 12, pmid, 34.0);
        let who = name_of(names, w.player, lang);
        let what = waiting_phrase(&w.kind, lang);
        let line = t!(lang, "pic-cards-acting", name = who, what = what);
        let card = match &w.kind {
            PendingKind::JokerRow { card } => Some(*card),
            PendingKind::Misplaced { card, .. } => Some(*card),
            PendingKind::AssignJoker { joker, .. } => Some(*joker),
            PendingKind::Turn { .. } => None,
        };
        // The card it is about stands at the pill's right end.
        let card_w = 40;
        let room = pill.w - mw - 34 - if card.is_some() { card_w + 12 } else { 0 };
        let (lines, status_style) = status_lines(&line, STATUS_SIZES, room as f32);
        draw_lines(img, &lines, pill.x + 22 + mw, pmid, status_style, pal::TEXT);
        if let Some(c) = card {
            let ch = card_height(card_w);
            let r = Rect::new(pill.right() - 10 - card_w, pmid - ch / 2, card_w, ch);
            draw_face(img, c.card(), r, lang);
        }
    } else {
        panel(img, pill, pal::PANEL, pal::PANEL_LINE);
        let next = t!(lang, "pic-cards-next-deal");
        let (lines, status_style) = status_lines(&next, STATUS_SIZES, (pill.w - 32) as f32);
        draw_lines(img, &lines, pill.x + 16, pmid, status_style, pal::TEXT_DIM);
    }
}

fn row_band_colour(c: Colour) -> Rgb {
    mix(pal::TABLE, card_colour(Some(c)), 0.16)
}

fn draw_row(
    img: &mut RgbaImage,
    items: &[RowItemView],
    open: usize,
    rl: &RowLayout,
    cw: i32,
    lang: Lang,
) {
    let colour = rl.colour;
    let band_bg = row_band_colour(colour);
    fill_round(img, rl.band, 10.0, band_bg);
    draw_board(img, colour, rl.board, lang);

    // What each follower secures: a bar in its colour under those cards.
    for (i, item) in items.iter().enumerate() {
        if let RowItemView::Follower { player, secures } = item
            && *secures > 0
        {
            let first = i - (*secures).min(i);
            secured_bar(img, *player, &rl.items[first..=i]);
        }
    }
    for (item, r) in items.iter().zip(&rl.items) {
        match item {
            RowItemView::Card { card } => draw_face(img, card.card(), *r, lang),
            // Never the face, even when the view knows it.
            RowItemView::FaceDown { laid_by, .. } => draw_back(img, *r, *laid_by, lang),
            RowItemView::Follower { player, secures } => {
                draw_follower(img, *player, *secures, *r, lang)
            }
        }
    }
    draw_open_end(img, colour, open, rl.open_end, (band_bg, cw), lang);
}

/// The board a row starts from: its colour, symbol and name.
fn draw_board(img: &mut RgbaImage, colour: Colour, r: Rect, lang: Lang) {
    let bg = card_colour(Some(colour));
    let edge = face::edge_colour(Some(colour));
    framed(img, r, 8.0, 2, bg, edge);
    let ink = face::ink_on(Some(colour));
    let s = r.h as f32 * 0.42;
    let pen = Pen::new(
        v2(
            r.x as f32 + r.w as f32 / 2.0,
            r.y as f32 + r.h as f32 * 0.33,
        ),
        s,
    );
    glyphs::row_symbol(img, colour, pen, mix(bg, pal::WHITE, 0.8), edge);
    let word = words::area(lang, colour).to_uppercase();
    let size = face::fit_size(&word, true, r.h as f32 * 0.17, r.w as f32 - 10.0);
    text::draw_centred(
        img,
        &word,
        r.x as f32 + r.w as f32 / 2.0,
        r.y as f32 + r.h as f32 * 0.7,
        style(size, true),
        ink,
    );
    let colour_row = words::colour_row(lang, colour);
    let size = face::fit_size(&colour_row, false, r.h as f32 * 0.12, r.w as f32 - 10.0);
    text::draw_centred(
        img,
        &colour_row,
        r.x as f32 + r.w as f32 / 2.0,
        r.y as f32 + r.h as f32 * 0.87,
        style(size, false),
        ink,
    );
}

fn secured_bar(img: &mut RgbaImage, player: Player, boxes: &[Rect]) {
    let c = PlayerColour::of_seat(player);
    let Some(last) = boxes.last() else { return };
    // One piece per line of the row.
    let mut start = 0;
    while start < boxes.len() {
        let y = boxes[start].y;
        let mut end = start;
        while end + 1 < boxes.len() && boxes[end + 1].y == y {
            end += 1;
        }
        let x0 = boxes[start].x + 2;
        let x1 = if end + 1 == boxes.len() {
            last.x + last.w / 2
        } else {
            boxes[end].right() - 2
        };
        let by = boxes[start].bottom() + 4;
        let bar = Rect::new(x0, by, (x1 - x0).max(4), 7);
        canvas::fill_outlined(
            img,
            &rounded(bar, 3.5),
            pal::player(c),
            pal::player_outline(c),
            1.2,
        );
        start = end + 1;
    }
}

fn draw_follower(img: &mut RgbaImage, player: Player, secures: usize, r: Rect, lang: Lang) {
    let (ax, ay, t) = follower_geometry(r);
    figures::draw(
        img,
        FigureKind::Large,
        false,
        v2(ax as f32 + 0.5, ay as f32 + 0.5),
        t,
        (PlayerColour::of_seat(player), lang),
    );
    let label = t!(lang, "pic-hand-cards", count = secures);
    // 11 px under a 72 px card, 16 px under the largest.
    let size = r.h as f32 * 0.11;
    let st = style(face::fit_size(&label, true, size, r.w as f32 - 4.0), true);
    let ly = r.y + (r.h as f32 * 0.84) as i32;
    let tw = text::width(&label, st) as i32 + 8;
    let ph = (st.size * 1.6).round() as i32;
    let pill = Rect::new(r.x + (r.w - tw) / 2, ly - ph / 2, tw, ph);
    canvas::fill_outlined(
        img,
        &rounded(pill, ph as f32 / 2.0),
        pal::PANEL,
        pal::STONE_DARK,
        1.0,
    );
    text::draw_centred(
        img,
        &label,
        r.x as f32 + r.w as f32 / 2.0,
        ly as f32,
        st,
        pal::TEXT,
    );
}

/// Dashes along the inside of a box.
fn dashed_rect(img: &mut RgbaImage, r: Rect, c: Rgb) {
    let (dash, gap, t) = (6, 4, 2);
    let mut x = r.x + 4;
    while x < r.right() - 4 {
        let x1 = (x + dash).min(r.right() - 4);
        fill_rect(img, x, r.y, x1, r.y + t, c);
        fill_rect(img, x, r.bottom() - t, x1, r.bottom(), c);
        x += dash + gap;
    }
    let mut y = r.y + 4;
    while y < r.bottom() - 4 {
        let y1 = (y + dash).min(r.bottom() - 4);
        fill_rect(img, r.x, y, r.x + t, y1, c);
        fill_rect(img, r.right() - t, y, r.right(), y1, c);
        y += dash + gap;
    }
}

fn draw_open_end(
    img: &mut RgbaImage,
    colour: Colour,
    open: usize,
    r: Rect,
    (bg, cw): (Rgb, i32),
    lang: Lang,
) {
    let ink = mix(bg, face::edge_colour(Some(colour)), 0.75);
    dashed_rect(img, r, ink);
    let cx = r.x as f32 + r.w as f32 / 2.0;
    let k = cw as f32 / 72.0;
    let number = open.to_string();
    // (text, height on the box as a fraction, size at a 72 px card, bold)
    let lines = [
        (t!(lang, "pic-open-end-1"), 0.2, 12.0, true),
        (t!(lang, "pic-open-end-2"), 0.33, 12.0, true),
        (number, 0.57, 26.0, true),
        (t!(lang, "pic-open-end-3"), 0.8, 11.0, false),
    ];
    for (words, at, size, bold) in lines {
        let size = face::fit_size(&words, bold, size * k, r.w as f32 - 6.0);
        text::draw_centred(
            img,
            &words,
            cx,
            r.y as f32 + r.h as f32 * at,
            style(size, bold),
            ink,
        );
    }
}

fn draw_securing(
    img: &mut RgbaImage,
    view: &PublicView,
    names: &[String],
    lay: &TableLayout,
    lang: Lang,
) {
    let first = lay.securing[0].block;
    text::draw(
        img,
        &t!(lang, "pic-secured-title"),
        (first.x + 4) as f32,
        (first.y - 10) as f32,
        style(20.0, true),
        pal::TEXT,
    );
    let (deciding, focus) = match view.waiting.as_ref().map(|w| (w.player, &w.kind)) {
        Some((p, PendingKind::Misplaced { card, .. })) => (Some(p), Some(*card)),
        Some((p, PendingKind::AssignJoker { joker, .. })) => (Some(p), Some(*joker)),
        Some((p, _)) => (Some(p), None),
        None => (None, None),
    };
    for (s, b) in view.securing.iter().zip(&lay.securing) {
        let now = deciding == Some(s.player);
        let bg = if now { pal::CURRENT } else { pal::PANEL };
        let edge = if now {
            pal::LAST_PLACED
        } else {
            pal::PANEL_LINE
        };
        panel(img, b.block, bg, edge);
        let mid = b.block.y + 30;
        let mw = meeple(img, (s.player, lang), b.block.x + 12, mid, 36.0);
        let nx = b.block.x + 22 + mw;
        let room = (b.block.right() - 12 - nx) as f32;
        let who = text::fit(&name_of(names, s.player, lang), style(NAME, true), room);
        text::draw(
            img,
            &who,
            nx as f32,
            (mid - 4) as f32,
            style(NAME, true),
            pal::TEXT,
        );
        let from = match s.row {
            Some(r) => words::row(lang, r),
            None => t!(lang, "pic-no-follower"),
        };
        let n = s.cards.len();
        let what = t!(lang, "pic-secured-what", from = from, count = n);
        let what = text::fit(&what, style(SMALL, false), room);
        text::draw(
            img,
            &what,
            nx as f32,
            (mid + 19) as f32,
            style(SMALL, false),
            pal::TEXT_DIM,
        );
        for (card, r) in s.cards.iter().zip(&b.cards) {
            draw_face(img, card.card(), *r, lang);
            if focus == Some(*card) {
                canvas::stroke_shape(img, &rounded(r.grow(3), 6.0), 3.0, pal::LAST_PLACED);
            }
        }
        if n == 0 {
            text::draw(
                img,
                &t!(lang, "pic-nothing"),
                (b.block.x + 16) as f32,
                (b.block.y + 60 + card_height(SECURED_W) / 2 + 6) as f32,
                style(SMALL, false),
                pal::TEXT_DIM,
            );
        }
    }
}

fn draw_ranking(img: &mut RgbaImage, f: &FinalSummary, names: &[String], r: &Ranking, lang: Lang) {
    panel(img, r.panel, pal::PANEL, pal::PANEL_LINE);
    let title = t!(lang, "pic-final-scores");
    let big = style(24.0, true);
    let x = r.panel.x + 14;
    let room = (r.panel.w - 28) as f32;
    let title = text::fit(&title, big, room);
    text::draw(
        img,
        &title,
        x as f32,
        (r.panel.y + 30) as f32,
        big,
        pal::TEXT,
    );
    // The note under the title, on up to two lines.
    let note = t!(lang, "pic-chests-opened");
    let lines = two_lines(&note, style(SMALL, false), room);
    draw_lines(
        img,
        &lines,
        x,
        r.panel.y + 66,
        style(SMALL, false),
        pal::TEXT_DIM,
    );
    for (((seat, rank), line), total) in r.order.iter().zip(&r.lines).zip(&r.totals) {
        let Some(p) = f.players.iter().find(|p| p.player == *seat) else {
            continue;
        };
        let winner = f.winners.contains(seat);
        let mid = line.y + 28;
        if winner {
            panel(
                img,
                Rect::new(line.x, line.y + 3, line.w, line.h - 6),
                pal::WINNER,
                pal::GOLD_DARK,
            );
            glyphs::crown(img, Pen::new(v2((line.x + 22) as f32, mid as f32), 30.0));
        } else {
            fill_rect(
                img,
                line.x + 6,
                line.y,
                line.right() - 6,
                line.y + 1,
                pal::PANEL_LINE,
            );
            text::draw_centred(
                img,
                &rank.to_string(),
                (line.x + 22) as f32,
                mid as f32,
                style(24.0, true),
                pal::TEXT_DIM,
            );
        }
        let mw = meeple(img, (*seat, lang), line.x + 46, mid, 40.0);
        let nx = line.x + 54 + mw;
        let name_st = style(22.0, true);
        let name = text::fit(
            &name_of(names, *seat, lang),
            name_st,
            (total.right() - 80 - nx) as f32,
        );
        text::draw(img, &name, nx as f32, (mid + 8) as f32, name_st, pal::TEXT);
        text::draw_right(
            img,
            &p.score.to_string(),
            total.right() as f32,
            (total.y + 32) as f32,
            style(34.0, true),
            pal::TEXT,
        );
        text::draw(
            img,
            &t!(lang, "pic-points-word"),
            (total.right() + 6) as f32,
            (total.y + 32) as f32,
            style(SMALL, false),
            pal::TEXT_DIM,
        );
        let before = p.score.saturating_sub(p.building_points);
        let detail = t!(
            lang,
            "pic-building-detail",
            before = before,
            points = p.building_points,
            cards = p.building_cards
        );
        let detail_room = (line.right() - 8 - nx) as f32;
        let st = style(face::fit_size(&detail, false, SMALL, detail_room), false);
        text::draw(
            img,
            &detail,
            nx as f32,
            (line.y + 64) as f32,
            st,
            pal::TEXT_DIM,
        );
        draw_sets(img, p, (line.x + 54, line.y + 78, line.right() - 8), lang);
    }
}

/// Set points for a set of `n` different buildings.
fn set_points(n: usize) -> u32 {
    crate::cards::SET_POINTS.get(n).copied().unwrap_or(0)
}

/// The building sets of a chest from `(x0, y)`, each as small cards with its points
/// under them; the cards a building joker stood for are building jokers.
fn draw_sets(img: &mut RgbaImage, p: &FinalPlayer, (x0, y, right): (i32, i32, i32), lang: Lang) {
    let ch = card_height(SET_CARD_W);
    let mut jokers: Vec<Building> = p.jokers_as.clone();
    let mut x = x0;
    if p.sets.is_empty() {
        text::draw(
            img,
            &t!(lang, "pic-empty-chest"),
            x as f32,
            (y + ch / 2 + 6) as f32,
            style(SMALL, false),
            pal::TEXT_DIM,
        );
    }
    for set in &p.sets {
        let w = set.len() as i32 * (SET_CARD_W + 3) - 3;
        if x + w > right {
            text::draw(
                img,
                "…",
                x as f32,
                (y + ch / 2 + 6) as f32,
                style(18.0, true),
                pal::TEXT,
            );
            break;
        }
        for (i, b) in set.iter().enumerate() {
            let card = match jokers.iter().position(|j| j == b) {
                Some(k) => {
                    jokers.remove(k);
                    Card::BuildingJoker
                }
                None => Card::Building(*b),
            };
            draw_face(
                img,
                card,
                Rect::new(x + i as i32 * (SET_CARD_W + 3), y, SET_CARD_W, ch),
                lang,
            );
        }
        text::draw_centred(
            img,
            &format!("+{}", set_points(set.len())),
            (x + w / 2) as f32,
            (y + ch + 13) as f32,
            style(SMALL, true),
            pal::TEXT,
        );
        x += w.max(36) + 16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat's notes (the dealer who still plays face down has both) fit left of the
    /// score in every language, untruncated.
    #[test]
    fn a_seats_notes_fit_in_every_language() {
        let view = crate::cards::CardGame::new(crate::cards::CardConfig::new(2, 0))
            .expect("a game")
            .public_view();
        let room = table_layout(&view).seats[0].notes.w as f32;
        for lang in Lang::all() {
            let notes = [t!(lang, "pic-note-dealer"), t!(lang, "pic-note-face-down")].join(" · ");
            assert_eq!(text::fit(&notes, style(SMALL, false), room), notes);
        }
    }

    /// The chests' note under the final ranking's title is drawn whole, on two lines.
    #[test]
    fn the_chests_note_fits_on_two_lines_in_every_language() {
        let room = (TABLE_W as i32 - 2 * MARGIN - 28) as f32;
        for lang in Lang::all() {
            let note = t!(lang, "pic-chests-opened");
            let lines = two_lines(&note, style(SMALL, false), room);
            assert_eq!(lines.join(" "), note, "{}", lang.code());
        }
    }

    #[test]
    fn long_lines_break_between_words() {
        let st = style(SMALL, false);
        let line = "one two three four five six seven eight nine ten";
        let w = text::width(line, st);
        assert_eq!(two_lines(line, st, w + 1.0), vec![line.to_string()]);
        let lines = two_lines(line, st, w * 0.6);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines.join(" "), line);
        assert!(lines.iter().all(|l| text::width(l, st) <= w * 0.6));
        // Too long for two lines: the second one ends with an ellipsis.
        let lines = two_lines(line, st, w * 0.3);
        assert!(lines[1].ends_with('…'), "{lines:?}");
    }

    #[test]
    fn rows_wrap_before_the_limit() {
        let items: Vec<RowItemView> = (0..60)
            .map(|_| RowItemView::FaceDown {
                laid_by: Some(Player::new(0)),
                card: None,
            })
            .collect();
        let (boxes, lines) = place_row(&items, (100, 20), 0, 1000, 72);
        assert_eq!(boxes.len(), 61);
        assert!(lines > 1);
        assert!(boxes.iter().all(|b| b.right() <= 1000));
        // The first line starts after the board, the next ones under it.
        assert_eq!(boxes[0].x, 100);
        let wrapped: Vec<i32> = boxes.iter().filter(|b| b.y > 0).map(|b| b.x).collect();
        assert_eq!(wrapped.iter().min(), Some(&20));
    }

    #[test]
    fn ties_share_a_rank() {
        let seat = Player::new;
        let fp = |player, score, building_cards| FinalPlayer {
            player: seat(player),
            chest: vec![],
            building_cards,
            sets: vec![],
            jokers_as: vec![],
            building_points: 0,
            score,
        };
        let f = FinalSummary {
            players: vec![fp(0, 10, 1), fp(1, 12, 0), fp(2, 10, 1), fp(3, 10, 0)],
            winners: vec![seat(1)],
            removed_at_end: 0,
        };
        assert_eq!(
            ranking_order(&f),
            vec![(seat(1), 1), (seat(0), 2), (seat(2), 2), (seat(3), 4)]
        );
    }
}
