//! Dictionaries (`D[k]`, `D[k] = v`, `#D`, `k ∊ D`) and whether variables
//! have values (`unbind`, `isbound`).

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{Node, Type, VarRef};

impl Emitter {
    /// `D[k]`, of the value's type (`Boolean`: whether D has k).
    pub(super) fn entry(&self, ty: Type, dict: &VarRef, key: &Node) -> TokenStream {
        let dict = self.var(dict);
        let key = self.key(key);
        let read = match ty {
            Type::Numeric => quote!(entry_number),
            Type::String => quote!(entry_string),
            Type::Set => quote!(entry_set),
            Type::Position => quote!(entry_position),
            Type::Boolean => quote!(has_entry),
        };
        quote!({
            let key = #key;
            at.#read(#dict, key)
        })
    }

    /// `D[k] = v`.
    pub(super) fn assign_entry(&self, dict: &VarRef, key: &Node, value: &Node) -> TokenStream {
        let dict = self.var(dict);
        let key = self.key(key);
        let converted = match value.ty {
            Type::Numeric => quote!(value.map(Value::Number)),
            Type::String => quote!(value.map(Value::Str)),
            Type::Set => quote!(Some(Value::Set(value))),
            Type::Position => quote!(value.map(Value::Position)),
            Type::Boolean => quote!(value.then_some(Value::Unbound)),
        };
        let value = self.value(value);
        quote!({
            let key = #key;
            let value = #value;
            at.assign_entry(#dict, key, #converted)
        })
    }

    /// `#D`.
    pub(super) fn entry_count(&self, dict: &VarRef) -> TokenStream {
        let dict = self.var(dict);
        quote!(at.entry_count(#dict))
    }

    /// `unbind x`, `unbind D`, `unbind D[k]`.
    pub(super) fn unbind(&self, var: &VarRef, key: Option<&Node>) -> TokenStream {
        let var = self.var(var);
        match key {
            Some(key) => {
                let key = self.key(key);
                quote!({
                    let key = #key;
                    at.remove_entry(#var, key)
                })
            }
            None => quote!(at.unbind(#var)),
        }
    }

    /// `isbound x`.
    pub(super) fn is_bound(&self, var: &VarRef) -> TokenStream {
        let var = self.var(var);
        quote!(at.is_bound(#var))
    }

    /// `k ∊ D body`.
    pub(super) fn each_key(&self, var: &VarRef, dict: &VarRef, body: &Node) -> TokenStream {
        let (var, dict) = (self.var(var), self.var(dict));
        let body = rust::with_cursor(self.matches_body(body));
        quote!(at.each_key(#var, #dict, #body))
    }

    /// A key: its value as a dictionary's key, none if it has none.
    fn key(&self, key: &Node) -> TokenStream {
        let value = self.value(key);
        match key.ty {
            Type::Numeric => quote!(Key::number(#value)),
            Type::String => quote!(Key::string(#value)),
            Type::Set => quote!(Key::set(#value)),
            Type::Position => quote!(Key::position(#value)),
            Type::Boolean => quote!(None),
        }
    }
}
