//! Searching one game of the input with one query or several
//! ([`search_game`]): the game is read, and its tree built, once; each
//! query that may match it is evaluated on it with a state of its own.

use std::cell::RefCell;

use shakmaty::variant::Variant;

use super::{match_report::MatchReport, search::GameOutcome};
use crate::{
    cursor::Cursor,
    game::Game,
    index::{self, IndexUse},
    output::{SearchAdditions, write_game},
    persistent::PersistentValues,
    pgn::{GameParser, RawGame, TextCheck},
    query::{Prefilter, Query, game_sort_values, game_sorts},
    settings::EvalSettings,
    sort_keys::sort_labels,
    state::GameState,
    tree::NodeId,
};

/// One query of a search, with the games it searches and how.
pub(super) struct QuerySearch<'a, Q: ?Sized> {
    /// The query.
    pub(super) query: &'a Q,
    /// Only games in this range (inclusive), if given.
    pub(super) gamenumber: Option<(u64, u64)>,
    /// Only games whose `[Result]` is this, if given.
    pub(super) result: Option<&'a str>,
    /// How each game is searched.
    pub(super) eval: &'a EvalSettings,
}

/// What a query needs of a game's text and tags before the game is read
/// for it: its pre-filter, and whether its tag test is taken.
pub(super) struct GameChecks {
    text: TextCheck,
    test_tags: bool,
}

impl GameChecks {
    /// The checks of `search`. A query whose `matchcount` range takes in 0
    /// matches matches games that do not match it anywhere too, so it reads
    /// every game; so does a search whose untagged games play a variant,
    /// whose start and drops the pre-filter does not know.
    pub(super) fn of<Q: Query + ?Sized>(search: &QuerySearch<'_, Q>) -> GameChecks {
        let eval = search.eval;
        let standard_untagged = eval.untagged.variant == Variant::Chess;
        let prefilter =
            if eval.matchcount.0 == 0 || !standard_untagged { Prefilter::Always } else { search.query.prefilter() };
        GameChecks { text: TextCheck::new(&prefilter), test_tags: eval.matchcount.0 != 0 && search.query.tests_tags() }
    }
}

/// One searched game: its outcome for each query, in the queries' order.
pub(super) struct Searched {
    pub(super) outcomes: Vec<GameOutcome>,
    /// The game's entry in the move index being built, if one is and the
    /// game could be recorded.
    pub(super) entry: Option<Vec<u8>>,
}

/// The stack of each worker thread: the path filter's search goes one call
/// deeper per ply, and a game may be as long as
/// [`MAX_GAME_PLIES`](crate::pgn::MAX_GAME_PLIES). Only the pages used are
/// ever backed by memory.
pub(super) const WORKER_STACK_BYTES: usize = 256 << 20;

/// The buffers a worker thread reuses from game to game: one state per
/// query (which keeps its persistent variables from game to game).
#[derive(Default)]
struct Scratch {
    parser: GameParser,
    game: Game,
    states: Vec<GameState>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Whether one query searches the game being read.
#[derive(Clone, Copy)]
struct Wanted {
    /// The game's text passes the query's pre-filter, in its range.
    admitted: bool,
    /// The query is evaluated on the game.
    searched: bool,
    /// The game's tags fail the query's tag test.
    tags_fail: bool,
}

/// Parses (or takes from the move index) one game once, and searches it
/// with each of `queries` (`checks` are theirs) that may match it, writing
/// it for each that it matches. A query does not search the game if its
/// text shows the query cannot match (the pre-filter), its tags do (the
/// query's tag test) or it is out of the query's range; if no query
/// searches it, its moves are not read, unless the move index is being
/// built: then every game is read and recorded.
pub(super) fn search_game<Q: Query + ?Sized>(
    queries: &[QuerySearch<'_, Q>],
    checks: &[GameChecks],
    raw: &RawGame<'_>,
    move_index: Option<&IndexUse>,
) -> Searched {
    let mut outcomes: Vec<GameOutcome> =
        queries.iter().map(|_| GameOutcome { number: raw.number, ..GameOutcome::default() }).collect();
    let first = queries.first().expect("a search has a query").eval;
    let verify = first.verify_shortcuts;
    let mut wanted: Vec<Wanted> = queries
        .iter()
        .zip(checks)
        .map(|(search, check)| {
            let in_range = search.gamenumber.is_none_or(|(first, last)| (first..=last).contains(&raw.number));
            let admitted = in_range && check.text.admits(raw.text);
            Wanted { admitted, searched: admitted || (in_range && verify), tags_fail: false }
        })
        .collect();
    let builds_index = move_index.is_some_and(IndexUse::builds);
    if !wanted.iter().any(|w| w.searched) && !builds_index {
        keep_unmatched_text(queries, raw, &mut outcomes);
        return Searched { outcomes, entry: None };
    }
    let mut entry = None;
    SCRATCH.with_borrow_mut(|scratch| {
        let Scratch { parser, game, states } = scratch;
        if states.len() < queries.len() {
            states.resize_with(queries.len(), GameState::default);
        }
        if !move_index.is_some_and(|index| index.read(raw, game)) {
            parser.untagged = first.untagged;
            let tests_tags = wanted.iter().zip(checks).any(|(w, check)| w.searched && check.test_tags);
            if tests_tags && !builds_index && parser.parse_tags(raw, game) {
                for (((w, check), search), state) in wanted.iter_mut().zip(checks).zip(queries).zip(states.iter_mut()) {
                    if w.searched && check.test_tags {
                        state.clear();
                        w.tags_fail =
                            !search.query.tags_match(&mut Cursor::new(game, NodeId::ROOT, search.eval, state));
                        w.searched = !w.tags_fail || verify;
                    }
                }
                if !wanted.iter().any(|w| w.searched) {
                    return;
                }
            }
            let read = parser.parse(raw, game);
            if builds_index {
                entry = index::entry(raw, game, read.as_ref().is_ok_and(Vec::is_empty));
            }
            let searching = wanted.iter().zip(outcomes.iter_mut()).filter(|(w, _)| w.searched);
            let mut any = false;
            match read {
                Ok(warnings) => searching.for_each(|(_, outcome)| {
                    any = true;
                    outcome.warnings.clone_from(&warnings);
                }),
                Err(irregularity) => {
                    searching.for_each(|(_, outcome)| outcome.warnings.push(irregularity.clone()));
                    return;
                }
            }
            if !any {
                return;
            }
        }
        for (((w, search), state), outcome) in wanted.iter().zip(queries).zip(states.iter_mut()).zip(&mut outcomes) {
            if w.searched {
                evaluate(search, game, *w, state, outcome);
            }
        }
    });
    keep_unmatched_text(queries, raw, &mut outcomes);
    Searched { outcomes, entry }
}

/// Gives each outcome of a query asked for it the text of `raw`, as read,
/// if the game did not match.
fn keep_unmatched_text<Q: Query + ?Sized>(
    queries: &[QuerySearch<'_, Q>],
    raw: &RawGame<'_>,
    outcomes: &mut [GameOutcome],
) {
    for (search, outcome) in queries.iter().zip(outcomes) {
        if search.eval.extras.unmatched_text && !outcome.matched {
            outcome.text = raw.text.to_vec();
        }
    }
}

/// Evaluates the query of `search` on `game`, which it searches as `wanted`
/// says, with `state`, and records in `outcome` what it found (and the game
/// as written, if it matches).
fn evaluate<Q: Query + ?Sized>(
    search: &QuerySearch<'_, Q>,
    game: &Game,
    wanted: Wanted,
    state: &mut GameState,
    outcome: &mut GameOutcome,
) {
    if search.result.is_some_and(|result| game.result().as_str() != result) {
        return;
    }
    let (query, eval) = (search.query, search.eval);
    outcome.matched = query.evaluate_game(game, eval, state);
    assert!(
        wanted.admitted || !outcome.matched,
        "game {} matches but its text fails the pre-filter {}",
        outcome.number,
        query.prefilter()
    );
    assert!(
        !wanted.tags_fail || !outcome.matched,
        "game {} matches but its tags fail the query's tag test",
        outcome.number
    );
    outcome.messages = state.take_messages();
    outcome.persistent = state.persistent.as_ref().map(PersistentValues::printable);
    outcome.comments_dropped = state.notes().overflowed();
    outcome.matching_positions = state.notes().matches().len();
    if outcome.matched {
        let resolved = state.notes().resolve(query.sorts(), &eval.matchstring);
        let values = game_sort_values(query, outcome.matching_positions, resolved.sort_values);
        let labels = sort_labels(&game_sorts(query), &values);
        let pieces = if eval.silent { &[][..] } else { &resolved.pieces[..] };
        let added = SearchAdditions {
            pieces,
            first_comment_tail: &labels,
            removed: if eval.removecomment { &state.removed_comments } else { &[] },
            game_number: eval.game_number_comment,
        };
        let set_tags = if eval.settag { &state.set_tags[..] } else { &[] };
        write_game(game, state.tag_header(game), &added, set_tags, &mut outcome.pgn);
        outcome.sort_values = values;
        if eval.extras.report {
            outcome.report = Some(MatchReport::of(game, state.notes().matches(), pieces, &state.set_tags));
        }
    }
}
