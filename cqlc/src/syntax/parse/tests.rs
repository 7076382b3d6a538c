//! Tests of the phrase grammar: precedence, the dash's glue, paths,
//! functions, and the errors with their messages.

use super::parse;
use crate::{
    syntax::ast::{Constituent, Dash, Distance, Filter, FilterKind},
    warning::WarningKind,
};

/// The body of `cql() <body>` as S-expressions, for precedence checks.
fn tree(body: &str) -> String {
    let (query, _) = parse(&format!("cql() {body}")).unwrap_or_else(|e| panic!("{body}: {}", e.message()));
    query.body.iter().map(sexp).collect::<Vec<_>>().join(" ")
}

fn sexp(filter: &Filter) -> String {
    use FilterKind as F;
    let all = |filters: &[Filter]| filters.iter().map(sexp).collect::<Vec<_>>().join(" ");
    match &filter.kind {
        F::Number(n) => n.to_string(),
        F::Str(s) => format!("{s:?}"),
        F::Bool(b) => b.to_string(),
        F::Designator(d) => {
            let pieces = d.pieces.map_or(String::new(), |k| format!("p{:x}", k.0));
            let squares = d.squares.map_or(String::new(), |s| format!("@{s:x}"));
            format!("{pieces}{squares}")
        }
        F::Position(test) => format!("{test:?}").to_lowercase(),
        F::Compound(filters) => format!("{{{}}}", all(filters)),
        F::Paren(inner) | F::Call { body: inner, .. } => sexp(inner),
        F::Not(inner) => format!("(not {})", sexp(inner)),
        F::And(l, r) => format!("(and {} {})", sexp(l), sexp(r)),
        F::Or(l, r) => format!("(or {} {})", sexp(l), sexp(r)),
        F::Compare(c, l, r) => format!("({c:?} {} {})", sexp(l), sexp(r)),
        F::Binary(op, l, r) => format!("({op:?} {} {})", sexp(l), sexp(r)),
        F::Complement(inner) => format!("(~ {})", sexp(inner)),
        F::Negate(inner) => format!("(- {})", sexp(inner)),
        F::Count(inner) => format!("(# {})", sexp(inner)),
        F::In(l, r) => format!("(in {} {})", sexp(l), sexp(r)),
        F::Attack(direction, operands) => format!("({direction:?} {})", all(operands)),
        F::Comment(arguments) => format!("(comment {})", all(arguments)),
        F::Dash(dash) => dash_sexp(dash),
        F::Path(path) => {
            let params = &path.params;
            let mut words = Vec::new();
            if let Some(focus) = &params.focus {
                words.push(format!("focus{} {}", if focus.capture { " capture" } else { "" }, sexp(&focus.pieces)));
            }
            if let Some(best) = &params.best {
                words.push(format!("{} {}", if best.min { "min" } else { "max" }, sexp(&best.value)));
            }
            for (name, set) in
                [("primary", params.flags.primary), ("nestban", params.flags.nestban), ("quiet", params.flags.quiet)]
            {
                if set {
                    words.push(name.to_owned());
                }
            }
            words.extend(path.constituents.iter().map(constituent_sexp));
            format!("(path {})", words.join(" "))
        }
        F::PathStatus(status) => format!("{status:?}"),
        F::PositionOf(relative) => format!("{relative:?}"),
        F::At { position, filter } => format!("(: {} {})", sexp(position), sexp(filter)),
        F::If { condition, then, otherwise } => match otherwise {
            Some(otherwise) => format!("(if {} {} else {})", sexp(condition), sexp(then), sexp(otherwise)),
            None => format!("(if {} {})", sexp(condition), sexp(then)),
        },
        F::Direction { directions, range, squares } => {
            let distance = |distance: &Distance| match distance {
                Distance::Steps(steps) => steps.to_string(),
                Distance::Variable(name) => name.clone(),
            };
            let range =
                range.as_ref().map_or(String::new(), |(low, high)| format!(" {}..{}", distance(low), distance(high)));
            format!("(dir{:x}{range} {})", directions.0, sexp(squares))
        }
        other => format!("{other:?}"),
    }
}

fn constituent_sexp(constituent: &Constituent) -> String {
    match constituent {
        Constituent::Move(dash, _) => dash_sexp(dash),
        Constituent::Filter(f) => sexp(f),
        Constituent::Chain(parts, _) => {
            format!("(chain {})", parts.iter().map(constituent_sexp).collect::<Vec<_>>().join(" "))
        }
        Constituent::Repeat(repetition) => {
            let max = repetition.max.map_or(String::new(), |max| max.to_string());
            format!("(rep {}..{max} {})", repetition.min, constituent_sexp(&repetition.body))
        }
    }
}

fn dash_sexp(dash: &Dash) -> String {
    let side = |s: &Option<Box<Filter>>| s.as_deref().map_or("_".to_owned(), sexp);
    let mut out = format!("({} {} {}", if dash.capture { "x" } else { "--" }, side(&dash.from), side(&dash.to));
    if let Some(promotion) = &dash.promotion {
        out.push_str(&format!(" ={:b}", promotion.roles.0));
    }
    if let Some(target) = &dash.target {
        let target: Vec<String> = target.iter().map(sexp).collect();
        out.push_str(&format!(" ({})", target.join(" ")));
    }
    out.push(')');
    out
}

#[test]
fn the_dash_has_very_low_precedence() {
    // 003: `~♚――` is `(~♚)――`; `♖♜――T∪U` moves to T∪U.
    assert_eq!(tree("~♚――"), tree("(~♚)――"));
    assert_eq!(tree("~♚――"), "(-- (~ p800) _)");
    assert_eq!(tree("♖♜――a1∪h1"), "(-- p208 (Union @1 @80))");
}

#[test]
fn a_dash_needs_its_sides_glued_to_it() {
    // After a space the right side is absent: `T―― T→♚` is a move and an attack.
    assert_eq!(tree("⊢ ♕―― ♕→♚"), "(path (-- p10 _) (Attacks p10 p800))");
    assert_eq!(tree("―― check"), "(-- _ _) check");
}

#[test]
fn promotions_accept_pieces_or_letters_colour_ignored() {
    assert_eq!(tree("――=♖♗♘"), tree("――=\"RBN\""));
    assert_eq!(tree("――=♜"), tree("――=♖"));
    assert_eq!(tree("♟×=♘"), "(x p40 _ =10)");
}

#[test]
fn targets_nest() {
    // 003's tip: ♗×h7(check ♚×h7(♘――g5 check)).
    assert_eq!(
        tree("♗×h7(check ♚×h7(♘――g5 check))"),
        "(x p4 @80000000000000 (check (x p800 @80000000000000 ((-- p2 @4000000000) check))))"
    );
}

#[test]
fn operators_bind_as_cql_6_2s_precedence_table_says() {
    assert_eq!(tree("check or not mate and Q or stalemate"), "(or (or check (and (not mate) p10)) stalemate)");
    assert_eq!(tree("♕==♛==2"), "(Equal p10 (Equal p400 2))");
    assert_eq!(tree("not ♚→□△"), "(not (Attacks p800 p103f))");
    assert_eq!(tree("2+3*4<4/2+1"), "(Less (Add 2 (Multiply 3 4)) (Add (Divide 4 2) 1))");
    // The arrows take whole unions: dingstheme-simple's `T→(▦←♚)∪♚`.
    assert_eq!(tree("♙→(▦←♚)∪♚"), "(Attacks p1 (Union (AttackedBy @ffffffffffffffff p800) p800))");
}

/// "All the operators are left associative where applicable, except for :
/// and the relational operators, which are right associative", and `:`
/// binds tightest (CQL 6.2's precedence table), as the official examples
/// read: `pathstart:V→from`, `~pathstart:T∩□`, `parent:countmoves legal ――`.
/// The trees CQL 6.2 prints for these (`cql -i t.pgn -parse q.cql`): a dash
/// takes attacks on its left (`A→b――e4` is a DashNode whose left is an
/// AttackNode), `attacks` binds tighter than `&` (`k attacks q & r` is an
/// OnNode of an AttackNode and r), and `~` takes a whole `attacks`.
#[test]
fn the_attack_words_bind_tighter_than_the_set_operators_and_the_arrows() {
    assert_eq!(tree("A→b――e4"), "(-- (Attacks p3f p100) @10000000)");
    assert_eq!(tree("k attacks q & r"), "(Intersection (Attacks p800 p400) p200)");
    assert_eq!(tree("~k attacks q"), "(~ (Attacks p800 p400))");
}

/// CQL 6.2 subtracts only from a number: `cql -parse` of `cql() K-3` prints
/// a CompoundNode of `K<all>` and `<NumberNode: -3>`; `1-2` is an
/// ArithmeticNode. cqlc reads them so and warns.
#[test]
fn minus_subtracts_only_from_a_number() {
    assert_eq!(tree("K-3"), "p20 (- 3)");
    assert_eq!(tree("1-2"), "(Subtract 1 2)");
    assert_eq!(tree("#K-3"), "(Subtract (# p20) 3)");
    let (_, warnings) = parse("cql() K-3").unwrap();
    assert_eq!(warnings.len(), 1);
    assert!(parse("cql() #K-3").unwrap().1.is_empty());
}

/// `sort max` sorts as `sort min` in CQL 6.2 (`sort-parse.cpp` gives both
/// words one direction; `tests/driver.rs` has its output): cqlc does so and
/// warns.
#[test]
fn sort_max_warns_that_it_sorts_as_sort_min() {
    let (max, warnings) = parse("cql() sort max \"n\" #P").unwrap();
    assert!(matches!(warnings.as_slice(), [warning] if warning.kind == WarningKind::SortMaxIsMin), "{warnings:?}");
    let (min, warnings) = parse("cql() sort min \"n\" #P").unwrap();
    assert!(warnings.is_empty());
    assert_eq!(format!("{:?}", max.body[0].kind), format!("{:?}", min.body[0].kind));
}

/// `sort quiet` sorts as `sort` does and says so; `quiet` comes first (CQL
/// 6.2 refuses `sort min "n" quiet #P`).
#[test]
fn sort_quiet_comes_right_after_sort() {
    let quiet = |query: &str| match parse(query).map(|(query, _)| query.body[0].kind.clone()) {
        Ok(FilterKind::Sort { quiet, .. }) => Ok(quiet),
        other => Err(format!("{other:?}")),
    };
    assert_eq!(quiet("cql() sort quiet min \"n\" #P"), Ok(true));
    assert_eq!(quiet("cql() sort quiet #P"), Ok(true));
    assert_eq!(quiet("cql() sort \"n\" #P"), Ok(false));
    assert!(quiet("cql() sort \"n\" quiet #P").is_err());
    assert!(quiet("cql() sort quiet quiet #P").is_err());
}

/// What touches a dash is its side (CQL 6.2's ties): `――(k) & k` is refused
/// ("Extra text following the filters"), `――{1 k}` is a move to {1 k}; at a
/// path's top level a dash touching a filter that is no set starts a move
/// of its own (`path check――e4` is accepted).
#[test]
fn what_touches_a_dash_is_its_side() {
    assert_eq!(tree("――{1 k}"), "(-- _ {1 p800})");
    assert_eq!(tree("⊢ check――e4"), "(path check (-- _ @10000000))");
    assert!(parse("cql() ――(k) & k").is_err());
    assert_eq!(tree("⊢ ――(check)"), tree("⊢ ―― (check)"));
    assert_eq!(tree("⊢ ―― (――)+"), "(path (-- _ _) (rep 1.. (chain (-- _ _))))");
}

#[test]
fn the_colon_binds_tightest_and_groups_to_the_right() {
    assert_eq!(tree("to→pathstart:V→from"), "(Attacks CurrentMove(To) (: Start Variable(\"V\")) CurrentMove(From))");
    assert_eq!(tree("~pathstart:T∩□"), "(Intersection (~ (: Start Variable(\"T\"))) p1000)");
    assert_eq!(tree("parent:parent:check"), "(: Parent (: Parent check))");
    assert_eq!(tree("∙:#△ < parent:#△"), "(Less (: Current (# p3f)) (: Parent (# p3f)))");
    assert_eq!(tree("parent:countmoves legal ―― == 1"), tree("(parent:countmoves legal ――) == 1"));
    assert_eq!(tree("pathlastposition:{check mate}"), "(: LastPosition {check mate})");
}

#[test]
fn repetition_repeats_the_last_move_and_the_filters_after_it() {
    // 004: `―― check +` is `(―― check)+`.
    assert_eq!(tree("⊢ ―― check +"), "(path (rep 1.. (chain (-- _ _) check)))");
    assert_eq!(tree("⊢ ――* ――? ――{2} ――{2,} ――{,3} ――{1,4}"), tree("⊢ ――{0,} ――{0,1} ――{2,2} ――{2,} ――{0,3} ――{1,4}"));
    assert_eq!(tree("⊢ ――{1,4}"), "(path (rep 1..4 (-- _ _)))");
    // long-sacrifice: `―― power▲ - power△ ≥ 9 {5,}`; the minus stays arithmetic.
    assert!(
        tree("⊢ ―― power ▲ - power △ >= 9 {5,}").starts_with("(path (rep 5.. (chain (-- _ _) (GreaterEqual (Subtract")
    );
    assert_eq!(tree("⊢ (―― check)*"), "(path (rep 0.. (chain (-- _ _) check)))");
    assert_eq!(tree("⊢ check (――)+ mate"), "(path check (rep 1.. (chain (-- _ _))) mate)");
}

#[test]
fn braces_make_a_constituent_an_ordinary_filter_again() {
    // 004: inside braces `+` is arithmetic and `――` a filter.
    assert_eq!(tree("⊢ {2 + 3 == 5} ――"), "(path {(Equal (Add 2 3) 5)} (-- _ _))");
    assert_eq!(tree("⊢ {―― ――} ――"), "(path {(-- _ _) (-- _ _)} (-- _ _))");
    let plus = parse("cql() ⊢ x = 2 + 3 ――").unwrap_err();
    assert!(plus.message().contains("put the filter in braces"), "{}", plus.message());
    let nothing = parse("cql() ⊢ {countmoves legal ―― == 1} +").unwrap_err();
    assert!(nothing.message().starts_with("nothing to repeat"), "{}", nothing.message());
    let legal = parse("cql() ⊢ (legal ――b4)").unwrap_err();
    assert!(legal.message().contains("braces"), "{}", legal.message());
}

#[test]
fn path_parameters_come_before_the_constituents() {
    assert_eq!(tree("⊢ ◎ ♕ nestban ―― check+"), "(path focus p10 nestban (rep 1.. (chain (-- _ _) check)))");
    assert_eq!(tree("path focus capture ♕ nestban ――"), "(path focus capture p10 nestban (-- _ _))");
    assert_eq!(
        tree("⊢ max pathcountunfocused >= 5 quiet ――"),
        "(path max (GreaterEqual CountUnfocused 5) quiet (-- _ _))"
    );
    let twice = parse("cql() ⊢ max 1 min 2 ――").unwrap_err();
    assert_eq!(twice.message(), "a path has only one 'max' parameter");
    let repeated = parse("cql() ⊢ check+ ――").unwrap_err();
    assert!(repeated.message().starts_with("nothing to repeat"), "{}", repeated.message());
    let chain = parse("cql() ⊢ check (check)+").unwrap_err();
    assert_eq!(chain.message(), "a repeated chain must contain a move ('――')");
}

#[test]
fn if_takes_a_condition_a_filter_and_an_optional_else() {
    assert_eq!(tree("if wtm △ else ▲ check"), "(if whitetomove p3f else pfc0) check");
    assert_eq!(tree("if check then mate"), tree("if check mate"));
    assert_eq!(tree("if check mate stalemate"), "(if check mate) stalemate");
}

#[test]
fn a_blank_line_ends_a_path() {
    assert_eq!(tree("⊢ ――g5 check\n\n mate"), "(path (-- _ @4000000000) check) mate");
    assert_eq!(tree("{⊢ ――g5} mate"), "{(path (-- _ @4000000000))} mate");
}

#[test]
fn triple_slash_takes_the_rest_of_its_line() {
    assert_eq!(
        tree("///\"blockers: \" ▲ attackedby ♚\ncheck"),
        "(comment \"blockers: \" (AttackedBy pfc0 p800)) check"
    );
}

#[test]
fn a_direction_takes_an_optional_range_and_a_tight_operand() {
    // Qq-rotations: `q ∩ right 1 ([Aa] ∩ right 1 Q)`.
    assert_eq!(tree("[Aa] ∩ right 1 Q"), "(Intersection pfff (dir4 1..1 p10))");
    assert_eq!(tree("up Q ∪ a1"), "(Union (dir1 p10) @1)");
    assert_eq!(tree("up 1 4 ~P"), "(dir1 1..4 (~ p1))");
    assert_eq!(tree("down -1 P"), "(dir2 -1..-1 p1)");
    assert_eq!(tree("up 1 right 2 K"), "(dir1 1..1 (dir4 2..2 p20))");
    // A numeric variable assigned before is a distance; a set variable, or
    // one an operator follows, is not (CQL 6.2).
    assert!(tree("D = 2 up D K").ends_with(" (dir1 D..D p20)"));
    assert!(tree("D = 2 E = 3 up D E K").ends_with(" (dir1 D..E p20)"));
    assert!(tree("D = c6 up D K").ends_with(r#" (dir1 Variable("D")) p20"#), "{}", tree("D = c6 up D K"));
    assert!(tree("D = 2 up D + 1 K").contains(r#"(dir1 Variable("D"))"#), "{}", tree("D = 2 up D + 1 K"));
    let backwards = parse("cql() up 4 1 P").unwrap_err();
    assert_eq!(backwards.message(), "the range of 'up' goes backwards: write it from low to high");
    assert_eq!(backwards.span, 9..12);
}

/// Functions are macros: a call is the body with the arguments' tokens in
/// place of the parameters (babson1's `♟――=T` with `T` = `"Q"`).
#[test]
fn a_function_call_is_its_body_with_the_arguments_in_place() {
    assert_eq!(tree("function F(x y) {x → y} F(♕ ♚∪♜)"), tree("{♕ → ♚∪♜}"));
    assert_eq!(tree("function Promote(T) {♟――=T} Promote(\"Q\")"), tree("{♟――=\"Q\"}"));
    // Defined inside braces, called after; the definition itself is no filter.
    assert_eq!(tree("{function G() {check} G() mate}"), tree("{{check} mate}"));
    // Calls inside bodies.
    assert_eq!(
        tree("function Inner(x) {x} function Outer(y) {Inner(y) Inner(y)} Outer(mate)"),
        tree("{{mate} {mate}}")
    );
}

#[test]
fn malformed_functions_are_refused_with_a_reason() {
    let message = |body: &str| parse(&format!("cql() {body}")).unwrap_err().message();
    assert_eq!(message("function F(x) {x} F(1 2)"), "'F' takes 1 argument(s), but this call gives 2");
    assert_eq!(message("function F(x) {F(x)} F(1)"), "calls of 'F' nest too deeply (a call of itself?)");
    assert_eq!(message("function F(x) {x"), "the body of 'F' is never closed");
    assert_eq!(message("function F(x) x"), "a function's body is in braces: function Name(a b) {...}, found 'x'");
    assert!(message("check or function F() {1}").starts_with("a function is defined among the query's filters"));
}

/// Each error's query in `error.rs` gives that error, with the message it
/// has always had.
#[test]
fn each_syntax_error_is_given_by_its_documented_query() {
    for (query, message) in [
        ("check", "a query starts with 'cql(...)', found 'check'"),
        ("cql() 99999999999999999999999", "this number is too large"),
        ("cql() [b6-3,d7]", "the range '6-3' goes backwards: write it from low to high"),
        ("cql() ♔ $", "unexpected character '$'"),
        ("cql() (check", "expected ')' to close '(', found the end of the query"),
        ("cql(quiet", "the '(' of the header 'cql(' is never closed with ')'"),
        ("cql( check", "the '(' of the header 'cql(' is never closed with ')'"),
        ("cql() comment \"abc", "this string is never closed: its line ends before a closing '\"'"),
        ("cql() check and", "'and' needs a filter after it, but the query ends there"),
        ("cql()", "the query has no filter after its header"),
        ("cql(3)", "expected a header parameter such as 'input' or 'variations'"),
        ("cql(foo)", "unknown header parameter 'foo'"),
        ("cql(matchstring 3)", "'matchstring' needs a string, as in matchstring \"found\""),
        ("cql(input)", "expected a file name after 'input'"),
        ("cql() result 2-0", "'2-0' is not a result (1-0, 0-1, 1/2-1/2)"),
        ("cql() up 4 1 P", "the range of 'up' goes backwards: write it from low to high"),
        ("cql() between(a1)", "'between' takes two sets of squares: between(x y)"),
        ("cql() ――e4(check", "the target '(' of this move is never closed with ')'"),
        ("cql() ――e4()", "a move's target '( )' needs a filter"),
        ("cql() ――e4――e5", "'e4' touches this move but cannot be its left side: separate them with a space"),
        ("cql() check――e4", "'check' touches this move but cannot be its left side: separate them with a space"),
        ("cql() ―― (check)", "no space is allowed between a move and its target '(...)'"),
        ("cql() ――(check)(mate)", "a move has one target '(...)': put all its filters in it"),
        (
            "cql() ――=a1",
            "expected the piece types to promote to after '=': piece types without squares such as ♕ or [RBN], or \
             a string such as \"RBN\"",
        ),
        (
            "cql() ――=Q or R",
            "expected the piece types to promote to after '=': piece types without squares such as ♕ or [RBN], or \
             a string such as \"RBN\"",
        ),
        (
            "cql() function F(T) {――=T} F(♕)",
            "a function's argument is passed as a variable, and only a string variable can name a promotion: pass \
             a string such as \"Q\"",
        ),
        ("cql() ∊ a", "'∊' cannot start a filter here"),
        ("cql() check cql", "a query has only one header 'cql(...)'"),
        (
            "cql() check or function F() {1}",
            "a function is defined among the query's filters or directly inside braces, not here",
        ),
        ("cql() and check", "'and' needs a filter before it"),
        ("cql() dictionary 3", "expected the dictionary's name after 'dictionary', found '3'"),
        (
            "cql() local x = 1",
            "'local' declares a dictionary cleared at each game: local dictionary Name (CQL 6.2 has no other local), found 'x'",
        ),
        ("cql() unbind 3", "expected the name of a variable or dictionary, found '3'"),
        ("cql() persistent x", "'persistent' declares a variable by assigning it: persistent Count += 1"),
        (
            "cql() hhdb xyz",
            "'xyz' is not a key of 'hhdb' (the marks of the Black tag such as TT or \"(c)\", composer, cooked, sound, mainline, gbr, \"<main>\", ..., and the awards: award, prize, hm, commendation, max, special, sort, each once; 'cqlc run q.cql -hhdb help' lists them)",
        ),
        ("cql() hhdb source", "'hhdb source' has no meaning: CQL 6.2 lists the key but refuses it"),
        (
            "cql() hhdb prize sort",
            "'sort' is the last key of 'hhdb', where it could be taken for a 'sort' filter: write it right after 'hhdb' (hhdb sort prize)",
        ),
        ("cql() hhdb sort max", "'hhdb sort' needs the kind of award (award, prize, hm, commendation) or 'special'"),
        ("cql() hhdb sort prize max", "'hhdb sort' and 'max' do not go together"),
        (
            "cql() sort min \"n\" quiet #P",
            "'quiet' must be the first parameter of 'sort': sort quiet min \"fewest pawns\" #P",
        ),
        ("cql() cql_assertvariations 3", "expected a message in quotes after 'cql_assertvariations', found '3'"),
        ("cql() hascomment \"$0\"", "\"$0\" is no NAG: NAGs go from $1 to $255"),
        ("cql() ray a b", "expected '(' or directions after 'ray': ray up (x y ...), found 'a'"),
        ("cql() xray up (R k)", "expected '(' after 'xray': xray (x y ...), found 'up'"),
        ("cql() ray (R)", "'ray' takes two or more sets of squares: ray (x y ...)"),
        ("cql() xray (Q)", "'xray' takes two or more sets of squares: xray (x y ...)"),
        ("cql() ray orthogonal up (R k)", "'up' names a direction this ray already has"),
        ("cql() pin from R from r", "a pin has only one 'from' parameter"),
        (
            "cql() makesquare (1 2 3)",
            "'makesquare' takes a file and a rank, makesquare (5 4), or a string, makesquare \"e4\"",
        ),
        ("cql() makesquare 5 4", "expected '(' or a string after 'makesquare': makesquare (5 4), found '5'"),
        ("cql() max(1)", "'max' takes two or more values: max(a b ...)"),
        ("cql() min 1 2", "expected '(' after 'min': min(a b ...), found '1'"),
        ("cql() while i < 3 i += 1", "expected '(' after 'while': while (test) body, found 'i'"),
        ("cql() pathdebug", "'pathdebug' is not supported by cqlc yet"),
        ("cql() line primary <-- check", "a line back to earlier positions ('<--') takes no 'primary' or 'secondary'"),
        ("cql() line primary secondary --> check", "a line takes 'primary' or 'secondary', not both"),
        (
            "cql() line --> N * quiet --> P",
            "'quiet' is a parameter of another filter (a path, a line, a move, ...), written right after its keyword, not a filter",
        ),
        (
            "cql() writefile \"a.cqo\" \"x\"",
            "expected '(' after 'writefile': writefile (\"out.cqo\" text), found '\"a.cqo\"'",
        ),
        ("cql() writefile (\"a.cqo\")", "'writefile' takes a file name and a string: writefile (\"out.cqo\" text)"),
        (
            "cql() \\q",
            "a backslash outside quotes starts one of \\n \\r \\t \\\" \\\\ (a one-character string) or \\1, \\-1 (a group of the last '~~' match)",
        ),
        ("cql() \"a\" ~~ x", "the right side of '~~' must be a regular expression in quotes: S ~~ \"[a-h]\\d\""),
        (
            "cql() \"abc\"[1",
            "expected ']' to close the '[' of a part of a string: S[i], S[i:j], found the end of the query",
        ),
        ("cql() indexof \"a\" \"b\"", "expected '(' after 'indexof': indexof (part whole), found '\"a\"'"),
        ("cql() indexof (\"a\")", "'indexof' takes two strings: indexof (part whole)"),
        ("cql() tag Round", "'tag' takes the name of a tag in quotes: tag \"Annotator\""),
        (
            "cql() settag (\"Event\" \"x\")",
            "CQL 6.2 refuses the tag name \"Event\": CQL 6.2 does not support using 'tag' or 'settag' with tag names that are close to built in tag names (Event, Site, Date, Round, White, Black, Result, ECO, FEN, EventDate in any usual spelling)",
        ),
        ("cql() sort min #P", "'sort min' and 'sort max' take a label in quotes: sort min \"fewest pawns\" #P"),
        (
            "cql() fen \"9/8\"",
            "\"9/8\" is not the board of a FEN: eight ranks from the 8th, separated by '/', each of eight squares (piece letters, A or a for any white or black piece, _ empty, . any, digits for empty squares)",
        ),
        (
            "cql() event \"O+\"",
            "\"O+\" looks like a pattern, which CQL 6.2 refuses here (it searches for the text as written): use '~~' for a regular expression",
        ),
        ("cql() {check", "this '{' is never closed"),
        ("cql() ///", "'///' needs something to write on the same line"),
        ("cql() function F(x) {x", "the body of 'F' is never closed"),
        ("cql() function F(x) {x} F(1 2)", "'F' takes 1 argument(s), but this call gives 2"),
        ("cql() function F(x) {F(x)} F(1)", "calls of 'F' nest too deeply (a call of itself?)"),
        (
            "cql() function F(x) {x x} F(F(F(F(F(F(F(F(F(F(F(F(F(F(♔))))))))))))))",
            "the calls of 'F' expand into more than 1000000 tokens (calls nested in arguments?)",
        ),
        (
            "cql() move promote a1",
            "'promote' needs piece types without squares, such as [RBN] (use 'to' for the squares)",
        ),
        ("cql() legal check", "'legal' must be followed by a move such as ♘――g5 or ――(check)"),
        ("cql() ⊢ title 3 ――", "'title' needs a string: title \"...\""),
        ("cql() ⊢ max 1 min 2 ――", "a path has only one 'max' parameter"),
        (
            "cql() ⊢ ―― (check mate)",
            "in a path, a bracket after a move holds one filter or one move: use braces '{ }' for more, or start \
             the chain after another constituent",
        ),
        ("cql() ⊢ secondary ――", "a path takes no 'secondary' parameter"),
        ("cql() ⊢ piecepath ――", "'piecepath' notes the moves of the focused pieces: it needs 'focus' too"),
        (
            "cql() ⊢ focus ♕ primary ――",
            "a path takes 'focus' or 'primary', not both (CQL 6.2 does not implement them together)",
        ),
        ("cql() ⊢ quiet quiet ――", "a path has only one 'quiet' parameter"),
        (
            "cql() ⊢ legal ――",
            "a legal or pseudolegal move is not a path constituent: put it in braces '{ }' to use it as a filter",
        ),
        ("cql() ⊢ ――{99999999999}", "too many repetitions"),
        ("cql() ⊢ ――{4,2}", "the repetition's range goes backwards"),
        ("cql() ⊢ ――{,}", "'{,}' repeats nothing: write '*' for any number of times"),
        (
            "cql() {2}",
            "'{2}' is a repetition signal, which only a path's constituents take; for a compound filter, put \
             spaces inside the braces",
        ),
        ("cql() sort 1", "'sort' sorts by a filter, not a number (ranges are not supported in 'sort')"),
        (
            "cql() ⊢ check+ ――",
            "nothing to repeat: a repetition repeats the last '――' and the filters after it; to use '+' or '*' as arithmetic, put the filter in braces '{ }'",
        ),
        ("cql() ⊢ check (check)+", "a repeated chain must contain a move ('――')"),
        ("cql() ◭_ = ♕", "'_' cannot name a variable"),
        ("cql() ◭move = ♕", "'move' is a keyword and cannot name a variable"),
        ("cql check", "expected '(' after 'cql', found 'check'"),
        ("cql() check }", "unbalanced closing bracket, found '}'"),
        ("cql(sort check)", "the header sorts only by 'matchcount': sort matchcount N M, found 'check'"),
        ("cql(gamenumber x)", "'gamenumber' needs a number, found 'x'"),
        ("cql() between a1", "expected '(' after 'between': between(x y), found 'a1'"),
        ("cql() function F {}", "expected '(' after the function's name: function Name(a b) {...}, found '{'"),
        ("cql() ♕→♚←♖", "a chain of attacks points one way: use parentheses to mix → and ←, found '←'"),
        ("cql() x =", "expected a filter, found the end of the query"),
        ("cql() {check)", "expected '}' before ')', found ')'"),
        ("cql() function 3() {}", "expected the function's name after 'function', found '('"),
        ("cql() function F(3) {}", "expected a parameter name or ')', found ')'"),
        ("cql() function F(x) check", "a function's body is in braces: function Name(a b) {...}, found 'check'"),
        ("cql() move promote", "'promote' needs piece types, found the end of the query"),
        ("cql() ⊢", "'⊢' needs at least one constituent, found the end of the query"),
        ("cql() ∀x = 3", "'∀' needs '∊' and a set to go over, found '='"),
        ("cql() ◭x += 3", "a piece variable can only be assigned with '=', found '+='"),
        ("cql() ◭x check", "expected '=' or '∊' after the variable 'x', found 'check'"),
        ("cql() ∀ 3", "expected a variable after '∀', found the end of the query"),
        ("cql() square 3 in a", "expected a variable name after 'square', found 'in'"),
        ("cql() square x", "expected 'in' after 'square x', found the end of the query"),
        ("cql(output)", "expected a file name after 'output'"),
        ("cql(result)", "expected a result such as 1-0 after 'result'"),
    ] {
        let error = parse(query).expect_err(query);
        assert_eq!(error.message(), message, "{query}");
    }
}

/// The tag names `tag` and `settag` take as CQL 6.2 (build 9.493) took them,
/// each query run as `cql -i x.pgn -o out.pgn q.cql` on a one-game PGN:
/// accepted (`None`), or refused (exit 1) with this reason, the message
/// pointing at the name. The 60-letter name is the longest it takes.
#[test]
fn tag_names_are_refused_where_cql_refuses_them() {
    use crate::syntax::TagNameRefusal::{self, Character, Empty, NearBuiltIn, PlayerPrefix, Start, TooLong};
    let sixty = "A".repeat(60);
    let sixty_one = "A".repeat(61);
    let settag = |name: &str| format!("cql() settag (\"{name}\" \"x\")");
    let tag = |name: &str| format!("cql() tag \"{name}\"");
    let cases: Vec<(String, Option<TagNameRefusal>)> = vec![
        (settag("Event"), Some(NearBuiltIn)),
        (settag(""), Some(Empty)),
        (settag("_x"), Some(Start)),
        (settag("9x"), None),
        (settag("a-b"), Some(Character)),
        (settag("eventDate"), Some(NearBuiltIn)),
        (settag("Round"), Some(NearBuiltIn)),
        (settag("round"), None),
        (settag("WhiteX"), Some(PlayerPrefix)),
        (settag("Whitey"), Some(PlayerPrefix)),
        (settag("White"), Some(NearBuiltIn)),
        (settag("BlackElo"), Some(PlayerPrefix)),
        (settag("Blac"), None),
        (settag("Whit"), None),
        (settag(&sixty), None),
        (settag(&sixty_one), Some(TooLong)),
        (settag("FEN"), Some(NearBuiltIn)),
        (settag("ECO"), Some(NearBuiltIn)),
        (settag("Site"), Some(NearBuiltIn)),
        (settag("ScidFlags"), None),
        (settag("Annotator"), None),
        (settag("PlyCount"), None),
        (settag("Ω"), Some(Start)),
        (tag("FEN"), None),
        (tag("Fen"), Some(NearBuiltIn)),
        (tag("ECO"), None),
        (tag("Eco"), Some(NearBuiltIn)),
        (tag("EventDate"), None),
        (tag("Site"), None),
        (tag("White"), None),
        (tag("white"), Some(NearBuiltIn)),
        (tag("Round"), Some(NearBuiltIn)),
        (tag("Result"), Some(NearBuiltIn)),
        (tag("WhiteElo"), Some(PlayerPrefix)),
        (tag("_a"), Some(Start)),
        (tag(""), Some(Empty)),
        (tag("a b"), Some(Character)),
    ];
    for (query, refusal) in cases {
        match (parse(&query), refusal) {
            (Ok(_), None) => {}
            (Err(error), Some(reason)) => {
                let name = &query[query.find('"').expect("a name")..][1..];
                let name = &name[..name.find('"').expect("a closing quote")];
                assert_eq!(error.message(), format!("CQL 6.2 refuses the tag name \"{name}\": {reason}"), "{query}");
                assert_eq!(&query[error.span.clone()], format!("\"{name}\""), "{query}");
            }
            (Ok(_), Some(reason)) => panic!("{query}: accepted, but CQL 6.2 refuses it: {reason}"),
            (Err(error), None) => panic!("{query}: refused, but CQL 6.2 accepts it: {}", error.message()),
        }
    }
}
