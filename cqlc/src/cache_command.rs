//! `cqlc cache`: where the cache is and what it holds, and clearing it.

use std::process::ExitCode;

use cqlc::cache::{Cache, Part};

use crate::Failure;

/// The parts `cqlc cache clear` takes, by name.
pub const PART_NAMES: [&str; 4] = ["runtime", "searchers", "index", "all"];

/// Prints the cache folder and the size of each part.
pub fn show(cache: &Cache) -> Result<ExitCode, Failure> {
    let usage = cache.usage().map_err(|e| failure(cache, e))?;
    println!("cache folder: {}", cache.root().display());
    let plural = |count: usize, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    let lines = [
        ("runtime builds", usage.runtime_builds, plural(usage.runtimes, "runtime", "runtimes")),
        ("searchers", usage.searchers, plural(usage.searcher_count, "query", "queries")),
        ("move indexes", usage.index, plural(usage.index_count, "file", "files")),
        ("other", usage.other, String::new()),
    ];
    for (part, bytes, count) in lines {
        println!("{}", format!("{part:<15} {:>9}  {count}", human_size(bytes)).trim_end());
    }
    println!("{:<15} {:>9}", "total", human_size(usage.total()));
    Ok(ExitCode::SUCCESS)
}

/// Removes the part named `part` and says how much room that made.
pub fn clear(cache: &Cache, part: &str) -> Result<ExitCode, Failure> {
    let part = match part {
        "runtime" => Part::Runtime,
        "searchers" => Part::Searchers,
        "index" => Part::Index,
        _ => Part::All,
    };
    let before = cache.usage().map_err(|e| failure(cache, e))?.total();
    cache.clear(part).map_err(|e| failure(cache, e))?;
    let after = cache.usage().map_err(|e| failure(cache, e))?.total();
    println!("removed {} from {}", human_size(before.saturating_sub(after)), cache.root().display());
    Ok(ExitCode::SUCCESS)
}

fn failure(cache: &Cache, error: std::io::Error) -> Failure {
    Failure::Build(format!("the cache folder {}: {error}", cache.root().display()))
}

/// `bytes` in B, kB, MB or GB (powers of 1000), with one decimal above B.
fn human_size(bytes: u64) -> String {
    let units = ["kB", "MB", "GB", "TB"];
    let mut size = bytes as f64;
    if bytes < 1000 {
        return format!("{bytes} B");
    }
    let mut unit = "B";
    for next in units {
        if size < 1000.0 {
            break;
        }
        size /= 1000.0;
        unit = next;
    }
    format!("{size:.1} {unit}")
}
