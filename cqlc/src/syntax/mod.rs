//! Reading a query: the lexical grammar (`cql.pest`), the token stream, the
//! parser, and the syntax tree it builds.

pub mod ast;
mod encoding;
mod error;
mod error_hints;
mod keywords;
pub(crate) mod lex;
mod parse;
mod symbol;
mod tag_names;

pub use encoding::decode;
pub use error::SyntaxError;
pub use keywords::suggestion;
pub use parse::{MAX_NESTING, parse};
pub use tag_names::TagNameRefusal;
