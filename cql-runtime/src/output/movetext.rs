//! The movetext of an output game as CQL 6.2 writes it: moves regenerated
//! from the tree, NAGs as `$n`, one comment per position (the game's own text
//! first, then what the search added), variations in parentheses.

use std::ops::Range;

use shakmaty::{Color, Position, san::SanPlus};

use super::{
    comment_limits::within_limits,
    wrap::{Join, wrap},
};
use crate::{
    game::{Annotation, Game, Placement},
    tree::{MoveIn, NodeId},
};

/// What the search adds to a game's comments.
pub(crate) struct Added<'a> {
    /// Pieces by node index, in the order they were written.
    pub by_node: Vec<Vec<&'a str>>,
    /// Pieces for the end of the first comment (sort labels).
    pub first_comment_tail: &'a [String],
    /// The positions whose own comment (after the move into them) is left
    /// out (`removecomment`).
    pub removed: &'a [NodeId],
}

/// Writes the movetext of `game`, wrapped, ending with the result.
pub(crate) fn write_movetext(game: &Game, added: &Added<'_>, out: &mut Vec<u8>) {
    let own = OwnComments::of(game, added.removed);
    let mut atoms = Atoms::default();
    atoms.first_comment(game, &own, added);
    let tree = game.tree();
    let mut line = LineWriter { game, own: &own, added, atoms: &mut atoms, numbered: true };
    match tree.node(NodeId::ROOT).first_child() {
        Some(first) => {
            line.atoms.next_join = Some(Join::NewLine);
            line.write_line(first);
        }
        None => line.atoms.next_join = Some(Join::NewLine),
    }
    atoms.push(game.result().as_str().as_bytes(), Join::Space);
    atoms.lay_out(out);
}

/// The game's own comments, whitespace-collapsed, by node and placement.
struct OwnComments {
    after: Vec<Vec<Range<usize>>>,
    before: Vec<Vec<Range<usize>>>,
    nags: Vec<Vec<u8>>,
}

impl OwnComments {
    fn of(game: &Game, removed: &[NodeId]) -> Self {
        let nodes = game.tree().len();
        let mut own = OwnComments {
            after: vec![Vec::new(); nodes],
            before: vec![Vec::new(); nodes],
            nags: vec![Vec::new(); nodes],
        };
        for annotation in game.annotations() {
            match annotation {
                Annotation::Comment { node, placement: Placement::AfterMove, text } => {
                    if !removed.contains(node) {
                        own.after[node.index()].push(text.clone());
                    }
                }
                Annotation::Comment { node, placement: Placement::BeforeMove, text } => {
                    own.before[node.index()].push(text.clone());
                }
                Annotation::Nag { node, nag } => own.nags[node.index()].push(*nag),
            }
        }
        own
    }
}

/// Movetext atoms, stored in one buffer.
#[derive(Default)]
struct Atoms {
    bytes: Vec<u8>,
    atoms: Vec<(Range<usize>, Join)>,
    /// Overrides the join of the next atom (a forced line break).
    next_join: Option<Join>,
}

impl Atoms {
    fn push(&mut self, text: &[u8], join: Join) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(text);
        let join = self.next_join.take().unwrap_or(join);
        self.atoms.push((start..self.bytes.len(), join));
    }

    /// A comment: `{`, the words of `text` (split on single spaces, as CQL
    /// does), `}`. Every comment is written here, and this is where its text
    /// is made fit for a brace comment, which ends at the first `}` whatever
    /// stands before it (PGN has no escape): each `{` and `}` becomes `_`, as
    /// CQL 6.2 writes them (so its reader, which takes a `{` inside a comment
    /// for a nested one, reads the output too), and each line break a space,
    /// as a game's own comments are collapsed (a blank line followed by a tag
    /// pair would start a game).
    fn comment(&mut self, text: &[u8], open: Join, close: Join) {
        let fit: Vec<u8> = text
            .iter()
            .map(|&byte| match byte {
                b'{' | b'}' => b'_',
                b'\n' | b'\r' => b' ',
                _ => byte,
            })
            .collect();
        self.push(b"{", open);
        for (i, word) in fit.split(|&b| b == b' ').enumerate() {
            self.push(word, if i == 0 { Join::Glued } else { Join::Space });
        }
        self.push(b"}", close);
    }

    /// The comment at the start position: the game's own comment, the game
    /// number, what the search wrote there, the sort labels.
    fn first_comment(&mut self, game: &Game, own: &OwnComments, added: &Added<'_>) {
        let mut text: Vec<u8> = Vec::new();
        let mut append = |piece: &[u8]| {
            if !text.is_empty() {
                text.push(b' ');
            }
            text.extend_from_slice(piece);
        };
        for range in &own.after[NodeId::ROOT.index()] {
            append_collapsed(game.text(range), &mut append);
        }
        let number = format!("Game number {}", game.number());
        let mut pieces = vec![number.as_str()];
        pieces.extend(added.by_node[NodeId::ROOT.index()].iter().copied());
        pieces.extend(added.first_comment_tail.iter().map(String::as_str));
        let own_length = own.after[NodeId::ROOT.index()].iter().map(Range::len).sum();
        for piece in within_limits(own_length, &pieces, 1) {
            append(piece.as_bytes());
        }
        self.comment(&text, Join::Glued, Join::GluedMayOverhang);
    }

    fn lay_out(&self, out: &mut Vec<u8>) {
        wrap(self.atoms.iter().map(|(range, join)| (&self.bytes[range.clone()], *join)), out);
    }
}

/// Appends the whitespace-separated words of `text`, joined by single spaces,
/// as one piece (nothing for an empty comment).
fn append_collapsed(text: &[u8], append: &mut impl FnMut(&[u8])) {
    let collapsed: Vec<u8> =
        text.split(|b| b.is_ascii_whitespace()).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(&b' ');
    if !collapsed.is_empty() {
        append(&collapsed);
    }
}

struct LineWriter<'a, 'g> {
    game: &'g Game,
    own: &'a OwnComments,
    added: &'a Added<'a>,
    atoms: &'a mut Atoms,
    /// Whether the next black move needs its number (`12...`).
    numbered: bool,
}

impl LineWriter<'_, '_> {
    /// Writes the line that starts with the move into `first` and continues
    /// with primary moves. After each move come its comment and the
    /// variations that replace it (its later siblings), each a line of its
    /// own in parentheses, after which the enclosing line goes on. The lines
    /// in progress are kept on a stack, not in recursive calls, so variations
    /// nested to any depth are written in constant stack space.
    fn write_line(&mut self, first: NodeId) {
        let tree = self.game.tree();
        // For each open variation: the node of the enclosing line it
        // replaces a move of, and the next variation to write there.
        let mut enclosing: Vec<(NodeId, Option<NodeId>)> = Vec::new();
        let mut node = first;
        let mut alternatives = true;
        self.numbered = true;
        loop {
            self.write_move(node);
            self.write_comment(node);
            // A variation's own siblings are written by the enclosing line.
            let mut at = (node, if alternatives { tree.node(node).next_sibling() } else { None });
            loop {
                let (line_node, variation) = at;
                if let Some(variation) = variation {
                    self.atoms.push(b"(", Join::Space);
                    enclosing.push((line_node, tree.node(variation).next_sibling()));
                    (node, alternatives) = (variation, false);
                    self.numbered = true;
                    break;
                }
                if let Some(child) = tree.node(line_node).first_child() {
                    (node, alternatives) = (child, true);
                    break;
                }
                // The line ends: close its variation, go on with the enclosing line.
                let Some(resume) = enclosing.pop() else { return };
                self.atoms.push(b")", Join::Space);
                self.numbered = true;
                at = resume;
            }
        }
    }

    fn write_move(&mut self, node: NodeId) {
        let tree = self.game.tree();
        let parent = tree.node(node).parent().expect("a move has a parent");
        let before = tree.position(parent);
        if !self.own.before[node.index()].is_empty() {
            let mut text = Vec::new();
            for range in &self.own.before[node.index()] {
                append_collapsed(self.game.text(range), &mut |piece| {
                    if !text.is_empty() {
                        text.push(b' ');
                    }
                    text.extend_from_slice(piece);
                });
            }
            if !text.is_empty() {
                self.atoms.comment(&text, Join::Space, Join::Glued);
                self.numbered = true;
            }
        }
        let number = before.fullmoves().get();
        let san = match tree.node(node).move_in() {
            MoveIn::Move(mv) => SanPlus::from_move(before.clone(), mv).to_string(),
            MoveIn::Null | MoveIn::Root => "--".to_owned(),
        };
        match before.turn() {
            Color::White => {
                self.atoms.push(format!("{number}.").as_bytes(), Join::Space);
                self.atoms.push(san.as_bytes(), Join::Glued);
            }
            Color::Black if self.numbered => {
                self.atoms.push(format!("{number}...").as_bytes(), Join::Space);
                self.atoms.push(san.as_bytes(), Join::Glued);
            }
            Color::Black => self.atoms.push(san.as_bytes(), Join::Space),
        }
        self.numbered = false;
        for nag in &self.own.nags[node.index()] {
            self.atoms.push(format!("${nag}").as_bytes(), Join::Space);
        }
    }

    /// The comment after the move into `node`: its own text, then the search's.
    fn write_comment(&mut self, node: NodeId) {
        let mut text: Vec<u8> = Vec::new();
        let mut append = |piece: &[u8]| {
            if !text.is_empty() {
                text.push(b' ');
            }
            text.extend_from_slice(piece);
        };
        for range in &self.own.after[node.index()] {
            append_collapsed(self.game.text(range), &mut append);
        }
        let own_length = self.own.after[node.index()].iter().map(Range::len).sum();
        let added: Vec<&str> =
            self.added.by_node[node.index()].iter().copied().filter(|piece| !piece.is_empty()).collect();
        for piece in within_limits(own_length, &added, 0) {
            append(piece.as_bytes());
        }
        if !text.is_empty() {
            self.atoms.comment(&text, Join::Space, Join::Glued);
            self.numbered = true;
        }
    }
}
