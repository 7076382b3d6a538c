//! The movetext of an output game as CQL 6.2 writes it: moves regenerated
//! from the tree, NAGs as `$n`, one comment per position (the game's own text
//! first, then what the search added), variations in parentheses.
//!
//! It is laid out into lines as it is written, with buffers kept from game
//! to game ([`Scratch`]): writing a game allocates nothing once they have
//! grown.

use shakmaty::{Color, Position};

use super::{
    comment_limits::{TRUNCATED, within_limits},
    san::write_san,
    short_text::ShortText,
    wrap::{Join, Layout},
};
use crate::{
    by_node::ByNode,
    game::{Annotation, Game, Placement},
    tree::{MoveIn, NodeId},
};

/// What the search adds to a game's comments.
pub struct SearchAdditions<'a> {
    /// The pieces, each at its node, in the order they were written.
    pub pieces: &'a [(NodeId, &'a str)],
    /// Pieces for the end of the first comment (sort labels).
    pub first_comment_tail: &'a [String],
    /// The positions whose own comment (after the move into them) is left
    /// out (`removecomment`).
    pub removed: &'a [NodeId],
    /// Whether the first comment says `Game number N` (not with
    /// `-noheader`).
    pub game_number: bool,
}

impl SearchAdditions<'_> {
    /// Nothing but the game's number: the game as it was read.
    pub const NONE: SearchAdditions<'static> =
        SearchAdditions { pieces: &[], first_comment_tail: &[], removed: &[], game_number: true };
}

/// The buffers of writing movetext, kept from game to game.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The game's annotations by node.
    annotations: ByNode,
    /// The search's pieces by node.
    pieces: ByNode,
    /// The comment being put together.
    comment: Vec<u8>,
    /// The move being spelt.
    san: Vec<u8>,
    /// For each open variation: the node of the enclosing line it replaces
    /// a move of, and the next variation to write there.
    enclosing: Vec<(NodeId, Option<NodeId>)>,
}

/// Writes the movetext of `game`, wrapped, ending with the result.
pub(crate) fn write_movetext(game: &Game, added: &SearchAdditions<'_>, scratch: &mut Scratch, out: &mut Vec<u8>) {
    let tree = game.tree();
    let annotation_nodes = game.annotations().iter().map(|annotation| match annotation {
        Annotation::Comment { node, .. } | Annotation::Nag { node, .. } => node.index(),
    });
    scratch.annotations.group(tree.len(), annotation_nodes);
    scratch.pieces.group(tree.len(), added.pieces.iter().map(|(node, _)| node.index()));
    let mut line = LineWriter { game, added, scratch, layout: Layout::default(), out, numbered: true };
    if line.first_comment() {
        line.layout.break_before_next();
    }
    if let Some(first) = tree.node(NodeId::ROOT).first_child() {
        line.write_line(first);
    }
    line.push(game.result().as_str().as_bytes(), Join::Space);
}

struct LineWriter<'a, 'o> {
    game: &'a Game,
    added: &'a SearchAdditions<'a>,
    scratch: &'a mut Scratch,
    layout: Layout,
    out: &'o mut Vec<u8>,
    /// Whether the next black move needs its number (`12...`).
    numbered: bool,
}

impl<'a> LineWriter<'a, '_> {
    fn push(&mut self, text: &[u8], join: Join) {
        self.layout.push(text, join, self.out);
    }

    /// The comment at the start position: the game's own comment, the game
    /// number, what the search wrote there, the sort labels. Whether there
    /// was one: without its number (`-noheader`) a game may have nothing to
    /// say there.
    fn first_comment(&mut self) -> bool {
        self.scratch.comment.clear();
        let own_length = self.own_comments(NodeId::ROOT, Placement::AfterMove);
        let number = ShortText::numbered(b"Game number ", self.game.number(), b"");
        let root = self.scratch.pieces.of(NodeId::ROOT.index());
        let pieces = std::iter::once(number.as_bytes())
            .filter(|_| self.added.game_number)
            .chain(root.iter().map(|&piece| self.added.pieces[piece as usize].1.as_bytes()))
            .chain(self.added.first_comment_tail.iter().map(String::as_bytes));
        append_within_limits(&mut self.scratch.comment, own_length, pieces, 1);
        if self.scratch.comment.is_empty() {
            return false;
        }
        self.write_comment_text(Join::Glued, Join::GluedMayOverhang);
        true
    }

    /// Appends the game's own comments at `node` placed as `placement`,
    /// whitespace-collapsed, to the comment being put together; returns
    /// their length as written in the game.
    fn own_comments(&mut self, node: NodeId, placement: Placement) -> usize {
        let annotations = self.scratch.annotations.of(node.index());
        if annotations.is_empty() {
            // Most moves of most games: nothing to look up.
            return 0;
        }
        let mut length = 0;
        let removed = placement == Placement::AfterMove && self.added.removed.contains(&node);
        for &index in annotations {
            if let Annotation::Comment { placement: at, text, .. } = &self.game.annotations()[index as usize]
                && *at == placement
                && !removed
            {
                append_collapsed(&mut self.scratch.comment, self.game.text(text));
                length += text.len();
            }
        }
        length
    }

    /// Writes the comment put together, if any: `{`, its words (split on
    /// single spaces, as CQL does), `}`. Every comment is written here, and
    /// this is where its text is made fit for a brace comment, which ends at
    /// the first `}` whatever stands before it (PGN has no escape): each `{`
    /// and `}` becomes `_`, as CQL 6.2 writes them (so its reader, which
    /// takes a `{` inside a comment for a nested one, reads the output too),
    /// and each line break a space, as a game's own comments are collapsed
    /// (a blank line followed by a tag pair would start a game).
    fn write_comment_text(&mut self, open: Join, close: Join) {
        let Scratch { comment, .. } = &mut *self.scratch;
        for byte in comment.iter_mut() {
            match *byte {
                b'{' | b'}' => *byte = b'_',
                b'\n' | b'\r' => *byte = b' ',
                _ => {}
            }
        }
        self.layout.push(b"{", open, self.out);
        for (i, word) in comment.split(|&byte| byte == b' ').enumerate() {
            self.layout.push(word, if i == 0 { Join::Glued } else { Join::Space }, self.out);
        }
        self.layout.push(b"}", close, self.out);
    }

    /// Writes the line that starts with the move into `first` and continues
    /// with primary moves. After each move come its comment and the
    /// variations that replace it (its later siblings), each a line of its
    /// own in parentheses, after which the enclosing line goes on. The lines
    /// in progress are kept on a stack, not in recursive calls, so variations
    /// nested to any depth are written in constant stack space.
    fn write_line(&mut self, first: NodeId) {
        let tree = self.game.tree();
        self.scratch.enclosing.clear();
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
                    self.push(b"(", Join::Space);
                    self.scratch.enclosing.push((line_node, tree.node(variation).next_sibling()));
                    (node, alternatives) = (variation, false);
                    self.numbered = true;
                    break;
                }
                if let Some(child) = tree.node(line_node).first_child() {
                    (node, alternatives) = (child, true);
                    break;
                }
                // The line ends: close its variation, go on with the enclosing line.
                let Some(resume) = self.scratch.enclosing.pop() else { return };
                self.push(b")", Join::Space);
                self.numbered = true;
                at = resume;
            }
        }
    }

    fn write_move(&mut self, node: NodeId) {
        let tree = self.game.tree();
        let parent = tree.node(node).parent().expect("a move has a parent");
        let before = tree.position(parent);
        self.scratch.comment.clear();
        self.own_comments(node, Placement::BeforeMove);
        if !self.scratch.comment.is_empty() {
            self.write_comment_text(Join::Space, Join::Glued);
            self.numbered = true;
        }
        let number = u64::from(before.fullmoves().get());
        let mut san = std::mem::take(&mut self.scratch.san);
        san.clear();
        match tree.node(node).move_in() {
            MoveIn::Move(mv) => {
                let goes_on = || tree.children(node).any(|child| matches!(tree.node(child).move_in(), MoveIn::Move(_)));
                write_san(before, mv, tree.position(node), goes_on, &mut san);
            }
            MoveIn::Null | MoveIn::Root => san.extend_from_slice(b"--"),
        }
        match before.turn() {
            Color::White => {
                self.push(ShortText::numbered(b"", number, b".").as_bytes(), Join::Space);
                self.push(&san, Join::Glued);
            }
            Color::Black if self.numbered => {
                self.push(ShortText::numbered(b"", number, b"...").as_bytes(), Join::Space);
                self.push(&san, Join::Glued);
            }
            Color::Black => self.push(&san, Join::Space),
        }
        self.scratch.san = san;
        self.numbered = false;
        for &index in self.scratch.annotations.of(node.index()) {
            if let Annotation::Nag { nag, .. } = self.game.annotations()[index as usize] {
                self.layout.push(ShortText::numbered(b"$", u64::from(nag), b"").as_bytes(), Join::Space, self.out);
            }
        }
    }

    /// The comment after the move into `node`: its own text, then the search's.
    fn write_comment(&mut self, node: NodeId) {
        if let Some(text) = self.lone_added_word(node) {
            self.push(b"{", Join::Space);
            self.push(text, Join::Glued);
            self.push(b"}", Join::Glued);
            self.numbered = true;
            return;
        }
        self.scratch.comment.clear();
        let own_length = self.own_comments(node, Placement::AfterMove);
        let pieces = (self.scratch.pieces.of(node.index()).iter())
            .map(|&piece| self.added.pieces[piece as usize].1.as_bytes())
            .filter(|piece| !piece.is_empty());
        append_within_limits(&mut self.scratch.comment, own_length, pieces, 0);
        if !self.scratch.comment.is_empty() {
            self.write_comment_text(Join::Space, Join::Glued);
            self.numbered = true;
        }
    }

    /// The text the search added at `node`, when it is the whole comment
    /// there and one word that needs no change for a brace comment (the
    /// `CQL` that marks a match, most often): the game has no annotation
    /// at the node, and the text is not empty, short, and free of spaces,
    /// braces and line breaks. Written as it is, it comes out as the
    /// general way writes it.
    fn lone_added_word(&self, node: NodeId) -> Option<&'a [u8]> {
        if !self.scratch.annotations.of(node.index()).is_empty() {
            return None;
        }
        let &[piece] = self.scratch.pieces.of(node.index()) else { return None };
        let text = self.added.pieces[piece as usize].1.as_bytes();
        let plain = !text.iter().any(|&byte| matches!(byte, b' ' | b'{' | b'}' | b'\n' | b'\r'));
        (plain && !text.is_empty() && within_limits(0, [text.len()], 0).taken == 1).then_some(text)
    }
}

/// Appends `piece` to the comment `text`, after a space if it has text.
fn append(text: &mut Vec<u8>, piece: &[u8]) {
    if !text.is_empty() {
        text.push(b' ');
    }
    text.extend_from_slice(piece);
}

/// Appends the whitespace-separated words of `own`, joined by single
/// spaces, as one piece (nothing for an empty comment).
fn append_collapsed(text: &mut Vec<u8>, own: &[u8]) {
    text.reserve(own.len() + 1);
    // The space before the next word: before the first, if the comment has text.
    let mut space = !text.is_empty();
    for &byte in own {
        if byte.is_ascii_whitespace() {
            space |= !text.is_empty();
        } else {
            if space {
                text.push(b' ');
                space = false;
            }
            text.push(byte);
        }
    }
}

/// Appends the added `pieces` that fit (see [`within_limits`]) after
/// `own_length` bytes of the comment's own text; the first `kept` stay in
/// any case.
fn append_within_limits<'p>(
    text: &mut Vec<u8>,
    own_length: usize,
    pieces: impl Iterator<Item = &'p [u8]> + Clone,
    kept: usize,
) {
    let fit = within_limits(own_length, pieces.clone().map(<[u8]>::len), kept);
    pieces.take(fit.taken).for_each(|piece| append(text, piece));
    match fit.truncated {
        true if fit.taken == 0 => append(text, TRUNCATED),
        true => text.extend_from_slice(TRUNCATED),
        false => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_is_collapsed_as_its_words_joined_by_single_spaces() {
        let comments: [&[u8]; 6] = [b"", b"  \t\n", b"one", b" two  words\r\n", b"\x0bvertical\x0btab ", b"a\x0c b"];
        for before in [&b""[..], b"text"] {
            for own in comments {
                let mut text = before.to_vec();
                append_collapsed(&mut text, own);
                let words: Vec<&[u8]> = own.split(u8::is_ascii_whitespace).filter(|word| !word.is_empty()).collect();
                let mut expected = before.to_vec();
                if !words.is_empty() {
                    append(&mut expected, &words.join(&b' '));
                }
                assert_eq!(text, expected, "{:?} after {:?}", own, before);
            }
        }
    }
}
