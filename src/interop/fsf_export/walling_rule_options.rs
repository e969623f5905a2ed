//! The walls a move puts up as Fairy-Stockfish's `wallingRule` (and its
//! `wallingRegionWhite`, `wallingRegionBlack`): the rule the importer
//! writes, `after move: block(chosen S, required)`, read back to its
//! option by the shape of S (see the importer's `walling`): arrows
//! (`reach(mover, T)`, a term per piece type, or none), the square left
//! (`origin & empty`), the edge's squares, or any empty square (`empty`),
//! each cut to the `walling` region where there is one. The exported
//! section is read back and its rules compared, so a set that only looks
//! like one of these is refused there.

use super::squares::Board;
use crate::base::square::Color;
use crate::lang::effect_syntax::parse_rule;
use crate::spec::VariantFile;

/// The region walls are cut to, as the importer names it.
const REGION: &str = "walling";

/// The options of the walling rule `text`, if it is one.
pub(super) fn option(text: &str, file: &VariantFile) -> Option<String> {
    let printed = parse_rule(text).ok()?.to_string();
    let among = printed
        .strip_prefix("after move: block(chosen ")?
        .strip_suffix(", required)")?;
    let (base, region) = match among.strip_suffix(&format!(" & {REGION}")) {
        Some(b) => (b.strip_prefix('(').and_then(|x| x.strip_suffix(')')).unwrap_or(b), true),
        None => (among, false),
    };
    let rule = match base {
        "origin & empty" => "past",
        "empty" => "static",
        "all - all" => "arrow",
        b if b.starts_with("reach(") => "arrow",
        b if b.starts_with("empty & (files(a) + ") => "edge",
        _ => return None,
    };
    let mut lines = format!("wallingRule = {rule}");
    if region {
        let board = file.board.as_ref()?;
        let regions = file.regions.clone().unwrap_or_default();
        let squares = Board {
            files: board.files.value,
            ranks: board.ranks.value,
            regions: &regions,
        };
        for (c, key) in [
            (Color::White, "wallingRegionWhite"),
            (Color::Black, "wallingRegionBlack"),
        ] {
            let bits = squares.eval_text(REGION, c)?;
            lines.push_str(&format!("\n{key} = {}", squares.fsf(bits)));
        }
    }
    Some(lines)
}

/// The options of a side's one action, where it is the importer's wall
/// instead of a move (`wallOrMove`, with the static or edge rule): a
/// `wall` action onto the squares of the rule, legal out of check where
/// there is a king.
pub(super) fn wall_action(file: &VariantFile) -> Option<String> {
    let [a] = file.actions.as_deref()? else {
        return None;
    };
    let plain = a.name.value == "wall"
        && a.moves.is_none()
        && a.stays.is_none()
        && !a.once
        && !a.compel
        && !a.promotes
        && a.record.is_none()
        && a.effect.as_ref().is_some_and(|e| e.value == "block(target)")
        && a.when.as_ref().is_none_or(|w| w.value == "not attacked(own royal)");
    if !plain {
        return None;
    }
    let target = &a.target.as_ref()?.value;
    let lines = option(&format!("after move: block(chosen {target}, required)"), file)?;
    (lines.starts_with("wallingRule = static") || lines.starts_with("wallingRule = edge"))
        .then(|| format!("{lines}\nwallOrMove = true"))
}

#[cfg(test)]
mod tests {
    use super::option;
    use crate::spec::VariantFile;

    fn file(text: &str) -> VariantFile {
        crate::spec::Loader::new().load_text("x.ron", text).unwrap()
    }

    #[test]
    fn arrows_trails_and_static_walls_name_their_rule() {
        let f = file(
            "(name: \"x\", board: (files: 4, ranks: 4), pieces: [(letter: 'Q', name: \"amazon\", moves: \"mQ\")], start: \"q3/4/4/3Q w - - 0 1\", legal: [])",
        );
        let o = |t: &str| option(t, &f);
        assert_eq!(
            o("after move: block(chosen reach(mover, mQ), required)").as_deref(),
            Some("wallingRule = arrow")
        );
        assert_eq!(
            o("after move: block(chosen origin & empty, required)").as_deref(),
            Some("wallingRule = past")
        );
        assert_eq!(
            o("after move: block(chosen empty, required)").as_deref(),
            Some("wallingRule = static")
        );
        assert_eq!(o("after move: block(chosen adjacent(mover) & empty, required)"), None);
        assert_eq!(o("after capture: block(chosen empty, required)"), None);
    }

    #[test]
    fn a_walling_region_is_read_for_each_side() {
        let f = file(
            "(name: \"x\", board: (files: 4, ranks: 4), regions: [(name: \"walling\", white: \"ranks(1..2)\", black: \"ranks(1..1)\")], \
             pieces: [(letter: 'Q', name: \"amazon\", moves: \"mK\")], start: \"q3/4/4/3Q w - - 0 1\", legal: [])",
        );
        assert_eq!(
            option("after move: block(chosen empty & walling, required)", &f).as_deref(),
            Some("wallingRule = static\nwallingRegionWhite = *1 *2\nwallingRegionBlack = *4")
        );
    }
}
