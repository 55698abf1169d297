//! Small anti-aliased raster primitives on an opaque `RgbaImage`.
//!
//! Shapes are signed distance functions in pixel units (negative inside); a pixel's
//! coverage is `0.5 - distance` clamped to `0..=1`, which gives one pixel of smooth edge
//! at any scale without supersampling. Pixel centres are at `i + 0.5`.

use image::{Rgba, RgbaImage};

/// A colour with straight (non-premultiplied) alpha.
pub type Colour = Rgba<u8>;

pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
    Rgba([r, g, b, 255])
}

pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Colour {
    Rgba([r, g, b, a])
}

/// `c` with its alpha multiplied by `a` (0..1).
pub fn with_alpha(c: Colour, a: f32) -> Colour {
    Rgba([
        c[0],
        c[1],
        c[2],
        (c[3] as f32 * a.clamp(0.0, 1.0)).round() as u8,
    ])
}

/// Linear mix of two colours, `t = 0` gives `a`.
pub fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    let t = t.clamp(0.0, 1.0);
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Rgba([m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2]), m(a[3], b[3])])
}

/// Blends `c` (with its alpha times `cov`) over the pixel; the pixel stays opaque.
#[inline]
pub fn blend(img: &mut RgbaImage, x: i32, y: i32, c: Colour, cov: f32) {
    if x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return;
    }
    let a = cov * c[3] as f32 / 255.0;
    if a <= 0.0 {
        return;
    }
    let p = img.get_pixel_mut(x as u32, y as u32);
    if a >= 1.0 {
        *p = Rgba([c[0], c[1], c[2], 255]);
        return;
    }
    for i in 0..3 {
        p[i] = (p[i] as f32 + (c[i] as f32 - p[i] as f32) * a).round() as u8;
    }
    p[3] = 255;
}

/// Fills a pixel rectangle `[x0, x1) x [y0, y1)` (clipped) with a colour, blended by its
/// alpha.
pub fn fill_rect(img: &mut RgbaImage, x0: i32, y0: i32, x1: i32, y1: i32, c: Colour) {
    let x0 = x0.max(0);
    let y0 = y0.max(0);
    let x1 = x1.min(img.width() as i32);
    let y1 = y1.min(img.height() as i32);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    if c[3] == 255 {
        let w = img.width() as usize;
        let buf: &mut [u8] = img.as_mut();
        for y in y0..y1 {
            let row =
                &mut buf[(y as usize * w + x0 as usize) * 4..(y as usize * w + x1 as usize) * 4];
            for px in row.chunks_exact_mut(4) {
                px.copy_from_slice(&c.0);
            }
        }
    } else {
        for y in y0..y1 {
            for x in x0..x1 {
                blend(img, x, y, c, 1.0);
            }
        }
    }
}

/// Outline of a pixel rectangle, `t` pixels thick, inside `[x0, x1) x [y0, y1)`.
pub fn stroke_rect(img: &mut RgbaImage, x0: i32, y0: i32, x1: i32, y1: i32, t: i32, c: Colour) {
    fill_rect(img, x0, y0, x1, y0 + t, c);
    fill_rect(img, x0, y1 - t, x1, y1, c);
    fill_rect(img, x0, y0 + t, x0 + t, y1 - t, c);
    fill_rect(img, x1 - t, y0 + t, x1, y1 - t, c);
}

/// Copies `src` onto `dst` at `(x, y)`, clipped, ignoring alpha (sprites are opaque).
pub fn blit(dst: &mut RgbaImage, src: &RgbaImage, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let x0 = x.max(0);
    let x1 = (x + sw).min(dw);
    if x0 >= x1 {
        return;
    }
    let sbuf: &[u8] = src.as_ref();
    let dbuf: &mut [u8] = dst.as_mut();
    for sy in 0..sh {
        let dy = y + sy;
        if dy < 0 || dy >= dh {
            continue;
        }
        let s0 = ((sy * sw + (x0 - x)) * 4) as usize;
        let d0 = ((dy * dw + x0) * 4) as usize;
        let n = ((x1 - x0) * 4) as usize;
        dbuf[d0..d0 + n].copy_from_slice(&sbuf[s0..s0 + n]);
    }
}

/// Blends `src` onto `dst` at `(x, y)` with a global opacity, using `src`'s alpha.
pub fn blit_blend(dst: &mut RgbaImage, src: &RgbaImage, x: i32, y: i32, opacity: f32) {
    for (sx, sy, p) in src.enumerate_pixels() {
        blend(dst, x + sx as i32, y + sy as i32, *p, opacity);
    }
}

// ----- geometry -----

#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct V2 {
    pub x: f32,
    pub y: f32,
}

pub const fn v2(x: f32, y: f32) -> V2 {
    V2 { x, y }
}

impl V2 {
    pub fn dot(self, o: V2) -> f32 {
        self.x * o.x + self.y * o.y
    }
    pub fn len(self) -> f32 {
        self.dot(self).sqrt()
    }
    pub fn dist(self, o: V2) -> f32 {
        (self - o).len()
    }
    pub fn lerp(self, o: V2, t: f32) -> V2 {
        self + (o - self) * t
    }
    pub fn norm(self) -> V2 {
        let l = self.len();
        if l > 0.0 { self * (1.0 / l) } else { self }
    }
    /// A quarter turn clockwise in screen coordinates (y down).
    pub fn perp(self) -> V2 {
        v2(-self.y, self.x)
    }
}

impl std::ops::Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        v2(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        v2(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::Mul<f32> for V2 {
    type Output = V2;
    fn mul(self, k: f32) -> V2 {
        v2(self.x * k, self.y * k)
    }
}

impl std::ops::Neg for V2 {
    type Output = V2;
    fn neg(self) -> V2 {
        v2(-self.x, -self.y)
    }
}

/// Distance from `p` to the segment `a`-`b`.
#[inline]
pub fn seg_dist(p: V2, a: V2, b: V2) -> f32 {
    let ab = b - a;
    let l2 = ab.dot(ab);
    let t = if l2 > 0.0 {
        ((p - a).dot(ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.dist(a + ab * t)
}

/// Distance from `p` to a polyline.
pub fn polyline_dist(p: V2, pts: &[V2]) -> f32 {
    match pts.len() {
        0 => f32::INFINITY,
        1 => p.dist(pts[0]),
        _ => pts
            .windows(2)
            .map(|w| seg_dist(p, w[0], w[1]))
            .fold(f32::INFINITY, f32::min),
    }
}

/// A drawable shape in pixel coordinates.
#[derive(Clone, Debug)]
pub enum Shape {
    Circle(V2, f32),
    Ellipse(V2, f32, f32),
    /// A thick line with round ends: `a`, `b`, radius.
    Capsule(V2, V2, f32),
    /// A closed polygon (any winding, may be concave).
    Poly(Vec<V2>),
    /// Axis-aligned box: centre, half sizes, corner radius.
    RoundRect(V2, V2, f32),
    Union(Vec<Shape>),
    /// `a` minus `b`.
    Minus(Box<Shape>, Box<Shape>),
}

impl Shape {
    /// Signed distance (negative inside), in pixels.
    pub fn sd(&self, p: V2) -> f32 {
        match self {
            Shape::Circle(c, r) => p.dist(*c) - r,
            Shape::Ellipse(c, rx, ry) => {
                // |q| - 1 divided by the length of its gradient: a first-order distance.
                let q = v2((p.x - c.x) / rx, (p.y - c.y) / ry);
                let l = q.len();
                let g = v2(q.x / rx, q.y / ry).len();
                if l > 1e-4 && g > 1e-6 {
                    ((l - 1.0) * l / g).max(-rx.min(*ry))
                } else {
                    -rx.min(*ry)
                }
            }
            Shape::Capsule(a, b, r) => seg_dist(p, *a, *b) - r,
            Shape::Poly(pts) => poly_sd(p, pts),
            Shape::RoundRect(c, h, r) => {
                let q = v2((p.x - c.x).abs() - h.x + r, (p.y - c.y).abs() - h.y + r);
                let outside = v2(q.x.max(0.0), q.y.max(0.0)).len();
                outside + q.x.max(q.y).min(0.0) - r
            }
            Shape::Union(v) => v.iter().map(|s| s.sd(p)).fold(f32::INFINITY, f32::min),
            Shape::Minus(a, b) => a.sd(p).max(-b.sd(p)),
        }
    }

    /// Bounding box `(x0, y0, x1, y1)` in pixels.
    pub fn bbox(&self) -> (f32, f32, f32, f32) {
        match self {
            Shape::Circle(c, r) => (c.x - r, c.y - r, c.x + r, c.y + r),
            Shape::Ellipse(c, rx, ry) => (c.x - rx, c.y - ry, c.x + rx, c.y + ry),
            Shape::Capsule(a, b, r) => (
                a.x.min(b.x) - r,
                a.y.min(b.y) - r,
                a.x.max(b.x) + r,
                a.y.max(b.y) + r,
            ),
            Shape::Poly(pts) => pts.iter().fold(
                (
                    f32::INFINITY,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NEG_INFINITY,
                ),
                |b, p| (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y)),
            ),
            Shape::RoundRect(c, h, _) => (c.x - h.x, c.y - h.y, c.x + h.x, c.y + h.y),
            Shape::Union(v) => v.iter().map(|s| s.bbox()).fold(
                (
                    f32::INFINITY,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NEG_INFINITY,
                ),
                |b, s| (b.0.min(s.0), b.1.min(s.1), b.2.max(s.2), b.3.max(s.3)),
            ),
            Shape::Minus(a, _) => a.bbox(),
        }
    }
}

/// Signed distance to a polygon (even-odd rule).
fn poly_sd(p: V2, pts: &[V2]) -> f32 {
    let n = pts.len();
    if n < 3 {
        return f32::INFINITY;
    }
    let mut d = f32::INFINITY;
    let mut inside = false;
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (pts[j], pts[i]);
        d = d.min(seg_dist(p, a, b));
        if (b.y > p.y) != (a.y > p.y) && p.x < (a.x - b.x) * (p.y - b.y) / (a.y - b.y) + b.x {
            inside = !inside;
        }
        j = i;
    }
    if inside { -d } else { d }
}

/// Fills a shape; `grow` enlarges it by that many pixels (an outline is a grown shape
/// drawn first in a darker colour).
pub fn fill_shape_grown(img: &mut RgbaImage, s: &Shape, c: Colour, grow: f32) {
    let (x0, y0, x1, y1) = s.bbox();
    let pad = grow.max(0.0) + 1.0;
    let xa = (x0 - pad).floor() as i32;
    let ya = (y0 - pad).floor() as i32;
    let xb = (x1 + pad).ceil() as i32;
    let yb = (y1 + pad).ceil() as i32;
    let xa = xa.max(0);
    let ya = ya.max(0);
    let xb = xb.min(img.width() as i32);
    let yb = yb.min(img.height() as i32);
    for y in ya..yb {
        for x in xa..xb {
            let d = s.sd(v2(x as f32 + 0.5, y as f32 + 0.5)) - grow;
            let cov = (0.5 - d).clamp(0.0, 1.0);
            if cov > 0.0 {
                blend(img, x, y, c, cov);
            }
        }
    }
}

pub fn fill_shape(img: &mut RgbaImage, s: &Shape, c: Colour) {
    fill_shape_grown(img, s, c, 0.0);
}

/// Fills a shape with an outline of width `w` around it (outside the shape).
pub fn fill_outlined(img: &mut RgbaImage, s: &Shape, fill: Colour, outline: Colour, w: f32) {
    if w > 0.0 {
        fill_shape_grown(img, s, outline, w);
    }
    fill_shape(img, s, fill);
}

/// Strokes a polyline with round joins.
pub fn stroke_polyline(img: &mut RgbaImage, pts: &[V2], width: f32, c: Colour) {
    let r = width / 2.0;
    let shape = Shape::Union(
        pts.windows(2)
            .map(|w| Shape::Capsule(w[0], w[1], r))
            .collect(),
    );
    fill_shape(img, &shape, c);
}

/// Strokes the outline of a shape (a ring of width `w` centred on its border).
pub fn stroke_shape(img: &mut RgbaImage, s: &Shape, w: f32, c: Colour) {
    let (x0, y0, x1, y1) = s.bbox();
    let pad = w + 1.0;
    let xa = ((x0 - pad).floor() as i32).max(0);
    let ya = ((y0 - pad).floor() as i32).max(0);
    let xb = ((x1 + pad).ceil() as i32).min(img.width() as i32);
    let yb = ((y1 + pad).ceil() as i32).min(img.height() as i32);
    for y in ya..yb {
        for x in xa..xb {
            let d = s.sd(v2(x as f32 + 0.5, y as f32 + 0.5)).abs() - w / 2.0;
            let cov = (0.5 - d).clamp(0.0, 1.0);
            if cov > 0.0 {
                blend(img, x, y, c, cov);
            }
        }
    }
}

/// Regular polygon / star points around `c`: `n` points, radii alternate `r0`, `r1`.
pub fn star(c: V2, n: usize, r0: f32, r1: f32, turn: f32) -> Vec<V2> {
    (0..2 * n)
        .map(|i| {
            let a = turn + std::f32::consts::PI * i as f32 / n as f32;
            let r = if i % 2 == 0 { r0 } else { r1 };
            v2(c.x + r * a.sin(), c.y - r * a.cos())
        })
        .collect()
}

/// Desaturates and lightens an image region in place (for "not available" things).
pub fn grey_out(img: &mut RgbaImage, x0: i32, y0: i32, x1: i32, y1: i32, amount: f32) {
    let x0 = x0.max(0) as u32;
    let y0 = y0.max(0) as u32;
    let x1 = (x1.max(0) as u32).min(img.width());
    let y1 = (y1.max(0) as u32).min(img.height());
    for y in y0..y1 {
        for x in x0..x1 {
            let p = img.get_pixel_mut(x, y);
            let l = 0.3 * p[0] as f32 + 0.59 * p[1] as f32 + 0.11 * p[2] as f32;
            let g = l + (235.0 - l) * 0.55;
            for i in 0..3 {
                p[i] = (p[i] as f32 + (g - p[i] as f32) * amount).round() as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_cover_their_inside_only() {
        let mut img = RgbaImage::from_pixel(20, 20, rgb(255, 255, 255));
        fill_shape(&mut img, &Shape::Circle(v2(10.0, 10.0), 5.0), rgb(0, 0, 0));
        assert_eq!(*img.get_pixel(10, 10), rgb(0, 0, 0));
        assert_eq!(*img.get_pixel(1, 1), rgb(255, 255, 255));
        let sq = Shape::Poly(vec![v2(2.0, 2.0), v2(8.0, 2.0), v2(8.0, 8.0), v2(2.0, 8.0)]);
        assert!(sq.sd(v2(5.0, 5.0)) < 0.0);
        assert!(sq.sd(v2(9.0, 5.0)) > 0.0);
        let e = Shape::Ellipse(v2(10.0, 10.0), 6.0, 3.0);
        assert!(e.sd(v2(15.0, 10.0)) < 0.0);
        assert!(e.sd(v2(10.0, 14.0)) > 0.0);
    }

    #[test]
    fn blending_mixes_and_keeps_opaque() {
        let mut img = RgbaImage::from_pixel(1, 1, rgb(0, 0, 0));
        blend(&mut img, 0, 0, rgba(255, 255, 255, 128), 1.0);
        let p = img.get_pixel(0, 0);
        assert!((120..=136).contains(&p[0]));
        assert_eq!(p[3], 255);
    }
}
