//! One card, face up or face down, at any size.
//!
//! A face is the card's colour (purple for the jokers, which have none) with a dark edge,
//! a cream medallion holding its picture (the value of a person, an animal, a building,
//! the dragon, the fairy, a joker over the four colours in quarters), the row's name at
//! the top (four colour dots on the jokers) and what the card is at the bottom (small
//! figures as many as a person's value). Below [`MINI`] pixels wide only the colour and
//! the medallion are drawn.
//!
//! A back is brown with a crisp diamond lattice, never a face colour, with a token in the
//! colour of the player who laid it.

use super::glyphs::{self, Pen};
use super::{Rect, framed};
use crate::cards::{Building, Card, Colour, Player, Species};
use crate::i18n::Lang;
use crate::render::canvas::{Colour as Rgb, Shape, blit, fill_shape, mix, rgb, v2};
use crate::render::palette;
use crate::render::text::{self, style};
use crate::view::Colour as PlayerColour;
use image::RgbaImage;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Cards narrower than this are drawn without words.
pub const MINI: i32 = 52;

/// The jokers' colour (they have none of the four).
pub const JOKER: Rgb = rgb(112, 80, 160);
/// A card's back, and the lattice on it.
pub const BACK: Rgb = rgb(94, 68, 50);
pub const BACK_LATTICE: Rgb = rgb(128, 98, 72);
const BACK_EDGE: Rgb = rgb(48, 34, 24);
const CREAM: Rgb = rgb(252, 247, 234);

/// Height of a card `w` pixels wide.
pub fn card_height(w: i32) -> i32 {
    (w as f32 * 1.4).round() as i32
}

/// Background of a card of this colour (`None`: the jokers).
pub fn card_colour(c: Option<Colour>) -> Rgb {
    match c {
        Some(Colour::Blue) => rgb(50, 104, 200),
        Some(Colour::Yellow) => rgb(238, 190, 36),
        Some(Colour::Red) => rgb(204, 56, 44),
        Some(Colour::Green) => rgb(58, 150, 66),
        None => JOKER,
    }
}

/// The dark edge of a card of this colour.
pub fn edge_colour(c: Option<Colour>) -> Rgb {
    mix(card_colour(c), palette::INK, 0.6)
}

/// Text and small figures on a card of this colour.
pub fn ink_on(c: Option<Colour>) -> Rgb {
    match c {
        Some(Colour::Yellow) => rgb(52, 36, 10),
        _ => palette::WHITE,
    }
}

/// A pixel of the card's plain colour in a face drawn in `r` (top left, clear of the
/// words, the inner line and the medallion at every size).
pub fn face_probe(r: Rect) -> (u32, u32) {
    let (x, y) = (
        r.x + (r.w as f32 * 0.12).round() as i32,
        r.y + (r.h as f32 * 0.2).round() as i32,
    );
    (x as u32, y as u32)
}

/// Whether `(u, v)` (pixels from a back's corner) lies on the back's lattice.
fn on_lattice(u: i32, v: i32) -> bool {
    (u + v).rem_euclid(8) == 0 || (u - v).rem_euclid(8) == 0
}

/// A pixel of the plain back colour ([`BACK`]) in a back drawn in `r`.
pub fn back_probe(r: Rect) -> (u32, u32) {
    let mut u = (r.w as f32 * 0.16).round() as i32;
    let v = (r.h as f32 * 0.3).round() as i32;
    while on_lattice(u, v) {
        u += 1;
    }
    ((r.x + u) as u32, (r.y + v) as u32)
}

/// Corner radius of a card `w` pixels wide.
fn radius(w: i32) -> f32 {
    (w as f32 * 0.09).max(3.0)
}

/// Width of a card's dark edge.
fn edge_width(w: i32) -> i32 {
    ((w + 20) / 40).clamp(1, 3)
}

/// The largest size (up to `size`) at which `s` fits in `max_w` pixels.
pub fn fit_size(s: &str, bold: bool, size: f32, max_w: f32) -> f32 {
    let w = text::width(s, style(size, bold));
    if w <= max_w || w <= 0.0 {
        size
    } else {
        (size * max_w / w).floor().max(6.0)
    }
}

/// What a sprite shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Sprite {
    /// A face, with its words in a language.
    Face(Card, Lang),
    /// A back, with the token of who laid it and the token's letter in a language.
    Back(Option<Player>, Lang),
}

/// Sprites drawn once per (what, size, background) and copied afterwards.
type SpriteKey = (Sprite, i32, i32, [u8; 4]);

struct Cache {
    sprites: HashMap<SpriteKey, Arc<RgbaImage>>,
    bytes: usize,
}

/// The cache starts afresh past this many bytes.
const CACHE_BYTES: usize = 24 << 20;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(|| {
        Mutex::new(Cache {
            sprites: HashMap::new(),
            bytes: 0,
        })
    })
}

/// Draws `what` in `r` by copying a sprite drawn on the background found at the box's
/// corner (the boxes' backgrounds are plain), or directly when the box is not wholly in
/// the picture.
fn draw_cached(img: &mut RgbaImage, what: Sprite, r: Rect) {
    let inside = r.x >= 0
        && r.y >= 0
        && r.w > 0
        && r.h > 0
        && r.right() <= img.width() as i32
        && r.bottom() <= img.height() as i32;
    let paint = |img: &mut RgbaImage, r: Rect| match what {
        Sprite::Face(card, lang) => paint_face(img, card, lang, r),
        Sprite::Back(laid_by, lang) => paint_back(img, r, laid_by, lang),
    };
    if !inside {
        return paint(img, r);
    }
    let bg = *img.get_pixel(r.x as u32, r.y as u32);
    let key = (what, r.w, r.h, bg.0);
    let lock = || cache().lock().unwrap_or_else(|e| e.into_inner());
    let found = lock().sprites.get(&key).cloned();
    let sprite = match found {
        Some(s) => s,
        None => {
            let mut s = RgbaImage::from_pixel(r.w as u32, r.h as u32, bg);
            paint(&mut s, Rect::new(0, 0, r.w, r.h));
            let s = Arc::new(s);
            let mut c = lock();
            if c.bytes > CACHE_BYTES {
                c.sprites.clear();
                c.bytes = 0;
            }
            c.bytes += s.as_raw().len();
            c.sprites.insert(key, s.clone());
            s
        }
    };
    blit(img, &sprite, r.x, r.y);
}

/// Draws a face-up card in `r` (its height should be [`card_height`] of its width), its
/// words in `lang`.
pub fn draw_face(img: &mut RgbaImage, card: Card, r: Rect, lang: Lang) {
    draw_cached(img, Sprite::Face(card, lang), r);
}

/// Draws a card's back in `r`; `laid_by` puts a token in that player's colour on it,
/// with the colour's letter in `lang`.
pub fn draw_back(img: &mut RgbaImage, r: Rect, laid_by: Option<Player>, lang: Lang) {
    // A back without a token is one sprite in every language.
    let lang = if laid_by.is_some() {
        lang
    } else {
        Lang::english()
    };
    draw_cached(img, Sprite::Back(laid_by, lang), r);
}

fn paint_face(img: &mut RgbaImage, card: Card, lang: Lang, r: Rect) {
    let colour = card.colour();
    let bg = card_colour(colour);
    let edge = edge_colour(colour);
    let ew = edge_width(r.w);
    let rad = radius(r.w);
    framed(img, r, rad, ew, bg, edge);
    let w = r.w as f32;
    let (x, y) = (r.x as f32, r.y as f32);
    let h = r.h as f32;
    let mini = r.w < MINI;
    if !mini {
        // A thin light line inside the edge, as printed cards have.
        let k = (r.w as f32 * 0.055).round() as i32;
        let line = mix(bg, palette::WHITE, 0.45);
        framed(img, r.grow(-k), rad - k as f32, 1, bg, line);
    }
    let ink = ink_on(colour);
    let cx = x + w / 2.0;
    let (my, mr) = if mini {
        (y + h * 0.5, w * 0.4)
    } else {
        (y + h * 0.47, w * 0.34)
    };
    let medal = Shape::Circle(v2(cx, my), mr);
    crate::render::canvas::fill_outlined(img, &medal, CREAM, edge, (w / 50.0).clamp(1.0, 2.0));
    let pen = Pen::new(v2(cx, my), mr * 1.62);
    match card {
        Card::Person { value, .. } => {
            let s = if mini { w * 0.62 } else { w * 0.5 };
            text::draw_centred(img, &value.to_string(), cx, my, style(s, true), edge);
        }
        Card::Animal(sp) => match sp {
            Species::Pig => glyphs::pig(img, pen),
            Species::Cow => glyphs::cow(img, pen),
            Species::Horse => glyphs::horse(img, pen),
            Species::Sheep => glyphs::sheep(img, pen),
        },
        Card::Building(b) => match b {
            Building::Castle => glyphs::castle(img, pen),
            Building::Chapel => glyphs::chapel(img, pen),
            Building::Inn => glyphs::inn(img, pen),
            Building::Farmhouse => glyphs::farmhouse(img, pen),
        },
        Card::Dragon => glyphs::dragon(img, pen),
        Card::Fairy => glyphs::fairy(img, pen),
        Card::AnimalJoker | Card::BuildingJoker => {
            let pale = Colour::ALL.map(|c| mix(card_colour(Some(c)), palette::WHITE, 0.55));
            glyphs::quartered(img, Pen::new(v2(cx, my), 1.0), mr - 0.5, pale);
            if card == Card::AnimalJoker {
                glyphs::animal_joker(img, pen);
            } else {
                glyphs::building_joker(img, pen);
            }
        }
    }
    if mini {
        return;
    }
    // The top: the row's name, or four colour dots on a joker (any row).
    let top_y = y + h * 0.115;
    match colour {
        Some(c) => {
            let word = super::words::area(lang, c).to_uppercase();
            let size = fit_size(&word, true, w * 0.15, w * 0.8);
            text::draw_centred(img, &word, cx, top_y, style(size, true), ink);
        }
        None => {
            let d = w * 0.1;
            for (i, c) in Colour::ALL.into_iter().enumerate() {
                let dx = (i as f32 - 1.5) * d * 1.25;
                let dot = Shape::Circle(v2(cx + dx, top_y), d / 2.0);
                crate::render::canvas::fill_outlined(
                    img,
                    &dot,
                    card_colour(Some(c)),
                    palette::WHITE,
                    1.0,
                );
            }
        }
    }
    // The bottom: what the card is; a person's value as small figures.
    let bottom_y = y + h * 0.86;
    if let Card::Person { value, .. } = card {
        let step = w * 0.2;
        for i in 0..value {
            let fx = cx + (i as f32 - (value - 1) as f32 / 2.0) * step;
            person_pip(img, fx, bottom_y, w * 0.16, ink, edge);
        }
    } else {
        let word = super::words::face_word(lang, card);
        let size = fit_size(&word, true, w * 0.155, w * 0.86);
        text::draw_centred(img, &word, cx, bottom_y, style(size, true), ink);
    }
}

/// A small standing person (head and shoulders), `s` pixels tall, centred on `(x, y)`.
fn person_pip(img: &mut RgbaImage, x: f32, y: f32, s: f32, fill: Rgb, line: Rgb) {
    let pen = Pen::new(v2(x, y), s);
    let shape = Shape::Union(vec![
        pen.circle(0.0, -0.26, 0.2),
        Shape::Minus(
            Box::new(pen.ellipse(0.0, 0.42, 0.36, 0.5)),
            Box::new(pen.rect(-1.0, 0.5, 1.0, 2.0, 0.0)),
        ),
    ]);
    crate::render::canvas::fill_outlined(img, &shape, fill, line, 1.0);
}

fn paint_back(img: &mut RgbaImage, r: Rect, laid_by: Option<Player>, lang: Lang) {
    framed(img, r, radius(r.w), edge_width(r.w), BACK, BACK_EDGE);
    // The lattice, crisp (one colour, no blending), inside a margin.
    let m = (r.w as f32 * 0.09).round() as i32;
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    for v in m..r.h - m {
        for u in m..r.w - m {
            let (px, py) = (r.x + u, r.y + v);
            if on_lattice(u, v) && px >= 0 && py >= 0 && px < iw && py < ih {
                img.put_pixel(px as u32, py as u32, BACK_LATTICE);
            }
        }
    }
    let w = r.w as f32;
    let cx = r.x as f32 + w / 2.0;
    let h = r.h as f32;
    // A diamond in the middle, so that no back ever looks like a face.
    let pen = Pen::new(v2(cx, r.y as f32 + h * 0.42), w * 0.5);
    let diamond = pen.poly(&[(0.0, -0.4), (0.3, 0.0), (0.0, 0.4), (-0.3, 0.0)]);
    crate::render::canvas::fill_outlined(img, &diamond, rgb(196, 160, 110), BACK_EDGE, 1.5);
    let inner = pen.poly(&[(0.0, -0.22), (0.16, 0.0), (0.0, 0.22), (-0.16, 0.0)]);
    fill_shape(img, &inner, BACK);
    if let Some(p) = laid_by {
        player_token(img, (p, lang), cx, r.y as f32 + h * 0.8, w * 0.17);
    }
}

/// A disc in a player's colour with the colour's letter in `lang`: who laid a face-down
/// card.
pub fn player_token(img: &mut RgbaImage, (seat, lang): (Player, Lang), cx: f32, cy: f32, r: f32) {
    let c = PlayerColour::of_seat(seat);
    let disc = Shape::Circle(v2(cx, cy), r);
    crate::render::canvas::fill_outlined(
        img,
        &disc,
        palette::player(c),
        palette::player_outline(c),
        (r / 8.0).clamp(1.0, 2.0),
    );
    let letter = crate::render::figures::colour_letter(lang, c).to_string();
    text::draw_centred(
        img,
        &letter,
        cx,
        cy,
        style((r * 1.3).max(7.0), true),
        palette::player_letter(c),
    );
}
