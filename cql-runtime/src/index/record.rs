//! One game in the move index: its tags, its termination marker, every move
//! of its tree (main line and variations) already resolved, and its
//! comments and NAGs; written from a game read from its PGN text
//! ([`encode`]) and turned back into the same [`Game`] without parsing
//! that text again ([`decode`]).
//!
//! A record holds, in this order:
//! - the tags (a count, then each name and value);
//! - the termination marker (0 for none, 1 `1-0`, 2 `0-1`, 3 `1/2-1/2`, 4 `*`);
//! - the nodes after the root in the order they were added (a count, then a
//!   16-bit word for each: its move, or a null move; a node whose parent is
//!   not the node before it is preceded by [`BRANCH`] and its parent's index);
//! - the annotations in order (a count, then for each its kind, its node's
//!   index and its text or NAG).
//!
//! A move's word is its origin (bits 0–5), its destination (6–11; a
//! castling's is its rook's square, as shakmaty has it) and its kind (12–15:
//! a plain move, a promotion to a knight, bishop, rook or queen, castling,
//! en passant). The start position is not stored: it follows from the tags
//! as it does when the text is read.

use shakmaty::{Chess, Color, KnownOutcome, Move, Outcome, Position, Role, Square};

use super::bytes::{ByteReader, ByteWriter};
use crate::{
    game::{Annotation, Game, Placement},
    pgn::{MAX_GAME_PLIES, MAX_VARIATION_DEPTH, RawGame, play_null, start_position},
    position::GamePosition,
    rules::Rules,
    tree::{MoveIn, NodeId},
};

const CASTLE: u16 = 5;
const EN_PASSANT: u16 = 6;
/// The kind of the words that are no move of a piece.
const NOT_A_PIECE_MOVE: u16 = 7;
/// A null move.
const NULL: u16 = NOT_A_PIECE_MOVE << 12;
/// The next node's parent is not the node before it: its index follows.
const BRANCH: u16 = NOT_A_PIECE_MOVE << 12 | 1;

/// Appends `game`'s record to `out`; `false` (and `out` as it was) if the
/// game cannot be recorded: one of another variant than standard chess (or
/// Chess960), a text longer than 4 GB.
pub(super) fn encode(game: &Game, out: &mut Vec<u8>) -> bool {
    let length = out.len();
    let recorded = encode_parts(game, &mut ByteWriter(out)).is_some();
    if !recorded {
        out.truncate(length);
    }
    recorded
}

fn encode_parts(game: &Game, out: &mut ByteWriter<'_>) -> Option<()> {
    let tree = game.tree();
    let GamePosition::Standard(_) = tree.position(NodeId::ROOT) else { return None };
    out.u32(u32::try_from(game.tags().count()).ok()?);
    for (name, value) in game.tags() {
        out.bytes(name)?;
        out.bytes(value)?;
    }
    out.u8(outcome_code(game.outcome()));
    out.u32(u32::try_from(tree.len() - 1).ok()?);
    for (previous, id) in tree.ids().zip(tree.ids().skip(1)) {
        let node = tree.node(id);
        let parent = node.parent()?;
        if parent != previous {
            out.u16(BRANCH);
            out.u32(u32::try_from(parent.index()).ok()?);
        }
        out.u16(match node.move_in() {
            MoveIn::Move(mv) => move_word(mv)?,
            MoveIn::Null => NULL,
            MoveIn::Root => return None,
        });
    }
    out.u32(u32::try_from(game.annotations().len()).ok()?);
    for annotation in game.annotations() {
        match annotation {
            Annotation::Comment { node, placement, text } => {
                out.u8(match placement {
                    Placement::AfterMove => 0,
                    Placement::BeforeMove => 1,
                });
                out.u32(u32::try_from(node.index()).ok()?);
                out.bytes(game.text(text))?;
            }
            Annotation::Nag { node, nag } => {
                out.u8(2);
                out.u32(u32::try_from(node.index()).ok()?);
                out.u8(*nag);
            }
        }
    }
    Some(())
}

/// Reads a record made by [`encode`] into `game`, the game `raw` of its
/// input (its number, line and text); `None` if the record is cut short, names a
/// move whose piece is not there, or goes past the bounds of a game read
/// from text, and then `game` is to be read from its text.
pub(super) fn decode(record: &[u8], raw: &RawGame<'_>, game: &mut Game) -> Option<()> {
    let mut input = ByteReader::new(record);
    game.reset(raw);
    for _ in 0..input.u32()? {
        let name = input.bytes()?;
        let value = input.bytes()?;
        game.push_tag(name, value);
    }
    let outcome = outcome_of(input.u8()?)?;
    // Records are made only where untagged games are of standard chess.
    let start = start_position(game, Rules::STANDARD).ok()?;
    game.tree_mut().reset(start);
    let mut previous = NodeId::ROOT;
    for _ in 0..input.u32()? {
        let mut word = input.u16()?;
        let mut parent = previous;
        if word == BRANCH {
            parent = game.tree().id_at(usize::try_from(input.u32()?).ok()?)?;
            word = input.u16()?;
        }
        let tree = game.tree_mut();
        previous = if word == NULL {
            let position = play_null(tree.position(parent))?;
            tree.add_child(parent, MoveIn::Null, position)
        } else {
            let GamePosition::Standard(position) = tree.position(parent) else { return None };
            let mv = move_of(word, position)?;
            tree.add_move(parent, mv)
        };
        // Within the bounds reading the text keeps to.
        let node = tree.node(previous);
        if node.ply() > MAX_GAME_PLIES || node.variation_depth() as usize > MAX_VARIATION_DEPTH {
            return None;
        }
    }
    for _ in 0..input.u32()? {
        let kind = input.u8()?;
        let node = game.tree().id_at(usize::try_from(input.u32()?).ok()?)?;
        match kind {
            0 | 1 => {
                let placement = if kind == 0 { Placement::AfterMove } else { Placement::BeforeMove };
                game.begin_comment(node, placement);
                game.extend_comment(input.bytes()?);
            }
            2 => game.push_nag(node, input.u8()?),
            _ => return None,
        }
    }
    if let Some(outcome) = outcome {
        game.set_outcome(outcome);
    }
    Some(())
}

fn outcome_code(outcome: Option<Outcome>) -> u8 {
    match outcome {
        None => 0,
        Some(Outcome::Known(KnownOutcome::Decisive { winner: Color::White })) => 1,
        Some(Outcome::Known(KnownOutcome::Decisive { winner: Color::Black })) => 2,
        Some(Outcome::Known(KnownOutcome::Draw)) => 3,
        Some(Outcome::Unknown) => 4,
    }
}

/// The outcome `code` stands for (itself `None` for no marker); `None` for
/// no code [`outcome_code`] gives.
fn outcome_of(code: u8) -> Option<Option<Outcome>> {
    Some(match code {
        0 => None,
        1 => Some(Outcome::Known(KnownOutcome::Decisive { winner: Color::White })),
        2 => Some(Outcome::Known(KnownOutcome::Decisive { winner: Color::Black })),
        3 => Some(Outcome::Known(KnownOutcome::Draw)),
        4 => Some(Outcome::Unknown),
        _ => return None,
    })
}

/// The word of a move of standard chess; `None` for a drop or a promotion
/// to a king, which it has not.
fn move_word(mv: Move) -> Option<u16> {
    let squares = |from: Square, to: Square| u16::from(from) | u16::from(to) << 6;
    Some(match mv {
        Move::Normal { from, to, promotion, .. } => {
            let kind = match promotion {
                None => 0,
                Some(Role::Knight) => 1,
                Some(Role::Bishop) => 2,
                Some(Role::Rook) => 3,
                Some(Role::Queen) => 4,
                Some(Role::Pawn | Role::King) => return None,
            };
            squares(from, to) | kind << 12
        }
        Move::Castle { king, rook } => squares(king, rook) | CASTLE << 12,
        Move::EnPassant { from, to } => squares(from, to) | EN_PASSANT << 12,
        Move::Put { .. } => return None,
    })
}

/// The move `word` stands for in `position`; `None` unless its origin holds
/// a piece of the side to move that can make a move of its kind.
fn move_of(word: u16, position: &Chess) -> Option<Move> {
    let from = Square::new(u32::from(word & 63));
    let to = Square::new(u32::from(word >> 6 & 63));
    let board = position.board();
    let ours = board.by_color(position.turn());
    let role = board.role_at(from).filter(|_| ours.contains(from))?;
    let kind = word >> 12;
    match kind {
        0..=4 if !ours.contains(to) => {
            let promotion =
                [None, Some(Role::Knight), Some(Role::Bishop), Some(Role::Rook), Some(Role::Queen)][usize::from(kind)];
            if promotion.is_some() && role != Role::Pawn {
                return None;
            }
            Some(Move::Normal { role, from, capture: board.role_at(to), to, promotion })
        }
        CASTLE if role == Role::King && (board.rooks() & ours).contains(to) => {
            Some(Move::Castle { king: from, rook: to })
        }
        EN_PASSANT if role == Role::Pawn && !board.occupied().contains(to) => Some(Move::EnPassant { from, to }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::GameParser;

    /// A game with every kind of node and annotation: variations nested and
    /// side by side, a null move, castling, en passant, an underpromotion,
    /// comments before and after moves, NAGs.
    const GAME: &str = "[Event \"every kind\"]\n[Site \"Gen\u{e8}ve\"]\n\n\
        {start} 1. e4 $1 d5 2. e5 f5 (2... Nc6 {or} 3. Nf3 (3. -- Nb4) 3... d4) 3. exf6 e5 \
        4. Nf3 Nc6 5. Bb5 Bd7 6. O-O ({before} 6. fxg7 Qe7 7. gxh8=N) 6... Qe7 7. Re1 O-O-O 1/2-1/2";

    fn read(text: &str) -> Game {
        let mut game = Game::default();
        let raw = RawGame::new(3, 10, text.as_bytes());
        let warnings = GameParser::default().parse(&raw, &mut game).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        game
    }

    #[test]
    fn a_record_reads_back_into_a_game_that_records_the_same() {
        let game = read(GAME);
        let mut record = Vec::new();
        assert!(encode(&game, &mut record));
        let mut decoded = Game::default();
        decode(&record, &RawGame::new(3, 10, GAME.as_bytes()), &mut decoded).unwrap();
        assert_eq!(decoded.tree().len(), game.tree().len());
        for id in game.tree().ids() {
            let (original, copy) = (game.tree().node(id), decoded.tree().node(id));
            assert_eq!((original.parent(), original.move_in()), (copy.parent(), copy.move_in()));
            let setup = |game: &Game| game.tree().position(id).to_setup(shakmaty::EnPassantMode::Always);
            assert_eq!(setup(&game), setup(&decoded));
        }
        assert_eq!(decoded.tags().collect::<Vec<_>>(), game.tags().collect::<Vec<_>>());
        assert_eq!(decoded.outcome(), game.outcome());
        let mut again = Vec::new();
        assert!(encode(&decoded, &mut again));
        assert_eq!(again, record);
    }

    #[test]
    fn a_cut_record_is_refused() {
        let mut record = Vec::new();
        assert!(encode(&read(GAME), &mut record));
        let mut game = Game::default();
        for length in 0..record.len() {
            assert!(decode(&record[..length], &RawGame::new(1, 1, b""), &mut game).is_none(), "cut at {length}");
        }
    }

    #[test]
    fn games_of_other_variants_are_not_recorded() {
        let mut record = Vec::new();
        assert!(!encode(&read("[Variant \"Atomic\"]\n\n1. e4 d5 *"), &mut record));
        assert!(record.is_empty());
    }
}
