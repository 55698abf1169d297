//! The end-of-game picture's score table, below the final board: one row per player
//! from first to last, with points by roads, cities, cloisters, farms (and the
//! expansions' points: goods, gold, robbers, messages, each by name) and the total; the winners' rows are highlighted in gold with a
//! crown.

use super::canvas::{self, Shape, fill_rect, v2};
use super::palette as pal;
use super::text::{self, style};
use crate::engine::{Category, FigureKind};
use crate::i18n::Lang;
use crate::t;
use crate::view::BoardView;
use image::RgbaImage;

/// The table's width, and the end-of-game picture's: shown 400 pixels wide on a phone,
/// its words keep two thirds of their size (names and points 13 px, the totals 16).
pub const TABLE_W: u32 = 600;
const MARGIN: u32 = 18;
const TITLE_H: u32 = 64;
/// Two lines of column titles: a title too wide for its column (Spanish "Ciudades",
/// "Robbers") stands on the upper line, every other column's title with it.
const HEADER_H: u32 = 50;
/// The column titles' size: 10 px when the picture is shown 400 pixels wide.
const HEAD: f32 = 15.0;
const ROW_H: u32 = 52;
const FOOT_H: u32 = 56;
const PODIUM_H: u32 = 190;
/// Columns are 66 pixels apart; a title is at most this wide.
const COLUMN_TITLE_W: f32 = 58.0;

/// The sizes a name in the table is drawn at, largest first: the smallest is 10 pixels
/// when the picture is shown 400 pixels wide.
const NAME_SIZES: [f32; 6] = [20.0, 19.0, 18.0, 17.0, 16.0, 15.0];
/// ...and a name with its points under the podium.
const PODIUM_SIZES: [f32; 3] = [17.0, 16.0, 15.0];

/// A name in at most `max_lines` lines of at most `max_w` pixels, never cut: the largest
/// of `sizes` at which it fits on one line, else on two (broken between words, or
/// between letters in a long word), and so on; the lines and the size. A name too long
/// even then takes more lines at the smallest size.
pub fn name_lines(name: &str, max_w: f32, sizes: &[f32], max_lines: usize) -> (Vec<String>, f32) {
    let smallest = sizes.last().copied().unwrap_or(15.0);
    for lines in 1..=max_lines.max(1) {
        for &size in sizes {
            let wrapped = wrap(name, style(size, true), max_w);
            if wrapped.len() <= lines {
                return (wrapped, size);
            }
        }
    }
    (wrap(name, style(smallest, true), max_w), smallest)
}

/// Breaks `s` into lines of at most `max_w` pixels: between words, or between letters
/// when a word alone is too wide (never inside a joined emoji or before a combining
/// mark or variation selector).
fn wrap(s: &str, st: text::Style, max_w: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in s.split(' ').filter(|w| !w.is_empty()) {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text::width(&joined, st) <= max_w {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word on its own, broken where it must be.
        for c in word.chars() {
            let mut longer = line.clone();
            longer.push(c);
            let glued = line.ends_with('\u{200d}') || clings(c);
            if !line.is_empty() && !glued && text::width(&longer, st) > max_w {
                lines.push(std::mem::take(&mut line));
                line.push(c);
            } else {
                line = longer;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A character that belongs to the one before it: a joiner, a variation selector, a
/// combining mark, an emoji modifier or tag.
fn clings(c: char) -> bool {
    matches!(c as u32,
        0x200D | 0xFE00..=0xFE0F | 0x0300..=0x036F | 0x1F3FB..=0x1F3FF | 0xE0020..=0xE007F)
}

/// Where the score table and its rows are.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreTable {
    /// Left edge, top and width of the table area (below the board).
    pub x: u32,
    pub y: u32,
    pub w: u32,
    /// Top of the first row.
    pub rows_y: u32,
    pub row_h: u32,
    /// Player index shown on each row, best first.
    pub order: Vec<usize>,
    /// Rank shown on each row (ties share a rank).
    pub ranks: Vec<usize>,
    /// Players with the best score.
    pub winners: Vec<usize>,
    /// The categories shown, in column order (the total comes last).
    pub columns: Vec<Category>,
    /// The expansions' categories (goods, gold, robbers, messages) the fifth column adds
    /// up: titled by the one, or "Other" with a legend naming each.
    pub extra: Vec<Category>,
    /// How many times the table is enlarged in the picture (1: drawn as it is). The
    /// positions above and those the methods give are the picture's.
    pub scale: u32,
}

impl ScoreTable {
    pub fn new(view: &BoardView, (x, y): (u32, u32)) -> ScoreTable {
        let mut order: Vec<usize> = (0..view.players.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(view.players[i].score), i));
        let ranks = order
            .iter()
            .map(|&i| {
                1 + view
                    .players
                    .iter()
                    .filter(|p| p.score > view.players[i].score)
                    .count()
            })
            .collect();
        let best = view.players.iter().map(|p| p.score).max().unwrap_or(0);
        let winners = (0..view.players.len())
            .filter(|&i| view.players[i].score == best)
            .collect();
        // One column for the expansions' points (the table has room for five), of the
        // kinds anyone scored (goods whenever the game has them).
        let extra: Vec<Category> = Category::ALL[4..]
            .iter()
            .copied()
            .filter(|c| {
                (*c == Category::Goods && view.expansions.traders_builders.is_some())
                    || view.players.iter().any(|p| p.breakdown[*c as usize] > 0)
            })
            .collect();
        let columns = Category::ALL[..4]
            .iter()
            .copied()
            .chain(extra.first().copied())
            .collect();
        ScoreTable {
            x,
            y,
            w: TABLE_W,
            rows_y: y + TITLE_H + HEADER_H,
            row_h: ROW_H,
            order,
            ranks,
            winners,
            columns,
            extra,
            scale: 1,
        }
    }

    /// The same table enlarged `k` times, its top left corner at `(x, y)` of the
    /// picture (it is drawn at scale 1 and enlarged pixel for pixel).
    pub fn scaled(&self, k: u32, (x, y): (u32, u32)) -> ScoreTable {
        ScoreTable {
            x,
            y,
            w: self.w * k,
            rows_y: y + (self.rows_y - self.y) * k,
            row_h: self.row_h * k,
            scale: self.scale * k,
            ..self.clone()
        }
    }

    /// Height the table needs.
    pub fn height(&self) -> u32 {
        (TITLE_H + HEADER_H + self.order.len() as u32 * ROW_H + FOOT_H + PODIUM_H) * self.scale
    }

    /// The rectangle `(x0, y0, x1, y1)` of row `i` (0 is the best).
    pub fn row_rect(&self, i: usize) -> (u32, u32, u32, u32) {
        let y = self.rows_y + i as u32 * self.row_h;
        let m = MARGIN * self.scale;
        (self.x + m, y, self.x + self.w - m, y + self.row_h)
    }

    /// The right edge of column `c` (numbers are right-aligned there); the total's
    /// column is `c == columns.len()`.
    pub fn column_right(&self, c: usize) -> u32 {
        let right = self.x + self.w - (MARGIN + 10) * self.scale;
        let n = self.columns.len();
        right - (n - c) as u32 * 66 * self.scale
    }
}

fn column_title(lang: Lang, c: Category) -> String {
    match c {
        Category::Roads => t!(lang, "pic-col-roads"),
        Category::Cities => t!(lang, "pic-col-cities"),
        Category::Cloisters => t!(lang, "pic-col-cloisters"),
        Category::Farms => t!(lang, "pic-col-farms"),
        Category::Goods => t!(lang, "pic-col-goods"),
        Category::Gold => t!(lang, "pic-col-gold"),
        Category::Robbers => t!(lang, "pic-col-robbers"),
        Category::Messages => t!(lang, "pic-col-messages"),
    }
}

impl ScoreTable {
    /// Column `i`'s title: its category's, or "Other" when it adds up several.
    fn title(&self, lang: Lang, i: usize) -> String {
        match self.columns[i] {
            c if i < 4 || self.extra.len() < 2 => column_title(lang, c),
            _ => t!(lang, "pic-col-other"),
        }
    }

    /// A player's points in column `i`.
    pub fn value(&self, breakdown: &[u32], i: usize) -> u32 {
        if i == 4 {
            self.extra.iter().map(|c| breakdown[*c as usize]).sum()
        } else {
            breakdown[self.columns[i] as usize]
        }
    }

    /// "Other: goods, gold, robbers", when a column adds up several kinds.
    pub fn legend(&self, lang: Lang) -> Option<String> {
        (self.extra.len() > 1).then(|| {
            let words: Vec<String> = self
                .extra
                .iter()
                .map(|c| t!(lang, &format!("word-category-{}", c.word())))
                .collect();
            t!(
                lang,
                "pic-col-other-legend",
                kinds = crate::i18n::words::list(lang, &words)
            )
        })
    }
}

fn crown(img: &mut RgbaImage, c: canvas::V2, w: f32) {
    let h = w * 0.7;
    let shape = Shape::Poly(vec![
        v2(c.x - w / 2.0, c.y + h / 2.0),
        v2(c.x - w / 2.0, c.y - h / 2.0),
        v2(c.x - w / 4.0, c.y),
        v2(c.x, c.y - h / 2.0 - 2.0),
        v2(c.x + w / 4.0, c.y),
        v2(c.x + w / 2.0, c.y - h / 2.0),
        v2(c.x + w / 2.0, c.y + h / 2.0),
    ]);
    canvas::fill_outlined(img, &shape, pal::GOLD, pal::GOLD_DARK, 1.2);
}

/// Draws the table in the panel area `x..x + TABLE_W`, its words in `lang`.
pub fn draw(img: &mut RgbaImage, view: &BoardView, lang: Lang, t: &ScoreTable) {
    let (x, w) = (t.x as i32, t.w as i32);
    let (top, h) = (t.y as i32, img.height() as i32);
    fill_rect(img, x, top, x + w, h, pal::PANEL);
    fill_rect(img, x, top, x + w, top + 1, pal::PANEL_LINE);
    let left = (t.x + MARGIN) as f32;
    text::draw(
        img,
        &t!(lang, "pic-final-scores"),
        left,
        (top + 40) as f32,
        style(26.0, true),
        pal::TEXT,
    );

    let head = style(HEAD, true);
    if let Some(legend) = t.legend(lang) {
        let room = (w - 2 * MARGIN as i32) as f32 - 190.0;
        let legend = text::fit(&legend, head, room);
        text::draw_right(
            img,
            &legend,
            (t.x + t.w - MARGIN) as f32,
            (top + 38) as f32,
            head,
            pal::TEXT_DIM,
        );
    }
    let hy = (t.rows_y - 10) as f32;
    text::draw(
        img,
        &t!(lang, "pic-col-player"),
        left + 44.0,
        hy,
        head,
        pal::TEXT_DIM,
    );
    // When a title is wider than its column, the titles of every other column (the
    // first, third and fifth) stand on a line above the others: each has its own
    // column and its neighbour's width, so that none is drawn smaller.
    let titles: Vec<String> = (0..t.columns.len()).map(|i| t.title(lang, i)).collect();
    let staggered = titles
        .iter()
        .any(|title| text::width(title, head) > COLUMN_TITLE_W);
    for (i, title) in titles.iter().enumerate() {
        let y = if staggered && i % 2 == 0 {
            hy - 22.0
        } else {
            hy
        };
        text::draw_right(img, title, t.column_right(i) as f32, y, head, pal::TEXT_DIM);
    }
    text::draw_right(
        img,
        &t!(lang, "pic-col-total"),
        t.column_right(t.columns.len()) as f32,
        hy,
        head,
        pal::TEXT,
    );
    fill_rect(
        img,
        x + MARGIN as i32,
        (t.rows_y - 3) as i32,
        x + w - MARGIN as i32,
        (t.rows_y - 2) as i32,
        pal::PANEL_LINE,
    );

    for (row, &pi) in t.order.iter().enumerate() {
        let p = &view.players[pi];
        let (x0, y0, x1, y1) = t.row_rect(row);
        let winner = t.winners.contains(&pi);
        if winner {
            let bg = Shape::RoundRect(
                v2((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0),
                v2((x1 - x0) as f32 / 2.0, (y1 - y0) as f32 / 2.0 - 3.0),
                8.0,
            );
            canvas::fill_outlined(img, &bg, pal::WINNER, pal::GOLD_DARK, 1.5);
        } else if row % 2 == 1 {
            fill_rect(
                img,
                x0 as i32,
                y0 as i32 + 3,
                x1 as i32,
                y1 as i32 - 3,
                pal::TABLE,
            );
        }
        let base = (y0 + ROW_H / 2 + 8) as f32;
        let rank_c = v2(left + 12.0, (y0 + ROW_H / 2) as f32);
        if winner {
            crown(img, rank_c, 22.0);
        } else {
            text::draw_centred(
                img,
                &t.ranks[row].to_string(),
                rank_c.x,
                rank_c.y,
                style(20.0, true),
                pal::TEXT_DIM,
            );
        }
        super::panel::figure_icon(
            img,
            FigureKind::Follower,
            left + 30.0,
            (y0 + ROW_H / 2) as f32,
            32.0,
            (p.colour, lang),
        );
        let name_x = left + 64.0;
        let name_w = t.column_right(0) as f32 - 60.0 - name_x;
        let (lines, size) = name_lines(&p.name, name_w, &NAME_SIZES, 3);
        let step = (size * 1.15).min((ROW_H - 6) as f32 / lines.len() as f32);
        // One line on the row's baseline; more centred on the row.
        let first = if lines.len() == 1 {
            base
        } else {
            (y0 + ROW_H / 2) as f32 + text::cap_height(style(size, true)) / 2.0
                - (lines.len() - 1) as f32 * step / 2.0
        };
        for (i, line) in lines.iter().enumerate() {
            let y = (first + i as f32 * step).round();
            text::draw(img, line, name_x, y, style(size, true), pal::TEXT);
        }
        for i in 0..t.columns.len() {
            let v = t.value(&p.breakdown, i);
            let colour = if v == 0 { pal::TEXT_DIM } else { pal::TEXT };
            text::draw_right(
                img,
                &v.to_string(),
                t.column_right(i) as f32,
                base,
                style(20.0, false),
                colour,
            );
        }
        text::draw_right(
            img,
            &p.score.to_string(),
            t.column_right(t.columns.len()) as f32,
            base + 1.0,
            style(24.0, true),
            pal::TEXT,
        );
    }

    let names: Vec<&str> = t
        .winners
        .iter()
        .map(|&i| view.players[i].name.as_str())
        .collect();
    let best = t
        .winners
        .first()
        .map(|&i| view.players[i].score)
        .unwrap_or(0);
    let line = winners_line(lang, &names, best);
    let fy = t.rows_y + t.order.len() as u32 * ROW_H + 34;
    // A long sentence (Spanish ties) is drawn smaller before it is shortened.
    let room = (w - 2 * MARGIN as i32) as f32;
    let st = if text::width(&line, style(20.0, true)) <= room {
        style(20.0, true)
    } else {
        style(17.0, true)
    };
    let line = text::fit(&line, st, room);
    text::draw(img, &line, left, fy as f32, st, pal::TEXT);
    podium(img, view, lang, t, fy + 30);
}

/// "alice wins with 87 points" / "alice and bob share 1st place with 87 points": the
/// picture's line, which the game-over text repeats word for word.
pub fn winners_line(lang: Lang, names: &[&str], best: u32) -> String {
    match names {
        [] => String::new(),
        [one] => t!(lang, "pic-wins", name = *one, points = best),
        more => {
            let and = format!(" {} ", t!(lang, "pic-and"));
            t!(
                lang,
                "pic-share-win",
                names = more.join(&and),
                points = best
            )
        }
    }
}

/// The first three places on a podium: the best in the middle, the second left, the
/// third right (players who tie share the height of their rank).
fn podium(img: &mut RgbaImage, view: &BoardView, lang: Lang, t: &ScoreTable, top: u32) {
    let cx = (t.x + t.w / 2) as f32;
    let base = (top + PODIUM_H - 36) as f32;
    let bw = 128.0;
    let slots = [(0usize, 0.0f32), (1, -1.0), (2, 1.0)];
    for (row, side) in slots {
        let Some(&pi) = t.order.get(row) else {
            continue;
        };
        let p = &view.players[pi];
        let rank = t.ranks[row];
        let h = match rank {
            1 => 92.0,
            2 => 66.0,
            _ => 46.0,
        };
        let x = cx + side * (bw + 10.0);
        let block = Shape::RoundRect(v2(x, base - h / 2.0), v2(bw / 2.0, h / 2.0), 4.0);
        let fill = if rank == 1 { pal::WINNER } else { pal::TABLE };
        canvas::fill_outlined(img, &block, fill, pal::PANEL_LINE, 1.5);
        text::draw_centred(
            img,
            &rank.to_string(),
            x,
            base - h / 2.0,
            style(26.0, true),
            pal::TEXT_DIM,
        );
        super::panel::figure_icon(
            img,
            FigureKind::Follower,
            x - 20.0,
            base - h - 28.0,
            48.0,
            (p.colour, lang),
        );
        let label = format!("{} {}", p.name, p.score);
        let (lines, size) = name_lines(&label, bw, &PODIUM_SIZES, 2);
        for (i, line) in lines.iter().enumerate() {
            let y = base + 18.0 + i as f32 * size * 1.1;
            text::draw_centred(img, line, x, y, style(size, true), pal::TEXT);
        }
    }
}
