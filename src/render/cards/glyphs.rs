//! Small procedural pictures for the card faces: the four species, the four buildings,
//! the dragon, the fairy, the two jokers, the four row symbols, a chest and a crown.
//!
//! Every glyph is drawn into a square box of `s` pixels centred on `c`; its shapes are
//! written in box units (`-0.5..0.5`, y down) and mapped by [`Pen`].

use crate::render::canvas::{Colour as Rgb, Shape, V2, fill_outlined, fill_shape, rgb, star, v2};
use image::RgbaImage;

/// Maps box units to pixels.
#[derive(Clone, Copy)]
pub struct Pen {
    pub c: V2,
    pub s: f32,
}

impl Pen {
    pub fn new(c: V2, s: f32) -> Pen {
        Pen { c, s }
    }

    pub fn p(&self, x: f32, y: f32) -> V2 {
        v2(self.c.x + x * self.s, self.c.y + y * self.s)
    }

    pub fn len(&self, l: f32) -> f32 {
        l * self.s
    }

    pub fn circle(&self, x: f32, y: f32, r: f32) -> Shape {
        Shape::Circle(self.p(x, y), self.len(r))
    }

    pub fn ellipse(&self, x: f32, y: f32, rx: f32, ry: f32) -> Shape {
        Shape::Ellipse(self.p(x, y), self.len(rx), self.len(ry))
    }

    /// A box from its corners, with rounded corners of radius `r`.
    pub fn rect(&self, x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Shape {
        Shape::RoundRect(
            self.p((x0 + x1) / 2.0, (y0 + y1) / 2.0),
            v2(self.len((x1 - x0) / 2.0), self.len((y1 - y0) / 2.0)),
            self.len(r),
        )
    }

    pub fn poly(&self, pts: &[(f32, f32)]) -> Shape {
        Shape::Poly(pts.iter().map(|&(x, y)| self.p(x, y)).collect())
    }

    pub fn line(&self, a: (f32, f32), b: (f32, f32), r: f32) -> Shape {
        Shape::Capsule(self.p(a.0, a.1), self.p(b.0, b.1), self.len(r))
    }

    /// Outline width for this glyph size.
    pub fn stroke(&self) -> f32 {
        (self.s * 0.022).clamp(0.8, 2.2)
    }

    /// Fills with a dark outline around.
    pub fn draw(&self, img: &mut RgbaImage, s: &Shape, fill: Rgb, outline: Rgb) {
        fill_outlined(img, s, fill, outline, self.stroke());
    }
}

/// `a` cut to the inside of `b`.
fn intersect(a: Shape, b: Shape) -> Shape {
    let big = Shape::RoundRect(v2(0.0, 0.0), v2(1.0e5, 1.0e5), 0.0);
    Shape::Minus(
        Box::new(a),
        Box::new(Shape::Minus(Box::new(big), Box::new(b))),
    )
}

const EYE: Rgb = rgb(24, 20, 20);

pub fn pig(img: &mut RgbaImage, pen: Pen) {
    let fill = rgb(244, 168, 178);
    let dark = rgb(214, 120, 136);
    let line = rgb(96, 40, 52);
    for x in [-0.17, -0.07, 0.13, 0.24] {
        pen.draw(
            img,
            &pen.rect(x - 0.04, 0.14, x + 0.04, 0.34, 0.02),
            dark,
            line,
        );
    }
    pen.draw(
        img,
        &pen.line((0.34, 0.0), (0.43, -0.06), 0.022),
        fill,
        line,
    );
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.ellipse(0.06, 0.04, 0.31, 0.19),
            pen.circle(-0.23, -0.03, 0.15),
        ]),
        fill,
        line,
    );
    pen.draw(
        img,
        &pen.poly(&[(-0.29, -0.13), (-0.21, -0.27), (-0.13, -0.12)]),
        dark,
        line,
    );
    pen.draw(img, &pen.ellipse(-0.38, 0.0, 0.06, 0.07), dark, line);
    fill_shape(img, &pen.circle(-0.395, -0.02, 0.012), line);
    fill_shape(img, &pen.circle(-0.395, 0.025, 0.012), line);
    fill_shape(img, &pen.circle(-0.26, -0.07, 0.022), EYE);
}

pub fn cow(img: &mut RgbaImage, pen: Pen) {
    let fill = rgb(250, 248, 240);
    let line = rgb(40, 36, 34);
    let spot = rgb(44, 40, 38);
    let pink = rgb(238, 170, 162);
    for x in [-0.14, -0.04, 0.2, 0.3] {
        pen.draw(
            img,
            &pen.rect(x - 0.035, 0.12, x + 0.035, 0.36, 0.015),
            fill,
            line,
        );
        fill_shape(img, &pen.rect(x - 0.035, 0.31, x + 0.035, 0.36, 0.01), spot);
    }
    pen.draw(
        img,
        &pen.line((0.36, -0.08), (0.41, 0.16), 0.014),
        fill,
        line,
    );
    fill_shape(img, &pen.ellipse(0.41, 0.18, 0.03, 0.04), spot);
    let body = pen.rect(-0.22, -0.14, 0.38, 0.2, 0.09);
    pen.draw(img, &body, fill, line);
    for (x, y, rx, ry) in [
        (0.04, -0.07, 0.1, 0.07),
        (0.25, 0.06, 0.07, 0.09),
        (-0.12, 0.11, 0.06, 0.05),
    ] {
        fill_shape(
            img,
            &intersect(pen.ellipse(x, y, rx, ry), body.clone()),
            spot,
        );
    }
    pen.draw(img, &pen.ellipse(0.17, 0.22, 0.06, 0.04), pink, line);
    // Horns, ears, head, muzzle.
    let horn = rgb(236, 222, 186);
    pen.draw(
        img,
        &pen.line((-0.35, -0.2), (-0.42, -0.3), 0.02),
        horn,
        line,
    );
    pen.draw(
        img,
        &pen.line((-0.23, -0.2), (-0.18, -0.3), 0.02),
        horn,
        line,
    );
    pen.draw(img, &pen.ellipse(-0.43, -0.14, 0.06, 0.03), fill, line);
    pen.draw(img, &pen.ellipse(-0.15, -0.14, 0.06, 0.03), fill, line);
    pen.draw(img, &pen.ellipse(-0.29, -0.08, 0.11, 0.14), fill, line);
    fill_shape(
        img,
        &intersect(
            pen.ellipse(-0.27, -0.16, 0.07, 0.06),
            pen.ellipse(-0.29, -0.08, 0.11, 0.14),
        ),
        spot,
    );
    pen.draw(img, &pen.ellipse(-0.29, 0.04, 0.1, 0.065), pink, line);
    fill_shape(img, &pen.circle(-0.33, 0.04, 0.013), line);
    fill_shape(img, &pen.circle(-0.25, 0.04, 0.013), line);
    fill_shape(img, &pen.circle(-0.34, -0.07, 0.02), EYE);
    fill_shape(img, &pen.circle(-0.24, -0.07, 0.02), EYE);
}

pub fn horse(img: &mut RgbaImage, pen: Pen) {
    let fill = rgb(166, 104, 58);
    let dark = rgb(84, 50, 28);
    let line = rgb(48, 28, 16);
    for x in [-0.1, -0.01, 0.2, 0.29] {
        pen.draw(
            img,
            &pen.rect(x - 0.03, 0.1, x + 0.03, 0.38, 0.015),
            fill,
            line,
        );
        fill_shape(img, &pen.rect(x - 0.03, 0.34, x + 0.03, 0.38, 0.01), dark);
    }
    pen.draw(
        img,
        &pen.poly(&[(0.32, -0.06), (0.44, 0.02), (0.45, 0.24), (0.36, 0.1)]),
        dark,
        line,
    );
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.ellipse(0.09, 0.02, 0.27, 0.14),
            pen.poly(&[(-0.2, 0.02), (-0.25, -0.3), (-0.12, -0.34), (0.0, -0.04)]),
            pen.line((-0.2, -0.3), (-0.39, -0.14), 0.075),
        ]),
        fill,
        line,
    );
    pen.draw(
        img,
        &pen.poly(&[(-0.2, -0.36), (-0.17, -0.46), (-0.12, -0.34)]),
        fill,
        line,
    );
    pen.draw(
        img,
        &pen.poly(&[
            (-0.16, -0.38),
            (-0.06, -0.3),
            (0.04, -0.06),
            (-0.02, -0.04),
            (-0.12, -0.28),
        ]),
        dark,
        line,
    );
    fill_shape(img, &pen.circle(-0.24, -0.27, 0.022), EYE);
    fill_shape(img, &pen.circle(-0.41, -0.13, 0.014), line);
}

pub fn sheep(img: &mut RgbaImage, pen: Pen) {
    let wool = rgb(252, 250, 242);
    let face = rgb(58, 54, 54);
    let line = rgb(60, 56, 52);
    for x in [-0.1, 0.0, 0.18, 0.27] {
        pen.draw(
            img,
            &pen.rect(x - 0.03, 0.12, x + 0.03, 0.37, 0.015),
            face,
            line,
        );
    }
    let puffs: Vec<Shape> = [
        (-0.06, -0.1),
        (0.08, -0.13),
        (0.22, -0.09),
        (0.31, 0.02),
        (0.22, 0.13),
        (0.06, 0.15),
        (-0.08, 0.11),
        (-0.14, 0.0),
    ]
    .into_iter()
    .map(|(x, y)| pen.circle(x, y, 0.11))
    .chain([pen.ellipse(0.08, 0.01, 0.22, 0.13)])
    .collect();
    pen.draw(img, &Shape::Union(puffs), wool, line);
    pen.draw(img, &pen.ellipse(-0.2, -0.1, 0.07, 0.035), face, line);
    pen.draw(img, &pen.ellipse(-0.29, -0.04, 0.1, 0.13), face, line);
    pen.draw(img, &pen.circle(-0.24, -0.15, 0.07), wool, line);
    fill_shape(img, &pen.circle(-0.31, -0.06, 0.022), rgb(250, 250, 250));
}

const STONE: Rgb = rgb(206, 208, 218);
const STONE_LINE: Rgb = rgb(44, 46, 66);
const DOOR: Rgb = rgb(70, 50, 40);

/// A box with merlons on top: `(x0, y0, x1, y1)`, `n` merlons.
fn crenellated(pen: &Pen, x0: f32, y0: f32, x1: f32, y1: f32, n: usize) -> Shape {
    let mut pts = vec![(x0, y1), (x0, y0)];
    let w = (x1 - x0) / (2 * n - 1) as f32;
    let d = w * 0.9;
    for i in 0..(2 * n - 1) {
        let xa = x0 + i as f32 * w;
        let up = i % 2 == 0;
        let y = if up { y0 } else { y0 + d };
        pts.push((xa, y));
        pts.push((xa + w, y));
    }
    pts.push((x1, y0));
    pts.push((x1, y1));
    pen.poly(&pts)
}

pub fn castle(img: &mut RgbaImage, pen: Pen) {
    // The keep with its flag, behind.
    pen.draw(
        img,
        &pen.line((0.0, -0.3), (0.0, -0.47), 0.012),
        STONE_LINE,
        STONE_LINE,
    );
    pen.draw(
        img,
        &pen.poly(&[(0.01, -0.47), (0.17, -0.42), (0.01, -0.37)]),
        rgb(52, 104, 196),
        STONE_LINE,
    );
    pen.draw(
        img,
        &crenellated(&pen, -0.13, -0.32, 0.13, 0.05, 3),
        STONE,
        STONE_LINE,
    );
    pen.draw(
        img,
        &crenellated(&pen, -0.3, -0.06, 0.3, 0.4, 5),
        STONE,
        STONE_LINE,
    );
    for x in [-0.3, 0.3] {
        pen.draw(
            img,
            &crenellated(&pen, x - 0.12, -0.24, x + 0.12, 0.4, 3),
            STONE,
            STONE_LINE,
        );
        fill_shape(
            img,
            &pen.rect(x - 0.025, -0.08, x + 0.025, 0.02, 0.02),
            DOOR,
        );
    }
    fill_shape(img, &pen.rect(-0.02, -0.22, 0.02, -0.13, 0.02), DOOR);
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.rect(-0.09, 0.2, 0.09, 0.4, 0.0),
            pen.circle(0.0, 0.2, 0.09),
        ]),
        DOOR,
        STONE_LINE,
    );
}

pub fn chapel(img: &mut RgbaImage, pen: Pen) {
    let wall = rgb(246, 236, 212);
    let roof = rgb(178, 62, 44);
    let line = rgb(60, 40, 30);
    pen.draw(img, &pen.rect(-0.36, 0.0, 0.16, 0.4, 0.0), wall, line);
    pen.draw(
        img,
        &pen.poly(&[(-0.42, 0.03), (-0.1, -0.2), (0.2, 0.03)]),
        roof,
        line,
    );
    pen.draw(img, &pen.rect(0.1, -0.2, 0.34, 0.4, 0.0), wall, line);
    pen.draw(
        img,
        &pen.poly(&[(0.07, -0.18), (0.22, -0.4), (0.37, -0.18)]),
        roof,
        line,
    );
    let gold = rgb(214, 160, 30);
    fill_shape(img, &pen.line((0.22, -0.4), (0.22, -0.5), 0.014), line);
    fill_shape(img, &pen.line((0.18, -0.465), (0.26, -0.465), 0.014), line);
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.rect(0.17, -0.09, 0.27, 0.0, 0.0),
            pen.circle(0.22, -0.09, 0.05),
        ]),
        gold,
        line,
    );
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.rect(-0.17, 0.22, -0.03, 0.4, 0.0),
            pen.circle(-0.1, 0.22, 0.07),
        ]),
        DOOR,
        line,
    );
    pen.draw(img, &pen.circle(-0.1, 0.07, 0.045), gold, line);
}

pub fn inn(img: &mut RgbaImage, pen: Pen) {
    let wall = rgb(244, 230, 200);
    let timber = rgb(104, 62, 36);
    let roof = rgb(128, 46, 38);
    let line = rgb(54, 30, 20);
    pen.draw(img, &pen.rect(-0.2, -0.34, -0.1, -0.12, 0.0), roof, line);
    pen.draw(img, &pen.rect(-0.38, -0.02, 0.22, 0.4, 0.0), wall, line);
    for (a, b) in [
        ((-0.38, 0.16), (0.22, 0.16)),
        ((-0.22, -0.02), (-0.22, 0.4)),
        ((0.06, -0.02), (0.06, 0.4)),
        ((-0.38, 0.16), (-0.22, -0.02)),
        ((0.06, 0.16), (0.22, -0.02)),
    ] {
        fill_shape(img, &pen.line(a, b, 0.016), timber);
    }
    pen.draw(
        img,
        &pen.poly(&[(-0.45, 0.0), (-0.08, -0.3), (0.29, 0.0)]),
        roof,
        line,
    );
    pen.draw(img, &pen.rect(-0.14, 0.2, -0.02, 0.4, 0.0), DOOR, line);
    pen.draw(
        img,
        &pen.rect(-0.33, 0.22, -0.25, 0.32, 0.0),
        rgb(250, 214, 110),
        line,
    );
    // The sign on its arm, with a mug.
    fill_shape(img, &pen.line((0.22, 0.02), (0.42, 0.02), 0.016), timber);
    fill_shape(img, &pen.line((0.3, 0.02), (0.3, 0.07), 0.008), line);
    fill_shape(img, &pen.line((0.4, 0.02), (0.4, 0.07), 0.008), line);
    pen.draw(img, &pen.rect(0.25, 0.07, 0.45, 0.25, 0.02), timber, line);
    let beer = rgb(246, 196, 40);
    fill_shape(img, &pen.rect(0.31, 0.11, 0.38, 0.22, 0.01), beer);
    fill_shape(
        img,
        &pen.rect(0.31, 0.1, 0.38, 0.13, 0.01),
        rgb(255, 255, 255),
    );
    fill_shape(
        img,
        &Shape::Minus(
            Box::new(pen.circle(0.385, 0.16, 0.035)),
            Box::new(pen.circle(0.385, 0.16, 0.018)),
        ),
        beer,
    );
}

pub fn farmhouse(img: &mut RgbaImage, pen: Pen) {
    let wall = rgb(184, 70, 50);
    let roof = rgb(92, 56, 44);
    let white = rgb(250, 246, 236);
    let line = rgb(50, 26, 20);
    pen.draw(img, &pen.rect(-0.36, -0.04, 0.36, 0.4, 0.0), wall, line);
    pen.draw(
        img,
        &pen.poly(&[
            (-0.43, 0.0),
            (-0.34, -0.22),
            (0.0, -0.38),
            (0.34, -0.22),
            (0.43, 0.0),
        ]),
        roof,
        line,
    );
    pen.draw(img, &pen.rect(-0.07, -0.2, 0.07, -0.08, 0.0), white, line);
    pen.draw(img, &pen.rect(-0.16, 0.1, 0.16, 0.4, 0.0), white, line);
    let door = rgb(150, 54, 40);
    fill_shape(img, &pen.rect(-0.12, 0.14, 0.12, 0.4, 0.0), door);
    fill_shape(img, &pen.line((-0.12, 0.14), (0.12, 0.4), 0.018), white);
    fill_shape(img, &pen.line((0.12, 0.14), (-0.12, 0.4), 0.018), white);
}

pub fn dragon(img: &mut RgbaImage, pen: Pen) {
    let body = rgb(52, 142, 84);
    let wing = rgb(30, 96, 58);
    let line = rgb(18, 44, 28);
    let flame = rgb(240, 110, 30);
    let flame_in = rgb(252, 214, 70);
    pen.draw(
        img,
        &pen.poly(&[
            (-0.34, -0.22),
            (-0.5, -0.32),
            (-0.44, -0.21),
            (-0.52, -0.14),
            (-0.36, -0.16),
        ]),
        flame,
        rgb(150, 50, 10),
    );
    fill_shape(
        img,
        &pen.poly(&[(-0.35, -0.2), (-0.45, -0.22), (-0.36, -0.17)]),
        flame_in,
    );
    pen.draw(
        img,
        &pen.poly(&[
            (0.04, 0.0),
            (0.1, -0.42),
            (0.2, -0.3),
            (0.3, -0.38),
            (0.34, -0.22),
            (0.44, -0.24),
            (0.26, 0.02),
        ]),
        wing,
        line,
    );
    for (a, b) in [((0.0, 0.14), (-0.04, 0.32)), ((0.2, 0.14), (0.24, 0.32))] {
        pen.draw(img, &pen.line(a, b, 0.04), body, line);
    }
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.ellipse(0.1, 0.08, 0.2, 0.12),
            pen.line((-0.04, 0.04), (-0.2, -0.16), 0.06),
            pen.ellipse(-0.26, -0.19, 0.1, 0.06),
            pen.line((0.26, 0.12), (0.38, 0.24), 0.045),
            pen.line((0.38, 0.24), (0.46, 0.12), 0.03),
        ]),
        body,
        line,
    );
    pen.draw(
        img,
        &pen.poly(&[(0.42, 0.1), (0.5, 0.02), (0.48, 0.14)]),
        wing,
        line,
    );
    pen.draw(
        img,
        &pen.poly(&[(-0.24, -0.24), (-0.16, -0.34), (-0.18, -0.22)]),
        flame_in,
        line,
    );
    for (x, y) in [(-0.05, 0.0), (0.04, -0.06), (0.13, -0.06)] {
        fill_shape(
            img,
            &pen.poly(&[(x - 0.03, y), (x, y - 0.06), (x + 0.03, y)]),
            wing,
        );
    }
    fill_shape(img, &pen.circle(-0.26, -0.21, 0.018), EYE);
}

pub fn fairy(img: &mut RgbaImage, pen: Pen) {
    let wing = rgb(176, 226, 248);
    let wing_line = rgb(60, 120, 170);
    let dress = rgb(234, 112, 168);
    let skin = rgb(250, 214, 180);
    let hair = rgb(232, 176, 48);
    let line = rgb(70, 36, 50);
    for (x, y, rx, ry) in [
        (-0.17, -0.12, 0.13, 0.17),
        (0.17, -0.12, 0.13, 0.17),
        (-0.14, 0.12, 0.09, 0.11),
        (0.14, 0.12, 0.09, 0.11),
    ] {
        pen.draw(img, &pen.ellipse(x, y, rx, ry), wing, wing_line);
    }
    pen.draw(
        img,
        &pen.line((-0.03, 0.22), (-0.05, 0.4), 0.022),
        skin,
        line,
    );
    pen.draw(img, &pen.line((0.03, 0.22), (0.05, 0.4), 0.022), skin, line);
    pen.draw(
        img,
        &pen.poly(&[(0.0, -0.1), (-0.14, 0.28), (0.14, 0.28)]),
        dress,
        line,
    );
    pen.draw(
        img,
        &pen.line((0.04, -0.04), (0.2, -0.2), 0.022),
        skin,
        line,
    );
    fill_shape(img, &pen.line((0.2, -0.2), (0.3, -0.3), 0.012), line);
    let gold = rgb(250, 200, 40);
    pen.draw(
        img,
        &Shape::Poly(star(
            pen.p(0.32, -0.33),
            5,
            pen.len(0.1),
            pen.len(0.045),
            0.0,
        )),
        gold,
        rgb(150, 100, 10),
    );
    pen.draw(img, &pen.circle(0.0, -0.2, 0.085), skin, line);
    fill_shape(
        img,
        &intersect(pen.circle(0.0, -0.24, 0.09), pen.circle(0.0, -0.2, 0.095)),
        hair,
    );
}

/// The four colours in quarters of a disc: the background of the jokers' glyphs (they
/// go into any row).
pub fn quartered(img: &mut RgbaImage, pen: Pen, r: f32, colours: [Rgb; 4]) {
    let quads: [(f32, f32); 4] = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
    for ((qx, qy), col) in quads.into_iter().zip(colours) {
        let q = pen.rect(
            qx.min(0.0) * 2.0 * r,
            qy.min(0.0) * 2.0 * r,
            qx.max(0.0) * 2.0 * r,
            qy.max(0.0) * 2.0 * r,
            0.0,
        );
        fill_shape(img, &intersect(pen.circle(0.0, 0.0, r), q), col);
    }
}

/// Any animal: a plain white beast with a star.
pub fn animal_joker(img: &mut RgbaImage, pen: Pen) {
    let fill = rgb(255, 255, 255);
    let line = rgb(40, 34, 40);
    for x in [-0.14, -0.05, 0.15, 0.24] {
        pen.draw(
            img,
            &pen.rect(x - 0.03, 0.08, x + 0.03, 0.3, 0.015),
            fill,
            line,
        );
    }
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.ellipse(0.05, 0.02, 0.26, 0.14),
            pen.line((-0.14, -0.02), (-0.25, -0.16), 0.07),
            pen.ellipse(-0.3, -0.17, 0.1, 0.07),
            pen.line((0.3, -0.02), (0.38, -0.12), 0.02),
        ]),
        fill,
        line,
    );
    pen.draw(
        img,
        &pen.poly(&[(-0.27, -0.22), (-0.22, -0.31), (-0.19, -0.2)]),
        fill,
        line,
    );
    fill_shape(img, &pen.circle(-0.31, -0.19, 0.018), EYE);
    joker_star(img, pen, 0.17, -0.3);
}

/// Any building: a plain white house with a star.
pub fn building_joker(img: &mut RgbaImage, pen: Pen) {
    let fill = rgb(255, 255, 255);
    let line = rgb(40, 34, 40);
    pen.draw(img, &pen.rect(-0.24, -0.04, 0.24, 0.32, 0.0), fill, line);
    pen.draw(
        img,
        &pen.poly(&[(-0.32, -0.0), (0.0, -0.28), (0.32, -0.0)]),
        fill,
        line,
    );
    pen.draw(img, &pen.rect(-0.06, 0.12, 0.06, 0.32, 0.0), DOOR, line);
    joker_star(img, pen, 0.26, -0.26);
}

fn joker_star(img: &mut RgbaImage, pen: Pen, x: f32, y: f32) {
    pen.draw(
        img,
        &Shape::Poly(star(pen.p(x, y), 5, pen.len(0.13), pen.len(0.06), 0.0)),
        rgb(252, 204, 40),
        rgb(130, 90, 10),
    );
}

/// The row symbols, light on the row's colour: a city tower, a cloister's cross, a road,
/// an ear of wheat.
pub fn row_symbol(
    img: &mut RgbaImage,
    colour: crate::cards::Colour,
    pen: Pen,
    fill: Rgb,
    line: Rgb,
) {
    use crate::cards::Colour as C;
    match colour {
        C::Blue => {
            pen.draw(
                img,
                &crenellated(&pen, -0.24, -0.4, 0.24, 0.42, 3),
                fill,
                line,
            );
            fill_shape(
                img,
                &Shape::Union(vec![
                    pen.rect(-0.09, 0.2, 0.09, 0.42, 0.0),
                    pen.circle(0.0, 0.2, 0.09),
                ]),
                line,
            );
            fill_shape(img, &pen.rect(-0.035, -0.16, 0.035, -0.02, 0.03), line);
        }
        C::Yellow => {
            pen.draw(
                img,
                &Shape::Union(vec![
                    pen.rect(-0.07, -0.42, 0.07, 0.42, 0.02),
                    pen.rect(-0.3, -0.18, 0.3, -0.04, 0.02),
                ]),
                fill,
                line,
            );
        }
        C::Red => {
            pen.draw(
                img,
                &pen.poly(&[(-0.12, -0.42), (0.12, -0.42), (0.36, 0.42), (-0.36, 0.42)]),
                fill,
                line,
            );
            for (y0, y1) in [(-0.36, -0.24), (-0.12, 0.04), (0.16, 0.36)] {
                fill_shape(
                    img,
                    &pen.line((0.0, y0), (0.0, y1), 0.018 + y1 * 0.02),
                    line,
                );
            }
        }
        C::Green => {
            pen.draw(img, &pen.line((0.0, -0.3), (0.04, 0.44), 0.025), fill, line);
            for i in 0..4 {
                let y = -0.24 + i as f32 * 0.13;
                for side in [-1.0f32, 1.0] {
                    pen.draw(img, &pen.ellipse(side * 0.08, y, 0.07, 0.045), fill, line);
                }
            }
            pen.draw(img, &pen.ellipse(0.0, -0.36, 0.05, 0.08), fill, line);
        }
    }
}

/// A closed chest (the building cards under it stay hidden).
pub fn chest(img: &mut RgbaImage, pen: Pen) {
    let wood = rgb(156, 98, 48);
    let lid = rgb(128, 76, 36);
    let band = rgb(220, 176, 60);
    let line = rgb(60, 34, 14);
    pen.draw(img, &pen.rect(-0.42, -0.06, 0.42, 0.34, 0.03), wood, line);
    pen.draw(
        img,
        &Shape::Union(vec![
            pen.rect(-0.42, -0.2, 0.42, -0.04, 0.0),
            pen.ellipse(0.0, -0.2, 0.42, 0.14),
        ]),
        lid,
        line,
    );
    for x in [-0.28, 0.28] {
        fill_shape(img, &pen.rect(x - 0.04, -0.3, x + 0.04, 0.34, 0.0), band);
    }
    pen.draw(img, &pen.rect(-0.08, -0.1, 0.08, 0.1, 0.02), band, line);
    fill_shape(img, &pen.circle(0.0, -0.01, 0.025), line);
}

/// A crown for the winners.
pub fn crown(img: &mut RgbaImage, pen: Pen) {
    let gold = rgb(246, 196, 40);
    let line = rgb(140, 96, 10);
    pen.draw(
        img,
        &pen.poly(&[
            (-0.42, 0.3),
            (-0.46, -0.2),
            (-0.2, 0.04),
            (0.0, -0.32),
            (0.2, 0.04),
            (0.46, -0.2),
            (0.42, 0.3),
        ]),
        gold,
        line,
    );
    for (x, y) in [(-0.46, -0.24), (0.0, -0.36), (0.46, -0.24)] {
        pen.draw(img, &pen.circle(x, y, 0.06), gold, line);
    }
    fill_shape(img, &pen.circle(0.0, 0.12, 0.06), rgb(200, 40, 50));
}
