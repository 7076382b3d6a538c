//! Going through the parts of a filter: the one place that knows, for every
//! kind of filter, which filters it is made of. Passes over the IR (the
//! transforms' images, the lowering passes, the code generator's questions
//! such as "may this write a comment?") use these instead of matching every
//! variant themselves.

use super::{Change, Constituent, Dash, Expr, ImageCount, MoveFilter, MoveTest, Node, PathFilter};

/// `for_each_child` and `for_each_child_mut`: one body for both, as match
/// ergonomics bind the parts by reference or by mutable reference alike.
macro_rules! for_each_child {
    ($(#[$doc:meta])* $name:ident $(, $mutability:tt)?) => {
        $(#[$doc])*
        pub fn $name<'a>(&'a $($mutability)? self, mut f: impl FnMut(&'a $($mutability)? Node)) {
            match self {
                Expr::Bool(_)
                | Expr::Number(_)
        | Expr::ColorValue { .. }
                | Expr::Str(_)
                | Expr::Squares(_)
                | Expr::Pieces { .. }
                | Expr::Position(_)
                | Expr::Pawns(_)
                | Expr::PathStatus(_)
                | Expr::PositionOf(_)
                | Expr::Year
                | Expr::GameData(_)
                | Expr::EntryCount(_)
                | Expr::IsBound(_)
                | Expr::Unbind { key: None, .. }
                | Expr::Imaginary(_)
                | Expr::Variant(_)
                | Expr::ComposersMate(_)
                | Expr::CurrentTransform(_)
                | Expr::Result(_)
                | Expr::CurrentMove(_)
                | Expr::TreeNumber(_)
                | Expr::SideToMove
                | Expr::Child(None)
                | Expr::Var(_) => {}
                Expr::Child(Some(inner)) => f(inner),
                Expr::Compound(nodes)
                | Expr::Attack(_, nodes)
                | Expr::Comment(nodes)
                | Expr::Ray { operands: nodes, .. }
                | Expr::MakeSquare(nodes)
                | Expr::Strings(_, nodes)
                | Expr::Extremum { operands: nodes, .. }
                | Expr::Message { arguments: nodes, .. } => nodes.into_iter().for_each(f),
                Expr::Not(inner)
                | Expr::Complement(inner)
                | Expr::Negate(inner)
                | Expr::Abs(inner)
                | Expr::Count(inner)
                | Expr::Power(inner)
                | Expr::Direction { squares: inner, .. }
                | Expr::Sort { body: inner, .. }
                | Expr::PositionWithId(inner)
                | Expr::Assign { value: inner, .. }
                | Expr::SquareValue(_, inner)
                | Expr::Sqrt(inner)
                | Expr::Loop(inner)
                | Expr::NoTransform(inner)
                | Expr::Entry { key: inner, .. }
                | Expr::Unbind { key: Some(inner), .. }
                | Expr::EachKey { body: inner, .. }
                | Expr::Assert { test: inner, .. }
                | Expr::SetTag { value: inner, .. }
                | Expr::SquareColor { squares: inner, .. } => f(inner),
                Expr::And(left, right)
                | Expr::Or(left, right)
                | Expr::Compare(_, left, right)
                | Expr::CompareStrings(_, left, right)
                | Expr::ComparePositions(_, left, right)
                | Expr::CommonSquares(left, right)
                | Expr::Union(left, right)
                | Expr::Intersection(left, right)
                | Expr::Arithmetic(_, left, right)
                | Expr::Subset(left, right)
                | Expr::SetEquality { left, right, .. }
                | Expr::At { position: left, filter: right }
                | Expr::Between(left, right)
                | Expr::Lineage(_, left, right)
                | Expr::Lca(left, right)
                | Expr::Distance(left, right)
                | Expr::While { test: left, body: right }
                | Expr::EachMatch { target: left, body: right, .. }
                | Expr::AssignEntry { key: left, value: right, .. }
                | Expr::ForEach { set: left, body: right, .. } => {
                    f(left);
                    f(right);
                }
                Expr::Echo(echo) => f(& $($mutability)? echo.body),
                Expr::Call(call) => f(& $($mutability)? call.template),
                Expr::Images(set) => {
                    if let Some(ImageCount::Within((least, most))) = & $($mutability)? set.range {
                        f(least);
                        f(most);
                    }
                    for family in & $($mutability)? set.families {
                        f(& $($mutability)? family.template);
                    }
                }
                Expr::Pin { from, through, to, .. } => {
                    [from, through, to].into_iter().flatten().for_each(|set| f(set));
                }
                Expr::Find { range, body, .. } => {
                    if let Some((least, most)) = range {
                        f(least);
                        f(most);
                    }
                    f(body);
                }
                Expr::ConsecutiveMoves { range, left, right, .. } => {
                    if let Some((least, most)) = range {
                        f(least);
                        f(most);
                    }
                    f(left);
                    f(right);
                }
                Expr::If { condition, then, otherwise } => {
                    f(condition);
                    f(then);
                    if let Some(otherwise) = otherwise {
                        f(otherwise);
                    }
                }
                Expr::Dash(Dash { test, target, .. }) | Expr::CountMoves(Dash { test, target, .. }) => {
                    let MoveTest { from, to, .. } = test;
                    [from, to].into_iter().flatten().for_each(|side| f(side));
                    target.into_iter().for_each(f);
                }
                Expr::Move(MoveFilter { from, to, capture, en_passant_square, custodial, speculative, .. }) => {
                    [from, to, capture, en_passant_square, custodial, speculative]
                        .into_iter()
                        .flatten()
                        .for_each(|child| f(child));
                }
                Expr::Imagine { changes, target } => {
                    for change in changes {
                        if let Change::Remove(squares) = change {
                            f(squares);
                        }
                    }
                    f(target);
                }
                Expr::Path(path) => {
                    let PathFilter { constituents, focus, best, range, .. } = & $($mutability)? **path;
                    for constituent in constituents {
                        match constituent {
                            Constituent::Move(MoveTest { from, to, .. }) => {
                                [from, to].into_iter().flatten().for_each(|side| f(side))
                            }
                            Constituent::Filter(node) => f(node),
                        }
                    }
                    [focus, best].into_iter().flatten().for_each(|(_, node)| f(node));
                    if let Some((least, most)) = range {
                        f(least);
                        f(most);
                    }
                }
            }
        }
    };
}

impl Expr {
    for_each_child!(
        /// Calls `f` with each filter this one is made of, in order (for a
        /// dash, the sides of its move and its target; for a path, the sides
        /// of its move constituents, its filter constituents, then its
        /// `focus` and `max`/`min` filters; for `move`, its sets, then its comment or speculative target).
        for_each_child
    );

    for_each_child!(
        /// [`Expr::for_each_child`], each part lent mutably.
        for_each_child_mut,
        mut
    );

    /// The filters this one is made of, in order.
    pub fn children(&self) -> Vec<&Node> {
        let mut children = Vec::new();
        self.for_each_child(|child| children.push(child));
        children
    }
}

impl Node {
    /// Whether `test` holds for this node or any filter inside it.
    pub fn any(&self, test: &impl Fn(&Node) -> bool) -> bool {
        test(self) || self.expr.children().into_iter().any(|child| child.any(test))
    }

    /// The filters that must all match for this one to: the members of a
    /// compound and the sides of an `and`, taken apart as far as they go;
    /// any other filter is its own.
    pub fn conjuncts(&self) -> Vec<&Node> {
        match &self.expr {
            Expr::Compound(nodes) => nodes.iter().flat_map(Node::conjuncts).collect(),
            Expr::And(left, right) => [left, right].into_iter().flat_map(|side| side.conjuncts()).collect(),
            _ => vec![self],
        }
    }

    /// How many levels of filters this one is: 1 without parts.
    pub fn depth(&self) -> usize {
        1 + self.expr.children().into_iter().map(Node::depth).max().unwrap_or(0)
    }

    /// Applies `f` to every node of this tree, children before their parent.
    pub fn rewrite_bottom_up(&mut self, f: &mut impl FnMut(&mut Node)) {
        self.expr.for_each_child_mut(|child| child.rewrite_bottom_up(f));
        f(self);
    }
}
