//! The compiler never panics and always finishes, whatever the query: the
//! official examples and the programs of the parser corpus, mutated (bytes
//! flipped, deleted and duplicated, words swapped, deep nesting inserted)
//! by a seeded generator, each go through `cqlc::compile` and
//! `cqlc::searcher_source`. And what it compiles, rustc builds: a sample of
//! the mutants it compiles is built into one searcher.

use std::{
    collections::HashMap,
    fs,
    panic::{self, AssertUnwindSafe},
    path::Path,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
        mpsc,
    },
    thread,
    time::{Duration, Instant},
};

use crate::support;

/// How many mutants of each example are compiled.
const MUTANTS_PER_EXAMPLE: usize = 30;

/// The longest a single mutant may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// Xorshift64: a small deterministic generator.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `bound` (0 for an empty range).
    fn below(&mut self, bound: usize) -> usize {
        if bound == 0 { 0 } else { (self.next() % bound as u64) as usize }
    }
}

/// Snippets that nest deeply when repeated.
const NESTERS: [(&str, &str); 10] = [
    ("(", ")"),
    ("{", "}"),
    ("not ", ""),
    ("1 + ", ""),
    ("♔ and ", ""),
    ("if check ", ""),
    ("⬓", ""),
    ("✵{♕ ", "}"),
    ("(♕―― ", ")+"),
    ("⊢ (", ")"),
];

/// `text` changed in one to three random ways.
fn mutate(text: &[u8], random: &mut Random) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for _ in 0..=random.below(3) {
        let at = random.below(bytes.len() + 1);
        let len = random.below(12).min(bytes.len() - at);
        match random.below(5) {
            0 if at < bytes.len() => bytes[at] ^= 1 << random.below(8),
            1 => drop(bytes.drain(at..at + len)),
            2 => {
                let copy = bytes[at..at + len].repeat(1 + random.below(3));
                bytes.splice(at..at, copy);
            }
            3 => bytes = swap_words(&bytes, random),
            _ => {
                let (open, close) = NESTERS[random.below(NESTERS.len())];
                let depth = [3, 40, 255, 256, 300, 2000][random.below(6)];
                let end = at + random.below(bytes.len() - at + 1);
                bytes.splice(end..end, close.repeat(depth).into_bytes());
                bytes.splice(at..at, open.repeat(depth).into_bytes());
            }
        }
    }
    bytes
}

/// `text` with two of its words (runs of non-space) swapped.
fn swap_words(text: &[u8], random: &mut Random) -> Vec<u8> {
    let mut words: Vec<&[u8]> = text.split(|b| b.is_ascii_whitespace()).collect();
    let (a, b) = (random.below(words.len()), random.below(words.len()));
    words.swap(a, b);
    words.join(&b' ')
}

/// The official examples, by name.
fn examples() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/examples");
    let mut examples: Vec<_> = fs::read_dir(&dir)
        .expect("the official examples are in ../shared")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "cql"))
        .map(|path| (path.file_name().unwrap().to_string_lossy().into_owned(), fs::read(&path).unwrap()))
        .collect();
    examples.sort();
    examples
}

/// The programs of the parser corpus (`{"program": "...", ...}` lines; the
/// few escapes CQL programs need are undone).
fn corpus_programs() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/parser/cql62-accepts.jsonl");
    let text = fs::read_to_string(path).expect("the parser corpus is in ../shared");
    text.lines()
        .filter_map(|line| line.strip_prefix("{\"program\": \"")?.rsplit_once("\", \"accepted\""))
        .map(|(program, _)| program.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"))
        .collect()
}

#[test]
fn mutated_examples_never_panic_and_always_finish() {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut mutants = Vec::new();
    for (name, text) in examples() {
        for _ in 0..MUTANTS_PER_EXAMPLE {
            mutants.push((name.clone(), String::from_utf8_lossy(&mutate(&text, &mut random)).into_owned()));
        }
    }
    compile_all(mutants);
}

/// Each program of the parser corpus, as it is and mutated once.
#[test]
fn mutated_corpus_programs_never_panic_and_always_finish() {
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    let mut mutants = Vec::new();
    for (index, program) in corpus_programs().into_iter().enumerate() {
        let mutant = String::from_utf8_lossy(&mutate(program.as_bytes(), &mut random)).into_owned();
        mutants.push((format!("corpus program {index}"), program));
        mutants.push((format!("corpus program {index}, mutated"), mutant));
    }
    assert!(mutants.len() > 20_000, "the whole corpus: {}", mutants.len());
    let started = std::time::Instant::now();
    let count = mutants.len();
    compile_all(mutants);
    println!("fuzzing: {count} programs compiled in {:?}", started.elapsed());
}

/// How many mutants that compile are built.
const BUILT_MUTANTS: usize = 40;

/// The most lines of Rust a mutant built may have (deep nesting builds
/// slowly, and `limits_build.rs` builds the deepest).
const BUILT_MUTANT_LINES: usize = 300;

/// A query that compiles also builds: mutants of the official examples and
/// of the corpus's programs that cqlc compiles, chosen by a seeded
/// generator, go into one searcher program, which cargo builds with warnings
/// refused, in the target folder the other tests' searchers share (so the
/// runtime is built once).
#[test]
fn mutants_that_compile_also_build() {
    let mut random = Random(0x5851_f42d_4c95_7f2d);
    let texts: Vec<Vec<u8>> = examples()
        .into_iter()
        .map(|(_, text)| text)
        .chain(corpus_programs().into_iter().map(String::into_bytes))
        .collect();
    let mut chosen: Vec<(String, String)> = Vec::new();
    for _ in 0..50_000 {
        if chosen.len() == BUILT_MUTANTS {
            break;
        }
        let mutant = String::from_utf8_lossy(&mutate(&texts[random.below(texts.len())], &mut random)).into_owned();
        let fits =
            cqlc::searcher_source(&mutant, "q", "q.cql").is_ok_and(|code| code.lines().count() <= BUILT_MUTANT_LINES);
        if fits {
            chosen.push((format!("mutant-{}", chosen.len()), mutant));
        }
    }
    assert_eq!(chosen.len(), BUILT_MUTANTS, "enough mutants compile");
    let program = cqlc::searchers_program(&chosen).unwrap_or_else(|(name, error)| panic!("{name}: {error:?}"));
    let package = support::package("fuzz-build");
    package.write_binary("mutants", &program).unwrap();
    if let Err(stderr) = support::build(&package) {
        let queries: Vec<String> = chosen.iter().map(|(name, query)| format!("{name}: {query}")).collect();
        panic!("{stderr}\n{}", queries.join("\n"));
    }
}

/// What a worker of [`compile_all`] says: it started compiling the mutant
/// of that index, or finished it (without a panic, or not).
enum Progress {
    Started(usize, Instant),
    Finished(usize, bool),
}

/// Compiles each of `mutants` (named), on as many threads as there are
/// cores, each with a main thread's stack: none may panic or take longer
/// than [`PATIENCE`].
fn compile_all(mutants: Vec<(String, String)>) {
    // The workers' panics are caught and reported below.
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if thread::current().name() != Some("fuzz worker") {
            report(info);
        }
    }));
    let mutants = Arc::new(mutants);
    let next = Arc::new(AtomicUsize::new(0));
    let (progress, news) = mpsc::channel();
    let workers: Vec<_> = (0..thread::available_parallelism().map_or(1, |n| n.get()))
        .map(|_| {
            let (mutants, next, progress) = (Arc::clone(&mutants), Arc::clone(&next), progress.clone());
            // A main thread's stack, as `cqlc` has.
            thread::Builder::new().name("fuzz worker".into()).stack_size(8 << 20).spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((name, query)) = mutants.get(index) else { break };
                    progress.send(Progress::Started(index, Instant::now())).unwrap();
                    // The searcher's source goes through the whole
                    // compiler: the front end, then the code generator.
                    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                        let _ = cqlc::searcher_source(query, "fuzz", name);
                    }));
                    progress.send(Progress::Finished(index, outcome.is_ok())).unwrap();
                }
            })
        })
        .collect();
    let shown = |index: usize| {
        let (name, query) = &mutants[index];
        format!("a mutant of {name}:\n{}", query.chars().take(2000).collect::<String>())
    };
    let (mut running, mut finished) = (HashMap::<usize, Instant>::new(), 0);
    while finished < mutants.len() {
        // The mutant that has run longest, and how long it may still run.
        let oldest = running.iter().min_by_key(|&(_, started)| *started).map(|(&index, &started)| (index, started));
        let wait = oldest.map_or(PATIENCE, |(_, started)| PATIENCE.saturating_sub(started.elapsed()));
        match news.recv_timeout(wait) {
            Ok(Progress::Started(index, started)) => _ = running.insert(index, started),
            Ok(Progress::Finished(index, ok)) => {
                assert!(ok, "{} panicked", shown(index));
                running.remove(&index);
                finished += 1;
            }
            Err(_) => match oldest {
                Some((index, _)) => panic!("{} never finished", shown(index)),
                None => panic!("no mutant started in {PATIENCE:?}"),
            },
        }
    }
    for worker in workers {
        worker.unwrap().join().unwrap();
    }
}
