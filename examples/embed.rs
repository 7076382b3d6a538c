//! A Rust program with CQL queries compiled into it.
//!
//! ```sh
//! cargo run --release --example embed -- examples/games.pgn
//! ```
//!
//! Prints, for each query, the games of the file it finds.

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: embed GAMES.pgn");
        return ExitCode::from(2);
    };
    let greek_gift = cql::cql_file!("examples/greekgift.cql");
    let smothered_mate = cql::cql!("cql() ⬓{btm mate not ♚→□△}");
    for (name, found) in
        [("Greek gift", cql::search(&greek_gift, &path)), ("smothered mate", cql::search(&smothered_mate, &path))]
    {
        match found {
            Ok(found) => {
                let numbers: Vec<String> = found.matches.iter().map(|game| game.number.to_string()).collect();
                println!("{name}: {} of {} games ({})", found.matches.len(), found.games, numbers.join(", "));
            }
            Err(error) => {
                eprintln!("embed: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
