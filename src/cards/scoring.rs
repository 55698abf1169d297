//! Pure scoring arithmetic: persons, herds, building sets and the final ranking.

use super::card::Building;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Persons secured in one round: (sum of values) x (number of person cards).
pub fn person_points(values: &[u8]) -> u32 {
    let sum: u32 = values.iter().map(|v| u32::from(*v)).sum();
    sum * values.len() as u32
}

/// T(size) from the animal table; 0 for an empty herd.
pub fn herd_points(table: &[u32], size: usize) -> u32 {
    match size {
        0 => 0,
        n => table.get(n - 1).copied().unwrap_or(0),
    }
}

/// Points for a set of 0..=4 different building types.
pub const SET_POINTS: [u32; 5] = [0, 0, 5, 15, 30];

/// The best way to score a chest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildingScore {
    pub points: u32,
    /// The sets formed, each a list of different types (jokers shown as the type they stand for).
    pub sets: Vec<Vec<Building>>,
    /// The type each building joker stands for.
    pub jokers_as: Vec<Building>,
}

/// Forms sets of different building types from `counts` (per type, in `Building::ALL`
/// order) and `jokers` wild cards, maximising the points. Exhaustive: every way to give
/// the jokers a type, and for each every partition into sets (memoised; counts are small).
pub fn best_building_sets(counts: [u32; 4], jokers: u32) -> BuildingScore {
    let mut memo = HashMap::new();
    let mut best: Option<(u32, [u32; 4])> = None;
    for split in joker_splits(jokers) {
        let total: [u32; 4] = std::array::from_fn(|t| counts[t] + split[t]);
        let points = best_partition(total, &mut memo);
        // Strictly better only: ties keep the first split found, for determinism.
        if best.is_none_or(|(p, _)| points > p) {
            best = Some((points, split));
        }
    }
    let (points, split) = best.unwrap_or((0, [0; 4]));
    let mut sets = Vec::new();
    let mut c: [u32; 4] = std::array::from_fn(|t| counts[t] + split[t]);
    while c.iter().any(|n| *n > 0) {
        let mask = best_first_set(c, &mut memo);
        sets.push(
            (0..4)
                .filter(|t| mask & (1 << t) != 0)
                .map(|t| Building::ALL[t])
                .collect(),
        );
        for (t, n) in c.iter_mut().enumerate() {
            if mask & (1 << t) != 0 {
                *n -= 1;
            }
        }
    }
    let jokers_as = (0..4)
        .flat_map(|t| std::iter::repeat_n(Building::ALL[t], split[t] as usize))
        .collect();
    BuildingScore {
        points,
        sets,
        jokers_as,
    }
}

/// Every way to give `jokers` jokers one of the four types (as counts per type).
fn joker_splits(jokers: u32) -> Vec<[u32; 4]> {
    let mut out = Vec::new();
    for a in 0..=jokers {
        for b in 0..=jokers - a {
            for c in 0..=jokers - a - b {
                out.push([a, b, c, jokers - a - b - c]);
            }
        }
    }
    out
}

type Memo = HashMap<[u32; 4], (u32, u8)>;

/// Best points for these counts, and the first set (a type mask) of one best partition.
/// The set holding the first non-empty type is chosen first, so no partition is counted
/// twice and none is missed.
fn solve(c: [u32; 4], memo: &mut Memo) -> (u32, u8) {
    let Some(first) = c.iter().position(|n| *n > 0) else {
        return (0, 0);
    };
    if let Some(r) = memo.get(&c) {
        return *r;
    }
    let mut best = (0, 0u8);
    let mut found = false;
    for mask in 1u8..16 {
        let usable = (0..4).all(|t| mask & (1 << t) == 0 || c[t] > 0);
        if mask & (1 << first) == 0 || !usable {
            continue;
        }
        let mut rest = c;
        for (t, n) in rest.iter_mut().enumerate() {
            if mask & (1 << t) != 0 {
                *n -= 1;
            }
        }
        let p = SET_POINTS[mask.count_ones() as usize] + solve(rest, memo).0;
        if !found || p > best.0 {
            best = (p, mask);
            found = true;
        }
    }
    memo.insert(c, best);
    best
}

fn best_partition(c: [u32; 4], memo: &mut Memo) -> u32 {
    solve(c, memo).0
}

fn best_first_set(c: [u32; 4], memo: &mut Memo) -> u8 {
    solve(c, memo).1
}

/// Winners' positions in `scores`: most points, then most building cards; a remaining
/// tie is shared.
pub fn winners(scores: &[u32], building_cards: &[usize]) -> Vec<usize> {
    let Some(top) = scores.iter().max() else {
        return Vec::new();
    };
    let leaders: Vec<usize> = (0..scores.len()).filter(|&p| scores[p] == *top).collect();
    let most = leaders
        .iter()
        .map(|&p| building_cards[p])
        .max()
        .unwrap_or(0);
    leaders
        .into_iter()
        .filter(|&p| building_cards[p] == most)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn persons_rulebook_example() {
        assert_eq!(person_points(&[3, 1, 1]), 15);
        assert_eq!(person_points(&[]), 0);
        assert_eq!(person_points(&[2]), 2);
    }

    #[test]
    fn buildings_rulebook_example_is_65() {
        // Two sets of four, a set of two and a single: 30 + 30 + 5 + 0.
        let s = best_building_sets([4, 3, 2, 2], 0);
        assert_eq!(s.points, 65);
        let mut sizes: Vec<usize> = s.sets.iter().map(Vec::len).collect();
        sizes.sort();
        assert_eq!(sizes, vec![1, 2, 4, 4]);
    }

    #[test]
    fn building_jokers_fill_the_best_sets() {
        // castle, chapel, inn + joker: the joker is the farmhouse, one set of four.
        let s = best_building_sets([1, 1, 1, 0], 1);
        assert_eq!(s.points, 30);
        assert_eq!(s.jokers_as, vec![Building::Farmhouse]);
        // Three castles and three jokers: one set of four and two single castles (30)
        // beats three sets of two (15).
        assert_eq!(best_building_sets([3, 0, 0, 0], 3).points, 30);
        assert_eq!(best_building_sets([0, 0, 0, 0], 4).points, 30);
        assert_eq!(best_building_sets([0, 0, 0, 0], 1).points, 0);
        // Two castles, two chapels, two jokers: a set of four and a set of two (35) beat
        // two sets of three (30).
        assert_eq!(best_building_sets([2, 2, 0, 0], 2).points, 35);
        assert_eq!(best_building_sets([0, 0, 0, 0], 0).points, 0);
        assert_eq!(best_building_sets([5, 5, 5, 5], 4).points, 6 * 30);
    }

    #[test]
    fn set_search_matches_the_layered_greedy_bound() {
        // Bigger sets are worth more per card, so taking layers of the sorted counts is
        // optimal; the exhaustive search must agree on every small chest.
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    for d in 0..6 {
                        let mut v = [a, b, c, d];
                        v.sort_unstable_by(|x, y| y.cmp(x));
                        let greedy = SET_POINTS[4] * v[3]
                            + SET_POINTS[3] * (v[2] - v[3])
                            + SET_POINTS[2] * (v[1] - v[2]);
                        assert_eq!(best_building_sets([a, b, c, d], 0).points, greedy);
                    }
                }
            }
        }
    }

    #[test]
    fn ties_go_to_most_building_cards_then_share() {
        assert_eq!(winners(&[50, 60, 60], &[9, 2, 3]), vec![2]);
        assert_eq!(winners(&[60, 60, 10], &[3, 3, 9]), vec![0, 1]);
        assert_eq!(winners(&[1, 0], &[0, 5]), vec![0]);
    }

    #[test]
    fn default_table_has_the_certain_values() {
        let t = super::super::config::DEFAULT_ANIMAL_TABLE;
        assert_eq!(herd_points(&t, 1), 3);
        assert_eq!(herd_points(&t, 2), 6);
        assert_eq!(herd_points(&t, 5), 14);
        assert_eq!(herd_points(&t, 0), 0);
    }
}
