//! The labels of a decision's options as players read and type them: A..Z, then AA,
//! AB, ... like spreadsheet columns (the spots of a tile, the mage's and witch's
//! features).

/// Spot labels: A..Z, then AA, AB, ... like spreadsheet columns.
pub fn spot_label(index: usize) -> String {
    let mut n = index + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(b'A' + r as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII")
}

/// Index of a spot label (case-insensitive), the inverse of [`spot_label`].
pub fn spot_index(label: &str) -> Option<usize> {
    let label = label.trim();
    if label.is_empty() || label.len() > 3 || !label.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut n = 0usize;
    for c in label.to_ascii_uppercase().bytes() {
        n = n * 26 + (c - b'A' + 1) as usize;
    }
    Some(n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_like_spreadsheet_columns() {
        assert_eq!(spot_label(0), "A");
        assert_eq!(spot_label(25), "Z");
        assert_eq!(spot_label(26), "AA");
        assert_eq!(spot_label(27), "AB");
        assert_eq!(spot_label(26 + 26 * 26), "AAA");
        for i in 0..2000 {
            assert_eq!(spot_index(&spot_label(i)), Some(i));
        }
        assert_eq!(spot_index("b"), Some(1));
        assert_eq!(spot_index("7"), None);
        assert_eq!(spot_index(""), None);
    }
}
