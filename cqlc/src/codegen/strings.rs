//! Strings: an `Option<String>`, `None` when it does not match; and the
//! functions of strings.

use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::{Emitter, format::doc_lines};
use crate::ir::{Expr, Node, StringFunction};

impl Emitter {
    /// A string literal.
    pub(super) fn string_literal(&self, text: &str) -> TokenStream {
        quote!(Some(#text.to_owned()))
    }

    /// `x = value` for string variable `name` where the value is a string
    /// already made (a literal, a group of the last match): copied into the
    /// variable's string, as a `bool`; `None` for any other value.
    pub(super) fn assign_made_string(&self, name: &TokenStream, value: &Node) -> Option<TokenStream> {
        match &value.expr {
            Expr::Str(text) => Some(quote!(at.assign_str(#name, Some(#text)))),
            Expr::Strings(StringFunction::Group { index, offset: false }, _) => {
                let index = proc_macro2::Literal::u8_unsuffixed(*index);
                Some(quote!(at.assign_group_text(#name, #index)))
            }
            _ => None,
        }
    }

    /// `function` of `operands`, each evaluated in order.
    pub(super) fn strings(&self, function: &StringFunction, operands: &[Node]) -> TokenStream {
        use StringFunction as F;
        if let F::Str = function {
            let texts = operands.iter().map(|operand| self.text(operand));
            return quote!(Some([#(#texts),*].concat()));
        }
        let values: Vec<TokenStream> = operands.iter().map(|operand| self.value(operand)).collect();
        // Operands that take the cursor mutably are evaluated first, in order.
        let bound = operands.iter().any(Node::needs_cursor_mutably) || matches!(function, F::Match(_));
        let names: Vec<TokenStream> = (1..=operands.len())
            .zip(&values)
            .map(|(i, value)| if bound { format_ident!("operand_{i}").into_token_stream() } else { value.clone() })
            .collect();
        let [operand_1, operand_2, operand_3] = std::array::from_fn(|i| names.get(i).cloned().unwrap_or_default());
        let call = match function {
            F::Concatenation => quote!(concatenation(#operand_1, #operand_2)),
            F::Length => quote!(string_length(#operand_1)),
            F::Contains => quote!(string_contains(#operand_1, #operand_2)),
            F::Index => quote!(string_index(#operand_1, #operand_2)),
            F::Slice { from, to } => {
                let from_bound = if *from { operand_2.clone() } else { quote!(Some(0)) };
                let to_bound = match (from, to) {
                    (_, false) => quote!(Some(i64::MAX)),
                    (true, true) => operand_3,
                    (false, true) => operand_2,
                };
                quote!(string_slice(#operand_1, #from_bound, #to_bound))
            }
            F::Match(pattern) => {
                let pattern = self.pattern(pattern);
                quote!(at.first_match(&#pattern, #operand_1))
            }
            F::Group { index, offset } => {
                let index = proc_macro2::Literal::u8_unsuffixed(*index);
                return if *offset { quote!(at.group_start(#index)) } else { quote!(at.group_text(#index)) };
            }
            F::Int => quote!(string_to_int(#operand_1)),
            F::Lowercase => quote!(lowercase(#operand_1)),
            F::Uppercase => quote!(uppercase(#operand_1)),
            F::IndexOf => quote!(string_index_of(#operand_1, #operand_2)),
            F::AsciiCode => quote!(ascii_code(#operand_1)),
            F::AsciiCharacter => quote!(ascii_character(#operand_1)),
            F::ReadFile => quote!(read_file(#operand_1)),
            F::WriteFile => quote!(write_file(#operand_1, #operand_2)),
            F::Str => unreachable!("written above"),
        };
        if !bound {
            return call;
        }
        quote!({
            #(let #names = #values;)*
            #call
        })
    }

    /// `while (S ~~ "re") B`: B at each match (of a string literal, found
    /// once for the run).
    pub(super) fn each_match(&self, target: &Node, pattern: &str, body: &Node) -> TokenStream {
        let body = super::rust::with_cursor(self.matches_body(body));
        if let Expr::Str(subject) = &target.expr {
            let matches = self.constant_matches(subject, pattern);
            return quote!(at.each_constant_match(&#matches, #body));
        }
        let target = self.value(target);
        let pattern = self.pattern(pattern);
        quote!({
            let target = #target;
            at.each_match(&#pattern, target, #body)
        })
    }

    /// The static holding the matches of CQL's regular expression `pattern`
    /// in the literal `subject`.
    fn constant_matches(&self, subject: &str, pattern: &str) -> Ident {
        let pattern = self.pattern(pattern);
        let doc = doc_lines(&format!("The matches of `{pattern}` in \"{subject}\", found once."));
        self.item(format!("matches {pattern} {subject:?}"), "MATCHES", |name| {
            quote! {
                #(#[doc = #doc])*
                static #name: ConstantMatches = ConstantMatches::new(&#pattern, #subject);
            }
        })
    }

    /// The static holding CQL's regular expression `pattern`, compiled on
    /// first use (its syntax checked by the checker).
    fn pattern(&self, pattern: &str) -> Ident {
        let translated = cql_vocabulary::regex::translate(pattern).unwrap_or_default();
        let doc = doc_lines(&format!("`~~ \"{pattern}\"` as the `regex` crate reads it."));
        self.item(format!("pattern {translated}"), "PATTERN", |name| {
            quote! {
                #(#[doc = #doc])*
                static #name: Pattern = Pattern::new(#translated);
            }
        })
    }
}
