//! Queries that write the same notes again and again (issue 26, case 4):
//! `echo (s t) echo (u v) echo (w x) echo (y z) check` evaluates its body at
//! every position for every position, four deep, and writes its notes at
//! each of those evaluations. What it writes must be CQL 6.2's, and what the
//! search keeps of it must grow with the game's positions and the texts
//! written at them, not with the number of evaluations (it once took 24 GB
//! in a minute on `studies-sample.pgn`).
//!
//! The expected outputs were recorded from CQL 6.2 (build 9.493) in a
//! directory holding `repeated_notes/games.pgn`:
//! `cql -o mainline-cql.pgn mainline.cql` with `mainline.cql` being
//! `cql(input games.pgn) echo (s t) echo (u v) echo (w x) echo (y z) check`,
//! and `cql -o variations-cql.pgn variations.cql` with the header
//! `cql(input games.pgn variations)`.

use std::{
    alloc::{GlobalAlloc, Layout, System},
    path::{Path, PathBuf},
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
};

use cql::{EvalSettings, GameState, Query, evaluate_game, pgn::read_games};

/// The allocator of this test program: the system's, counting the bytes
/// allocated and not yet freed, and the most there were at once.
struct Counting;

/// Bytes allocated and not yet freed.
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// The most bytes allocated at once since [`peak_while`] began to measure.
static PEAK: AtomicUsize = AtomicUsize::new(0);

#[global_allocator]
static ALLOCATOR: Counting = Counting;

impl Counting {
    fn allocated(size: usize) {
        let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
        PEAK.fetch_max(live, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on to the system allocator as it came.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are passed on.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            Self::allocated(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are passed on.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            Self::allocated(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: the caller's guarantees for `pointer` and `layout` are passed on.
        unsafe { System.dealloc(pointer, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's guarantees for `pointer`, `layout` and `new_size` are passed on.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            Self::allocated(new_size);
        }
        moved
    }
}

/// The tests measure memory one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The most bytes `work` had allocated at once beyond those allocated before.
fn peak_while(work: impl FnOnce()) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    work();
    PEAK.load(Ordering::Relaxed).saturating_sub(before)
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/repeated_notes").join(name)
}

/// The games `query` finds in `repeated_notes/games.pgn`, as written.
fn written(query: &dyn Query) -> String {
    let found = cql::search(query, fixture("games.pgn")).expect("the games");
    let games: Vec<String> = found.matches.iter().map(|game| String::from_utf8_lossy(&game.pgn).into_owned()).collect();
    games.concat()
}

#[test]
fn nested_echoes_write_cql_6_2s_notes() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mainline = cql::cql!("cql() echo (s t) echo (u v) echo (w x) echo (y z) check");
    let expected = std::fs::read_to_string(fixture("mainline-cql.pgn")).expect("CQL 6.2's output");
    assert_eq!(written(&mainline), expected);
    let variations = cql::cql!("cql(variations) echo (s t) echo (u v) echo (w x) echo (y z) check");
    let expected = std::fs::read_to_string(fixture("variations-cql.pgn")).expect("CQL 6.2's output");
    assert_eq!(written(&variations), expected);
}

/// The first 22 moves of the Opera game (Morphy against the Duke and the
/// Count, Paris 1858): 23 positions, one check.
const OPERA: &str = "[Event \"Opera\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 \
                     dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 *\n";

/// The most bytes that evaluating `query` on [`OPERA`] allocates at once.
fn peak_on_opera(query: &dyn Query) -> usize {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("repeated-notes-opera.pgn");
    std::fs::write(&path, OPERA).expect("the game written");
    let (game, _) = read_games(&path).expect("the game").next().expect("a game").expect("read").expect("a game");
    let settings = EvalSettings::from_header(&query.header());
    let mut state = GameState::default();
    peak_while(|| {
        assert!(evaluate_game(query, &game, &settings, &mut state));
    })
}

/// Four nested echoes evaluate `check` 23⁵ (6.4 million) times on the
/// game and match everywhere; keeping each evaluation's notes took 80 MB,
/// where what can be printed is a few thousand pieces (0.3 MB). A sort
/// filter evaluated 23⁴ times inside three echoes took 75 MB, 26 MB of it
/// its evaluations, where only those that can still be its best need be
/// kept.
#[test]
fn nested_echoes_keep_only_notes_that_can_be_printed() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    const BOUND: usize = 8 << 20;
    let notes = peak_on_opera(&cql::cql!("cql() echo (s t) echo (u v) echo (w x) echo (y z) check"));
    assert!(notes < BOUND, "the notes of nested echoes took {notes} bytes");
    let sorted = peak_on_opera(&cql::cql!("cql() echo (s t) echo (u v) echo (w x) sort \"d\" distance(w x)"));
    assert!(sorted < BOUND, "the sort evaluations inside nested echoes took {sorted} bytes");
}
