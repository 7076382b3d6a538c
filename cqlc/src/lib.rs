//! The CQL compiler.
