//! The values of a square (`rank S`, `typename S`, ...) and `makesquare`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, rust};
use crate::ir::{ComposersMate, Expr, Node, SquareValue, VarKind};

impl Emitter {
    /// `rank S` and the others: a number or a string, of the one square of S.
    pub(super) fn square_value(&self, value: SquareValue, squares: &Node) -> TokenStream {
        // A piece variable's piece keeps its number once captured.
        if let (SquareValue::PieceId, Expr::Var(var)) = (value, &squares.expr)
            && var.kind == VarKind::Piece
        {
            let var = self.var(var);
            return quote!(at.piece_variable_id(#var));
        }
        let squares = self.set(squares);
        match value {
            SquareValue::Rank => quote!(rank_of(#squares)),
            SquareValue::File => quote!(file_of(#squares)),
            SquareValue::ColorType => quote!(color_type_of(#squares, at.board())),
            SquareValue::Type => quote!(type_of(#squares, at.board())),
            SquareValue::TypeName => quote!(type_name_of(#squares, at.board())),
            SquareValue::PieceName => quote!(piece_name_of(#squares, at.board())),
            SquareValue::PieceId => quote!({
                let squares = #squares;
                at.piece_id(squares)
            }),
        }
    }

    /// A string value that needs no `String` made, as an `Option<&str>`:
    /// a literal, a piece's name (`typename S`, `piecename S`), or one of
    /// them at another position (`P:piecename S`); `None` for any other.
    pub(super) fn borrowed_string(&self, node: &Node) -> Option<TokenStream> {
        match &node.expr {
            Expr::Str(text) => Some(quote!(Some(#text))),
            Expr::SquareValue(value @ (SquareValue::TypeName | SquareValue::PieceName), squares) => {
                let squares = self.set(squares);
                Some(match value {
                    SquareValue::TypeName => quote!(type_name_str(#squares, at.board())),
                    _ => quote!(piece_name_str(#squares, at.board())),
                })
            }
            Expr::At { position, filter } => {
                let value = rust::with_cursor(self.borrowed_string(filter)?);
                let position = self.value(position);
                Some(quote!(at_position(#position, at, #value)))
            }
            _ => None,
        }
    }

    /// `makesquare (F R)` or `makesquare S`.
    pub(super) fn make_square(&self, operands: &[Node]) -> TokenStream {
        match operands {
            [name] => {
                let name = self.value(name);
                quote!(square_named(#name))
            }
            [file, rank] => {
                let (file, rank) = (self.number(file), self.number(rank));
                quote!(make_square(#file, #rank))
            }
            _ => unreachable!("the checker allows one or two operands"),
        }
    }
}

impl Emitter {
    /// `puremate` and the others: the pieces taking part.
    pub(super) fn composers_mate(&self, mate: ComposersMate) -> TokenStream {
        let kind = match mate {
            ComposersMate::PureMate => quote!(PureMate),
            ComposersMate::ModelMate => quote!(ModelMate),
            ComposersMate::IdealMate => quote!(IdealMate),
            ComposersMate::PureStalemate => quote!(PureStalemate),
            ComposersMate::ModelStalemate => quote!(ModelStalemate),
            ComposersMate::IdealStalemate => quote!(IdealStalemate),
        };
        quote!(at.composers_mate(ComposersMate::#kind))
    }
}
