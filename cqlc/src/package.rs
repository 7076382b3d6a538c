//! Writing a searcher package: a Cargo package with one binary per query,
//! so that `cargo build --release` builds `target/release/<name>`.
//!
//! The package's `Cargo.toml` is written once (a user may edit it later);
//! each query becomes `src/bin/<name>.rs`. `<name>` is the query file's stem
//! with every character other than ASCII letters, digits, `-` and `_`
//! replaced by `_` (`Qq-rotations.cql` → `Qq-rotations`, `my query.cql` →
//! `my_query`).

use std::{
    fs, io,
    path::{Path, PathBuf},
};

/// The binary target name for a query file.
pub fn target_name(query_file: &Path) -> String {
    let stem = query_file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let name: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    if name.is_empty() { "query".to_owned() } else { name }
}

/// Where the runtime crate is: `cql-runtime` beside this compiler's own
/// source, unless the user names another.
pub fn default_runtime() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cql-runtime")
}

/// A package directory being written.
pub struct Package {
    dir: PathBuf,
}

impl Package {
    /// The package in `dir`: writes `Cargo.toml` (depending on the runtime at
    /// `runtime`) unless one is there already.
    pub fn create(dir: &Path, runtime: &Path) -> io::Result<Package> {
        fs::create_dir_all(dir.join("src/bin"))?;
        let manifest = dir.join("Cargo.toml");
        if !manifest.exists() {
            fs::write(&manifest, manifest_text(&package_name(dir), runtime)?)?;
        }
        Ok(Package { dir: dir.to_path_buf() })
    }

    /// The package in `dir`, a cache that only cqlc writes: its `Cargo.toml`
    /// is rewritten whenever it is not the one cqlc would write (empty, left
    /// by an older cqlc, or for another runtime).
    pub fn cache(dir: &Path, runtime: &Path) -> io::Result<Package> {
        fs::create_dir_all(dir.join("src/bin"))?;
        let manifest = dir.join("Cargo.toml");
        let text = manifest_text(&package_name(dir), runtime)?;
        if fs::read_to_string(&manifest).ok().as_deref() != Some(text.as_str()) {
            fs::write(&manifest, text)?;
        }
        Ok(Package { dir: dir.to_path_buf() })
    }

    /// Writes the program of the binary `name` (unchanged files are not
    /// rewritten, so cargo does not rebuild them).
    pub fn write_binary(&self, name: &str, program: &str) -> io::Result<PathBuf> {
        let path = self.dir.join("src/bin").join(format!("{name}.rs"));
        if fs::read_to_string(&path).ok().as_deref() != Some(program) {
            fs::write(&path, program)?;
        }
        Ok(path)
    }

    /// The package directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

fn package_name(dir: &Path) -> String {
    let base = dir
        .canonicalize()
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let name: String = base
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c.to_ascii_lowercase() } else { '-' })
        .collect();
    match name.chars().next() {
        Some(c) if c.is_ascii_alphabetic() => name,
        _ => format!("cql-{name}").trim_end_matches('-').to_owned(),
    }
}

fn manifest_text(name: &str, runtime: &Path) -> io::Result<String> {
    let runtime = runtime.canonicalize().map_err(|error| {
        io::Error::new(error.kind(), format!("the runtime crate at {}: {error}", runtime.display()))
    })?;
    let runtime = runtime.display().to_string().replace('\\', "/");
    Ok(format!(
        r#"# A package of CQL searchers written by cqlc: one binary per query in src/bin.
# Build with `cargo build --release`; run `target/release/<query> -help`.
[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
cql-runtime = {{ path = "{runtime}" }}

[profile.release]
codegen-units = 4
lto = "thin"

# The package is a workspace of its own, wherever it is written.
[workspace]
"#
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_names_keep_letters_digits_dashes_and_underscores() {
        assert_eq!(target_name(Path::new("q/greekgift.cql")), "greekgift");
        assert_eq!(target_name(Path::new("Qq-rotations.cql")), "Qq-rotations");
        assert_eq!(target_name(Path::new("my query (2).cql")), "my_query__2_");
        assert_eq!(target_name(Path::new("8piecesinline.cql")), "8piecesinline");
    }
}
