//! The notes CQL writes about a matched path, in CQL 6.2's order:
//! `title: move k of L` at each focused move with `verbose`; `End path of
//! length L that starts at ...` at its last position (with `Max value: V`
//! for `max`/`min`); the focused pieces' squares with `piecepath`
//! (`Focus path: Qh8-g8-g7`); `Start path that ends at ...` at its first
//! position. A note already at its position is not written again (two
//! iterations of `◭X∊S` may find the same path, and CQL notes it once).
//! A `line` is named so in its notes (`Start line ...`, `End line of length
//! L ...`), its length counting positions.

use shakmaty::{Position, Square};

use super::{automaton::Path, search::Found};
use crate::{cursor::Cursor, state::PieceId};

/// Writes the notes about `found`, a path `path` matched; `focused` holds
/// the identities of the focused pieces, as bits (all with no `focus`).
pub(super) fn notes(at: &mut Cursor<'_>, path: &Path<'_>, found: &Found, focused: u64) {
    let settings = &path.settings;
    let (start, end) = (found.start, found.end);
    if settings.verbose {
        let title = settings.title.unwrap_or("path");
        let nodes = found.nodes(at.tree());
        let moves = nodes[1..].iter().enumerate().filter(|&(index, _)| found.is_focused(index));
        for (k, (_, &node)) in moves.enumerate() {
            at.state.notes.add_once(node, format!("{title}: move {} of {}", k + 1, found.length));
        }
    }
    let notes = !settings.quiet && !at.quiet();
    // A line's notes name it so and count its positions.
    let (kind, length) = if settings.line { ("line", found.length + 1) } else { ("path", found.length) };
    if notes {
        let start_label = at.position_label(start);
        let mut end_note = format!("End {kind} of length {length} that starts at {start_label}");
        if let Some(value) = found.value {
            end_note.push_str(&format!(" Max value: {value}"));
        }
        at.comment_naming(end, end_note, start);
    }
    if settings.piecepath {
        let squares = piece_paths(at, found, focused);
        let note = match settings.title {
            Some(title) => format!("{title} Focus path: {squares}"),
            None => format!("Focus path: {squares}"),
        };
        at.state.notes.add_once(start, note);
    }
    if notes {
        let end_label = at.position_label(end);
        at.comment_naming(start, format!("Start {kind} that ends at {end_label}"), end);
    }
}

/// Each focused piece's squares along the path, `Qh8-g8-g7`, in the order of
/// their first squares, separated by spaces. Moves are told apart by the
/// identity of the piece that made them. Castling moves the king and the
/// rook, and each of them that is focused goes on (CQL 6.2: `Rh1-f1-e1` for
/// a focused rook that castles and then moves; `Ke1-g1-h1 Rh1-f1-e1` when
/// both are focused).
fn piece_paths(at: &mut Cursor<'_>, found: &Found, focused: u64) -> String {
    let mut pieces: Vec<(Option<PieceId>, char, Vec<Square>)> = Vec::new();
    let nodes = found.nodes(at.tree());
    for (index, &node) in nodes[1..].iter().enumerate() {
        if !found.is_focused(index) {
            continue;
        }
        let before = nodes[index];
        let Some(view) = at.move_view(node) else { continue };
        let mut movers: Vec<(Option<PieceId>, Square, Square)> = [(view.from, view.to)]
            .into_iter()
            .chain(view.rook)
            .map(|(from, to)| (at.visit(before, |at| at.piece_on(from)), from, to))
            .collect();
        let is_focused = |id: Option<PieceId>| id.is_some_and(|id| id.0 < 64 && focused & (1 << id.0) != 0);
        if movers.iter().any(|&(id, _, _)| is_focused(id)) {
            movers.retain(|&(id, _, _)| is_focused(id));
        } else {
            // A move focused by what it captures: its (king's) move.
            movers.truncate(1);
        }
        for (id, from, to) in movers {
            match pieces.iter_mut().find(|(piece, _, _)| id.is_some() && *piece == id) {
                Some((_, _, squares)) => squares.push(to),
                None => {
                    let letter = at.tree().position(before).board().piece_at(from).map_or('?', |piece| piece.char());
                    pieces.push((id, letter, vec![from, to]));
                }
            }
        }
    }
    pieces.sort_by_key(|(_, _, squares)| squares[0]);
    let paths: Vec<String> = pieces
        .iter()
        .map(|(_, letter, squares)| {
            let squares: Vec<String> = squares.iter().map(|square| square.to_string()).collect();
            format!("{letter}{}", squares.join("-"))
        })
        .collect();
    paths.join(" ")
}
