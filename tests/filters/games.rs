//! Games more than one family's tests use.

/// Scholar's mate, won by white.
pub const WHITE_WINS: &str = "[Event \"w\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n";

/// Fool's mate, won by black.
pub const BLACK_WINS: &str = "[Event \"b\"]\n[Result \"0-1\"]\n\n1.f3 e5 2.g4 Qh4# 0-1\n";

/// Four moves from the start: promotions on h8 to a queen (twice), a rook
/// and a bishop, and a king move.
pub const PROMOTIONS_PLAYED: &str = "[Event \"promotions\"]\n[FEN \"4k3/7P/8/8/8/8/8/4K3 w - - 0 1\"]\n\n\
    1. h8=Q+ (1. h8=Q+ Kd7) (1. h8=R+) (1. h8=B) (1. Kd2) *\n";
