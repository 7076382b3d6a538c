//! `find`: the first position from here on (or, with `<--`, back to the
//! start) where a filter matches; with `all` or a range, how many match.
//!
//! Positions are searched in position id order: the current one, then the
//! positions after it (along primary moves only, unless the search takes
//! variations), or the current one and each before it. A matching
//! position gets the note `Found` (`Found k of n` when counting), unless
//! `quiet`.

use crate::{
    cursor::Cursor,
    tree::{GameTree, NodeId},
};

/// Which way `find` searches, and whether its notes are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FindSettings {
    /// `<--`: back to the start instead of forward.
    pub backward: bool,
    /// `quiet`: no `Found` notes.
    pub quiet: bool,
}

impl<'a> Cursor<'a> {
    /// The positions `find` visits from here, in order.
    fn find_order(&self, backward: bool) -> FindOrder<'a> {
        let tree = self.tree();
        let node = self.node();
        let walk = if self.is_imaginary() {
            Walk::Line { next: None, backward }
        } else if !backward && self.variations() {
            Walk::Subtree(tree.in_position_order()[tree.subtree_ids(node)].iter())
        } else {
            Walk::Line { next: Some(node), backward }
        };
        FindOrder { tree, walk }
    }

    /// `find F`: the first position where `matches` holds.
    pub fn find_first(&mut self, settings: FindSettings, mut matches: impl FnMut(&mut Self) -> bool) -> Option<NodeId> {
        let imaginary = std::mem::take(&mut self.state.imaginary);
        let found = self.find_order(settings.backward).find(|&node| {
            let mark = self.mark();
            let matched = self.visit(node, &mut matches);
            if !matched {
                self.rollback(mark);
            }
            matched
        });
        self.state.imaginary = imaginary;
        if let Some(node) = found
            && !settings.quiet
            && !self.quiet()
        {
            self.state.notes.add(node, "Found".to_owned());
        }
        found
    }

    /// `find all F` (range `1` to the greatest), `find N M F`: how many
    /// positions `matches` holds at, if that is in the range (no match if
    /// an endpoint has no value).
    pub fn find_count(
        &mut self,
        settings: FindSettings,
        (least, most): (Option<i64>, Option<i64>),
        mut matches: impl FnMut(&mut Self) -> bool,
    ) -> Option<i64> {
        let (least, most) = (least?, most?);
        let imaginary = std::mem::take(&mut self.state.imaginary);
        let start = self.mark();
        let mut found = Vec::new();
        for node in self.find_order(settings.backward) {
            let mark = self.mark();
            if self.visit(node, &mut matches) {
                found.push(node);
            } else {
                self.rollback(mark);
            }
        }
        self.state.imaginary = imaginary;
        let count = found.len() as i64;
        if count < least || count > most {
            self.rollback(start);
            return None;
        }
        if !settings.quiet && !self.quiet() {
            for (k, node) in (1..).zip(found) {
                self.state.notes.add(node, format!("Found {k} of {count}"));
            }
        }
        Some(count)
    }
}

/// The positions a `find` visits, in order, read from the tree as it goes.
struct FindOrder<'a> {
    tree: &'a GameTree,
    walk: Walk<'a>,
}

/// How a `find` walks the tree.
enum Walk<'a> {
    /// Along one line: back to the start, or forward along primary moves.
    Line { next: Option<NodeId>, backward: bool },
    /// The positions of a subtree, in position id order (forward, with
    /// variations).
    Subtree(std::slice::Iter<'a, NodeId>),
}

impl Iterator for FindOrder<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        match &mut self.walk {
            Walk::Line { next, backward } => {
                let node = (*next)?;
                let links = self.tree.node(node);
                *next = if *backward { links.parent() } else { links.first_child() };
                Some(node)
            }
            Walk::Subtree(nodes) => nodes.next().copied(),
        }
    }
}
