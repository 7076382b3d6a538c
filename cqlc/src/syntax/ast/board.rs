//! The parts of the syntax tree about the board's geometry: pins, values
//! of squares, the composers' mates, transforms and their ranges, and the
//! distances of direction filters.

use super::{Bounds, Filter};

/// A `pin` filter: the sets of its parameters, and which part it is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct Pin {
    /// `from X`: the pinners' squares (all squares without it).
    pub from: Option<Box<Filter>>,
    /// `through Y`: the pinned pieces' squares (all squares without it).
    pub through: Option<Box<Filter>>,
    /// `to Z`: the targets' squares (the kings without it).
    pub to: Option<Box<Filter>>,
    /// The part named by the first parameter written (the pinned pieces
    /// if none is).
    pub value: PinPart,
}

/// A value of a square (of a set holding one square, else none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareValue {
    /// `rank`: 1 to 8.
    Rank,
    /// `file`: 1 (a) to 8 (h).
    File,
    /// `colortype`: the piece on it, pawn 1 to king 6, negative for black,
    /// 0 for an empty square.
    ColorType,
    /// `type`: `colortype` without its sign.
    Type,
    /// `typename`: `K Q R B N P` whatever the colour, `_` for an empty square.
    TypeName,
    /// `piecename`: `K Q R B N P` for white, `k q r b n p` for black, `_`.
    PieceName,
    /// `pieceid`: the number of the piece on it, which it keeps as it moves
    /// (of a piece variable: of its piece, even once captured).
    PieceId,
}

impl SquareValue {
    /// The filter a keyword names.
    pub fn named(keyword: &str) -> Option<SquareValue> {
        Some(match keyword {
            "rank" => SquareValue::Rank,
            "file" => SquareValue::File,
            "colortype" => SquareValue::ColorType,
            "type" => SquareValue::Type,
            "typename" => SquareValue::TypeName,
            "piecename" => SquareValue::PieceName,
            "pieceid" => SquareValue::PieceId,
            _ => return None,
        })
    }

    /// Whether its value is a string (else a number).
    pub fn is_string(self) -> bool {
        matches!(self, SquareValue::TypeName | SquareValue::PieceName)
    }
}

/// The composers' mates and stalemates, as CQL 6.2 defines them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComposersMate {
    /// `puremate`
    PureMate,
    /// `modelmate`
    ModelMate,
    /// `idealmate`
    IdealMate,
    /// `purestalemate`
    PureStalemate,
    /// `modelstalemate`
    ModelStalemate,
    /// `idealstalemate`
    IdealStalemate,
}

impl ComposersMate {
    /// Each one, with its keyword.
    pub const NAMED: [(ComposersMate, &'static str); 6] = [
        (ComposersMate::PureMate, "puremate"),
        (ComposersMate::ModelMate, "modelmate"),
        (ComposersMate::IdealMate, "idealmate"),
        (ComposersMate::PureStalemate, "purestalemate"),
        (ComposersMate::ModelStalemate, "modelstalemate"),
        (ComposersMate::IdealStalemate, "idealstalemate"),
    ];

    /// The one a keyword names.
    pub fn named(keyword: &str) -> Option<ComposersMate> {
        Self::NAMED.iter().find(|(_, name)| *name == keyword).map(|(mate, _)| *mate)
    }
}

/// The transforms CQL expands at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transform {
    /// `⬓` / `flipcolor`: as written, and with the colours swapped and the
    /// board reflected top to bottom.
    FlipColor,
    /// `✵` / `flip` (`dihedral`, `flipdihedral`): in each of the eight
    /// reflections and rotations of the board.
    Flip,
    /// `fliphorizontal`: as written, and reflected top to bottom.
    FlipHorizontal,
    /// `flipvertical`: as written, and reflected left to right.
    FlipVertical,
    /// `rotate90`: in each of the four quarter turns.
    Rotate90,
    /// `rotate45`: its directions turned by each of the eight eighth turns
    /// (it takes no particular squares).
    Rotate45,
    /// `shift`: moved by each of the board's translations.
    Shift,
    /// `shifthorizontal`: moved along the ranks.
    ShiftHorizontal,
    /// `shiftvertical`: moved along the files.
    ShiftVertical,
    /// `reversecolor`: only with the colours swapped and the board reflected
    /// top to bottom.
    ReverseColor,
}

impl Transform {
    /// The transform a keyword names.
    pub fn named(keyword: &str) -> Option<Transform> {
        Some(match keyword {
            "flipcolor" => Transform::FlipColor,
            "flip" | "dihedral" | "flipdihedral" => Transform::Flip,
            "fliphorizontal" => Transform::FlipHorizontal,
            "flipvertical" => Transform::FlipVertical,
            "rotate90" => Transform::Rotate90,
            "rotate45" => Transform::Rotate45,
            "shift" => Transform::Shift,
            "shifthorizontal" => Transform::ShiftHorizontal,
            "shiftvertical" => Transform::ShiftVertical,
            "reversecolor" => Transform::ReverseColor,
            _ => return None,
        })
    }
}

/// What a transform written with a range asks of its images.
#[derive(Clone, Debug, PartialEq)]
pub enum ImageRange {
    /// `count`: nothing; its value is how many match.
    Count,
    /// `N [M]`: that N to M of them match (numbers or numeric variables).
    Between(Bounds),
}

/// A distance of a direction filter: a number of steps, or a numeric
/// variable's value (`up D ♔`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Distance {
    /// This many steps (negative: the other way).
    Steps(i64),
    /// The value of the numeric variable of this name.
    Variable(String),
}

/// A part of a pin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinPart {
    /// The pinning queen, rook or bishop (`from`).
    Pinner,
    /// The pinned piece (`through`).
    Pinned,
    /// What it is pinned to (`to`).
    Target,
}
