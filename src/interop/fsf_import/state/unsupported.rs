//! The options kaboom reads and ignores (they change how a program shows
//! or plays a variant, never its rules), the options it cannot express,
//! and the gap in its rule language each falls under.

/// Options that only change how a GUI or the engine's evaluation shows or
/// plays the variant, never its rules; they are read and ignored.
pub(super) const DISPLAY_ONLY: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
    "endgameEval",
];

/// Options kaboom cannot express, with the value that leaves the rules
/// unchanged (an option set to it is accepted).
pub(super) const UNSUPPORTED: &[(&str, &str)] = &[
    ("twoBoards", "false"),
    ("sittuyinPromotion", "false"),
    ("petrifyBlastPieces", "false"),
    ("enPassantTypes", ""),
    ("enPassantTypesWhite", ""),
    ("enPassantTypesBlack", ""),
    ("mustDropType", ""),
    ("dropOnTop", "false"),
    ("pass", "false"),
    ("passWhite", "false"),
    ("passBlack", "false"),
    ("passOnStalemate", "false"),
    ("passOnStalemateWhite", "false"),
    ("passOnStalemateBlack", "false"),
    ("chasingRule", "none"),
    ("countingRule", "none"),
    ("kingType", "k"),
];

/// Why an unsupported option cannot be expressed, as a named gap of the rule language.
pub fn gap_of(option: &str) -> &'static str {
    let o = option;
    if o.contains("Drop")
        || o.contains("drop")
        || o == "pieceDrops"
        || o == "capturesToHand"
        || o == "mustDrop"
        || o == "mustDropType"
        || o == "gating"
        || o == "seirawanGating"
        || o == "freeDrops"
        || o == "enclosingDropStart"
    {
        "drops and hands"
    } else if o == "mustCapture" {
        "forced capture"
    } else if o == "checkCounting" {
        "check counting"
    } else if o.starts_with("mobilityRegion")
        || o == "diagonalLines"
        || o == "soldierPromotionRank"
        || o.starts_with("enPassantRegion")
        || o.starts_with("tripleStep")
    {
        "regions"
    } else if o.starts_with("connect") || o == "collinearN" {
        "connection goals"
    } else if o.starts_with("walling") || o == "wallOrMove" {
        "walling (squares blocked by moves)"
    } else if o.starts_with("promot") || o == "sittuyinPromotion" || o.contains("Promotion") || o == "pieceDemotion" {
        "piece promotion rules"
    } else if o.starts_with("blast") || o.starts_with("petrify") || o == "mutuallyImmuneTypes" {
        "capture side effects (blast, petrify)"
    } else if o.starts_with("pass") {
        "passing"
    } else if o.starts_with("flag") {
        "flag rules beyond reaching a region"
    } else if o.contains("Repetition") || o.contains("perpetual") || o.contains("chasing") || o == "nFoldValueAbsolute"
    {
        "repetition rules"
    } else if o.starts_with("castling") || o == "oppositeCastling" || o == "chess960" {
        "castling rules"
    } else if o == "extinctionPseudoRoyal" {
        "pseudo-royal pieces"
    } else if o == "flyingGeneral" || o == "bikjangRule" {
        "facing kings rules"
    } else if o == "immobilityIllegal" {
        "moves to squares a piece can never leave"
    } else if o == "checking" {
        "moves that may not give check"
    } else if o == "flipEnclosedPieces" {
        "flipping enclosed pieces"
    } else if o.starts_with("customPiece") || o == "kingType" || o == "piece" {
        "piece movement"
    } else if o == "materialCounting" || o == "countingRule" || o == "adjudicateFullBoard" || o == "stalematePieceCount"
    {
        "counting and adjudication"
    } else {
        "other rules"
    }
}
