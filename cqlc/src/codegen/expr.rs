//! Filters to Rust expressions, one function per value type the context
//! needs: `bool` (does it match?), `Bitboard` (its squares), `Option<i64>`
//! (its number), `String` (how a comment prints it); positions are in
//! [`super::positions`].
//!
//! Generated code evaluates with a cursor named `at`. Where a filter that
//! fails can be recovered from (`or`, `not`, `⬓`), and the failing part may
//! have written comments, the code takes those comments back.

use proc_macro2::TokenStream;
use quote::quote;

use super::{move_filter, moves, names, path, positions, vars, with_cursor};
use crate::ir::{AttackDirection, CurrentMoveTest, Expr, Node, PositionTest, Relation, Type};

/// `node` as a `bool`: whether it matches.
pub(super) fn matches(node: &Node) -> TokenStream {
    match node.ty {
        Type::Boolean => boolean(node),
        Type::Set => {
            let set = set_receiver(node);
            quote!(!#set.is_empty())
        }
        Type::Numeric => {
            let number = number(node);
            quote!(#number.is_some())
        }
        Type::String => {
            let text = string(node);
            quote!(#text.is_some())
        }
        Type::Position => {
            let position = positions::position(node);
            quote!(#position.is_some())
        }
    }
}

/// `node` as a `bool` that is true when it does not match.
pub(super) fn fails(node: &Node) -> TokenStream {
    match node.ty {
        Type::Set => {
            let set = set_receiver(node);
            quote!(#set.is_empty())
        }
        Type::Numeric => {
            let number = number(node);
            quote!(#number.is_none())
        }
        Type::String => {
            let text = string(node);
            quote!(#text.is_none())
        }
        Type::Position => {
            let position = positions::position(node);
            quote!(#position.is_none())
        }
        Type::Boolean => {
            let code = boolean(node);
            if is_operator(node) { quote!(!(#code)) } else { quote!(!#code) }
        }
    }
}

/// Whether the code of `node` is an operator expression that needs
/// parentheses to be negated or to receive a method call.
fn is_operator(node: &Node) -> bool {
    match &node.expr {
        Expr::And(..)
        | Expr::Or(..)
        | Expr::SetEquality { .. }
        | Expr::Union(..)
        | Expr::Intersection(..)
        | Expr::Complement(_) => true,
        Expr::Compound(nodes) => nodes.len() > 1 || nodes.first().is_some_and(is_operator),
        Expr::FirstOf(images) => images.len() > 1,
        Expr::Pieces { within, .. } => *within != u64::MAX,
        _ => false,
    }
}

/// A set filter's code, parenthesised if a method is to be called on it.
pub(super) fn set_receiver(node: &Node) -> TokenStream {
    let code = set(node);
    if is_operator(node) { quote!((#code)) } else { code }
}

/// A set filter's code as an operand of `&` or `!`.
fn set_operand(node: &Node) -> TokenStream {
    set_receiver(node)
}

/// A Boolean filter.
fn boolean(node: &Node) -> TokenStream {
    match &node.expr {
        Expr::Bool(value) => quote!(#value),
        Expr::Position(test) => position_test(*test),
        Expr::Compound(nodes) => all(nodes),
        Expr::If { condition, then, otherwise } => {
            let otherwise = otherwise.as_deref().map_or_else(|| quote!(true), matches);
            if_else(condition, matches(then), otherwise)
        }
        Expr::Not(inner) => {
            if may_comment(inner) {
                let code = matches(inner);
                let check = with_cursor(code);
                quote!(!at.without_comments(#check))
            } else {
                fails(inner)
            }
        }
        Expr::And(left, right) => {
            let (left, right) = (noted(left, matches(left)), noted(right, matches(right)));
            quote!(#left && #right)
        }
        Expr::Or(left, right) => {
            let left_code = matches(left);
            let left_code = if may_comment(left) { attempt(left_code) } else { left_code };
            let (left, right) = (noted(left, left_code), noted(right, matches(right)));
            quote!(#left || #right)
        }
        Expr::SetEquality { equal, left, right } => {
            let (left, right) = (set(left), set(right));
            if *equal { quote!(#left == #right) } else { quote!(#left != #right) }
        }
        Expr::CompareStrings(relation, left, right) => {
            let (left, right) = (string(left), string(right));
            let op = relation_operator(*relation);
            quote!(match (#left, #right) { (Some(left), Some(right)) => left #op right, _ => false })
        }
        Expr::ComparePositions(relation, left, right) => {
            let (left, right) = (positions::position(left), positions::position(right));
            quote!(compare(position_number(#left, at), #relation, position_number(#right, at)).is_some())
        }
        Expr::Subset(left, right) => {
            let (left, right) = (set_receiver(left), set(right));
            quote!(#left.is_subset(#right))
        }
        Expr::Comment(arguments) => {
            let pieces = arguments.iter().map(text);
            quote!({
                let text = [#(#pieces),*].concat();
                at.comment(text);
                true
            })
        }
        Expr::Message { quiet, arguments } => {
            let pieces = arguments.iter().map(text);
            quote!({
                let text = [#(#pieces),*].concat();
                at.message(&text, #quiet);
                true
            })
        }
        Expr::Dash(dash) => moves::dash_matches(dash),
        Expr::Move(filter) => move_filter::move_filter(filter),
        Expr::CurrentMove(test) => current_move(*test),
        Expr::Result(result) => quote!(at.result_is(#result)),
        Expr::Assign { var, op, value } => vars::assign(var, *op, value),
        Expr::ForEach { var, all: true, set, body } => vars::for_each(var, true, set, body),
        Expr::FirstOf(images) => {
            let images = images.iter().map(|image| {
                let code = matches(image);
                noted(image, if may_comment(image) { attempt(code) } else { code })
            });
            quote!(#(#images)||*)
        }
        Expr::At { position, filter } => {
            let call = positions::at(position, matches(filter));
            quote!(#call.unwrap_or(false))
        }
        _ => unreachable!("{} is not a Boolean filter", node.source),
    }
}

/// A set filter: its squares (empty when it does not match).
pub(super) fn set(node: &Node) -> TokenStream {
    match &node.expr {
        Expr::Squares(mask) => names::squares(*mask),
        Expr::If { condition, then, otherwise } => {
            let (then, otherwise) = branches(then, otherwise);
            if_else(condition, set(then), set(otherwise))
        }
        Expr::Pieces { kinds, within } => {
            if *within == u64::MAX {
                quote!(#kinds.squares(at.board()))
            } else {
                let within = names::squares(*within);
                quote!(#kinds.squares(at.board()) & #within)
            }
        }
        Expr::Compound(nodes) => compound_value(nodes, set, quote!(Bitboard::EMPTY)),
        Expr::Union(left, right) => {
            let (left, right) = (set(left), set(right));
            quote!(#left | #right)
        }
        Expr::Intersection(left, right) => {
            let (left, right) = (set_operand(left), set_operand(right));
            quote!(#left & #right)
        }
        Expr::Complement(inner) => {
            let inner = set_operand(inner);
            quote!(!#inner)
        }
        Expr::Attack(direction, operands) => {
            let sets: Vec<TokenStream> = operands.iter().map(set).collect();
            match (direction, sets.as_slice()) {
                (AttackDirection::Attacks, [x, y]) => quote!(attacking(#x, #y, at.board())),
                (AttackDirection::AttackedBy, [y, x]) => quote!(attacked_by(#y, #x, at.board())),
                (AttackDirection::Attacks, _) => quote!(attacking_chain(&[#(#sets),*], at.board())),
                (AttackDirection::AttackedBy, _) => {
                    quote!(attacked_by_chain(&[#(#sets),*], at.board()))
                }
            }
        }
        Expr::Dash(dash) => moves::dash_value(dash, Type::Set),
        Expr::Move(filter) => move_filter::move_filter(filter),
        Expr::CurrentMove(test) => current_move(*test),
        Expr::Var(var) => vars::set_of(var),
        Expr::ForEach { var, all: false, set, body } => vars::for_each(var, false, set, body),
        Expr::PassedPawns => quote!(passed_pawns(at.board())),
        Expr::Between(x, y) => {
            let (x, y) = (set(x), set(y));
            quote!(between(#x, #y))
        }
        Expr::Direction { directions, min, max, squares } => {
            let squares = set(squares);
            let (min, max) = (distance(*min), distance(*max));
            quote!(#directions.squares(#squares, #min, #max))
        }
        Expr::FirstOf(images) => {
            let images = images.iter().map(|image| {
                let code = set(image);
                attempt_value(quote!(Some(#code).filter(|squares: &Bitboard| !squares.is_empty())))
            });
            let chain = first_matching(images.collect());
            quote!(#chain.unwrap_or(Bitboard::EMPTY))
        }
        Expr::At { position, filter } => {
            let call = positions::at(position, set(filter));
            quote!(#call.unwrap_or(Bitboard::EMPTY))
        }
        _ => unreachable!("{} is not a set filter", node.source),
    }
}

/// A numeric filter: its number, `None` when it does not match. Sets count
/// their squares.
pub(super) fn number(node: &Node) -> TokenStream {
    if node.ty == Type::Set {
        let squares = set(node);
        return quote!(count(#squares));
    }
    match &node.expr {
        Expr::If { condition, then, otherwise } => {
            let (then, otherwise) = branches(then, otherwise);
            if_else(condition, number(then), number(otherwise))
        }
        Expr::Number(n) => {
            let n = proc_macro2::Literal::i64_unsuffixed(*n);
            quote!(Some(#n))
        }
        Expr::Compound(nodes) => compound_value(nodes, number, quote!(None)),
        Expr::Compare(relation, left, right) => {
            let (left, right) = (number(left), number(right));
            quote!(compare(#left, #relation, #right))
        }
        Expr::Arithmetic(op, left, right) => {
            let (left, right) = (number(left), number(right));
            quote!(arithmetic(#left, #op, #right))
        }
        Expr::Move(filter) => move_filter::move_filter(filter),
        Expr::CountMoves(dash) => moves::count_moves(dash),
        Expr::Var(var) => vars::number_of(var),
        Expr::Negate(inner) => {
            let inner = number(inner);
            quote!(#inner.and_then(i64::checked_neg))
        }
        Expr::Abs(inner) => {
            let inner = number(inner);
            quote!(#inner.and_then(i64::checked_abs))
        }
        Expr::Count(inner) => {
            let inner = set(inner);
            quote!(count(#inner))
        }
        Expr::Dash(dash) => moves::dash_value(dash, Type::Numeric),
        Expr::Path(filter) => path::path(filter),
        Expr::PathStatus(status) => path::status(*status),
        Expr::Sort { index, body } => {
            let body = number(body);
            let index = proc_macro2::Literal::usize_unsuffixed(*index);
            let body = with_cursor(body);
            quote!(at.sort(#index, #body))
        }
        Expr::Power(squares) => {
            let squares = set(squares);
            quote!(power(#squares, at.board()))
        }
        Expr::Year => quote!(at.year()),
        Expr::FirstOf(images) => {
            let images = images.iter().map(|image| attempt_value(number(image)));
            first_matching(images.collect())
        }
        Expr::At { position, filter } => {
            let call = positions::at(position, number(filter));
            quote!(#call.flatten())
        }
        _ => unreachable!("{} is not a numeric filter", node.source),
    }
}

/// `at.attempt(|at| code)`: the code's comments are taken back if it fails.
pub(super) fn attempt(code: TokenStream) -> TokenStream {
    let code = with_cursor(code);
    quote!(at.attempt(#code))
}

/// `at.attempt_value(|at| code)`: the code's comments are taken back if it
/// has no value.
pub(super) fn attempt_value(code: TokenStream) -> TokenStream {
    let code = with_cursor(code);
    quote!(at.attempt_value(#code))
}

/// A string filter: its text, `None` when it does not match.
pub(super) fn string(node: &Node) -> TokenStream {
    match &node.expr {
        Expr::Str(text) => quote!(Some(#text.to_owned())),
        Expr::If { condition, then, otherwise } => {
            let (then, otherwise) = branches(then, otherwise);
            if_else(condition, string(then), string(otherwise))
        }
        Expr::Compound(nodes) => compound_value(nodes, string, quote!(None)),
        Expr::Dash(dash) => moves::dash_value(dash, Type::String),
        Expr::FirstOf(images) => {
            let images = images.iter().map(|image| attempt_value(string(image)));
            first_matching(images.collect())
        }
        Expr::At { position, filter } => {
            let call = positions::at(position, string(filter));
            quote!(#call.flatten())
        }
        _ => unreachable!("{} is not a string filter", node.source),
    }
}

/// How a comment prints the value of `node`.
fn text(node: &Node) -> TokenStream {
    if let Expr::Var(var) = &node.expr {
        return vars::text(var);
    }
    match node.ty {
        Type::String => {
            if let Expr::Str(literal) = &node.expr {
                return quote!(#literal.to_owned());
            }
            let text = string(node);
            quote!(#text.unwrap_or_default())
        }
        Type::Set => {
            let squares = set(node);
            quote!(format_set(#squares))
        }
        Type::Numeric => {
            let value = number(node);
            quote!(format_number(#value))
        }
        Type::Boolean => {
            let value = boolean(node);
            quote!(format_bool(#value))
        }
        Type::Position => {
            let position = positions::position(node);
            quote!(format_position(#position, at))
        }
    }
}

/// The value of the first of `attempts` (each an `Option`) that has one:
/// `a.or_else(|| b).or_else(|| c)`.
pub(super) fn first_matching(attempts: Vec<TokenStream>) -> TokenStream {
    let mut attempts = attempts.into_iter();
    let first = attempts.next().unwrap_or_else(|| quote!(None));
    quote!(#first #(.or_else(|| #attempts))*)
}

/// A compound's value: its last filter's `value`, if all before it match,
/// else `otherwise`.
pub(super) fn compound_value(
    nodes: &[Node],
    value: impl Fn(&Node) -> TokenStream,
    otherwise: TokenStream,
) -> TokenStream {
    let (last, first) = nodes.split_last().expect("a compound has a filter");
    let value = value(last);
    if first.is_empty() {
        return value;
    }
    let condition = all(first);
    quote!(if #condition { #value } else { #otherwise })
}

/// All of `nodes` match, in order (an empty list matches).
pub(super) fn all(nodes: &[Node]) -> TokenStream {
    if nodes.is_empty() {
        return quote!(true);
    }
    let parts = nodes.iter().map(|node| noted(node, matches(node)));
    quote!(#(#parts)&&*)
}

/// `code`, preceded by a note of the source it comes from.
pub(super) fn noted(node: &Node, code: TokenStream) -> TokenStream {
    let source = &node.source;
    let code = tail(code);
    quote!({
        note(#source);
        #code
    })
}

/// `code` made fit to end a block: an expression that starts with a block,
/// `match` or `if` and goes on with an operator (`{ ... } && { ... }`) would
/// be read as a statement there, so it gets parentheses. A method call
/// (`{ ... }.is_some()`) needs none.
pub(super) fn tail(code: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, TokenTree};
    let tokens: Vec<TokenTree> = code.clone().into_iter().collect();
    let is_block = |i: usize| matches!(tokens.get(i), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace);
    let is_word = |i: usize, word: &str| matches!(tokens.get(i), Some(TokenTree::Ident(ident)) if ident == word);
    let next_block = |from: usize| (from..tokens.len()).find(|&i| is_block(i));
    // The index after the leading block-like expression, if there is one.
    let end = if is_block(0) {
        Some(1)
    } else if is_word(0, "match") || is_word(0, "for") {
        next_block(1).map(|i| i + 1)
    } else if is_word(0, "if") {
        let mut block = next_block(1);
        while let Some(i) = block.filter(|&i| is_word(i + 1, "else")) {
            block = if is_word(i + 2, "if") { next_block(i + 3) } else { Some(i + 2) };
        }
        block.map(|i| i + 1)
    } else {
        None
    };
    let continues_as_statement = end.is_some_and(|end| match tokens.get(end) {
        None => false,
        Some(TokenTree::Punct(punct)) => punct.as_char() != '.',
        Some(_) => true,
    });
    if continues_as_statement { quote!((#code)) } else { code }
}

/// Whether evaluating `node` may write comments (which a recovering filter
/// must then take back on failure).
pub(super) fn may_comment(node: &Node) -> bool {
    match &node.expr {
        Expr::Comment(_) | Expr::Path(_) => true,
        Expr::Move(filter) if filter.custodial.is_some() => true,
        // A message prints at once: there is nothing to take back.
        Expr::Message { .. } => false,
        expr => expr.children().into_iter().any(may_comment),
    }
}

/// A direction filter's distance, clamped to the board.
fn distance(steps: i64) -> proc_macro2::Literal {
    proc_macro2::Literal::i32_unsuffixed(steps.clamp(-8, 8) as i32)
}

/// The filters about the current move.
fn current_move(test: CurrentMoveTest) -> TokenStream {
    match test {
        CurrentMoveTest::From => quote!(at.current_from()),
        CurrentMoveTest::To => quote!(at.current_to()),
        CurrentMoveTest::EnPassant => quote!(at.current_en_passant()),
        CurrentMoveTest::EnPassantSquare => quote!(at.current_en_passant_square()),
        CurrentMoveTest::NullMove => quote!(at.current_null()),
        CurrentMoveTest::Primary => quote!(at.current_primary()),
        CurrentMoveTest::Secondary => quote!(at.current_secondary()),
        CurrentMoveTest::Castle => quote!(at.current_castle(None)),
        CurrentMoveTest::ShortCastle => quote!(at.current_castle(Some(CastlingSide::KingSide))),
        CurrentMoveTest::LongCastle => quote!(at.current_castle(Some(CastlingSide::QueenSide))),
    }
}

fn position_test(test: PositionTest) -> TokenStream {
    match test {
        PositionTest::Check => quote!(at.is_check()),
        PositionTest::Mate => quote!(at.is_mate()),
        PositionTest::Stalemate => quote!(at.is_stalemate()),
        PositionTest::WhiteToMove => quote!(at.turn().is_white()),
        PositionTest::BlackToMove => quote!(at.turn().is_black()),
        PositionTest::Initial => quote!(at.is_initial()),
        PositionTest::Mainline => quote!(at.is_mainline()),
        PositionTest::Variation => quote!(!at.is_mainline()),
    }
}

fn relation_operator(relation: Relation) -> TokenStream {
    match relation {
        Relation::Less => quote!(<),
        Relation::LessEqual => quote!(<=),
        Relation::Equal => quote!(==),
        Relation::NotEqual => quote!(!=),
        Relation::GreaterEqual => quote!(>=),
        Relation::Greater => quote!(>),
    }
}

/// `if C T else E` as Rust: the condition's comments are taken back when it
/// fails.
pub(super) fn if_else(condition: &Node, then: TokenStream, otherwise: TokenStream) -> TokenStream {
    let test = matches(condition);
    let test = if may_comment(condition) { attempt(test) } else { test };
    let starts_with_block = matches!(
        test.clone().into_iter().next(),
        Some(proc_macro2::TokenTree::Group(group)) if group.delimiter() == proc_macro2::Delimiter::Brace
    );
    if starts_with_block {
        // `if { ... } { ... }` would read the condition's block as the branch.
        quote!({
            let matched = #test;
            if matched { #then } else { #otherwise }
        })
    } else {
        quote!(if #test { #then } else { #otherwise })
    }
}

/// The two branches of a typed `if`, which has both.
pub(super) fn branches<'a>(then: &'a Node, otherwise: &'a Option<Box<Node>>) -> (&'a Node, &'a Node) {
    (then, otherwise.as_deref().expect("an if with a value has an else"))
}
