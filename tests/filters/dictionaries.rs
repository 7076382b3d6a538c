//! Dictionaries, `persistent`, `unbind` and `isbound`, as CQL 6.2 has
//! them. The expected texts are CQL 6.2's: `cql -i g3.pgn -o out.pgn q.cql`
//! with `g3.pgn` the three games of [`GAMES`] and `q.cql` each test's
//! query (`cql(input g3.pgn)` and its body), reading the comments it wrote.

use super::evaluate::evaluate;

/// Three games: `1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#`, `1.f3 e5 2.g4 Qh4#`
/// and `1.d4 d5`.
const GAMES: &str = "[Event \"A\"]\n[White \"W1\"]\n[Black \"B1\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"B\"]\n[White \"W2\"]\n[Black \"B2\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"C\"]\n[White \"W3\"]\n[Black \"B3\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";

/// The texts `query` writes over [`GAMES`], in order.
fn comments(query: &dyn cql::Query) -> Vec<String> {
    evaluate(query, GAMES).1.into_iter().map(|(_, text)| text).collect()
}

/// A dictionary keeps its entries from game to game, a `local` one is
/// cleared at each: CQL 6.2 writes `G=1 L=1`, `G=2 L=1`, `G=3 L=1` at the
/// ends of the three games.
#[test]
fn a_dictionary_lives_across_games_and_a_local_one_does_not() {
    let query = cql::cql!(
        "cql() dictionary G local dictionary L G[gamenumber] = ply L[gamenumber] = ply terminal comment(\"G=\" #G \" L=\" #L)"
    );
    assert_eq!(comments(&query), ["G=1 L=1", "G=2 L=1", "G=3 L=1"]);
}

/// A missing key has no value as a number (comparisons fail) and is the
/// empty set as a set; as a filter, `D[k]` is whether the key is there.
/// CQL 6.2 writes `N3=7 N4=<false> T4=[] T4empty=0` and ` xn=9` at ply 1 of
/// each game.
#[test]
fn a_missing_key_has_no_value_and_is_the_empty_set_as_a_set() {
    let query = cql::cql!(
        r#"cql() dictionary NN NN[3] = 7 dictionary TT TT[3] = a1 ply == 1
        comment("N3=" NN[3] " N4=" NN[4] " T4=" TT[4] " T4empty=" #(TT[4]))
        not NN[4] not TT[4] TT[4] == [] not NN[4] == 7 not NN[4] < 7
        xn = 9 not xn = NN[4] comment(" xn=" xn)"#
    );
    let each = ["N3=7 N4=<false> T4=[] T4empty=0", " xn=9"];
    assert_eq!(comments(&query), [each, each, each].concat());
}

/// `k ∊ D` goes over the keys in order (numbers ascending, strings
/// bytewise) and leaves k unbound. CQL 6.2, game 1 at ply 2: `-2 -1 0 100
/// 200 <> <B> <a> <ab> <b>`.
#[test]
fn the_keys_are_gone_over_in_order() {
    let query = cql::cql!(
        r#"cql() dictionary D D[0 - ply] = 1 D[ply * 100] = 1 dictionary W W["b"] = 1 W["B"] = 1 W["a"] = 1 W["ab"] = 1 W[""] = 1
        gamenumber == 1 ply == 2 kk ∊ D comment(kk) w ∊ W comment("<" w ">")"#
    );
    assert_eq!(comments(&query), ["-2", "-1", "0", "100", "200", "<>", "<B>", "<a>", "<ab>", "<b>"]);
}

/// `unbind D[k]` removes a key, `unbind D` all of them. CQL 6.2 writes 1 at
/// every position of game 1, 2 at every position of game 2 (its key 7 left
/// from game 1) and 1 in game 3 (D cleared at game 2's end).
#[test]
fn unbind_removes_a_key_or_all() {
    let query = cql::cql!(
        "cql() dictionary D D[ply] = ply unbind D[ply - 1] comment(#D) if terminal and gamenumber == 2 unbind D"
    );
    let written = comments(&query);
    let expected: Vec<&str> = [vec!["1"; 8], vec!["2"; 5], vec!["1"; 3]].concat();
    assert_eq!(written, expected);
}

/// `isbound`, `isunbound`; a variable the query never assigns is unbound.
/// CQL 6.2 writes `U B U2` after move 1 of each game.
#[test]
fn isbound_tells_whether_a_variable_has_a_value() {
    let query = cql::cql!(
        r#"cql() isunbound later comment("U") not isbound nosuchvar ply == 1 later = 1 isbound later comment("B") unbind later isunbound later comment("U2")"#
    );
    assert_eq!(comments(&query), ["U", "B", "U2", "U", "B", "U2", "U", "B", "U2"]);
}

/// A persistent variable keeps its value from game to game, a plain one
/// does not: CQL 6.2 writes `xx=5 pp=5` at game 1's end, `xx=<unbound: xx>
/// pp=5` at the others'.
#[test]
fn a_persistent_variable_keeps_its_value_from_game_to_game() {
    let query = cql::cql!(
        r#"cql() if gamenumber == 1 and initial xx = 5 persistent pp += 0 if gamenumber == 1 and initial pp = 5 terminal comment("xx=" xx " pp=" pp)"#
    );
    assert_eq!(comments(&query), ["xx=5 pp=5", "xx=<unbound: xx> pp=5", "xx=<unbound: xx> pp=5"]);
}
