//! Checking the `move` filter: its parameters, its value, and the
//! constraints CQLi states for them (seed document 000).

use super::{CheckError, Checked, Checker};
use crate::{
    diagnostic::Diagnostic,
    ir::{self, Castling, Expr, Legality, MoveResult, MoveSource, MoveSquare, Moves, Type},
    syntax::ast::{self, Filter, MoveParamKind},
};

impl Checker<'_> {
    /// `move ...`.
    pub(super) fn move_filter(&self, filter: &Filter, move_filter: &ast::MoveFilter) -> Checked {
        let params = &move_filter.params;
        check_constraints(params)?;
        check_speculation(filter, move_filter)?;
        let has = |keyword: &str| params.iter().any(|p| p.kind.keyword() == keyword);
        let moves = match (has("previous"), has("legal"), has("pseudolegal"), has("reverse")) {
            (true, ..) => Moves::Forward(MoveSource::Previous),
            (_, true, _, true) => Moves::Reverse(Legality::Legal),
            (_, _, true, true) => Moves::Reverse(Legality::Pseudolegal),
            (_, true, ..) => Moves::Forward(MoveSource::Legal),
            (_, _, true, _) => Moves::Forward(MoveSource::Pseudolegal),
            _ => Moves::Forward(MoveSource::Game),
        };
        let set = |filter: &Filter, role: &str| self.typed(filter, Type::Set, role).map(Box::new);
        let mut checked = ir::MoveFilter {
            moves,
            from: None,
            to: None,
            capture: None,
            en_passant_square: None,
            promote: None,
            drop: None,
            en_passant: false,
            castle: None,
            null: false,
            primary: None,
            result: MoveResult::Exists,
            custodial: None,
            speculative: None,
            all: false,
        };
        for param in params {
            match &param.kind {
                MoveParamKind::From(s) => checked.from = Some(set(s, "what follows 'from'")?),
                MoveParamKind::To(s) => checked.to = Some(set(s, "what follows 'to'")?),
                MoveParamKind::Capture(s) => checked.capture = Some(set(s, "what follows 'capture'")?),
                MoveParamKind::EnPassantSquare(s) => {
                    checked.en_passant_square = Some(set(s, "what follows 'enpassantsquare'")?)
                }
                MoveParamKind::Promote(roles) => checked.promote = Some(*roles),
                MoveParamKind::Drop(roles) => checked.drop = Some(*roles),
                MoveParamKind::EnPassant => checked.en_passant = true,
                MoveParamKind::Castle => checked.castle = Some(Castling::Either),
                MoveParamKind::ShortCastle => checked.castle = Some(Castling::Short),
                MoveParamKind::LongCastle => checked.castle = Some(Castling::Long),
                MoveParamKind::Null => checked.null = true,
                MoveParamKind::Primary => checked.primary = Some(true),
                MoveParamKind::Secondary => checked.primary = Some(false),
                MoveParamKind::Count | MoveParamKind::Previous | MoveParamKind::Legal => {}
                MoveParamKind::Pseudolegal | MoveParamKind::Reverse => {}
                MoveParamKind::All => checked.all = true,
            }
        }
        checked.result = if has("count") {
            MoveResult::Count
        } else {
            match params.first().map(|p| &p.kind) {
                Some(MoveParamKind::From(_)) => MoveResult::Squares(MoveSquare::From),
                Some(MoveParamKind::To(_)) => MoveResult::Squares(MoveSquare::To),
                Some(MoveParamKind::Capture(_)) => MoveResult::Squares(MoveSquare::Capture),
                _ => MoveResult::Exists,
            }
        };
        checked.custodial = move_filter.custodial.as_deref().map(|c| self.filter(c).map(Box::new)).transpose()?;
        checked.speculative = move_filter.speculative.as_deref().map(|t| self.filter(t).map(Box::new)).transpose()?;
        let ty = match checked.result {
            MoveResult::Count => Type::Numeric,
            _ if checked.all => Type::Boolean,
            MoveResult::Exists => Type::Boolean,
            MoveResult::Squares(_) => Type::Set,
        };
        Ok(self.node(filter, Expr::Move(checked), ty))
    }
}

/// A speculative move filter makes moves, so they must be generated ones;
/// `all` is about its target.
fn check_speculation(filter: &Filter, move_filter: &ast::MoveFilter) -> Result<(), Diagnostic> {
    let params = &move_filter.params;
    let generated = params.iter().any(|p| matches!(p.kind, MoveParamKind::Legal | MoveParamKind::Pseudolegal));
    if move_filter.speculative.is_some() && !generated {
        return Err(Diagnostic::new(filter.span.clone(), CheckError::SpeculativeWithoutLegality));
    }
    match params.iter().find(|p| p.kind == MoveParamKind::All) {
        Some(all) if move_filter.speculative.is_none() => {
            Err(Diagnostic::new(all.span.clone(), CheckError::AllWithoutTarget))
        }
        _ => Ok(()),
    }
}

/// The constraints of seed document 000 on a `move` filter's parameters.
fn check_constraints(params: &[ast::MoveParam]) -> Result<(), Diagnostic> {
    let fail = |param: &ast::MoveParam, error: CheckError| Err(Diagnostic::new(param.span.clone(), error));
    for (i, param) in params.iter().enumerate() {
        let keyword = param.kind.keyword();
        if params[..i].iter().any(|earlier| earlier.kind.keyword() == keyword) {
            return fail(param, CheckError::MoveParameterTwice { keyword });
        }
    }
    let find = |keywords: &[&str]| params.iter().filter(|p| keywords.contains(&p.kind.keyword())).collect::<Vec<_>>();
    let castling = find(&["castle", "o-o", "o-o-o"]);
    if castling.len() > 1 {
        return fail(castling[1], CheckError::TwoCastlings);
    }
    let sides = find(&["primary", "secondary"]);
    if sides.len() > 1 {
        return fail(sides[1], CheckError::PrimaryAndSecondary);
    }
    let modes = find(&["previous", "legal", "pseudolegal"]);
    if modes.len() > 1 {
        return fail(modes[1], CheckError::TwoMoveModes);
    }
    let generated = find(&["legal", "pseudolegal"]);
    if let (Some(side), false) = (sides.first(), generated.is_empty()) {
        let mode = generated[0].kind.keyword();
        return fail(side, CheckError::GameMovesOnly { keyword: side.kind.keyword(), mode });
    }
    if let (Some(reverse), true) = (find(&["reverse"]).first(), generated.is_empty()) {
        return fail(reverse, CheckError::ReverseWithoutLegality);
    }
    if !find(&["drop"]).is_empty() {
        let clashes = find(&["reverse", "null", "from", "capture", "promote", "enpassant", "castle", "o-o", "o-o-o"]);
        if let Some(clash) = clashes.first() {
            return fail(clash, CheckError::DropWith { keyword: clash.kind.keyword() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{compile, ir::Type};

    /// The message of the error in `cql() <body>`, and the text it points at.
    fn error(body: &str) -> (String, String) {
        let source = format!("cql() {body}");
        let error = compile(&source).expect_err(body);
        (error.message(), source[error.span].to_owned())
    }

    #[test]
    fn the_constraints_of_seed_document_000_are_compile_errors_at_their_place() {
        assert_eq!(
            error("move castle o-o"),
            ("a move filter takes only one of castle, o-o and o-o-o".into(), "o-o".into())
        );
        assert_eq!(error("move castle castle").0, "'castle' is given twice in this move filter");
        assert_eq!(
            error("move primary secondary"),
            ("a move filter takes primary or secondary, not both".into(), "secondary".into())
        );
        assert_eq!(
            error("move pseudolegal secondary").0,
            "'secondary' is about moves played in the game, not pseudolegal moves"
        );
        assert_eq!(error("move legal previous").0, "a move filter takes only one of previous, legal and pseudolegal");
        assert_eq!(
            error("move previous reverse"),
            ("'reverse' needs 'legal' or 'pseudolegal'".into(), "reverse".into())
        );
        assert_eq!(error("move drop N from a1"), ("'drop' cannot be combined with 'from'".into(), "from a1".into()));
        assert_eq!(error("move drop N null").0, "'drop' cannot be combined with 'null'");
        assert_eq!(error("move promote Ra8").1, "Ra8");
        assert_eq!(error("move legal all").0, "'all' belongs to a speculative move filter: 'move legal all : F'");
        assert_eq!(
            error("move to e4 : check").0,
            "a speculative move filter ('move ... : F') needs 'legal' or 'pseudolegal'"
        );
    }

    #[test]
    fn the_type_of_a_move_filter_follows_its_parameters() {
        let ty = |body: &str| compile(&format!("cql() {body}")).unwrap().output.body[0].ty;
        assert_eq!(ty("move legal reverse count"), Type::Numeric);
        assert_eq!(ty("move from . legal reverse"), Type::Set);
        assert_eq!(ty("move to _ legal"), Type::Set);
        assert_eq!(ty("move capture . previous"), Type::Set);
        assert_eq!(ty("move previous from b4"), Type::Boolean);
        assert_eq!(ty("move drop A to e4"), Type::Boolean);
        assert_eq!(ty("move legal : check"), Type::Boolean);
        assert_eq!(ty("move to . legal : check"), Type::Set);
        assert_eq!(ty("move legal reverse count : check"), Type::Numeric);
        assert_eq!(ty("move legal all : check"), Type::Boolean);
        assert_eq!(ty("move to . legal all : check"), Type::Boolean);
        assert_eq!(ty("move legal count all : check"), Type::Numeric);
    }
}
