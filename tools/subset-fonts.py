#!/usr/bin/python3
"""Makes the fallback fonts in assets/fonts from Debian's Noto fonts (how they were made;
CI does not run this: the subsets are committed files).

    apt-get install -y python3-fonttools fonts-noto-core fonts-noto-cjk
    /usr/bin/python3 tools/subset-fonts.py

The chain (src/render/fonts.rs) asks DejaVu Sans first, except for the scripts it draws
badly or not at all (Arabic, Hebrew, Devanagari, Thai), whose Noto fonts come first and
keep only their own script. Each font after DejaVu keeps only the characters the fonts
before it lack, so nothing is shipped twice. CJK keeps the ideographs of the common
national sets (GB 2312, Big5 level 1, JIS X 0208) and the Hangul of KS X 1001, without
hinting or layout tables (ab_glyph draws without hints; CJK needs no shaping), about
3 MB a weight instead of 19 MB. Outlines are unhinted throughout for the same reason.
"""

import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

NOTO = "/usr/share/fonts/truetype/noto"
CJK = "/usr/share/fonts/opentype/noto"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "fonts")

# Joiners, direction marks and the dotted circle the shaper puts under a lone mark.
SHAPING = set(range(0x200C, 0x2010)) | {0x25CC, 0x00A0}


def blocks(*ranges):
    out = set()
    for lo, hi in ranges:
        out |= set(range(lo, hi + 1))
    return out


SCRIPTS = [
    ("Arabic", blocks((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF),
                      (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))),
    ("Hebrew", blocks((0x0590, 0x05FF), (0xFB1D, 0xFB4F))),
    ("Devanagari", blocks((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF))),
    ("Thai", blocks((0x0E00, 0x0E7F))),
]


def national_sets():
    """The CJK characters of GB 2312, Big5 level 1, JIS X 0208 and KS X 1001 (its Hangul
    and symbols), read from Python's codecs."""
    def dbcs(codec, leads, trails):
        out = set()
        for a in leads:
            for b in trails:
                try:
                    s = bytes([a, b]).decode(codec)
                except UnicodeDecodeError:
                    continue
                if len(s) == 1:
                    out.add(ord(s))
        return out

    big5_trails = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
    hanja = blocks((0x4E00, 0x9FFF), (0xF900, 0xFAFF))
    korean = dbcs("euc_kr", range(0xA1, 0xFF), range(0xA1, 0xFF)) - hanja
    return (dbcs("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
            | dbcs("big5", range(0xA4, 0xC7), big5_trails)
            | dbcs("euc_jp", range(0xA1, 0xFF), range(0xA1, 0xFF))
            | korean
            # CJK punctuation, kana, Hangul letters, half- and fullwidth forms.
            | blocks((0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF),
                     (0xFF00, 0xFFEF)))


def cmap(path, number=0):
    return set(TTFont(path, fontNumber=number, lazy=True).getBestCmap())


def make(src, out, unicodes, number=0, layout=True):
    options = subset.Options()
    options.hinting = False
    options.font_number = number
    options.name_languages = ["*"]
    if not layout:
        options.layout_features = []
    else:
        options.layout_features = ["*"]
    font = subset.load_font(src, options)
    have = set(font.getBestCmap())
    keep = sorted(unicodes & have)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=keep)
    sub.subset(font)
    path = os.path.join(OUT, out)
    subset.save_font(font, path, options)
    print(f"{out}: {len(keep)} characters, {os.path.getsize(path)} bytes")
    return set(keep), font["name"].getDebugName(0)


def main():
    covered = cmap(os.path.join(OUT, "DejaVuSans.ttf")) | cmap(os.path.join(OUT, "NotoEmoji-Regular.ttf"))
    notices = {}
    for script, chars in SCRIPTS:
        for weight in ["Regular", "Bold"]:
            name = f"NotoSans{script}-{weight}"
            _, notice = make(f"{NOTO}/{name}.ttf", f"{name}.subset.ttf", chars | SHAPING)
            notices[name] = notice
    for weight in ["Regular", "Bold"]:
        # Index 0 of the collection: the Japanese forms; every face has every ideograph.
        got, notice = make(f"{CJK}/NotoSansCJK-{weight}.ttc", f"NotoSansCJK-{weight}.subset.otf",
                           national_sets() - covered, layout=False)
        notices[f"NotoSansCJK-{weight}"] = notice
    covered |= got
    # Decorative letters and symbols: what the fonts before lack, in full.
    for name, weights in [("NotoSansMath", ["Regular"]), ("NotoSansSymbols", ["Regular", "Bold"]),
                          ("NotoSansSymbols2", ["Regular"]),
                          ("NotoSansCanadianAboriginal", ["Regular", "Bold"]),
                          ("NotoSansJavanese", ["Regular"])]:
        added = set()
        for weight in weights:
            src = f"{NOTO}/{name}-{weight}.ttf"
            got, notice = make(src, f"{name}-{weight}.subset.ttf", cmap(src) - covered)
            notices[f"{name}-{weight}"] = notice
            added |= got
        covered |= added

    ofl = open(os.path.join(OUT, "LICENSE-NotoEmoji.txt"), encoding="utf-8").read()
    ofl = ofl[ofl.index("This Font Software"):]
    with open(os.path.join(OUT, "LICENSE-Noto.txt"), "w", encoding="utf-8") as f:
        f.write("The *.subset.* fonts are subsets of Noto fonts (tools/subset-fonts.py):\n\n")
        for name, notice in sorted(notices.items()):
            f.write(f"{name}: {notice}\n")
        f.write("\n" + ofl)


if __name__ == "__main__":
    sys.exit(main())
