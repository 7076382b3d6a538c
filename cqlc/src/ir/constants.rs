//! The constants of a filter that its images under a transform, or the
//! calls of one CQL function, may differ in: each filter says which it
//! holds ([`Expr::own_constants`]), and a filter with some of them replaced
//! is another image, or another call, of it.

use super::{Directions, Expr, GameField, Kinds, Node, PositionTest, VarRef};

/// A constant that a filter holds itself: what the images of a transform,
/// or the calls of a CQL function, differ in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constant {
    /// Piece kinds (`♔`, `[♖♗]`).
    Kinds(Kinds),
    /// A set of squares (bit 0 = a1).
    Squares(u64),
    /// A set of directions (`up`, `diagonal`).
    Directions(Directions),
    /// A side: `wtm`, `player white`.
    Side {
        /// White (else black).
        white: bool,
    },
    /// A game result (`1-0`).
    Result(String),
    /// `light` or `dark`.
    Shade {
        /// Light (else dark).
        light: bool,
    },
    /// `currenttransform`'s names of the maps that made an image.
    TransformNames(String),
    /// A variable (no transform changes it).
    Var(VarRef),
    /// A number written in the query (no transform changes it).
    Number(i64),
}

/// `node` with each constant that is the first of a pair replaced by its
/// second.
pub(super) fn substituted(node: &Node, pairs: &[(&Constant, &Constant)]) -> Node {
    let mut node = node.clone();
    if pairs.iter().all(|(from, to)| from == to) {
        return node;
    }
    node.rewrite_bottom_up(&mut |node| {
        node.expr.map_own_constants(&mut |constant| {
            pairs.iter().find(|(from, _)| **from == constant).map_or(constant, |(_, to)| (*to).clone())
        })
    });
    node
}

/// The constants of `node` and of every filter in it, in order.
pub(super) fn all_constants(node: &Node) -> Vec<Constant> {
    let mut constants = node.expr.own_constants();
    node.expr.for_each_child(|child| constants.extend(all_constants(child)));
    constants
}

/// The filters that hold no constant themselves (and the tests and game
/// data other than those [`Expr::own_constants`] names): one list for both
/// matches below, so that a new kind of filter is placed in both.
macro_rules! without_constants {
    () => {
        Expr::Compound(..)
            | Expr::And(..)
            | Expr::GameData(_)
            | Expr::Year
            | Expr::Bool(_)
            | Expr::Str(_)
            | Expr::Strings(..)
            | Expr::Not(_)
            | Expr::Or(..)
            | Expr::If { .. }
            | Expr::Compare(..)
            | Expr::CompareStrings(..)
            | Expr::Arithmetic(..)
            | Expr::Negate(_)
            | Expr::Abs(_)
            | Expr::Extremum { .. }
            | Expr::Sqrt(_)
            | Expr::NoTransform(_)
            | Expr::Position(_)
            | Expr::SetEquality { .. }
            | Expr::ComparePositions(..)
            | Expr::CommonSquares(..)
            | Expr::Union(..)
            | Expr::Intersection(..)
            | Expr::Complement(_)
            | Expr::Count(_)
            | Expr::Subset(..)
            | Expr::Attack(..)
            | Expr::Comment(_)
            | Expr::Message { .. }
            | Expr::Dash(_)
            | Expr::Path(_)
            | Expr::PathStatus(_)
            | Expr::PositionOf(_)
            | Expr::At { .. }
            | Expr::Find { .. }
            | Expr::ConsecutiveMoves { .. }
            | Expr::TreeNumber(_)
            | Expr::SideToMove
            | Expr::Child(_)
            | Expr::PositionWithId(_)
            | Expr::Lineage(..)
            | Expr::Lca(..)
            | Expr::Distance(..)
            | Expr::Sort { .. }
            | Expr::Power(_)
            | Expr::Pawns(_)
            | Expr::Imaginary(_)
            | Expr::Imagine { .. }
            | Expr::Variant(_)
            | Expr::Between(..)
            | Expr::Pin { .. }
            | Expr::SquareValue(..)
            | Expr::MakeSquare(_)
            | Expr::ComposersMate(_)
            | Expr::While { .. }
            | Expr::EachMatch { .. }
            | Expr::Loop(_)
            | Expr::Move(_)
            | Expr::CurrentMove(_)
            | Expr::CountMoves(_)
            | Expr::SetTag { .. }
            | Expr::Assert { .. }
    };
}

impl Expr {
    /// The constants this filter holds itself, in order (of a transform's
    /// images, every value of their families' slots; of a call, its
    /// template's slots and its own values).
    pub fn own_constants(&self) -> Vec<Constant> {
        let side = |white: bool| vec![Constant::Side { white }];
        match self {
            Expr::Squares(mask) => vec![Constant::Squares(*mask)],
            Expr::Pieces { kinds, within } => vec![Constant::Kinds(*kinds), Constant::Squares(*within)],
            Expr::Position(PositionTest::WhiteToMove) => side(true),
            Expr::Position(PositionTest::BlackToMove) => side(false),
            Expr::GameData(GameField::Player { white } | GameField::Elo { white: Some(white) })
            | Expr::ColorValue { white } => side(*white),
            Expr::Result(result) => vec![Constant::Result(result.clone())],
            Expr::Direction { directions, .. } | Expr::Ray { directions, .. } => {
                vec![Constant::Directions(*directions)]
            }
            Expr::SquareColor { light, .. } => vec![Constant::Shade { light: *light }],
            Expr::CurrentTransform(names) => vec![Constant::TransformNames(names.clone())],
            Expr::Images(set) => {
                set.families.iter().flat_map(|family| &family.slots).flat_map(|slot| slot.column.clone()).collect()
            }
            Expr::Call(call) => call.slots.iter().map(|slot| slot.value.clone()).chain(call.values.clone()).collect(),
            Expr::Number(n) => vec![Constant::Number(*n)],
            Expr::Var(var)
            | Expr::EntryCount(var)
            | Expr::IsBound(var)
            | Expr::Assign { var, .. }
            | Expr::ForEach { var, .. }
            | Expr::Unbind { var, .. }
            | Expr::EachKey { var, .. }
            | Expr::Entry { dict: var, .. }
            | Expr::AssignEntry { dict: var, .. } => vec![Constant::Var(var.clone())],
            Expr::Echo(echo) => vec![Constant::Var(echo.source.clone()), Constant::Var(echo.target.clone())],
            without_constants!() => Vec::new(),
        }
    }

    /// Replaces each constant of [`Expr::own_constants`] by what `map`
    /// gives for it (which must be a constant of the same kind).
    pub fn map_own_constants(&mut self, map: &mut dyn FnMut(Constant) -> Constant) {
        match self {
            Expr::Squares(mask) => map_squares(mask, map),
            Expr::Pieces { kinds, within } => {
                if let Constant::Kinds(image) = map(Constant::Kinds(*kinds)) {
                    *kinds = image;
                }
                map_squares(within, map);
            }
            Expr::Position(test @ (PositionTest::WhiteToMove | PositionTest::BlackToMove)) => {
                let white = *test == PositionTest::WhiteToMove;
                if let Constant::Side { white } = map(Constant::Side { white }) {
                    *test = if white { PositionTest::WhiteToMove } else { PositionTest::BlackToMove };
                }
            }
            Expr::GameData(GameField::Player { white } | GameField::Elo { white: Some(white) })
            | Expr::ColorValue { white } => {
                if let Constant::Side { white: image } = map(Constant::Side { white: *white }) {
                    *white = image;
                }
            }
            Expr::Result(result) => {
                if let Constant::Result(image) = map(Constant::Result(std::mem::take(result))) {
                    *result = image;
                }
            }
            Expr::Direction { directions, .. } | Expr::Ray { directions, .. } => {
                if let Constant::Directions(image) = map(Constant::Directions(*directions)) {
                    *directions = image;
                }
            }
            Expr::SquareColor { light, .. } => {
                if let Constant::Shade { light: image } = map(Constant::Shade { light: *light }) {
                    *light = image;
                }
            }
            Expr::CurrentTransform(names) => {
                if let Constant::TransformNames(image) = map(Constant::TransformNames(std::mem::take(names))) {
                    *names = image;
                }
            }
            Expr::Images(set) => {
                for value in
                    set.families.iter_mut().flat_map(|family| &mut family.slots).flat_map(|slot| &mut slot.column)
                {
                    *value = map(value.clone());
                }
            }
            Expr::Call(call) => {
                for value in call.slots.iter_mut().map(|slot| &mut slot.value).chain(&mut call.values) {
                    *value = map(value.clone());
                }
            }
            Expr::Number(n) => {
                if let Constant::Number(image) = map(Constant::Number(*n)) {
                    *n = image;
                }
            }
            Expr::Var(var)
            | Expr::EntryCount(var)
            | Expr::IsBound(var)
            | Expr::Assign { var, .. }
            | Expr::ForEach { var, .. }
            | Expr::Unbind { var, .. }
            | Expr::EachKey { var, .. }
            | Expr::Entry { dict: var, .. }
            | Expr::AssignEntry { dict: var, .. } => map_var(var, map),
            Expr::Echo(echo) => {
                map_var(&mut echo.source, map);
                map_var(&mut echo.target, map);
            }
            without_constants!() => {}
        }
    }
}

/// Replaces the variable `var` by what `map` gives for it.
fn map_var(var: &mut VarRef, map: &mut dyn FnMut(Constant) -> Constant) {
    if let Constant::Var(image) = map(Constant::Var(var.clone())) {
        *var = image;
    }
}

/// Replaces the set of squares `mask` by what `map` gives for it.
fn map_squares(mask: &mut u64, map: &mut dyn FnMut(Constant) -> Constant) {
    if let Constant::Squares(image) = map(Constant::Squares(*mask)) {
        *mask = image;
    }
}
