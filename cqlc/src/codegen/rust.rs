//! Helpers about the Rust being written: when an expression needs
//! parentheses, closures that name only what they read, and expressions fit
//! to end a block.

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use quote::quote;

/// Whether `code` refers to `name` (the cursor `at`, a move `mv`, ...): a
/// query such as `cql() true` never reads the cursor.
pub(super) fn mentions(code: &TokenStream, name: &str) -> bool {
    code.clone().into_iter().any(|token| match token {
        TokenTree::Ident(ident) => ident == name,
        TokenTree::Group(group) => mentions(&group.stream(), name),
        _ => false,
    })
}

/// A closure's parameter `name`, or `_` if `body` does not read it.
pub(super) fn param(name: &str, body: &TokenStream) -> TokenStream {
    if mentions(body, name) {
        let ident = Ident::new(name, Span::call_site());
        quote!(#ident)
    } else {
        quote!(_)
    }
}

/// `|at| body`, or `|_| body` if the body does not read the cursor.
pub(super) fn with_cursor(body: TokenStream) -> TokenStream {
    let at = param("at", &body);
    quote!(|#at| #body)
}

/// `code` in parentheses if it is an operator expression (`a && b`, `!x`,
/// `a == b`), so that it can be negated or receive a method call.
pub(super) fn operand(code: TokenStream) -> TokenStream {
    let operator = code.clone().into_iter().any(|token| match token {
        TokenTree::Punct(punct) => !matches!(punct.as_char(), '.' | ':' | '\'' | '?'),
        _ => false,
    });
    if operator { quote!((#code)) } else { code }
}

/// `code` made fit to end a block: an expression that starts with a block,
/// `match` or `if` and goes on with an operator (`{ ... } && { ... }`) would
/// be read as a statement there, so it gets parentheses. A method call
/// (`{ ... }.is_some()`) needs none.
pub(super) fn tail(code: TokenStream) -> TokenStream {
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

/// `code` as a block: itself if it is one, else in braces.
pub(super) fn block(code: TokenStream) -> TokenStream {
    match block_contents(code.clone()) {
        Ok(_) => code,
        Err(code) => quote!({ #code }),
    }
}

/// What is inside `code` if it is one block (`{ ... }`), else `code` back.
pub(super) fn block_contents(code: TokenStream) -> Result<TokenStream, TokenStream> {
    let mut tokens = code.clone().into_iter();
    match (tokens.next(), tokens.next()) {
        (Some(TokenTree::Group(group)), None) if group.delimiter() == Delimiter::Brace => Ok(group.stream()),
        _ => Err(code),
    }
}

/// The statements of `code` if it is a block that ends in `; true` (so
/// always matches), without the `true`.
pub(super) fn statements_before_true(code: &TokenStream) -> Option<TokenStream> {
    let inner: Vec<TokenTree> = block_contents(code.clone()).ok()?.into_iter().collect();
    match inner.as_slice() {
        [statements @ .., TokenTree::Punct(semicolon), TokenTree::Ident(value)]
            if semicolon.as_char() == ';' && value == "true" =>
        {
            Some(statements.iter().cloned().chain([TokenTree::Punct(semicolon.clone())]).collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_get_parentheses_and_paths_do_not() {
        assert_eq!(operand(quote!(a && b)).to_string(), "(a && b)");
        assert_eq!(operand(quote!(!x)).to_string(), "(! x)");
        assert_eq!(
            operand(quote!(Kinds::WHITE_QUEEN.squares(at.board()))).to_string(),
            "Kinds :: WHITE_QUEEN . squares (at . board ())"
        );
    }

    #[test]
    fn blocks_followed_by_operators_are_parenthesised_at_the_end_of_a_block() {
        assert_eq!(tail(quote!({ a } && { b })).to_string(), "({ a } && { b })");
        assert_eq!(tail(quote!({ a }.is_some())).to_string(), "{ a } . is_some ()");
        assert_eq!(tail(quote!(if c { a } else { b } || d)).to_string(), "(if c { a } else { b } || d)");
    }
}
