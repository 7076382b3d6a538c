//! The phrase grammar of CQL: tokens to a [`Query`].
//!
//! A query is its header `cql(...)` (`header.rs`) and a body of filters. A
//! filter is read at a level of the precedence table (`precedence.rs`); at
//! the tightest level, its first token says which family of filters it
//! belongs to (`dispatch.rs`), and that family's file parses the rest. The
//! families are named as in the checker, the code generator and the
//! runtime: `logic.rs`, `numbers.rs`, `sets.rs`, `dash.rs`, `path.rs`, ...
//! `cursor.rs` moves through the tokens; `operand_types.rs` knows which
//! filters are numbers or sets, as CQL 6.2 reads some operators only after
//! those. Warnings about what CQL 6.2 reads otherwise than it looks are
//! collected as the parser goes.

mod attacks;
mod comment;
mod current_move;
mod cursor;
mod dash;
mod directions;
mod dispatch;
mod echo;
mod functions;
mod game_info;
mod game_state;
mod game_tree;
mod header;
mod hhdb;
mod hhdb_sort;
mod imaginary;
mod line;
mod logic;
mod loops;
mod material;
mod move_filter;
mod nesting;
mod numbers;
mod operand_types;
mod path;
mod pawns;
mod positions;
mod precedence;
mod rays;
mod recovery;
mod sets;
mod sort;
mod square_values;
mod strings;
mod transforms;
mod variables;

#[cfg(test)]
mod tests;

use std::{
    cell::{Cell, RefCell},
    collections::{HashMap, HashSet},
    rc::Rc,
};

use super::{
    ast::{Filter, Query},
    error::{Expected, SyntaxError},
    lex::{Token, tokenize},
    symbol::Symbol,
};
use crate::{diagnostic::Diagnostic, warning::Warning};
use functions::Functions;
pub use nesting::MAX_NESTING;
use precedence::Level;

/// Parses the text of a query: its syntax tree, and the warnings about
/// what it probably did not mean.
pub fn parse(source: &str) -> Result<(Query, Vec<Warning>), Diagnostic> {
    let tokens = tokenize(source)?;
    let mut parser = Parser::new(source, tokens, Functions::new(), 0);
    let query = parser.query()?;
    Ok((query, parser.warnings.take()))
}

/// Reads a query's tokens.
struct Parser<'s> {
    /// The query's text, which spans index.
    source: &'s str,
    /// The tokens being read.
    tokens: Vec<Token>,
    /// The next token's index.
    at: usize,
    /// At the top level of a path body, where `+` and `*` repeat.
    path_top: bool,
    /// In a constituent of a `line`, where `+` and `*` before an arrow repeat.
    line_top: bool,
    /// Inside the parameters of a `move` filter, where a `:` starts the
    /// target of a speculative move filter rather than `P:F`.
    in_move_parameters: bool,
    /// In the arguments of `comment`, `message` or `str`, where `event "x"`
    /// is two arguments, not a search.
    text_arguments: bool,
    /// The functions defined so far.
    functions: Functions,
    /// How many function calls this parser is inside.
    depth: usize,
    /// How many levels the parser is inside (`nesting.rs`).
    nesting: usize,
    /// How many tokens the function calls read so far expanded into, shared
    /// with the parsers of their bodies (`functions.rs`).
    expansion: Rc<Cell<usize>>,
    /// The warnings so far, shared with the parsers of function bodies.
    warnings: Rc<RefCell<Vec<Warning>>>,
    /// The variables assigned so far, and whether each is a number (as
    /// its first assignment says), shared with the parsers of function
    /// bodies: a direction filter takes a numeric one as a distance.
    variable_kinds: Rc<RefCell<HashMap<String, bool>>>,
    /// The dictionaries declared so far (`D[k]` is an entry of one).
    dictionaries: Rc<RefCell<HashSet<String>>>,
}

/// What the parser returns: a result or the first error (`Parser::query` goes on
/// after an error and gathers those of all the top-level filters).
type Parsed<T> = Result<T, Diagnostic>;

impl<'s> Parser<'s> {
    /// A parser at the start of `tokens`, outside any path.
    fn new(source: &'s str, tokens: Vec<Token>, functions: Functions, depth: usize) -> Self {
        Parser {
            source,
            tokens,
            at: 0,
            path_top: false,
            line_top: false,
            in_move_parameters: false,
            text_arguments: false,
            functions,
            depth,
            nesting: 0,
            expansion: Rc::default(),
            warnings: Rc::default(),
            variable_kinds: Rc::default(),
            dictionaries: Rc::default(),
        }
    }

    /// Records `warning`, once however often a function body repeats it.
    fn warn(&mut self, warning: Warning) {
        let mut warnings = self.warnings.borrow_mut();
        if !warnings.contains(&warning) {
            warnings.push(warning);
        }
    }

    /// The header, then filters and function definitions up to the end. An
    /// error in one of them is kept, and reading goes on at the next one
    /// (`recovery.rs`); the errors come back together.
    fn query(&mut self) -> Parsed<Query> {
        let header = self.header()?;
        let mut body = Vec::new();
        let mut errors = Vec::new();
        while self.peek().is_some() {
            let start = self.at;
            let read = if self.is(Symbol::CloseBrace) || self.is(Symbol::CloseParen) {
                Err(self.unexpected(Expected::NoOpenBracket))
            } else if self.is_word("function") {
                self.define_function()
            } else {
                self.filter().map(|filter| body.push(filter))
            };
            if let Err(error) = read {
                self.skip_past_error(start, &error);
                errors.push(error);
            }
        }
        if let Some(errors) = Diagnostic::gathered(errors) {
            return Err(errors);
        }
        // A query of function definitions alone, as CQL 6.2 allows, matches everywhere.
        if body.is_empty() && self.functions.is_empty() {
            return Err(Diagnostic::new(self.here(), SyntaxError::NoFilter));
        }
        Ok(Query { header, body })
    }

    /// One filter at the loosest level.
    fn filter(&mut self) -> Parsed<Filter> {
        self.level(Level::Or)
    }
}
