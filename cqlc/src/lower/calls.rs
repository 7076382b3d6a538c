//! Calls of one CQL function that differ only in constants (the variables
//! and numbers passed, or a transform's constants around them) share one
//! template: the body of the first of them. A constant that is an argument
//! of that first call is a slot even when no other call differs in it, so
//! that the function the code generator writes takes its parameters as the
//! CQL function does.

use crate::ir::{CallSlot, Constant, Expr, Family, Node, Query};

/// The families of the calls of one function, each with the arguments of
/// its first call.
struct Function {
    name: String,
    families: Vec<(Family, Vec<(String, String)>)>,
}

/// Gives every call of the query its family's template and its own values.
pub(super) fn share_templates(query: &mut Query) {
    let mut functions: Vec<Function> = Vec::new();
    for node in &query.body {
        collect(node, &mut functions);
    }
    for node in &mut query.body {
        rewrite(node, &functions);
    }
}

/// Puts the body of each call in `node` in a family of its function.
fn collect(node: &Node, functions: &mut Vec<Function>) {
    if let Expr::Call(call) = &node.expr {
        let body = call.body();
        let function = match functions.iter().position(|function| function.name == call.function) {
            Some(index) => &mut functions[index],
            None => {
                functions.push(Function { name: call.function.clone(), families: Vec::new() });
                functions.last_mut().expect("just pushed")
            }
        };
        if !function.families.iter_mut().any(|(family, _)| family.admit(&body)) {
            let arguments = argument_constants(&body, &call.arguments);
            function.families.push((Family::new(body, arguments), call.arguments.clone()));
        }
    }
    node.expr.for_each_child(|child| collect(child, functions));
}

/// Gives each call in `node` its family's template and its values, then
/// does the same inside the template.
fn rewrite(node: &mut Node, functions: &[Function]) {
    if let Expr::Call(call) = &mut node.expr {
        let body = call.body();
        let families = functions.iter().filter(|function| function.name == call.function).flat_map(|f| &f.families);
        let bound = families.filter_map(|(family, first)| Some((family, first, family.values_of(&body)?))).next();
        if let Some((family, first, values)) = bound {
            *call.template = family.template.clone();
            call.slots = family
                .slots
                .iter()
                .map(|slot| CallSlot {
                    value: slot.template_value().clone(),
                    parameter: parameter_of(slot.template_value(), first),
                })
                .collect();
            call.values = values;
        }
    }
    node.expr.for_each_child_mut(|child| rewrite(child, functions));
}

/// The constants of `body` that are arguments (variables and numbers
/// written as an argument), in order.
fn argument_constants(body: &Node, arguments: &[(String, String)]) -> Vec<Constant> {
    let mut found = Vec::new();
    let mut visit = |node: &Node| {
        for constant in node.expr.own_constants() {
            if parameter_of(&constant, arguments).is_some() && !found.contains(&constant) {
                found.push(constant);
            }
        }
    };
    walk(body, &mut visit);
    found
}

/// Calls `visit` with `node` and every filter in it.
fn walk(node: &Node, visit: &mut impl FnMut(&Node)) {
    visit(node);
    node.expr.for_each_child(|child| walk(child, visit));
}

/// The CQL parameter whose argument `constant` is written as, if one is.
fn parameter_of(constant: &Constant, arguments: &[(String, String)]) -> Option<String> {
    let text = match constant {
        Constant::Var(var) => var.name.clone(),
        Constant::Number(n) => n.to_string(),
        _ => return None,
    };
    arguments.iter().find(|(_, argument)| *argument == text).map(|(parameter, _)| parameter.clone())
}
