//! Limits and constants that more than one layer reads: the checker
//! enforces them, the compiler and the engine size their tables by them.

/// Most distinct `captured(...)` counters a variant may use.
pub const MAX_COUNTERS: usize = 4;

/// Most pieces one castling rule may carry along: each subset of them is
/// compiled as its own move (16 subsets), and a variant's castling moves
/// (rules x sides x subsets, at most 256) are numbered by a byte. The
/// engine carries them in a fixed array of this size.
pub const MAX_CARRY: usize = 4;

/// Most follow-up choices (`chosen` pushes, bounces) one move makes: the
/// checker refuses a variant whose moves could ask for more, and a move
/// carries them in a fixed array of this size.
pub const MAX_CHOICES: usize = 2;

/// Most kinds of piece a variant with drops may hold in hand (its kinds
/// that are not royal): a position keeps a count for each.
pub const MAX_HAND_KINDS: usize = 16;

/// Bit of a shield's `against` mask: protects from `remove`.
pub const SHIELD_REMOVE: u8 = 1;
/// Protects from `push`.
pub const SHIELD_PUSH: u8 = 2;
/// Protects from `block`.
pub const SHIELD_BLOCK: u8 = 4;
/// Protects from `bounce`.
pub const SHIELD_BOUNCE: u8 = 8;

/// Most regions (`regions`) a variant may name: a sentence holds a
/// region's index in a byte.
pub const MAX_REGIONS: usize = 64;

/// Most `moves_in` entries of one piece: each is a template the move
/// tables are built from.
pub const MAX_MOVES_IN: usize = 8;

/// Most shields a variant may write as sentences (`shields`): each is
/// evaluated whenever an effect asks which squares are shielded.
pub const MAX_SHIELD_RULES: usize = 8;

/// Most shields raised by effects (`shield(S against E for N moves)`) in
/// force at once; a new one replaces the one closest to running out.
pub const MAX_TIMED_SHIELDS: usize = 4;

/// Most moves a shield raised by an effect lasts.
pub const MAX_SHIELD_MOVES: u8 = 99;

/// Distinct `before(...)` conditions a variant may use: each is a bit a
/// move leaves in the position.
pub const MAX_BEFORE: usize = 8;
/// The most `since(...)` conditions a variant may use (the position keeps
/// one bit per side for each).
pub const MAX_SINCE: usize = 8;

/// The longest limit a count of moves may have, in moves (the FEN carries
/// it in plies): the checker's bound on a `counting` limit and the FEN
/// reader's on a running count's.
pub const MAX_COUNTING_LIMIT: u32 = 1000;

/// Most marks (`mark(S, name)`) a variant may name.
pub const MAX_MARKS: usize = 2;

/// Most moves a mark may last (`mark(S, name, for N moves)`).
pub const MAX_MARK_MOVES: u8 = 99;

/// Most timed marks in force at once: a further one replaces the one
/// closest to running out.
pub const MAX_MARK_TIMERS: usize = 2;
