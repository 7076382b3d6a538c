//! CQLi's filters about imaginary positions: `currentmutation` (how the
//! current imaginary position was made, as CQLi writes it), and how real a
//! position is, `legalposition` and `reachableposition`.
//!
//! `currentmutation` writes each move that led from the game's position to
//! the imaginary one, separated by spaces: the piece letter (upper case for
//! both sides), the from square, `x(P)` with the captured piece's letter,
//! the to square, `=Q` for a promotion and `+` if it gives check. A reverse
//! move (a move taken back) starts with `~`: `~Bb4x(N)c3+` (seed document
//! 000). Castling is `O-O` / `O-O-O`, a null move `--`. CQLi's manual shows
//! only reverse moves; forward ones are written the same way without `~`.
//! What `imagine` changed is written `+Qd4` (a piece added), `-e5` (a
//! square emptied), `wtm`/`btm` (the side to move set).

use shakmaty::{Position, Role, Square};

use crate::{
    cursor::Cursor,
    generation::{is_legal_position, is_reachable_position},
    move_view::MoveView,
    position::GamePosition,
    state::Imagined,
};

impl Cursor<'_> {
    /// `currentmutation`: the moves that made the current imaginary position;
    /// none in a position of the game.
    pub fn current_mutation(&self) -> Option<String> {
        let mut outer = self.tree().position(self.node());
        let mut parts = Vec::new();
        for imaginary in &self.state.imaginary {
            parts.push(match imaginary.step {
                Imagined::After(mv) => describe(mv, outer, &imaginary.position, ""),
                Imagined::Before(mv) => describe(mv, &imaginary.position, outer, "~"),
                Imagined::Changed => describe_changes(outer, &imaginary.position),
            });
            outer = &imaginary.position;
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    /// `legalposition`: whether the current position obeys the rules of chess.
    pub fn is_legal_position(&self) -> bool {
        match self.position() {
            GamePosition::Standard(chess) => is_legal_position(chess),
            // A variant position is one of its rules, or it could not be made.
            GamePosition::Variant(_) => true,
        }
    }

    /// `reachableposition`: whether retro-analysis finds no reason the
    /// current position could not arise in a game.
    /// Retro-analysis assumes standard chess, in every variant.
    pub fn is_reachable_position(&self) -> bool {
        self.position().to_standard().is_some_and(|chess| is_reachable_position(&chess))
    }
}

/// What `imagine` changed from `before` to `after`: each piece added
/// (`+Qd4`, `+nf6`, the letter's case its colour), each square emptied
/// (`-e5`), and the side to move if it changed (`wtm`, `btm`).
fn describe_changes(before: &GamePosition, after: &GamePosition) -> String {
    let (old, new) = (before.board(), after.board());
    let mut parts = Vec::new();
    for square in Square::ALL {
        match (old.piece_at(square), new.piece_at(square)) {
            (a, b) if a == b => {}
            (_, Some(piece)) => parts.push(format!("+{}{square}", piece.char())),
            (_, None) => parts.push(format!("-{square}")),
        }
    }
    if before.turn() != after.turn() {
        parts.push(if after.turn().is_white() { "wtm" } else { "btm" }.to_owned());
    }
    parts.join(" ")
}

/// `mv`, played from `before` to `after`, as `currentmutation` writes it,
/// after `prefix` (`~` for a move taken back).
fn describe(mv: MoveView, before: &GamePosition, after: &GamePosition, prefix: &str) -> String {
    let check = if after.is_check() { "+" } else { "" };
    let letter = |square| before.board().role_at(square).map_or('?', |role: Role| role.upper_char());
    let body = if mv.null {
        "--".to_owned()
    } else if let Some((rook_from, _)) = mv.rook {
        (if rook_from > mv.from { "O-O" } else { "O-O-O" }).to_owned()
    } else {
        let captured = mv.captured.map_or(String::new(), |square| format!("x({})", letter(square)));
        let promotion = mv.promotion.map_or(String::new(), |role| format!("={}", role.upper_char()));
        format!("{}{}{captured}{}{promotion}", letter(mv.from), mv.from, mv.to)
    };
    format!("{prefix}{body}{check}")
}
