//! The cql! macros.
