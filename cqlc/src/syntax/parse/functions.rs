//! User-defined functions: `function Name(a b) {body}` defines one, and
//! `Name(x y)` is its body with each parameter replaced by the argument's
//! tokens, parsed where the call stands. CQL 6.2's functions are macros of
//! this kind: an argument may even fill a place only a literal can, such as
//! a promotion (`♟――=T` with `T` = `"Q"`), and the variables the body
//! assigns are the query's own.

use std::{collections::HashMap, rc::Rc};

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::FilterKind,
        error::{Expected, SyntaxError},
        keywords::is_keyword,
        lex::{Token, TokenKind},
        symbol::Symbol,
    },
};

/// How deep calls may nest (a function that calls itself never ends).
const MAX_DEPTH: usize = 32;

/// How many tokens the calls of a query may expand into in all: calls
/// nested in each other's arguments are read again at each level, so each
/// level can double the work.
const MAX_EXPANSION: usize = 1_000_000;

/// A function's parameters and its body's tokens, braces included.
#[derive(Clone, Debug)]
pub(super) struct Function {
    /// The parameters' names.
    params: Vec<String>,
    /// The body's tokens.
    body: Vec<Token>,
}

/// The functions defined so far.
pub(super) type Functions = HashMap<String, Rc<Function>>;

impl Parser<'_> {
    /// `function Name(a b ...) {body}`, after `function`: records it.
    pub(super) fn define_function(&mut self) -> Parsed<()> {
        let keyword = self.next().expect("peeked 'function'");
        let name = match self.next().map(|t| t.kind) {
            Some(TokenKind::Word(name)) if !is_keyword(&name) => name,
            _ => return Err(self.unexpected(Expected::FunctionName)),
        };
        self.expect(Symbol::OpenParen, Expected::ParameterListOpen)?;
        let mut params = Vec::new();
        loop {
            match self.next().map(|t| t.kind) {
                Some(TokenKind::Symbol(Symbol::CloseParen)) => break,
                Some(TokenKind::Word(param)) if !is_keyword(&param) => params.push(param),
                _ => return Err(self.unexpected(Expected::ParameterName)),
            }
        }
        if !self.is(Symbol::OpenBrace) {
            return Err(self.unexpected(Expected::FunctionBody));
        }
        let start = self.at;
        let mut depth = 0usize;
        loop {
            match self.next().map(|t| t.kind) {
                Some(TokenKind::Symbol(Symbol::OpenBrace)) => depth += 1,
                Some(TokenKind::Symbol(Symbol::CloseBrace)) => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Some(_) => {}
                None => return Err(Diagnostic::new(keyword.span, SyntaxError::FunctionNotClosed { name })),
            }
        }
        let body = self.tokens[start..self.at].to_vec();
        self.functions.insert(name, Rc::new(Function { params, body }));
        Ok(())
    }

    /// Whether `name` is a function and a call's `(` follows.
    pub(super) fn is_call(&self, name: &str) -> bool {
        self.functions.contains_key(name) && self.is(Symbol::OpenParen)
    }

    /// `Name(x y ...)`, after the name: the body with the arguments in place
    /// of the parameters.
    pub(super) fn call(&mut self, name: &str) -> Parsed<FilterKind> {
        let function = Rc::clone(&self.functions[name]);
        let open = self.next().expect("peeked '('");
        let mut arguments: Vec<Vec<Token>> = Vec::new();
        while !self.eat(Symbol::CloseParen) {
            if self.peek().is_none() {
                return Err(Diagnostic::new(open.span, SyntaxError::NeverClosed { opener: Symbol::OpenParen }));
            }
            let from = self.at;
            self.filter()?;
            arguments.push(self.tokens[from..self.at].to_vec());
        }
        if arguments.len() != function.params.len() {
            let error = SyntaxError::ArgumentCount {
                name: name.to_owned(),
                params: function.params.len(),
                arguments: arguments.len(),
            };
            return Err(Diagnostic::new(self.span_from(open.span.start), error));
        }
        if self.depth == MAX_DEPTH {
            return Err(Diagnostic::new(open.span, SyntaxError::CallsTooDeep { name: name.to_owned() }));
        }
        let tokens = substitute(&function, &arguments);
        self.expansion.set(self.expansion.get() + tokens.len());
        if self.expansion.get() > MAX_EXPANSION {
            let error = SyntaxError::CallsTooLarge { name: name.to_owned(), limit: MAX_EXPANSION };
            return Err(Diagnostic::new(open.span, error));
        }
        let mut body = Parser::new(self.source, tokens, self.functions.clone(), self.depth + 1);
        body.nesting = self.nesting;
        body.expansion = Rc::clone(&self.expansion);
        body.warnings = Rc::clone(&self.warnings);
        body.variable_kinds = Rc::clone(&self.variable_kinds);
        body.dictionaries = Rc::clone(&self.dictionaries);
        let body = Box::new(body.filter()?);
        let texts = arguments.iter().map(|tokens| match (tokens.first(), tokens.last()) {
            (Some(first), Some(last)) => self.source.get(first.span.start..last.span.end).unwrap_or("").to_owned(),
            _ => String::new(),
        });
        let arguments = function.params.iter().cloned().zip(texts).collect();
        Ok(FilterKind::Call { name: name.to_owned(), arguments, body })
    }
}

/// The body's tokens with each parameter replaced by its argument's. The
/// first token of an argument stands where the parameter stood: touching
/// the token before it or not, as the parameter did (`=T` stays glued);
/// every token of it takes the parameter's place in the text.
fn substitute(function: &Function, arguments: &[Vec<Token>]) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(function.body.len());
    for token in &function.body {
        let param = match &token.kind {
            TokenKind::Word(word) => function.params.iter().position(|p| p == word),
            _ => None,
        };
        match param {
            Some(index) => {
                let argument = &arguments[index];
                tokens.extend(argument.iter().enumerate().map(|(i, t)| {
                    let mut t = t.clone();
                    t.from_argument = true;
                    // Where the body's filters are, their text is the
                    // function's own: a filter that ends in an argument does
                    // not stretch to the call.
                    t.span = token.span.clone();
                    if i == 0 {
                        t.glued = token.glued;
                        t.line_break_before = token.line_break_before;
                        t.blank_line_before = token.blank_line_before;
                    }
                    t
                }));
            }
            None => tokens.push(token.clone()),
        }
    }
    tokens
}
