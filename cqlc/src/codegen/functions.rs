//! A call of a CQL function. The calls of one function that differ only in
//! constants share a template ([`Call`]): it is written once, as a Rust
//! function named after the CQL function, and each call passes its own
//! values. A variable or number passed as an argument is a parameter named
//! after the CQL parameter (`other_var`: the suffix keeps it apart from
//! every name generated code uses); a constant an enclosing transform's
//! images differ in is passed on.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{
    Emitter,
    constants::{Constant, parameter_name},
    format::doc_lines,
    rust,
    values::rust_type,
};
use crate::ir::{self, Call, Node};

impl Emitter {
    /// `Name(x y ...)`: a call of the function its template is written as.
    pub(super) fn call(&self, node: &Node, call: &Call) -> TokenStream {
        let mut slots: Vec<(ir::Constant, Ident)> = Vec::new();
        for slot in &call.slots {
            let stem = match (&slot.parameter, &slot.value) {
                (Some(parameter), ir::Constant::Var(_)) => format!("{}_var", parameter.to_lowercase()),
                (Some(parameter), _) => parameter.to_lowercase(),
                (None, value) => Constant::from(value.clone()).parameter_name(),
            };
            let name = parameter_name(&stem, |name| slots.iter().any(|(_, known)| known == name));
            slots.push((slot.value.clone(), name));
        }
        let (body, frame) = self.in_family(slots.clone(), || self.value_block(&call.template));
        let value_of = |constant: &ir::Constant| {
            let slot = call.slots.iter().position(|slot| slot.value == *constant);
            slot.map_or_else(|| constant.clone(), |slot| call.values[slot].clone())
        };
        let mut parameters: Vec<(Ident, TokenStream, TokenStream)> = slots
            .into_iter()
            .zip(&call.values)
            .map(|((value, name), own)| {
                let value = Constant::from(value);
                (name, value.rust_type(), self.constant(own.clone().into()))
            })
            .collect();
        parameters.extend(frame.passed.into_iter().map(|(constant, name)| {
            let argument = self.constant(constant.clone());
            (name, constant.rust_type(), argument)
        }));
        parameters.extend(frame.tables.into_iter().map(|(table, name)| {
            let argument = self.table_constant(&table.replaced(value_of));
            (name, table.reference_type(), argument)
        }));
        let at = if rust::mentions(&body, "at") { quote!(at) } else { quote!(_at) };
        let names = parameters.iter().map(|(name, ..)| name);
        let types = parameters.iter().map(|(_, rust_type, _)| rust_type);
        let value = rust_type(call.template.ty);
        let signature = quote!((#at: &mut Cursor<'_>, #(#names: #types),*) -> #value);
        // Templates whose functions come out the same share one.
        let identity = format!("{} {signature} {body}", call.function);
        let doc = doc_lines(&format!(
            "The CQL function `{}`, called as `{}`: the variables and constants of the call are the parameters.",
            call.function, node.source
        ));
        let stem: String = call
            .function
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
            .collect();
        let name = self.item(identity, &stem, |name| {
            quote! {
                #(#[doc = #doc])*
                fn #name #signature #body
            }
        });
        let arguments = parameters.iter().map(|(.., argument)| argument);
        quote!(#name(at, #(#arguments),*))
    }
}

#[cfg(test)]
mod tests {
    use crate::searcher_source;

    #[test]
    fn calls_that_differ_in_variables_share_one_function_named_after_the_cql_function() {
        let source = "cql() function Same(Other) {from == Other:from} Mine = ∙ Theirs = ∙ Same(Mine) Same(Theirs)";
        let program = searcher_source(source, "q", "q.cql").unwrap();
        assert_eq!(program.matches("\nfn same_").count(), 1, "{program}");
        assert!(program.contains("fn same_1(at: &mut Cursor<'_>, other_var: Var) -> bool"), "{program}");
        assert!(program.contains("same_1(at, MINE)") && program.contains("same_1(at, THEIRS)"), "{program}");
    }

    #[test]
    fn a_parameter_named_as_rust_or_the_runtime_names_something_stays_apart_from_it() {
        for (parameter, name) in [("fn", "fn_var"), ("Box", "box_var"), ("Count", "count_var")] {
            let source = format!("cql() function Same({parameter}) {{from == {parameter}:from}} Mine = ∙ Same(Mine)");
            let program = searcher_source(&source, "q", "q.cql").unwrap();
            assert!(program.contains(&format!("fn same_1(at: &mut Cursor<'_>, {name}: Var) -> bool")), "{program}");
        }
    }
}
