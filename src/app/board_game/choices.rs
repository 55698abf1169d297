//! The expansions' decisions in the middle of a turn, answered with /choose, its menu
//! and buttons, or autocomplete. Each option
//! has words to show and a value that /choose reads back exactly; each expansion makes
//! its own options and question (`expansions/`).

use super::expansions;
use super::said::Reader;
use super::*;
use crate::i18n::words as i18n_words;
use crate::player::Player;
use crate::t;

/// One option of the pending expansion decision: the action, its words, its value, and
/// where the picture marks it (a tile, a feature, a ferry's ends, a scoring marker).
pub(super) struct Choice {
    pub action: Action,
    pub label: String,
    pub value: String,
    pub mark: Option<view::MarkAt>,
}

/// The options of the pending expansion decision (empty for tiles and figures), with
/// labels in `lang`: its expansion's menu (`expansions/`).
pub(super) fn choices(lang: Lang, game: &Game, names: &[String]) -> Vec<Choice> {
    let Some(p) = game.pending() else {
        return Vec::new();
    };
    let reader = Reader { lang, game, names };
    let mut options = expansions::first(|x| x.choices(&reader, &p)).unwrap_or_default();
    // The engine may list one move twice (two knights of one player side by side after
    // a crop circle: taking back either is the same move): one option each.
    let mut seen = std::collections::HashSet::new();
    options.retain(|c| seen.insert(c.value.clone()));
    // The options with a place start with the number of their mark on the picture.
    for (n, c) in options.iter_mut().filter(|c| c.mark.is_some()).enumerate() {
        c.label = format!("{} · {}", mark_label(n), c.label);
    }
    options
}

/// The label of the `n`th marked option (from 0), on its mark and its button.
fn mark_label(n: usize) -> String {
    (n + 1).to_string()
}

/// The marks of the pending expansion decision's options on the picture: the options
/// [`choices`] makes into buttons, those with a place, with their buttons' numbers.
pub fn option_marks(game: &Game, names: &[String]) -> Vec<view::OptionMark> {
    choices(Lang::english(), game, names)
        .into_iter()
        .filter_map(|c| c.mark)
        .enumerate()
        .map(|(n, at)| view::OptionMark {
            at,
            label: mark_label(n),
        })
        .collect()
}

/// What the pending expansion decision asks, in words, in `lang` (None for tiles and
/// figures).
pub(super) fn question(lang: Lang, game: &Game) -> Option<String> {
    let p = game.pending()?;
    let said = expansions::first(|x| x.question(game, &p))?;
    Some(super::said::say_unnamed(lang, game, &said))
}

/// /choose on the board game: the option by its value or its words; without one, the
/// options (with their menu).
pub(super) fn choose(
    s: &mut Session,
    r: ChannelRecord,
    seat: Player,
    option: Option<&str>,
) -> Result<Response, StoreError> {
    let game = game_of(&r);
    let lang = s.ctx.lang;
    let Some(p) = game.pending() else {
        return Ok(Response::error(t!(lang, "app-game-over")));
    };
    let names = r.raw_seat_names();
    let options = choices(lang, game, &names);
    if options.is_empty() {
        // Told to the one asking: "your turn" when it is theirs.
        return Ok(Response::error(t!(
            lang,
            "app-choose-nothing",
            waiting = waiting_text_for(lang, &r, Some(seat))
        )));
    }
    if p.player != seat {
        return Ok(Response::error(t!(
            lang,
            "app-choose-not-yours",
            waiting = waiting_text_in(lang, &r)
        )));
    }
    let Some(option) = option else {
        let shown: Vec<&str> = options.iter().take(10).map(|c| c.label.as_str()).collect();
        let text = t!(
            lang,
            "app-choose-list",
            choices = shown.join("; "),
            more = options.len().saturating_sub(10)
        );
        let mut msg = Message::private(text);
        msg.rows = choice_rows(lang, game, &names);
        return Ok(Response::one(msg));
    };
    // By value (in any language's words: "marcador 1" is "marker 1"), or by the words
    // of the option in any language.
    let wanted = i18n_words::strip_accents(option.trim());
    let labels: Vec<Vec<Choice>> = Lang::all()
        .map(|lang| choices(lang, game, &names))
        .collect();
    let found = options.iter().enumerate().find_map(|(i, c)| {
        let named = Lang::all().any(|l| i18n_words::strip_accents(&typed(l, &c.value)) == wanted)
            || labels.iter().any(|l| {
                l.get(i)
                    .is_some_and(|c| i18n_words::strip_accents(&c.label) == wanted)
            });
        named.then_some(c)
    });
    match found {
        Some(c) => {
            let action = c.action.clone();
            act(s, r, seat, action)
        }
        None => {
            let shown: Vec<String> = options
                .iter()
                .take(10)
                .map(|c| typed(lang, &c.value))
                .collect();
            Ok(Response::error(t!(
                lang,
                "app-choose-not-a-choice",
                option = option,
                choices = shown.join(", "),
                more = options.len().saturating_sub(10)
            )))
        }
    }
}

/// The menu (and, for a few options, buttons) of the pending expansion decision.
pub(super) fn choice_rows(lang: Lang, game: &Game, names: &[String]) -> Vec<Vec<Component>> {
    let options = choices(lang, game, names);
    if options.is_empty() {
        return Vec::new();
    }
    if options.len() <= 5 {
        let buttons = options
            .iter()
            .map(|c| {
                button(
                    &format!("{CHOOSE}:{}", c.value),
                    &c.label,
                    ButtonStyle::Primary,
                )
            })
            .collect();
        return vec![buttons];
    }
    let items = options
        .iter()
        .map(|c| SelectOption {
            label: c.label.clone(),
            value: c.value.clone(),
            description: None,
        })
        .collect();
    vec![vec![select(CHOOSE, &t!(lang, "app-menu-choose"), items)]]
}

/// Autocomplete for /choose option:… on the board game: the values in `lang`'s words.
pub fn choice_suggestions(lang: Lang, r: &ChannelRecord) -> Vec<(String, String)> {
    choices(lang, game_of(r), &r.raw_seat_names())
        .into_iter()
        .map(|c| {
            let value = typed(lang, &c.value);
            (c.label, value)
        })
        .collect()
}

/// An option's value as a player of `lang` types it: each word of the value (the
/// English of a click's id: "marker 1", "robber@red", "remove mage") in `lang`
/// (`word-value-<word>`), the rest kept: "marcador 1", "salteador@rojo".
pub(super) fn typed(lang: Lang, value: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if !word.is_empty() {
            let said = crate::i18n::try_text(lang, &format!("word-value-{word}"), &[]);
            out.push_str(said.as_deref().unwrap_or(word));
            word.clear();
        }
    };
    for c in value.chars() {
        if c.is_ascii_alphabetic() || (c == '-' && !word.is_empty()) {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Expansion, Game};
    use crate::view::MarkAt;

    /// Over seeded whole games with every expansion, at every expansion decision: its
    /// presenter's menu is its legal actions in the engine's order, and the marks are the options with a place, in the buttons' order, and each of those
    /// buttons starts with its mark's number; each kind of place is met.
    #[test]
    fn every_menu_follows_the_engine_and_numbers_the_options_with_a_place() {
        let names: Vec<String> = ["ann", "bob", "cy", "di"].map(String::from).to_vec();
        let mut kinds = std::collections::BTreeMap::new();
        let (mut menus, mut wrong) = (std::collections::BTreeSet::new(), Vec::new());
        for seed in 1..=6u64 {
            let all = Expansion::ALL.to_vec();
            let config = crate::engine::GameConfig::new(4, seed).with_expansions(&all);
            let mut g = Game::new(config).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            // Any legal action at random (flights included, so landings are asked).
            while let Some(p) = g.pending() {
                let actions = p.actions();
                let action = actions[rng.below(actions.len() as u64) as usize].clone();
                // An expansion's decision (the base game's figure step is the figure
                // menu's, the tile's the place command's) is worded by exactly one
                // presenter: its question, its menu and its waiting line.
                let reader = Reader {
                    lang: Lang::english(),
                    game: &g,
                    names: &names,
                };
                if !matches!(
                    p.decision,
                    Decision::PlaceTile { .. } | Decision::PlaceFigure { .. }
                ) {
                    let presenters = |ask: &dyn Fn(&dyn expansions::Presenter) -> bool| {
                        expansions::PRESENTERS.iter().filter(|x| ask(**x)).count()
                    };
                    let kind = serde_json::to_value(&p.decision).unwrap()["kind"].clone();
                    let kind = kind.as_str().unwrap().to_string();
                    let words = [
                        presenters(&|x| x.question(&g, &p).is_some()),
                        presenters(&|x| x.waiting(&p.decision).is_some()),
                        presenters(&|x| x.choices(&reader, &p).is_some()),
                    ];
                    if words != [1, 1, 1] {
                        wrong.push(format!("{kind}: worded by {words:?} presenters"));
                    } else {
                        let menu = expansions::first(|x| x.choices(&reader, &p)).unwrap();
                        let listed: Vec<&Action> = menu.iter().map(|c| &c.action).collect();
                        wrong.extend(menu_order(&p.decision, &listed, &actions));
                    }
                    menus.insert(kind);
                }
                let marks = option_marks(&g, &names);
                let options = choices(Lang::english(), &g, &names);
                let marked: Vec<&Choice> = options.iter().filter(|c| c.mark.is_some()).collect();
                assert_eq!(marks.len(), marked.len());
                for (i, (m, c)) in marks.iter().zip(&marked).enumerate() {
                    assert_eq!(m.label, (i + 1).to_string());
                    assert_eq!(Some(m.at), c.mark);
                    assert!(
                        c.label.starts_with(&format!("{} · ", m.label)),
                        "{}",
                        c.label
                    );
                }
                let want = match g.pending().map(|p| p.decision) {
                    Some(Decision::PlaceGold(_)) => Some("gold"),
                    Some(Decision::Land(_)) => Some("land"),
                    Some(Decision::CropPick(_)) => Some("crop"),
                    Some(Decision::PlaceFerry(_) | Decision::MoveFerry(_)) => Some("ferry"),
                    Some(Decision::PlaceRobber(_)) => Some("robber"),
                    _ => None,
                };
                for m in &marks {
                    let kind = match m.at {
                        MarkAt::Tile(_) => "gold",
                        MarkAt::Segment(..) if want == Some("land") => "land",
                        MarkAt::Segment(..) => "crop",
                        MarkAt::Ends(..) => "ferry",
                        MarkAt::Marker(..) => "robber",
                    };
                    assert_eq!(Some(kind), want, "{m:?}");
                    *kinds.entry(kind).or_insert(0usize) += 1;
                }
                if want.is_none() {
                    assert!(marks.is_empty());
                }
                g.apply(p.player, action).unwrap();
            }
        }
        let met: Vec<&str> = kinds.keys().copied().collect();
        assert_eq!(
            met,
            ["crop", "ferry", "gold", "land", "robber"],
            "{kinds:?}"
        );
        assert!(
            wrong.is_empty(),
            "{} wrong, the first:\n{}",
            wrong.len(),
            wrong[..wrong.len().min(6)].join("\n")
        );
        // Every expansion decision with a menu was met (and any later one's too).
        for kind in [
            "choose_marker",
            "crop_circle",
            "crop_pick",
            "land",
            "move_ferry",
            "move_magic",
            "place_ferry",
            "place_gold",
            "place_robber",
            "use_message",
        ] {
            assert!(menus.contains(kind), "{kind} not met: {menus:?}");
        }
    }

    /// The one menu order (docs/contributing.md): a menu offers legal actions only, in
    /// the engine's order (`Pending::actions`), so the pass comes first; Mage & Witch's
    /// alone follows the picture's letters, one option per lettered feature. (A move the
    /// engine lists twice is offered once: Messages' marker left to the preference is
    /// offered as the marker itself.) What breaks it, in words.
    fn menu_order(decision: &Decision, listed: &[&Action], actions: &[Action]) -> Vec<String> {
        let kind = serde_json::to_value(decision).unwrap()["kind"].clone();
        let mut wrong: Vec<String> = listed
            .iter()
            .filter(|a| !actions.contains(a))
            .map(|a| format!("{kind}: {a:?} is offered but not legal"))
            .collect();
        if actions.first() == Some(&Action::Pass) && listed.first() != Some(&&Action::Pass) {
            wrong.push(format!("{kind}: the pass is not first"));
        }
        let places: Vec<Option<usize>> = listed
            .iter()
            .map(|a| actions.iter().position(|x| x == *a))
            .collect();
        if !matches!(decision, Decision::MoveMagic(_)) && !places.is_sorted_by(|a, b| a < b) {
            wrong.push(format!(
                "{kind}: the menu {listed:?} is not in the order of the legal actions \
                 {actions:?}"
            ));
        }
        wrong
    }
}
