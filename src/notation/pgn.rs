//! Game records in PGN: reading (several games per file; tags, move
//! numbers, comments, NAGs and variations, which are skipped) and writing
//! (the seven-tag roster, `Variant`, `SetUp` and `FEN`, moves in kaboom's
//! algebraic notation, the result with its reason as a comment).
//!
//! kaboom's notation may hold spaces and parentheses (`Re8, Kg8+` for a
//! bounce, `(****)g6:h5h7` for an action's record): a move ending in a
//! comma takes the next word with it, and a parenthesis group followed
//! directly by more move text belongs to the move, not a variation.

use thiserror::Error;

/// Most bytes a PGN file may have.
pub const MAX_PGN_BYTES: usize = 16 << 20;
/// Most games one PGN file may hold.
pub const MAX_GAMES: usize = 10_000;
/// Most moves (plies) one game may hold.
pub const MAX_MOVES: usize = 10_000;
/// Deepest nesting of variations.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// A malformed PGN: where and why.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("{line}:{col}: {message}")]
pub struct PgnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

/// A move as written, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    /// The move, annotations (`!`, `?`) included.
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
}

/// One game of a PGN file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves.
    pub moves: Vec<MoveText>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`), if present.
    pub result: Option<String>,
    /// 1-based line where the game starts.
    pub line: usize,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

const RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "0-0", "*"];

struct Cursor<'a> {
    chars: Vec<char>,
    pos: usize,
    line: usize,
    col: usize,
    _text: &'a str,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn err(&self, line: usize, col: usize, message: impl Into<String>) -> PgnError {
        PgnError {
            line,
            col,
            message: message.into(),
        }
    }
}

fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || "{};[]$".contains(c)
}

/// The longest part of a word (a tag name) that an error quotes.
const QUOTED_CHARS: usize = 40;

/// `word` as an error quotes it: its first [`QUOTED_CHARS`] characters,
/// then `...` if it was longer.
pub fn short(word: &str) -> String {
    match word.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{}...", &word[..end]),
        None => word.to_string(),
    }
}

/// Parses every game of a PGN text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut c = cursor(text)?;
    let mut games: Vec<PgnGame> = Vec::new();
    let mut game: Option<PgnGame> = None;
    let mut in_moves = false;
    let start_game = |games: &Vec<PgnGame>, line: usize, c: &Cursor| -> Result<PgnGame, PgnError> {
        if games.len() >= MAX_GAMES {
            return Err(c.err(line, 1, format!("more than {MAX_GAMES} games in one file")));
        }
        Ok(PgnGame {
            line,
            ..PgnGame::default()
        })
    };
    while let Some(ch) = c.peek() {
        let (line, col) = (c.line, c.col);
        if ch.is_whitespace() {
            c.bump();
            continue;
        }
        if ch == '%' && col == 1 {
            skip_line(&mut c);
            continue;
        }
        match ch {
            '[' => {
                if in_moves {
                    // Tags after moves without a result: a new game.
                    games.extend(game.take());
                    in_moves = false;
                }
                if game.is_none() {
                    game = Some(start_game(&games, line, &c)?);
                }
                let (k, v) = read_tag(&mut c)?;
                game.as_mut().expect("a game").tags.push((k, v));
            }
            '{' => skip_comment(&mut c, line, col)?,
            ';' => skip_line(&mut c),
            '$' => skip_nag(&mut c, line, col)?,
            '(' if !move_group(&c) => skip_variation(&mut c)?,
            ')' => return Err(c.err(line, col, "`)` closes no variation")),
            ']' | '}' => return Err(c.err(line, col, format!("unexpected `{ch}`"))),
            _ => {
                let Some(word) = without_number(read_word(&mut c)) else {
                    continue;
                };
                if game.is_none() {
                    game = Some(start_game(&games, line, &c)?);
                }
                let g = game.as_mut().expect("a game");
                if RESULTS.contains(&word.as_str()) {
                    g.result = Some(word);
                    games.extend(game.take());
                    in_moves = false;
                    continue;
                }
                in_moves = true;
                let text = joined(&mut c, word);
                if g.moves.len() >= MAX_MOVES {
                    return Err(c.err(line, col, format!("more than {MAX_MOVES} moves in one game")));
                }
                g.moves.push(MoveText { text, line, col });
            }
        }
    }
    games.extend(game.take());
    Ok(games)
}

/// A cursor at the start of `text` (a byte-order mark, as Windows editors
/// write, skipped), or the error of a text over [`MAX_PGN_BYTES`].
fn cursor(text: &str) -> Result<Cursor<'_>, PgnError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PgnError {
            line: 1,
            col: 1,
            message: format!(
                "the file has {} bytes; a PGN file may have at most {MAX_PGN_BYTES}",
                text.len()
            ),
        });
    }
    let text = crate::base::files::without_bom(text);
    Ok(Cursor {
        chars: text.chars().collect(),
        pos: 0,
        line: 1,
        col: 1,
        _text: text,
    })
}

/// Skips to the end of the line (a `;` comment, a `%` escape line).
fn skip_line(c: &mut Cursor) {
    while c.peek().is_some_and(|x| x != '\n') {
        c.bump();
    }
}

/// Skips a `{...}` comment that starts at `line`:`col`.
fn skip_comment(c: &mut Cursor, line: usize, col: usize) -> Result<(), PgnError> {
    c.bump();
    loop {
        match c.bump() {
            Some('}') => return Ok(()),
            Some(_) => {}
            None => return Err(c.err(line, col, "a comment `{` is never closed")),
        }
    }
}

/// Skips a NAG (`$` and a number) that starts at `line`:`col`.
fn skip_nag(c: &mut Cursor, line: usize, col: usize) -> Result<(), PgnError> {
    c.bump();
    let mut n = 0;
    while c.peek().is_some_and(|x| x.is_ascii_digit()) {
        c.bump();
        n += 1;
    }
    if n == 0 {
        return Err(c.err(line, col, "`$` must be followed by a number (a NAG)"));
    }
    Ok(())
}

/// A word without its move number (`12.`, `12...`, possibly glued to the
/// move: `1.e4`); `None` when it is only a move number.
fn without_number(word: String) -> Option<String> {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let rest = &word[digits..];
    if digits > 0 && rest.starts_with('.') {
        let after = rest.trim_start_matches('.');
        (!after.is_empty()).then(|| after.to_string())
    } else {
        Some(word)
    }
}

/// The move `word` with the words a trailing comma joins to it: a bounce
/// is written `Re8, Kg8+`.
fn joined(c: &mut Cursor, word: String) -> String {
    let mut text = word;
    while text.ends_with(',') {
        while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
            c.bump();
        }
        if c.peek().is_none_or(is_delimiter) {
            break;
        }
        text.push(' ');
        text.push_str(&read_word(&mut *c));
    }
    text
}

/// Whether the `(` at the cursor opens a group that is part of a move
/// (`(****)g6:h5`): no space inside, and move text right after `)`.
fn move_group(c: &Cursor) -> bool {
    let mut n = 1;
    while let Some(x) = c.peek_at(n) {
        if x == ')' {
            return c
                .peek_at(n + 1)
                .is_some_and(|y| !is_delimiter(y) && y != '(' && y != ')');
        }
        if x.is_whitespace() || x == '(' || n > 64 {
            return false;
        }
        n += 1;
    }
    false
}

fn read_word(c: &mut Cursor) -> String {
    let mut word = String::new();
    while let Some(x) = c.peek() {
        if is_delimiter(x) || (x == ')' && !word.contains('(')) {
            break;
        }
        if x == '(' && !move_group(c) {
            break;
        }
        if x == '(' {
            // Take the whole group.
            while let Some(y) = c.bump() {
                word.push(y);
                if y == ')' {
                    break;
                }
            }
            continue;
        }
        word.push(x);
        c.bump();
    }
    word
}

fn skip_variation(c: &mut Cursor) -> Result<(), PgnError> {
    let (line, col) = (c.line, c.col);
    let mut depth = 0usize;
    while let Some(x) = c.peek() {
        match x {
            '(' => {
                depth += 1;
                if depth > MAX_VARIATION_DEPTH {
                    return Err(c.err(
                        c.line,
                        c.col,
                        format!("variations nested more than {MAX_VARIATION_DEPTH} deep"),
                    ));
                }
                c.bump();
            }
            ')' => {
                c.bump();
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
            '{' => {
                let (l, k) = (c.line, c.col);
                c.bump();
                loop {
                    match c.bump() {
                        Some('}') => break,
                        Some(_) => {}
                        None => return Err(c.err(l, k, "a comment `{` is never closed")),
                    }
                }
            }
            ';' => {
                while c.peek().is_some_and(|y| y != '\n') {
                    c.bump();
                }
            }
            _ => {
                c.bump();
            }
        }
    }
    Err(c.err(line, col, "a variation `(` is never closed"))
}

fn read_tag(c: &mut Cursor) -> Result<(String, String), PgnError> {
    let (line, col) = (c.line, c.col);
    c.bump();
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    let mut name = String::new();
    while let Some(x) = c.peek() {
        if x.is_ascii_alphanumeric() || x == '_' {
            name.push(x);
            c.bump();
        } else {
            break;
        }
    }
    if name.is_empty() {
        return Err(c.err(c.line, c.col, "a tag needs a name: `[Name \"value\"]`"));
    }
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    if c.peek() != Some('"') {
        return Err(c.err(c.line, c.col, format!("tag `{}` needs a quoted value", short(&name))));
    }
    c.bump();
    let mut value = String::new();
    loop {
        match c.bump() {
            Some('\\') => match c.bump() {
                Some(x @ ('"' | '\\')) => value.push(x),
                _ => {
                    return Err(c.err(
                        c.line,
                        c.col.saturating_sub(1),
                        "only `\\\"` and `\\\\` are escapes in a tag value",
                    ));
                }
            },
            Some('"') => break,
            Some('\n') | None => {
                return Err(c.err(
                    line,
                    col,
                    format!("the value of tag `{}` is never closed", short(&name)),
                ));
            }
            Some(x) => value.push(x),
        }
    }
    while c.peek().is_some_and(|x| x == ' ' || x == '\t') {
        c.bump();
    }
    if c.peek() != Some(']') {
        return Err(c.err(c.line, c.col, format!("tag `{}` needs a closing `]`", short(&name))));
    }
    c.bump();
    Ok((name, value))
}

/// Quotes a tag value.
fn quote(value: &str) -> String {
    let mut out = String::from("\"");
    for ch in value.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            ch => out.push(ch),
        }
    }
    out.push('"');
    out
}

/// A comment's text, braces made harmless.
fn comment(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

/// Writes one game: `tags` in order, then the moves (each already in
/// algebraic notation; `first_number` and `black_first` place the move
/// numbers), the reason as a comment and the result.
pub fn write(
    tags: &[(String, String)],
    moves: &[String],
    first_number: u32,
    black_first: bool,
    reason: Option<&str>,
    result: &str,
) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} {}]\n", quote(v)));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut number = first_number;
    let mut white_to_move = !black_first;
    for (i, mv) in moves.iter().enumerate() {
        if white_to_move {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(mv.clone());
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    if let Some(r) = reason {
        words.push(format!("{{{}}}", comment(r)));
    }
    words.push(result.to_string());
    // Lines of at most 80 characters where words allow.
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_a_move() {
        for text in ["\u{feff}1. e4 e5 *", "\u{feff}[Event \"a\"]\n\n1. e4 e5 *"] {
            let games = parse(text).unwrap();
            let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
            assert_eq!(moves, ["e4", "e5"], "{text:?}");
        }
    }

    #[test]
    fn games_comments_nags_and_variations() {
        let text = "[Event \"a\"]\n[Variant \"my-variant\"]\n\n1. e4 {c} e5 $1 (1... c5 (1... d5) 2. Nf3) 2.Nf3 ; x\n2... Nc6! 1-0\n\n[Event \"b\"]\n1. d4 *\n";
        let games = parse(text).unwrap();
        assert_eq!(games.len(), 2);
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6!"]);
        assert_eq!(games[0].tag("Variant"), Some("my-variant"));
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!((games[0].moves[2].line, games[0].moves[2].col), (4, 44));
        assert_eq!(games[1].moves[0].text, "d4");
    }

    #[test]
    fn kaboom_forms_stay_whole() {
        let games = parse("1. Re8, Kg8+ (****)g6:h5h7 *").unwrap();
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["Re8, Kg8+", "(****)g6:h5h7"]);
    }

    #[test]
    fn errors_have_places() {
        assert_eq!(parse("1. e4 {open").unwrap_err().col, 7);
        assert_eq!(parse("[Event \"x]\n").unwrap_err().line, 1);
        assert_eq!(
            parse("1. e4 (e5").unwrap_err().message,
            "a variation `(` is never closed"
        );
        assert_eq!(parse("1. e4 )").unwrap_err().col, 7);
        assert!(parse("[ \"x\"]").is_err());
        assert!(parse("1. e4 $ e5").is_err());
    }

    #[test]
    fn written_games_read_back() {
        let tags = vec![("Event".to_string(), "t \"q\"".to_string())];
        let text = write(
            &tags,
            &["e4".into(), "Re8, Kg8+".into()],
            1,
            false,
            Some("a {reason}"),
            "1-0",
        );
        let games = parse(&text).unwrap();
        assert_eq!(games[0].tag("Event"), Some("t \"q\""));
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
    }
}
