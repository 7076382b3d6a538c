//! Games more than one family's tests use.

/// Scholar's mate, won by white.
pub const WHITE_WINS: &str = "[Event \"w\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n";

/// Fool's mate, won by black.
pub const BLACK_WINS: &str = "[Event \"b\"]\n[Result \"0-1\"]\n\n1.f3 e5 2.g4 Qh4# 0-1\n";
