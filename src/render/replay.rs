//! Animated replays: a GIF with one board picture per frame. The frames keep one size
//! (the whole game's board at a small tile size, beside the panel), but each frame is
//! framed on the board as it is then: early frames show the few tiles placed large, and
//! the view zooms out as the board grows, in steps, so that most frames keep the
//! previous one's framing.
//!
//! The colours are the board's own: one palette of 255 colours is learned from the
//! pictures themselves (NeuQuant, from `color_quant`), and every frame after the first
//! stores only the rectangle that changed, its unchanged pixels transparent (the `gif`
//! crate's encoder), which keeps a whole game within a few megabytes.

use super::layout::{self, Layout};
use super::{board, panel};
use crate::engine::Pos;
use crate::i18n::Lang;
use crate::view::BoardView;
use image::RgbaImage;
use rustc_hash::FxHashMap;

/// The largest replay the app sends (Discord's upload limit for any server is larger).
pub const MAX_GIF_BYTES: usize = 8 * 1024 * 1024;
/// How long a frame shows, and the last one.
pub const FRAME_MS: u32 = 800;
pub const LAST_FRAME_MS: u32 = 4_000;
/// The whole board's longer side aims at about this many pixels.
const TARGET_SPAN: u32 = 480;
/// The largest tile size of a frame (the first turns).
const MAX_FRAME_TILE: u32 = 64;
/// Cells kept free around the board when a frame is framed anew, so that the next
/// tiles fit without moving the view.
const HEADROOM: i32 = 2;

/// One picture per view, in order, the panels' words in `lang`; the last one is held
/// longer. `None` without views.
pub fn replay_gif(views: &[BoardView], lang: Lang) -> Option<Vec<u8>> {
    let (min, max) = union_extent(views)?;
    let mut tile = tile_for((min, max));
    loop {
        let gif = encode(views, lang, (min, max), tile);
        if gif.len() <= MAX_GIF_BYTES || tile <= 12 {
            return Some(gif);
        }
        tile = (tile - 4).max(12);
    }
}

/// The tile size of the whole board's cells `extent` in a replay (12 to 40 pixels).
pub fn tile_for((min, max): (Pos, Pos)) -> u32 {
    let span = (max.x - min.x + 1).max(max.y - min.y + 1).max(1) as u32;
    (TARGET_SPAN / span).clamp(12, 40) / 4 * 4
}

/// The cells of every view's board together.
pub fn union_extent(views: &[BoardView]) -> Option<(Pos, Pos)> {
    views.iter().map(layout::extent).reduce(|(a, b), (c, d)| {
        (
            Pos::new(a.x.min(c.x), a.y.min(c.y)),
            Pos::new(b.x.max(d.x), b.y.max(d.y)),
        )
    })
}

/// The layout of every frame: one picture size (the whole board at `tile` beside the
/// panel); each frame shows its own board, kept from the frame before while it still
/// fits, else framed anew at the largest tile size that fits it with [`HEADROOM`].
pub fn frame_layouts(views: &[BoardView], extent: (Pos, Pos), tile: u32) -> Vec<Layout> {
    let panel_h = views.iter().map(panel::height).max().unwrap_or(0);
    let area = Layout::with_extent(layout::PANEL_W, panel_h, Some(tile), extent);
    let mut out: Vec<Layout> = Vec::with_capacity(views.len());
    for v in views {
        let (min, max) = layout::extent(v);
        let keep = out.last().filter(|l| l.shows(min) && l.shows(max)).cloned();
        out.push(keep.unwrap_or_else(|| framed(&area, (min, max), tile)));
    }
    out
}

/// A layout of `area`'s size showing the cells `min..=max` and as many around them as
/// fit, at the largest tile size (from [`MAX_FRAME_TILE`] down to `tile`) that leaves
/// [`HEADROOM`] free cells on every side (at `tile` itself: just fits).
fn framed(area: &Layout, (min, max): (Pos, Pos), tile: u32) -> Layout {
    let mut t = MAX_FRAME_TILE.max(tile);
    loop {
        let room = if t > tile { HEADROOM } else { 0 };
        let want = (min.offset(-room, -room), max.offset(room, room));
        let lay = Layout::with_extent(area.panel_w, area.height, Some(t), want);
        if t <= tile || (lay.board_w <= area.board_w && lay.board_h <= area.board_h) {
            return fill(area, (min, max), t);
        }
        t -= 4;
    }
}

/// The layout at tile size `t` showing `min..=max` centred, widened by whole cells to
/// fill `area`'s board, the rest of the pixels split on both sides.
fn fill(area: &Layout, (mut min, mut max): (Pos, Pos), t: u32) -> Layout {
    let at = |min, max| Layout::with_extent(area.panel_w, area.height, Some(t), (min, max));
    let mut lay = at(min, max);
    // Whole cells while they fit, alternately west and east, north and south.
    let mut west = true;
    while lay.board_w + t <= area.board_w {
        if west {
            min.x -= 1;
        } else {
            max.x += 1;
        }
        west = !west;
        lay = at(min, max);
    }
    let mut north = true;
    while lay.board_h + t <= area.board_h {
        if north {
            min.y -= 1;
        } else {
            max.y += 1;
        }
        north = !north;
        lay = at(min, max);
    }
    lay.origin.0 += (area.board_w.saturating_sub(lay.board_w) / 2) as i32;
    lay.origin.1 += (area.board_h.saturating_sub(lay.board_h) / 2) as i32;
    lay.board_w = area.board_w;
    lay.board_h = area.board_h;
    lay.panel_x = area.panel_x;
    lay.width = area.width;
    lay.height = area.height;
    lay
}

/// The frame of one view at its layout: the board and the side panel.
pub fn frame_image(view: &BoardView, lang: Lang, lay: &Layout) -> RgbaImage {
    let mut img = RgbaImage::new(lay.width, lay.height);
    board::draw(&mut img, view, lay, lang);
    panel::draw(&mut img, view, lang, lay.panel_x as i32, lay.panel_w as i32);
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

fn encode(views: &[BoardView], lang: Lang, extent: (Pos, Pos), tile: u32) -> Vec<u8> {
    let lays = frame_layouts(views, extent, tile);
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
        let frames = Frames::start(scope, views, &lays, lang);
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
