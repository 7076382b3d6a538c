//! Each filter to Rust, by the family it belongs to, and its value in the
//! form the context needs.
//!
//! A filter's value has the Rust type of its CQL type: `bool` (Boolean),
//! `Bitboard` (a set; empty when it does not match), `Option<i64>`
//! (numeric), `Option<String>` (string) and `Option<NodeId>` (a position;
//! `None` when it does not match). Generated code evaluates with a cursor
//! named `at`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{self, Expr, GameField, Node, Type};

impl Emitter {
    /// `node`'s value, in the Rust type of its CQL type.
    pub(super) fn value(&self, node: &Node) -> TokenStream {
        if let Expr::At { .. } = node.expr
            && let Some(name) = self.invariant_value(node)
        {
            return name;
        }
        match &node.expr {
            Expr::Bool(value) => quote!(#value),
            Expr::Compound(nodes) => self.compound(node.ty, nodes),
            Expr::Not(inner) => self.not(inner),
            Expr::And(left, right) => self.and(left, right),
            Expr::Or(left, right) => self.or(left, right),
            Expr::If { condition, then, otherwise } => self.if_else(node.ty, condition, then, otherwise.as_deref()),
            Expr::Number(n) => self.number_literal(*n),
            Expr::ColorValue { white } => {
                let side = self.constant(ir::Constant::Side { white: *white }.into());
                quote!(color_value(#side))
            }
            Expr::Arithmetic(op, left, right) => self.arithmetic(*op, left, right),
            Expr::Negate(inner) => self.negate(inner),
            Expr::Abs(inner) => self.abs(inner),
            Expr::Compare(relation, left, right) => self.compare(*relation, left, right),
            Expr::SetEquality { equal, left, right } => self.set_equality(*equal, left, right),
            Expr::CompareStrings(relation, left, right) => self.compare_strings(*relation, left, right),
            Expr::ComparePositions(relation, left, right) => self.compare_positions(*relation, left, right),
            Expr::Str(text) => self.string_literal(text),
            Expr::Strings(function, operands) => self.strings(function, operands),
            Expr::EachMatch { target, pattern, body } => self.each_match(target, pattern, body),
            Expr::Squares(mask) => self.squares(*mask),
            Expr::Pieces { kinds, within } => self.pieces(*kinds, *within),
            Expr::Union(left, right) => self.union(left, right),
            Expr::Intersection(left, right) => self.intersection(left, right),
            Expr::CommonSquares(left, right) => self.common_squares(left, right),
            Expr::Complement(inner) => self.complement(inner),
            Expr::SquareColor { light, squares } => self.square_colour(*light, squares),
            Expr::Count(inner) => self.count(inner),
            Expr::Subset(left, right) => self.subset(left, right),
            Expr::Attack(direction, operands) => self.attack(*direction, operands),
            Expr::Direction { directions, min, max, squares } => self.direction(*directions, min, max, squares),
            Expr::Between(x, y) => self.between(x, y),
            Expr::Pin { from, through, to, value } => self.pin([from, through, to].map(Option::as_deref), *value),
            Expr::Ray { directions, x_ray, operands } => self.ray(*directions, *x_ray, operands),
            Expr::SquareValue(value, squares) => self.square_value(*value, squares),
            Expr::ComposersMate(mate) => self.composers_mate(*mate),
            Expr::MakeSquare(operands) => self.make_square(operands),
            Expr::Sqrt(inner) => self.sqrt(inner),
            Expr::Extremum { greatest, operands } => self.extremum(*greatest, operands),
            Expr::While { test, body } => self.while_loop(test, body),
            Expr::Loop(body) => self.loop_filter(body),
            Expr::Power(squares) => self.power(squares),
            Expr::Pawns(structure) => self.pawns(*structure),
            Expr::Position(test) => self.game_state(*test),
            Expr::Year => self.year(),
            Expr::Entry { dict, key } => self.entry(node.ty, dict, key),
            Expr::AssignEntry { dict, key, value } => self.assign_entry(dict, key, value),
            Expr::EntryCount(dict) => self.entry_count(dict),
            Expr::Unbind { var, key } => self.unbind(var, key.as_deref()),
            Expr::IsBound(var) => self.is_bound(var),
            Expr::SetTag { name, value } => {
                let value = self.value(value);
                quote!({
                    let value = #value;
                    at.set_tag(#name, value)
                })
            }
            Expr::Assert { test, location } => {
                let test = self.attempt(test);
                quote!({
                    let holds = #test;
                    at.asserted(holds, #location)
                })
            }
            Expr::EachKey { var, dict, body } => self.each_key(var, dict, body),
            Expr::GameData(field) => self.game_data(field),
            Expr::Imaginary(test) => self.imaginary(*test),
            Expr::Imagine { changes, target } => self.imagine(changes, target),
            Expr::Variant(test) => self.variant(*test),
            Expr::Result(result) => self.result(result),
            Expr::Move(filter) => self.move_filter(filter),
            Expr::Dash(dash) => self.dash(node.ty, dash),
            Expr::CountMoves(dash) => self.count_moves(dash),
            Expr::CurrentMove(test) => self.current_move(*test),
            Expr::Path(path) => self.path(&node.source, path),
            Expr::PathStatus(status) => self.path_status(*status),
            Expr::PositionOf(relative) => self.position_of(*relative),
            Expr::At { position, filter } => self.at(position, filter),
            Expr::Find { spec, range, body } => self.find(*spec, range.as_ref(), body),
            Expr::Echo(echo) => self.echo(node.ty, echo),
            Expr::ConsecutiveMoves { quiet, range, left, right } => {
                self.consecutive_moves(*quiet, range.as_ref(), left, right)
            }
            Expr::TreeNumber(number) => self.tree_number(*number),
            Expr::SideToMove => self.side_to_move(),
            Expr::Child(index) => self.child(index.as_deref()),
            Expr::PositionWithId(id) => self.position_with_id(id),
            Expr::Lineage(lineage, left, right) => self.lineage(*lineage, left, right),
            Expr::Lca(left, right) => self.lca(left, right),
            Expr::Distance(left, right) => self.distance(left, right),
            Expr::Var(var) => self.variable(var),
            Expr::Assign { var, op, conditional, value } => self.assign(var, *op, *conditional, value),
            Expr::ForEach { var, all, set, body } => self.for_each(var, *all, set, body),
            Expr::Comment(arguments) => self.comment(arguments),
            Expr::Message { quiet, arguments } => self.message(*quiet, arguments),
            Expr::Sort { index, body } => self.sort(*index, body),
            Expr::Call(call) => self.call(node, call),
            Expr::Images(set) => self.images(node.ty, set),
            Expr::NoTransform(inner) => self.value(inner),
            Expr::CurrentTransform(names) => {
                let names = self.constant(ir::Constant::TransformNames(names.clone()).into());
                quote!(Some(#names.to_owned()))
            }
        }
    }

    /// `node` as a `bool`: whether it matches.
    pub(super) fn matches(&self, node: &Node) -> TokenStream {
        match &node.expr {
            // Whether an image matches, not the union or the greatest of all.
            Expr::Images(set) if set.range.is_none() => return self.any_image(set),
            // Whether each filter matches, whatever the last one's value.
            Expr::Compound(nodes) => return self.all(nodes),
            // An award matches without a place.
            Expr::GameData(GameField::Award { kind, special, .. }) => return self.award_matches(*kind, *special),
            // Whether the strings compare so, without the left one's copy.
            Expr::CompareStrings(relation, left, right) => return self.string_relation_holds(*relation, left, right),
            _ => {}
        }
        let value = self.value(node);
        match node.ty {
            Type::Boolean => value,
            Type::Set => {
                let set = rust::operand(value);
                quote!(!#set.is_empty())
            }
            _ => {
                let value = rust::operand(value);
                quote!(#value.is_some())
            }
        }
    }

    /// `node` as a `bool` that is true when it does not match.
    pub(super) fn fails(&self, node: &Node) -> TokenStream {
        match &node.expr {
            Expr::SetEquality { equal, left, right } => return self.set_equality(!equal, left, right),
            Expr::Images(set) if set.range.is_none() => {
                let matches = rust::operand(self.matches(node));
                return quote!(!#matches);
            }
            Expr::GameData(GameField::Award { kind, special, .. }) => {
                let matches = rust::operand(self.award_matches(*kind, *special));
                return quote!(!#matches);
            }
            _ => {}
        }
        let value = rust::operand(self.value(node));
        match node.ty {
            Type::Boolean => quote!(!#value),
            Type::Set => quote!(#value.is_empty()),
            _ => quote!(#value.is_none()),
        }
    }

    /// A set filter's squares.
    pub(super) fn set(&self, node: &Node) -> TokenStream {
        self.value(node)
    }

    /// A numeric filter's number (a set counts its squares).
    pub(super) fn number(&self, node: &Node) -> TokenStream {
        let value = self.value(node);
        if node.ty == Type::Set { quote!(count(#value)) } else { value }
    }

    /// All of `nodes` match, in order (an empty list matches), each after a
    /// note of its source.
    pub(super) fn all(&self, nodes: &[Node]) -> TokenStream {
        if nodes.is_empty() {
            return quote!(true);
        }
        let parts = nodes.iter().map(|node| self.noted(node, self.matches(node)));
        quote!(#(#parts)&&*)
    }

    /// `code`, preceded by a note of the source of `node`.
    pub(super) fn noted(&self, node: &Node, code: TokenStream) -> TokenStream {
        let note = self.note(&node.source);
        // A block takes the note as its first statement.
        let code = rust::block_contents(code).unwrap_or_else(rust::tail);
        quote!({
            #note
            #code
        })
    }
}

/// The value of a filter of type `ty` that does not match.
pub(super) fn nothing(ty: Type) -> TokenStream {
    match ty {
        Type::Boolean => quote!(false),
        Type::Set => quote!(Bitboard::EMPTY),
        _ => quote!(None),
    }
}

/// A value of type `ty` as an `Option`, `None` when it does not match.
pub(super) fn wrap_optional(ty: Type, value: TokenStream) -> TokenStream {
    match ty {
        Type::Boolean => {
            let value = rust::operand(value);
            quote!(#value.then_some(()))
        }
        Type::Set => quote!(Some(#value).filter(|squares: &Bitboard| !squares.is_empty())),
        _ => value,
    }
}

/// An `Option` of a value of type `ty` (`None`: no match) as the value.
pub(super) fn unwrap_optional(ty: Type, optional: TokenStream) -> TokenStream {
    let receiver = rust::operand(optional.clone());
    match ty {
        Type::Boolean => quote!(#receiver.is_some()),
        Type::Set => quote!(#receiver.unwrap_or(Bitboard::EMPTY)),
        _ => optional,
    }
}

/// The Rust type of a value of type `ty`.
pub(super) fn rust_type(ty: Type) -> TokenStream {
    match ty {
        Type::Boolean => quote!(bool),
        Type::Set => quote!(Bitboard),
        Type::Numeric => quote!(Option<i64>),
        Type::String => quote!(Option<String>),
        Type::Position => quote!(Option<NodeId>),
    }
}
