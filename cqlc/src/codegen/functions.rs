//! A call of a CQL function. CQL's functions are macros (a call is the body
//! with the arguments in place of the parameters), but the calls of one
//! function mostly differ only in the variables and constants they pass:
//! such calls share one Rust function, whose parameters are those
//! variables and constants, as the CQL function's are. The variables and
//! numbers of the function's own text are written in it.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{
    Emitter,
    constants::{Constant, parameter_name, placeholder_index},
    format::doc_lines,
    rust,
    values::rust_type,
};
use crate::ir::Node;

impl Emitter {
    /// `Name(x y ...)`, whose body (arguments substituted) is `body`; a
    /// variable passed as an argument is a parameter named after the CQL
    /// parameter (`other_var`: the suffix keeps it apart from every name
    /// generated code uses).
    pub(super) fn call(&self, node: &Node, function: &str, arguments: &[(String, String)], body: &Node) -> TokenStream {
        let (code, constants) = self.recording(|| self.value_block(body));
        let shape = code.to_string();
        let mut parameters: Vec<(Ident, Constant)> = Vec::new();
        // What each placeholder stands for: a note, a number of the
        // function's own text, or a parameter.
        let mut partition: Vec<String> = Vec::new();
        let slots: Vec<TokenStream> = constants
            .iter()
            .map(|constant| {
                if matches!(constant, Constant::Note(_)) {
                    partition.push("note".to_owned());
                    return constant.code();
                }
                // A number or variable no argument is written as: the
                // function's own, the same in every call (no transform
                // changes either).
                let own = match constant {
                    Constant::Number(n) => Some(n.to_string()),
                    Constant::Var(var) => Some(var.name.clone()),
                    _ => None,
                };
                if let Some(text) = own
                    && !arguments.iter().any(|(_, argument)| *argument == text)
                {
                    partition.push(format!("own {text}"));
                    return constant.code();
                }
                let index = parameters.iter().position(|(_, known)| known == constant).unwrap_or_else(|| {
                    let stem = match constant {
                        Constant::Var(var) => arguments.iter().find(|(_, argument)| *argument == var.name).map_or_else(
                            || constant.parameter_name(),
                            |(parameter, _)| format!("{}_var", parameter.to_lowercase()),
                        ),
                        Constant::Number(n) => arguments
                            .iter()
                            .find(|(_, argument)| *argument == n.to_string())
                            .map_or_else(|| constant.parameter_name(), |(parameter, _)| parameter.to_lowercase()),
                        _ => constant.parameter_name(),
                    };
                    let name = parameter_name(&stem, |name| parameters.iter().any(|(known, _)| known == name));
                    parameters.push((name, constant.clone()));
                    parameters.len() - 1
                });
                partition.push(format!("parameter {index}"));
                let name = &parameters[index].0;
                quote!(#name)
            })
            .collect();
        let code = rust::substitute(code, &|ident: &Ident| placeholder_index(ident).map(|index| slots[index].clone()));
        let at = if rust::mentions(&code, "at") { quote!(at) } else { quote!(_at) };
        let names = parameters.iter().map(|(name, _)| name);
        let types = parameters.iter().map(|(_, constant)| constant.rust_type());
        let value = rust_type(body.ty);
        let signature = quote!((#at: &mut Cursor<'_>, #(#names: #types),*) -> #value);
        // The same function whatever its notes and its parameters' names:
        // its code with placeholders, and which parameter each stands for.
        let identity = format!("{function} {value} {shape} {partition:?}");
        let doc = doc_lines(&format!(
            "The CQL function `{function}`, called as `{}`: the variables and constants of the call are the parameters.",
            node.source
        ));
        let stem: String =
            function.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
        let name = self.item(identity, &stem, |name| {
            quote! {
                #(#[doc = #doc])*
                fn #name #signature #code
            }
        });
        let arguments = parameters.iter().map(|(_, constant)| self.constant(constant.clone()));
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
