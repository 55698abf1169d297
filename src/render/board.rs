//! The board area: the table with its coordinates, the tiles, the last placed tile's
//! outline, the figures and the legal spots of the next tile.

use super::canvas::{self, Shape, fill_rect, stroke_rect, v2, with_alpha};
use super::figures;
use super::layout::{Layout, coord_font};
use super::palette as pal;
use super::placement;
use super::text;
use super::tile;
use crate::engine::SegmentKind;
use crate::i18n::Lang;
use crate::view::BoardView;
use image::RgbaImage;

/// Draws the board part of the picture (everything left of the panel).
pub fn draw(img: &mut RgbaImage, view: &BoardView, lay: &Layout, lang: Lang) {
    let t = lay.tile as i32;
    fill_rect(img, 0, 0, lay.board_w as i32, lay.height as i32, pal::TABLE);
    // The cells, faintly.
    let (ox, oy) = lay.origin;
    let (w, h) = (lay.cols() as i32 * t, lay.rows() as i32 * t);
    for c in 0..=lay.cols() as i32 {
        fill_rect(img, ox + c * t, oy, ox + c * t + 1, oy + h, pal::TABLE_GRID);
    }
    for r in 0..=lay.rows() as i32 {
        fill_rect(
            img,
            ox,
            oy + r * t,
            ox + w + 1,
            oy + r * t + 1,
            pal::TABLE_GRID,
        );
    }
    coordinates(img, lay);

    // A window on the board (the turn picture) leaves out the tiles beyond it.
    let shown = move || view.tiles.iter().filter(move |tv| lay.shows(tv.pos));
    for tv in shown() {
        let sp = tile::sprite(tv.kind, tv.rotation, lay.tile);
        let (x, y) = lay.cell_origin(tv.pos);
        canvas::blit(img, &sp, x, y);
    }
    // A faint seam between tiles, so they can be counted.
    for tv in shown() {
        let (x, y) = lay.cell_origin(tv.pos);
        stroke_rect(img, x, y, x + t, y + t, 1, with_alpha(pal::INK, 0.16));
    }
    // Other tiles of the moves shown (computer players' turns): their player's colour.
    for (pos, player) in &view.placed {
        let Some(p) = view.players.get(player.index()) else {
            continue;
        };
        if lay.shows(*pos) {
            let (x, y) = lay.cell_origin(*pos);
            let th = (t / 32).clamp(2, 3);
            stroke_rect(img, x, y, x + t, y + t, th, pal::player(p.colour));
        }
    }
    if let Some(pos) = view.last_placed
        && lay.shows(pos)
    {
        let (x, y) = lay.cell_origin(pos);
        let th = (t / 24).clamp(2, 4);
        stroke_rect(img, x - 1, y - 1, x + t + 1, y + t + 1, 1, pal::INK);
        stroke_rect(img, x, y, x + t, y + t, th, pal::LAST_PLACED);
    }

    super::pieces::ferries(img, view, lay);
    let marks = super::marks::placed(view, lay);
    super::marks::draw_under(img, lay, &marks);
    // A Mage & Witch letter moved off its tile: its leader line, under the figures.
    for (i, t) in view.expansions.magic_targets().iter().enumerate() {
        if !lay.shows(t.pos) {
            continue;
        }
        if let (Some(c), Some(at)) = (
            magic_target_centre(view, lay, i),
            magic_target_reach(view, lay, i),
        ) {
            super::marks::leader(img, c, at, super::marks::line_width(lay));
        }
    }
    for (i, f) in view.figures.iter().enumerate() {
        let Some(tv) = view.tiles.iter().find(|tv| tv.pos == f.pos) else {
            continue;
        };
        let Some(player) = view.players.get(f.owner.index()) else {
            continue;
        };
        if !lay.shows(f.pos) {
            continue;
        }
        let g = placement::geom(tv.kind);
        let at = figure_point(view, lay, i);
        // Anchor pixel centre, so that the anchor pixel is the figure's plain fill.
        let at = v2(at.x.floor() + 0.5, at.y.floor() + 0.5);
        figures::draw(
            img,
            f.kind,
            f.on == SegmentKind::Field,
            at,
            lay.tile as f32 * g.figure_scale,
            (player.colour, lang),
        );
    }
    stack_counts(img, view, lay);

    super::pieces::draw(img, view, lay);
    score_badges(img, view, lay);
    figure_spots(img, view, lay);
    magic_targets(img, view, lay);

    if let Some(next) = &view.next {
        let st = text::style(spot_font(lay.tile).max(lay.label_min), true);
        let centres = spot_label_centres(view, lay);
        for s in &next.spots {
            if !lay.shows(s.at) {
                continue;
            }
            let (x, y) = lay.cell_origin(s.at);
            let inset = (t / 10).max(3);
            let sq = Shape::RoundRect(
                v2(x as f32 + t as f32 / 2.0, y as f32 + t as f32 / 2.0),
                v2((t - 2 * inset) as f32 / 2.0, (t - 2 * inset) as f32 / 2.0),
                t as f32 * 0.08,
            );
            canvas::fill_shape(img, &sq, pal::SPOT_FILL);
            canvas::stroke_shape(img, &sq, (t as f32 * 0.025).max(1.5), pal::SPOT_EDGE);
        }
        // The letters over every square, each moved off its cell when it would touch
        // another: a leader line then joins it to its cell's centre.
        for (s, c) in next.spots.iter().zip(&centres) {
            let Some(c) = *c else {
                continue;
            };
            let (cx, cy) = lay.cell_centre(s.at);
            let cell = v2(cx as f32, cy as f32);
            if c.dist(cell) > lay.tile as f32 * 0.5 {
                let w = (lay.tile as f32 * 0.06).clamp(1.5, 2.5);
                super::marks::leader(img, c, cell, w);
                canvas::fill_outlined(
                    img,
                    &Shape::Circle(cell, w * 1.3),
                    pal::SPOT_TEXT,
                    pal::WHITE,
                    1.0,
                );
            }
        }
        for (s, c) in next.spots.iter().zip(&centres) {
            let Some(c) = *c else {
                continue;
            };
            text::draw_centred_halo(
                img,
                &s.label,
                (c.x, c.y),
                st,
                pal::SPOT_TEXT,
                (pal::WHITE, (st.size * 0.09).max(1.5)),
            );
        }
    }
    super::marks::draw_over(img, lay, &marks);
}

/// How far apart, in tile units, figures sharing a segment stand.
const SIDE_BY_SIDE: f32 = 0.3;

/// Where figure `i` of the view stands, in pixels: its segment's anchor, moved sideways
/// when figures of other owners or kinds share the segment (a flying machine may land
/// on a segment someone holds), so that every one of them stays visible. Figures of one
/// owner and kind stand in one place (see [`stack_counts`]).
pub fn figure_point(view: &BoardView, lay: &Layout, i: usize) -> canvas::V2 {
    let f = &view.figures[i];
    let Some(tv) = view.tiles.iter().find(|tv| tv.pos == f.pos) else {
        return lay.point(f.pos, v2(0.5, 0.5));
    };
    let at = lay.point(
        tv.pos,
        placement::anchor(tv.kind, tv.rotation, f.segment as usize),
    );
    // The distinct owners and kinds on this segment, in the order they came.
    let mut groups: Vec<(crate::player::Player, crate::engine::FigureKind)> = Vec::new();
    for g in view
        .figures
        .iter()
        .filter(|g| (g.pos, g.segment) == (f.pos, f.segment))
    {
        if !groups.contains(&(g.owner, g.kind)) {
            groups.push((g.owner, g.kind));
        }
    }
    let k = groups
        .iter()
        .position(|g| *g == (f.owner, f.kind))
        .unwrap_or(0);
    let shift = (k as f32 - (groups.len() - 1) as f32 / 2.0) * SIDE_BY_SIDE;
    let scale = placement::geom(tv.kind).figure_scale;
    v2(at.x + shift * scale * lay.tile as f32, at.y)
}

/// Figures of one owner and kind on one segment (a crop circle adds a follower beside
/// one) are drawn in one place: a "×2" beside them tells how many.
fn stack_counts(img: &mut RgbaImage, view: &BoardView, lay: &Layout) {
    for (i, f) in view.figures.iter().enumerate() {
        let same = |g: &&crate::view::FigureView| {
            (g.pos, g.segment, g.owner, g.kind) == (f.pos, f.segment, f.owner, f.kind)
        };
        // Once per stack, at its first figure.
        if view.figures[..i].iter().any(|g| same(&g)) || !lay.shows(f.pos) {
            continue;
        }
        let n = view.figures.iter().filter(same).count();
        if n < 2 || !view.tiles.iter().any(|tv| tv.pos == f.pos) {
            continue;
        }
        let t = lay.tile as f32;
        let at = figure_point(view, lay, i);
        let st = text::style((t * 0.15).max(9.0), true);
        text::draw_centred_halo(
            img,
            &format!("×{n}"),
            (at.x + t * 0.17, at.y + t * 0.08),
            st,
            pal::INK,
            (pal::WHITE, (st.size * 0.12).max(1.2)),
        );
    }
}

/// "+8" badges in the scorer's colour at the top right of a tile of each feature scored
/// by the move just made (several on one tile stack downwards).
fn score_badges(img: &mut RgbaImage, view: &BoardView, lay: &Layout) {
    let t = lay.tile as f32;
    let st = text::style((t * 0.2).max(11.0), true);
    let mut on_tile: Vec<(crate::engine::Pos, u32)> = Vec::new();
    for m in &view.scored {
        if !lay.shows(m.pos) {
            continue;
        }
        let Some(player) = view.players.get(m.player.index()) else {
            continue;
        };
        let stack = on_tile.iter().filter(|(p, _)| *p == m.pos).count() as f32;
        on_tile.push((m.pos, m.points));
        let label = format!("+{}", m.points);
        let w = text::width(&label, st) + st.size * 0.6;
        let h = st.size * 1.3;
        let (x, y) = lay.cell_origin(m.pos);
        let right = x as f32 + t - 2.0;
        let top = y as f32 + 2.0 + stack * (h + 2.0);
        let badge = Shape::RoundRect(
            v2(right - w / 2.0, top + h / 2.0),
            v2(w / 2.0, h / 2.0),
            h * 0.3,
        );
        canvas::fill_outlined(
            img,
            &badge,
            pal::player(player.colour),
            pal::player_outline(player.colour),
            1.2,
        );
        text::draw_centred(
            img,
            &label,
            right - w / 2.0,
            top + h / 2.0,
            st,
            pal::player_letter(player.colour),
        );
    }
}

/// The centre of figure spot `i` of the view (the figure step), in pixels (see
/// [`figure_spot_centres`]).
pub fn figure_spot_centre(view: &BoardView, lay: &Layout, i: usize) -> Option<canvas::V2> {
    figure_spot_centres(view, lay).get(i).copied().flatten()
}

/// From this many figure spots on one tile their discs stand around the tile, not on it.
pub const CROWDED: usize = 5;

/// The anchor of figure spot `i`: where the figure would stand (pixel centre).
pub fn figure_spot_anchor(view: &BoardView, lay: &Layout, i: usize) -> Option<canvas::V2> {
    let s = view.figure_spots.get(i)?;
    let tv = view.tiles.iter().find(|tv| tv.pos == s.pos)?;
    let at = lay.point(
        s.pos,
        placement::anchor(tv.kind, tv.rotation, s.segment as usize),
    );
    Some(v2(at.x.floor() + 0.5, at.y.floor() + 0.5))
}

/// The centres of the figure spots' discs: each on its anchor, where the figure would
/// stand; on a tile with [`CROWDED`] spots or more (their discs would cover it), around
/// the tile just outside it, each in the direction of its anchor from the tile's middle
/// and spaced so that no two touch (a leader line joins it to its anchor).
pub fn figure_spot_centres(view: &BoardView, lay: &Layout) -> Vec<Option<canvas::V2>> {
    let anchors: Vec<Option<canvas::V2>> = (0..view.figure_spots.len())
        .map(|i| figure_spot_anchor(view, lay, i))
        .collect();
    let mut out = anchors.clone();
    let r = figure_spot_radius(lay.tile);
    let mut tiles: Vec<crate::engine::Pos> = view.figure_spots.iter().map(|s| s.pos).collect();
    tiles.dedup();
    for pos in tiles {
        let mine: Vec<usize> = (0..view.figure_spots.len())
            .filter(|&i| view.figure_spots[i].pos == pos && anchors[i].is_some())
            .collect();
        if mine.len() < CROWDED {
            continue;
        }
        let (cx, cy) = lay.cell_centre(pos);
        let centre = v2(cx as f32, cy as f32);
        let h = lay.tile as f32 / 2.0 + r + 3.0;
        // Places on the square ring round the tile, by their length along it from the
        // north-west corner clockwise.
        let along = |d: canvas::V2| {
            let m = d.x.abs().max(d.y.abs()).max(1e-3);
            let (x, y) = (d.x * h / m, d.y * h / m);
            if y <= -h + 0.01 {
                x + h
            } else if x >= h - 0.01 {
                2.0 * h + y + h
            } else if y >= h - 0.01 {
                4.0 * h + h - x
            } else {
                6.0 * h + h - y
            }
        };
        let point = |s: f32| {
            let s = s.rem_euclid(8.0 * h);
            let (x, y) = match s {
                s if s < 2.0 * h => (s - h, -h),
                s if s < 4.0 * h => (h, s - 3.0 * h),
                s if s < 6.0 * h => (5.0 * h - s, h),
                s => (-h, 7.0 * h - s),
            };
            v2(centre.x + x, centre.y + y)
        };
        let mut placed: Vec<(usize, f32)> = mine
            .iter()
            .map(|&i| {
                let a = anchors[i].unwrap_or(centre);
                let d = a - centre;
                let d = if d.len() < 1.0 { v2(0.0, -1.0) } else { d };
                (i, along(d))
            })
            .collect();
        placed.sort_by(|a, b| a.1.total_cmp(&b.1));
        // Spaced by a disc and a gap along the ring (the ring is long enough for eight).
        let gap = 2.0 * r + 4.0;
        for k in 1..placed.len() {
            placed[k].1 = placed[k].1.max(placed[k - 1].1 + gap);
        }
        for (i, s) in placed {
            let p = point(s);
            out[i] = Some(v2(p.x.floor() + 0.5, p.y.floor() + 0.5));
        }
    }
    out
}

/// The radius of a figure spot's disc.
pub fn figure_spot_radius(tile: u32) -> f32 {
    (tile as f32 * 0.14).max(9.0)
}

/// The figure step: a white disc with its number (1, 2, 3 ...) where each figure may go
/// on the tile just placed, the numbers of the figure menu.
fn figure_spots(img: &mut RgbaImage, view: &BoardView, lay: &Layout) {
    let r = figure_spot_radius(lay.tile);
    let st = text::style(r * 1.35, true);
    let centres = figure_spot_centres(view, lay);
    // Leader lines first, from discs moved round a crowded tile to their anchors.
    for (i, s) in view.figure_spots.iter().enumerate() {
        if let (true, Some(c), Some(a)) = (
            lay.shows(s.pos),
            centres[i],
            figure_spot_anchor(view, lay, i),
        ) && c.dist(a) > r
        {
            let w = (lay.tile as f32 * 0.025).clamp(1.5, 2.5);
            super::marks::leader(img, c, a, w);
            canvas::fill_outlined(
                img,
                &Shape::Circle(a, w * 1.4),
                pal::SPOT_TEXT,
                pal::WHITE,
                1.0,
            );
        }
    }
    for (i, s) in view.figure_spots.iter().enumerate() {
        if !lay.shows(s.pos) {
            continue;
        }
        let Some(c) = centres[i] else {
            continue;
        };
        labelled_disc(img, c, r, st, &s.number.to_string());
    }
}

/// A white disc of radius `r` at `c` with a label: a figure spot's number, a magic target's
/// letter.
fn labelled_disc(img: &mut RgbaImage, c: canvas::V2, r: f32, st: text::Style, label: &str) {
    canvas::fill_outlined(
        img,
        &Shape::Circle(c, r),
        pal::WHITE,
        pal::SPOT_TEXT,
        (r * 0.16).max(1.5),
    );
    text::draw_centred(img, label, c.x, c.y, st, pal::SPOT_TEXT);
}

/// The radius of a Mage & Witch target's disc: a figure spot's, or larger so that its
/// letter is at least [`Layout::label_min`].
pub fn magic_target_radius(lay: &Layout) -> f32 {
    figure_spot_radius(lay.tile).max(lay.label_min / 1.35)
}

/// The box (pixels, `(x0, y0, x1, y1)`) that figure `k` of the view covers.
pub fn figure_extent(view: &BoardView, lay: &Layout, k: usize) -> Option<(f32, f32, f32, f32)> {
    let f = view.figures.get(k)?;
    let tv = view.tiles.iter().find(|tv| tv.pos == f.pos)?;
    let p = figure_point(view, lay, k);
    let (a, b) = figures::figure_box(f.kind, f.on == SegmentKind::Field);
    let s = lay.tile as f32 * placement::geom(tv.kind).figure_scale;
    Some((p.x + a.x * s, p.y + a.y * s, p.x + b.x * s, p.y + b.y * s))
}

/// The centre of Mage & Witch target `i` of the view, in pixels (see
/// [`magic_target_centres`]).
pub fn magic_target_centre(view: &BoardView, lay: &Layout, i: usize) -> Option<canvas::V2> {
    magic_target_centres(view, lay).get(i).copied().flatten()
}

/// The centres of the Mage & Witch targets of the view, in pixels, in order: a target's
/// segment's anchor when no figure stands there; else beside the figures (right, left,
/// above, below, or at a corner of them), the first place whose disc touches no figure
/// of the board and no letter placed before, staying on the tile when it can.
pub fn magic_target_centres(view: &BoardView, lay: &Layout) -> Vec<Option<canvas::V2>> {
    let r = magic_target_radius(lay);
    let mut boxes: Vec<(f32, f32, f32, f32)> = (0..view.figures.len())
        .filter(|&k| lay.shows(view.figures[k].pos))
        .filter_map(|k| figure_extent(view, lay, k))
        .collect();
    let figures = boxes.len();
    let mut out = Vec::with_capacity(view.expansions.magic_targets().len());
    for i in 0..view.expansions.magic_targets().len() {
        let c = target_centre(view, lay, i, &boxes, figures);
        if let Some(c) = c {
            // The letters after this one keep clear of it.
            boxes.push((c.x - r, c.y - r, c.x + r, c.y + r));
        }
        out.push(c);
    }
    out
}

/// Where target `i`'s disc stands, clear of `boxes`: the figures' (the first `figures`)
/// and the discs' placed before.
fn target_centre(
    view: &BoardView,
    lay: &Layout,
    i: usize,
    boxes: &[(f32, f32, f32, f32)],
    figures: usize,
) -> Option<canvas::V2> {
    let t = view.expansions.magic_targets().get(i)?;
    let tv = view.tiles.iter().find(|tv| tv.pos == t.pos)?;
    let at = lay.point(
        t.pos,
        placement::anchor(tv.kind, tv.rotation, t.segment as usize),
    );
    let r = magic_target_radius(lay);
    let here: Vec<(f32, f32, f32, f32)> = (0..view.figures.len())
        .filter(|&k| (view.figures[k].pos, view.figures[k].segment) == (t.pos, t.segment))
        .filter_map(|k| figure_extent(view, lay, k))
        .collect();
    let centre = |c: canvas::V2| v2(c.x.floor() + 0.5, c.y.floor() + 0.5);
    // Without figures there, the anchor itself first (unless a letter is there).
    let first = here.first().copied().unwrap_or((at.x, at.y, at.x, at.y));
    let (x0, y0, x1, y1) = here.iter().fold(first, |a, b| {
        (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
    });
    let g = if here.is_empty() {
        2.0 * r + 2.0
    } else {
        r + 2.0
    };
    let anchor = if here.is_empty() {
        vec![at]
    } else {
        Vec::new()
    };
    let around = [
        v2(x1 + g, at.y),
        v2(x0 - g, at.y),
        v2(at.x, y0 - g),
        v2(at.x, y1 + g),
        v2(x1 + g * 0.75, y0 - g * 0.75),
        v2(x0 - g * 0.75, y0 - g * 0.75),
        v2(x1 + g * 0.75, y1 + g * 0.75),
        v2(x0 - g * 0.75, y1 + g * 0.75),
    ];
    let candidates: Vec<canvas::V2> = anchor.into_iter().chain(around).collect();
    let free = |c: &canvas::V2| {
        !boxes.iter().any(|&(a, b, e, d)| {
            let (nx, ny) = (c.x.clamp(a, e), c.y.clamp(b, d));
            (c.x - nx).powi(2) + (c.y - ny).powi(2) < r * r
        })
    };
    // Checked on the pixel centre where it is drawn.
    if here.is_empty() && free(&centre(at)) {
        return Some(centre(at));
    }
    let touches = |c: canvas::V2| {
        boxes.iter().any(|&(a, b, e, d)| {
            let nx = c.x.clamp(a, e);
            let ny = c.y.clamp(b, d);
            (c.x - nx).powi(2) + (c.y - ny).powi(2) < r * r
        })
    };
    let (cx, cy) = lay.cell_origin(t.pos);
    let tile = lay.tile as f32;
    let on_tile = |c: canvas::V2| {
        c.x - r >= cx as f32
            && c.y - r >= cy as f32
            && c.x + r <= cx as f32 + tile
            && c.y + r <= cy as f32 + tile
    };
    let on_board = |c: canvas::V2| {
        c.x - r >= 0.0
            && c.y - r >= 0.0
            && c.x + r <= lay.board_w as f32
            && c.y + r <= lay.board_h as f32
    };
    let best = candidates
        .iter()
        .map(|&c| centre(c))
        .filter(|&c| on_board(c))
        .min_by_key(|&c| (touches(c), !on_tile(c)))
        .unwrap_or(centre(candidates[0]));
    if touches(best) {
        // Small tiles (the overview): further out, where it touches nothing; a leader
        // line joins it to its place ([`magic_target_reach`]).
        // The nearest free place on a grid of half discs over the whole board.
        let step = (r / 2.0).max(1.0);
        let (cols, rows) = (
            (lay.board_w as f32 / step) as i32,
            (lay.board_h as f32 / step) as i32,
        );
        let dist = |c: &canvas::V2| (c.x - at.x).powi(2) + (c.y - at.y).powi(2);
        let nearest = (0..=rows)
            .flat_map(|j| (0..=cols).map(move |i| (i, j)))
            .map(|(i, j)| centre(v2(i as f32 * step, j as f32 * step)))
            .filter(|&c| on_board(c) && !touches(c))
            .min_by(|a, b| dist(a).total_cmp(&dist(b)))
            // On a very full overview the free places are pockets a little wider than
            // the disc, which that grid may miss: every pixel centre. With a hundred
            // targets on 16 px tiles there may be none left clear of the discs too:
            // then clear of the figures (a disc never hides one).
            .or_else(|| nearest_pixel(lay, at, r, boxes))
            .or_else(|| nearest_pixel(lay, at, r, &boxes[..figures]));
        let board = (0.0, 0.0, lay.board_w as f32, lay.board_h as f32);
        return Some(nearest.unwrap_or_else(|| super::marks::place(at, &[], r, boxes, board)));
    }
    Some(best)
}

/// The pixel centre nearest `at` where a disc of radius `r` stays on the board and
/// touches none of `boxes` (a pixel no nearer than the best found is not tested).
fn nearest_pixel(
    lay: &Layout,
    at: canvas::V2,
    r: f32,
    boxes: &[(f32, f32, f32, f32)],
) -> Option<canvas::V2> {
    let dist = |c: canvas::V2| (c.x - at.x).powi(2) + (c.y - at.y).powi(2);
    let mut best: Option<canvas::V2> = None;
    for y in 0..lay.board_h {
        for x in 0..lay.board_w {
            let c = v2(x as f32 + 0.5, y as f32 + 0.5);
            let inside = c.x - r >= 0.0
                && c.y - r >= 0.0
                && c.x + r <= lay.board_w as f32
                && c.y + r <= lay.board_h as f32;
            if best.is_none_or(|b| dist(c) < dist(b))
                && inside
                && !super::marks::touches(c, r, boxes)
            {
                best = Some(c);
            }
        }
    }
    best
}

/// Where a leader line from Mage & Witch target `i`'s disc ends when the disc stands off
/// its tile (on the overview's small tiles): the target's anchor.
pub fn magic_target_reach(view: &BoardView, lay: &Layout, i: usize) -> Option<canvas::V2> {
    let t = view.expansions.magic_targets().get(i)?;
    let tv = view.tiles.iter().find(|tv| tv.pos == t.pos)?;
    let c = magic_target_centre(view, lay, i)?;
    let (x, y) = lay.cell_origin(t.pos);
    let tile = lay.tile as f32;
    let r = magic_target_radius(lay);
    let off = c.x + r < x as f32
        || c.x - r > x as f32 + tile
        || c.y + r < y as f32
        || c.y - r > y as f32 + tile;
    off.then(|| {
        lay.point(
            t.pos,
            placement::anchor(tv.kind, tv.rotation, t.segment as usize),
        )
    })
}

/// Mage & Witch: a white disc with the letter of each feature the mage or the witch may
/// go to, on the segment the menu names (the letters of the menu), beside the figures
/// standing there.
fn magic_targets(img: &mut RgbaImage, view: &BoardView, lay: &Layout) {
    let r = magic_target_radius(lay);
    let st = text::style(r * 1.35, true);
    let centres = magic_target_centres(view, lay);
    for (t, c) in view.expansions.magic_targets().iter().zip(centres) {
        if !lay.shows(t.pos) {
            continue;
        }
        if let Some(c) = c {
            labelled_disc(img, c, r, st, &t.letter);
        }
    }
}

/// The box (pixels) a spot label covers with its halo, centred at `c`.
pub fn spot_label_box(label: &str, c: canvas::V2, st: text::Style) -> (f32, f32, f32, f32) {
    let halo = (st.size * 0.09).max(1.5) + 1.0;
    let hw = text::width(label, st) / 2.0 + halo;
    let hh = text::cap_height(st) / 2.0 + halo;
    (c.x - hw, c.y - hh, c.x + hw, c.y + hh)
}

/// Where each spot's label of the next tile is drawn (`None`: off the picture): its
/// cell's centre, unless the label's box would touch one placed before or a figure (on
/// the overview the letters are larger than the cells): then the nearest free place
/// around, on the board, in steps of half a label (up to ten labels away).
pub fn spot_label_centres(view: &BoardView, lay: &Layout) -> Vec<Option<canvas::V2>> {
    let Some(next) = &view.next else {
        return Vec::new();
    };
    let st = text::style(spot_font(lay.tile).max(lay.label_min), true);
    let overlap = |a: (f32, f32, f32, f32), b: &(f32, f32, f32, f32)| {
        a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
    };
    let board = (0.0, 0.0, lay.board_w as f32, lay.board_h as f32);
    // The figures first: a letter never hides one.
    let mut placed: Vec<(f32, f32, f32, f32)> = (0..view.figures.len())
        .filter(|&k| lay.shows(view.figures[k].pos))
        .filter_map(|k| figure_extent(view, lay, k))
        .collect();
    let mut out = Vec::with_capacity(next.spots.len());
    for s in &next.spots {
        if !lay.shows(s.at) {
            out.push(None);
            continue;
        }
        let (cx, cy) = lay.cell_centre(s.at);
        let cell = v2(cx as f32, cy as f32);
        let b = spot_label_box(&s.label, cell, st);
        let (sx, sy) = ((b.2 - b.0) / 2.0, (b.3 - b.1) / 2.0);
        let mut steps: Vec<(i32, i32)> = (-20..=20)
            .flat_map(|i| (-20..=20).map(move |j| (i, j)))
            .collect();
        steps.sort_by(|a, b| {
            let d = |(i, j): (i32, i32)| (i as f32 * sx).powi(2) + (j as f32 * sy).powi(2);
            d(*a).total_cmp(&d(*b))
        });
        let inside = |b: (f32, f32, f32, f32)| {
            b.0 >= board.0 && b.1 >= board.1 && b.2 <= board.2 && b.3 <= board.3
        };
        let c = steps
            .iter()
            .map(|&(i, j)| v2(cell.x + i as f32 * sx, cell.y + j as f32 * sy))
            .find(|&c| {
                let b = spot_label_box(&s.label, c, st);
                inside(b) && !placed.iter().any(|p| overlap(b, p))
            })
            .unwrap_or(cell);
        placed.push(spot_label_box(&s.label, c, st));
        out.push(Some(c));
    }
    out
}

/// Font size of the spot labels.
pub fn spot_font(tile: u32) -> f32 {
    (tile as f32 * 0.34).max(13.0)
}

fn coordinates(img: &mut RgbaImage, lay: &Layout) {
    let st = text::style(coord_font(lay.tile), false);
    let bold = text::style(st.size, true);
    let t = lay.tile as f32;
    for x in lay.min.x..=lay.max.x {
        let (px, _) = lay.cell_origin(crate::engine::Pos::new(x, lay.min.y));
        let s = if x == 0 { bold } else { st };
        text::draw_centred(
            img,
            &x.to_string(),
            px as f32 + t / 2.0,
            lay.origin.1 as f32 / 2.0 + 2.0,
            s,
            pal::MARGIN_TEXT,
        );
    }
    for y in lay.min.y..=lay.max.y {
        let (_, py) = lay.cell_origin(crate::engine::Pos::new(lay.min.x, y));
        let s = if y == 0 { bold } else { st };
        text::draw_right(
            img,
            &y.to_string(),
            lay.origin.0 as f32 - 6.0,
            (py as f32 + t / 2.0 + text::cap_height(s) / 2.0).round(),
            s,
            pal::MARGIN_TEXT,
        );
    }
}
