//! A call of a CQL function. CQL's functions are macros: a call is the
//! function's body with the arguments in place of the parameters. Calls of
//! one function that differ only in constants (the variables and numbers
//! they pass) share one template, the body of the first of them, and each
//! call holds its own value of each of the template's slots; the code
//! generator writes the template once.

use super::{Constant, Node, constants::substituted};

/// `Name(x y ...)`: a call of a CQL function.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The function's name.
    pub function: String,
    /// Each parameter's name and the text of the argument given for it, as
    /// written.
    pub arguments: Vec<(String, String)>,
    /// The body of a call of the function that this call's body is, but for
    /// the constants of [`Call::slots`].
    pub template: Box<Node>,
    /// The constants of the template that calls sharing it differ in.
    pub slots: Vec<CallSlot>,
    /// This call's value of each slot, in order.
    pub values: Vec<Constant>,
}

/// A constant of a call's template that calls sharing it differ in.
#[derive(Clone, Debug, PartialEq)]
pub struct CallSlot {
    /// Its value in the template.
    pub value: Constant,
    /// The CQL parameter it is the argument of, if it is one.
    pub parameter: Option<String>,
}

impl Call {
    /// The call of `function` with `arguments` whose body (arguments
    /// substituted) is `body`, a template of its own.
    pub fn new(function: String, arguments: Vec<(String, String)>, body: Node) -> Call {
        Call { function, arguments, template: Box::new(body), slots: Vec::new(), values: Vec::new() }
    }

    /// The call's body: the template with its own values.
    pub fn body(&self) -> Node {
        let pairs: Vec<(&Constant, &Constant)> = self.slots.iter().map(|slot| &slot.value).zip(&self.values).collect();
        substituted(&self.template, &pairs)
    }
}
