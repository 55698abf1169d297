//! Animated replays: a GIF with one board picture per frame, made for phones like the
//! turn picture: [`FRAME_W`] pixels wide, the board on top in a [`FRAME_W`] x
//! [`BOARD_H`] window and the panel (names, scores) below at the picture's full width.
//! Each frame is framed on the action: early frames show the few tiles placed large, the
//! view zooms out in steps as the board grows, and once the whole board no longer fits
//! at [`MIN_FRAME_TILE`] the window follows the moves at that size (tiles of at least
//! 24 pixels when the picture is shown 400 pixels wide), moving only when a tile is
//! placed beyond it, so that most frames keep the previous one's framing.
//!
//! The colours are the board's own: one palette of 255 colours is learned from the
//! pictures themselves (NeuQuant, from `color_quant`), and every frame after the first
//! stores only the rectangle that changed, its unchanged pixels transparent (the `gif`
//! crate's encoder), which keeps a whole game within a few megabytes.

use super::canvas::{self, fill_rect};
use super::layout::{self, Layout};
use super::palette as pal;
use super::{board, panel, turn};
use crate::engine::Pos;
use crate::i18n::Lang;
use crate::view::BoardView;
use image::RgbaImage;
use rustc_hash::FxHashMap;

/// The largest replay the app sends: within Discord's default upload limit of 10 MiB
/// per file (a server's boost may raise it, never lower it).
pub const MAX_GIF_BYTES: usize = 8 * 1024 * 1024;
/// How long a frame shows, and the last one.
pub const FRAME_MS: u32 = 800;
pub const LAST_FRAME_MS: u32 = 4_000;
/// The frame's width, the turn picture's: a phone shows it about 400 pixels wide.
pub const FRAME_W: u32 = turn::PHONE_W;
/// The board window's height (the panel comes below it).
pub const BOARD_H: u32 = 480;
/// The largest tile size of a frame (the first turns).
const MAX_FRAME_TILE: u32 = 64;
/// The smallest: 26.7 pixels when the frame is shown 400 pixels wide. The window
/// follows the moves rather than going below it (unless a replay would exceed
/// [`MAX_GIF_BYTES`], which no game of the samples comes near).
pub const MIN_FRAME_TILE: u32 = 32;
/// Cells kept free around the board when a frame is framed anew while zoomed in, so
/// that the next tiles fit without moving the view.
const HEADROOM: i32 = 2;

/// One picture per view, in order, the panels' words in `lang`; the last one is held
/// longer. `None` without views.
pub fn replay_gif(views: &[BoardView], lang: Lang) -> Option<Vec<u8>> {
    if views.is_empty() {
        return None;
    }
    let mut floor = MIN_FRAME_TILE;
    loop {
        let gif = encode(views, lang, &frame_layouts_at(views, floor));
        if gif.len() <= MAX_GIF_BYTES || floor <= 16 {
            return Some(gif);
        }
        floor -= 4;
    }
}

/// The layout of every frame: one picture size ([`FRAME_W`] wide, the board window
/// [`BOARD_H`] high, the panel below as high as the highest panel of the replay).
pub fn frame_layouts(views: &[BoardView]) -> Vec<Layout> {
    frame_layouts_at(views, MIN_FRAME_TILE)
}

fn frame_layouts_at(views: &[BoardView], floor: u32) -> Vec<Layout> {
    let panel_h = views
        .iter()
        .map(|v| panel::height_at(v, FRAME_W))
        .max()
        .unwrap_or(0);
    let mut area = Layout::with_extent(0, 0, Some(floor), (Pos::ORIGIN, Pos::ORIGIN));
    area.board_w = FRAME_W;
    area.board_h = BOARD_H;
    area.panel_x = 0;
    area.panel_y = BOARD_H;
    area.panel_w = FRAME_W;
    area.width = FRAME_W;
    area.height = BOARD_H + panel_h;
    let mut out: Vec<Layout> = Vec::with_capacity(views.len());
    for v in views {
        let ext = layout::extent(v);
        let focus = v.last_placed.unwrap_or(Pos::ORIGIN);
        let keep = out
            .last()
            .filter(|l| still_frames(l, ext, focus, floor))
            .cloned();
        out.push(keep.unwrap_or_else(|| framed(&area, ext, focus, floor)));
    }
    out
}

/// Whether the frame before still frames a board of cells `ext` whose last tile is at
/// `focus`: it shows the whole board, or (following the moves at the `floor` tile size)
/// that tile. Every move of the window redraws the whole board area, the GIF's most
/// costly frame, so it moves only when it must.
fn still_frames(l: &Layout, (min, max): (Pos, Pos), focus: Pos, floor: u32) -> bool {
    let whole = l.shows(min) && l.shows(max);
    whole || (l.tile <= floor && l.shows(focus))
}

/// A layout of `area`'s size framing the board of cells `ext`: the whole board at the
/// largest tile size (from [`MAX_FRAME_TILE`] down to `floor`) that leaves [`HEADROOM`]
/// free cells on every side (at `floor` itself: just fits); when it does not fit even
/// then, a window at `floor` centred on `focus` (the last tile placed), kept within the
/// board where the board is larger.
fn framed(area: &Layout, ext: (Pos, Pos), focus: Pos, floor: u32) -> Layout {
    let mut t = MAX_FRAME_TILE.max(floor);
    loop {
        let room = if t > floor { HEADROOM } else { 0 };
        let want = (ext.0.offset(-room, -room), ext.1.offset(room, room));
        let lay = Layout::with_extent(0, 0, Some(t), want);
        if lay.board_w <= area.board_w && lay.board_h <= area.board_h {
            return fill(area, ext, t, ext);
        }
        if t <= floor {
            return fill(area, (focus, focus), floor, ext);
        }
        t -= 4;
    }
}

/// The layout at tile size `t` showing `min..=max`, widened by whole cells to fill
/// `area`'s board: rows first (they set the width of the coordinates on the left), then
/// columns, on the side that stays within `bound` (the board's cells) when only one does,
/// else alternately; the rest of the pixels split on both sides.
fn fill(area: &Layout, (mut min, mut max): (Pos, Pos), t: u32, bound: (Pos, Pos)) -> Layout {
    let at = |min, max| Layout::with_extent(0, 0, Some(t), (min, max));
    let mut lay = at(min, max);
    for vertical in [true, false] {
        let mut first = true;
        loop {
            let (low_in, high_in) = if vertical {
                (min.y > bound.0.y, max.y < bound.1.y)
            } else {
                (min.x > bound.0.x, max.x < bound.1.x)
            };
            let low = if low_in != high_in { low_in } else { first };
            let (dx, dy) = if vertical { (0, 1) } else { (1, 0) };
            let (a, b) = if low {
                (min.offset(-dx, -dy), max)
            } else {
                (min, max.offset(dx, dy))
            };
            let next = at(a, b);
            if next.board_w > area.board_w || next.board_h > area.board_h {
                break;
            }
            (min, max, lay) = (a, b, next);
            first = !low;
        }
    }
    lay.origin.0 += (area.board_w.saturating_sub(lay.board_w) / 2) as i32;
    lay.origin.1 += (area.board_h.saturating_sub(lay.board_h) / 2) as i32;
    lay.board_w = area.board_w;
    lay.board_h = area.board_h;
    lay.panel_x = area.panel_x;
    lay.panel_y = area.panel_y;
    lay.panel_w = area.panel_w;
    lay.width = area.width;
    lay.height = area.height;
    lay
}

/// The frame of one view at its layout: the board window, and the panel below it drawn
/// at the frame's width (as in the turn picture).
pub fn frame_image(view: &BoardView, lang: Lang, lay: &Layout) -> RgbaImage {
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, lay, lang);
    let mut p = RgbaImage::new(lay.panel_w, lay.height - lay.panel_y);
    panel::draw(&mut p, view, lang, 0, lay.panel_w as i32);
    fill_rect(&mut p, 0, 0, lay.panel_w as i32, 1, pal::PANEL_LINE);
    canvas::blit(&mut img, &p, lay.panel_x as i32, lay.panel_y as i32);
    img
}

/// The palette index of pixels that did not change since the frame before.
const UNCHANGED: u8 = 255;

/// The palette of a replay: 255 colours learned from its first and last frames (every
/// colour of the board, the figures and the panel is in them), and [`UNCHANGED`].
struct Palette {
    quant: color_quant::NeuQuant,
    cache: FxHashMap<[u8; 4], u8>,
}

impl Palette {
    fn learn(pictures: &[&RgbaImage]) -> Palette {
        let pixels: Vec<u8> = pictures
            .iter()
            .flat_map(|p| p.as_raw().iter().copied())
            .collect();
        Palette {
            quant: color_quant::NeuQuant::new(10, UNCHANGED as usize, &pixels),
            cache: FxHashMap::default(),
        }
    }

    /// The colours, and a last one for [`UNCHANGED`] (never shown: it is transparent).
    fn rgb(&self) -> Vec<u8> {
        let mut rgb = self.quant.color_map_rgb();
        rgb.resize(256 * 3, 0);
        rgb
    }

    /// A pixel's index in the palette (opaque pixels; alpha is ignored).
    fn index(&mut self, p: &[u8]) -> u8 {
        let key = [p[0], p[1], p[2], 255];
        *self
            .cache
            .entry(key)
            .or_insert_with(|| self.quant.index_of(&key) as u8)
    }
}

/// The smallest rectangle `(x, y, w, h)` holding every pixel that differs between two
/// RGBA frames `w` pixels wide (`None`: none does).
fn changed(prev: &[u8], cur: &[u8], w: usize) -> Option<(usize, usize, usize, usize)> {
    let row = |y: usize| y * w * 4..(y + 1) * w * 4;
    let rows: Vec<usize> = (0..cur.len() / (w * 4))
        .filter(|&y| prev[row(y)] != cur[row(y)])
        .collect();
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let px = |img: &[u8], y: usize, x: usize| -> [u8; 4] {
        let i = (y * w + x) * 4;
        [img[i], img[i + 1], img[i + 2], img[i + 3]]
    };
    let mut left = w;
    let mut right = 0;
    for y in top..=bottom {
        let differs = |&x: &usize| px(prev, y, x) != px(cur, y, x);
        if let Some(l) = (0..w).find(differs) {
            left = left.min(l);
            right = right.max((0..w).rfind(differs).unwrap_or(l));
        }
    }
    Some((left, top, right - left + 1, bottom - top + 1))
}

/// The frames drawn ahead on two threads while the caller encodes: drawing a frame
/// (whole board and panel) costs more than encoding it, and a 150-tile replay has some
/// 200. Frame `i` comes from thread `i % 2`, each holding at most one frame ready, so
/// the order and the output are those of drawing them one by one, in bounded memory.
struct Frames {
    ready: Vec<std::sync::mpsc::Receiver<RgbaImage>>,
}

impl Frames {
    fn start<'s, 'e: 's>(
        scope: &'s std::thread::Scope<'s, 'e>,
        views: &'e [BoardView],
        lays: &'e [Layout],
        lang: Lang,
    ) -> Frames {
        const THREADS: usize = 2;
        let ready = (0..THREADS)
            .map(|k| {
                let (tx, rx) = std::sync::mpsc::sync_channel(1);
                scope.spawn(move || {
                    for (v, lay) in views.iter().zip(lays).skip(k).step_by(THREADS) {
                        // The encoder stopped (an error): nothing more to draw.
                        if tx.send(frame_image(v, lang, lay)).is_err() {
                            break;
                        }
                    }
                });
                rx
            })
            .collect();
        Frames { ready }
    }

    /// Frame `i`; frames must be taken in order.
    fn next(&self, i: usize) -> Option<RgbaImage> {
        self.ready[i % self.ready.len()].recv().ok()
    }
}

fn encode(views: &[BoardView], lang: Lang, lays: &[Layout]) -> Vec<u8> {
    let (Some(first), Some(last)) = (lays.first(), lays.last()) else {
        return Vec::new();
    };
    let (w, h) = (first.width as usize, first.height as usize);
    let mut palette = {
        let a = frame_image(&views[0], lang, first);
        let b = frame_image(&views[views.len() - 1], lang, last);
        Palette::learn(&[&a, &b])
    };
    let mut out = Vec::new();
    let result = std::thread::scope(|scope| -> Result<(), gif::EncodingError> {
        let mut enc = gif::Encoder::new(&mut out, w as u16, h as u16, &palette.rgb())?;
        enc.set_repeat(gif::Repeat::Infinite)?;
        let mut prev: Option<RgbaImage> = None;
        let frames = Frames::start(scope, views, lays, lang);
        for i in 0..views.len() {
            let Some(cur) = frames.next(i) else { break };
            let ms = if i + 1 == views.len() {
                LAST_FRAME_MS
            } else {
                FRAME_MS
            };
            // Only the rectangle that changed since the frame before (a pixel when
            // nothing did), its unchanged pixels transparent: long runs of one index,
            // which the GIF's compression makes almost free.
            let (x, y, fw, fh) = match &prev {
                None => (0, 0, w, h),
                Some(p) => changed(p.as_raw(), cur.as_raw(), w).unwrap_or((0, 0, 1, 1)),
            };
            let (raw, old) = (cur.as_raw(), prev.as_ref().map(|p| p.as_raw()));
            let mut buffer = Vec::with_capacity(fw * fh);
            for row in y..y + fh {
                for col in x..x + fw {
                    let at = (row * w + col) * 4;
                    let px = &raw[at..at + 4];
                    buffer.push(match old {
                        Some(o) if &o[at..at + 4] == px => UNCHANGED,
                        _ => palette.index(px),
                    });
                }
            }
            let frame = gif::Frame {
                delay: (ms / 10) as u16,
                dispose: gif::DisposalMethod::Keep,
                transparent: prev.is_some().then_some(UNCHANGED),
                left: x as u16,
                top: y as u16,
                width: fw as u16,
                height: fh as u16,
                buffer: buffer.into(),
                ..gif::Frame::default()
            };
            enc.write_frame(&frame)?;
            prev = Some(cur);
        }
        Ok(())
    });
    if let Err(e) = result {
        tracing::error!("cannot encode a replay: {e}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_rectangle_is_stored() {
        let w = 5;
        let a = vec![0u8; 4 * 20];
        let mut b = a.clone();
        assert_eq!(changed(&a, &b, w), None);
        b[(w + 1) * 4] = 3;
        b[(2 * w + 3) * 4 + 2] = 4;
        assert_eq!(changed(&a, &b, w), Some((1, 1, 3, 2)));
    }
}
