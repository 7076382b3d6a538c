//! Writing a searcher package: a Cargo package with one binary per query,
//! so that `cargo build --release` builds `target/release/<name>`.
//!
//! The package's `Cargo.toml` and `.cargo/config.toml` (the workspace's:
//! how the runtime is compiled) are written once (a user may edit them later);
//! each query becomes `src/bin/<name>.rs`. `<name>` is the query file's stem
//! with every character other than ASCII letters, digits, `-` and `_`
//! replaced by `_` (`Qq-rotations.cql` → `Qq-rotations`, `my query.cql` →
//! `my_query`). The runtime is a copy inside the package (`cql-runtime`),
//! and `Cargo.lock` is the one of cqlc's workspace, which the runtime was
//! tested with: the package depends on nothing of this machine and can be
//! moved or committed. Its first build cuts the lock file down to the
//! packages the searchers need, keeping their versions (cargo changes no
//! version that a lock file holds); the builds after it can be `--locked`.

pub mod runtime;

use std::{
    fs, io,
    path::{Path, PathBuf},
};

/// A package's cargo configuration, the workspace's: the searchers are
/// compiled as the runtime was tested (and as `cqlc run`'s builds in the
/// tests' target folder expect).
const CONFIG: &str = ".cargo/config.toml";

/// The binary target name for a query file.
pub fn target_name(query_file: &Path) -> String {
    let stem = query_file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let name: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    if name.is_empty() { "query".to_owned() } else { name }
}

/// The runtime a package is built on.
pub enum Runtime {
    /// The runtime cqlc carries, copied into the package.
    Embedded,
    /// A `cql-runtime` crate elsewhere (a checkout's), by its path.
    At(PathBuf),
}

/// A package directory being written.
pub struct Package {
    dir: PathBuf,
    embedded: bool,
}

impl Package {
    /// The package in `dir` on `runtime`: writes `Cargo.toml` and
    /// `.cargo/config.toml` (how the workspace compiles the runtime) unless
    /// they are there already, and the runtime's copy with its lock file.
    pub fn create(dir: &Path, runtime: &Runtime) -> io::Result<Package> {
        let package = Package::on(dir, runtime)?;
        let manifest = dir.join("Cargo.toml");
        if !manifest.exists() {
            fs::write(&manifest, manifest_text(&package_name(dir), runtime)?)?;
        }
        if !dir.join(CONFIG).exists() {
            write_config(dir)?;
        }
        Ok(package)
    }

    /// The package in `dir` on `runtime`, a cache that only cqlc writes: its
    /// `Cargo.toml` and `.cargo/config.toml` are rewritten whenever they are
    /// not the ones cqlc would write (empty, left by an older cqlc, or for
    /// another runtime).
    pub fn cache(dir: &Path, runtime: &Runtime) -> io::Result<Package> {
        let package = Package::on(dir, runtime)?;
        let manifest = dir.join("Cargo.toml");
        let text = manifest_text(&package_name(dir), runtime)?;
        if fs::read_to_string(&manifest).ok().as_deref() != Some(text.as_str()) {
            fs::write(&manifest, text)?;
        }
        if fs::read_to_string(dir.join(CONFIG)).ok().as_deref() != Some(runtime::CARGO_CONFIG) {
            write_config(dir)?;
        }
        Ok(package)
    }

    /// The package in `dir` on `runtime`, but its manifest: the runtime's
    /// copy is brought up to date, and the workspace's lock file written
    /// when there is none or the copy changed.
    fn on(dir: &Path, runtime: &Runtime) -> io::Result<Package> {
        fs::create_dir_all(dir.join("src/bin"))?;
        let embedded = matches!(runtime, Runtime::Embedded);
        if embedded {
            let lock = dir.join("Cargo.lock");
            if runtime::write_runtime(dir)? || !lock.exists() {
                fs::write(lock, runtime::WORKSPACE_LOCK)?;
            }
        }
        Ok(Package { dir: dir.to_path_buf(), embedded })
    }

    /// Writes the program of the binary `name` (unchanged files are not
    /// rewritten, so cargo does not rebuild them). A file of that name that
    /// cqlc did not write is a user's own: it is left alone, and the error
    /// says so. The program is written whole under a temporary name and
    /// renamed into place.
    pub fn write_binary(&self, name: &str, program: &str) -> io::Result<PathBuf> {
        let path = self.dir.join("src/bin").join(format!("{name}.rs"));
        match fs::read(&path) {
            Ok(existing) if existing == program.as_bytes() => return Ok(path),
            Ok(existing) if !written_by_cqlc(&existing) => {
                let message = format!("{} is not a program cqlc wrote; it is left as it is", path.display());
                return Err(io::Error::new(io::ErrorKind::AlreadyExists, message));
            }
            _ => {}
        }
        let temporary = path.with_extension(format!("rs.{}.cqlc-tmp", std::process::id()));
        fs::write(&temporary, program).and_then(|()| fs::rename(&temporary, &path)).inspect_err(|_| {
            let _ = fs::remove_file(&temporary);
        })?;
        Ok(path)
    }

    /// The package directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether cargo builds the package with its `Cargo.lock` as it is
    /// (`--locked`): it is on the runtime cqlc carries, and a first build
    /// has cut the workspace's lock file down to the package.
    pub fn locked(&self) -> bool {
        self.embedded
            && fs::read_to_string(self.dir.join("Cargo.lock")).is_ok_and(|lock| lock != runtime::WORKSPACE_LOCK)
    }
}

/// Writes the workspace's cargo configuration into the package in `dir`.
fn write_config(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir.join(".cargo"))?;
    fs::write(dir.join(CONFIG), runtime::CARGO_CONFIG)
}

/// Whether `program` is one cqlc generated (its first line says so).
fn written_by_cqlc(program: &[u8]) -> bool {
    let first_line = program.split(|&byte| byte == b'\n').next().unwrap_or_default();
    String::from_utf8_lossy(first_line).contains(", generated by cqlc ")
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

fn manifest_text(name: &str, runtime: &Runtime) -> io::Result<String> {
    let runtime = match runtime {
        Runtime::Embedded => runtime::RUNTIME_FOLDER.to_owned(),
        Runtime::At(path) => {
            let path = path.canonicalize().map_err(|error| {
                io::Error::new(error.kind(), format!("the runtime crate at {}: {error}", path.display()))
            })?;
            path.display().to_string().replace('\\', "/")
        }
    };
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

# The runtime is compiled once and kept; a query's own code is small. Without
# link-time optimisation across the two a new query builds in about a second,
# and searches as fast (within the noise, on the master database).
[profile.release]
codegen-units = 16
lto = false

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

    /// A package is compiled as the workspace is (the tests' builds share
    /// their crates with it); a configuration of the user's stays, a
    /// cache's is put right.
    #[test]
    fn a_package_gets_the_workspaces_cargo_configuration_unless_it_has_its_own() {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.cargo/config.toml");
        let workspace = fs::read_to_string(workspace).unwrap();
        assert!(workspace.contains("rustflags"), "{workspace}");
        let dir = std::env::temp_dir().join(format!("cqlc-package-config-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let config = dir.join(CONFIG);
        Package::create(&dir, &Runtime::Embedded).unwrap();
        assert_eq!(fs::read_to_string(&config).unwrap(), workspace);
        fs::write(&config, "# mine\n").unwrap();
        Package::create(&dir, &Runtime::Embedded).unwrap();
        assert_eq!(fs::read_to_string(&config).unwrap(), "# mine\n");
        Package::cache(&dir, &Runtime::Embedded).unwrap();
        assert_eq!(fs::read_to_string(&config).unwrap(), workspace);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_program_cqlc_did_not_write_is_never_overwritten() {
        let dir = std::env::temp_dir().join(format!("cqlc-package-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let package = Package { dir: dir.clone(), embedded: false };
        fs::create_dir_all(dir.join("src/bin")).unwrap();
        let generated = crate::searcher_source("cql() mate", "q", "q.cql").unwrap();
        // A user's own program of the same name stays as it is.
        let own = dir.join("src/bin/q.rs");
        fs::write(&own, "fn main() { println!(\"mine\"); }\n").unwrap();
        let error = package.write_binary("q", &generated).unwrap_err();
        assert!(error.to_string().contains("is not a program cqlc wrote"), "{error}");
        assert_eq!(fs::read_to_string(&own).unwrap(), "fn main() { println!(\"mine\"); }\n");
        // A program cqlc wrote is replaced, and nothing else is left behind.
        fs::write(&own, crate::searcher_source("cql() stalemate", "q", "q.cql").unwrap()).unwrap();
        package.write_binary("q", &generated).unwrap();
        assert_eq!(fs::read_to_string(&own).unwrap(), generated);
        assert_eq!(fs::read_dir(dir.join("src/bin")).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A program of several queries is cqlc's too: when its queries change,
    /// it is written again.
    #[test]
    fn a_program_of_several_queries_is_written_again_when_they_change() {
        let dir = std::env::temp_dir().join(format!("cqlc-package-test-several-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let package = Package { dir: dir.clone(), embedded: false };
        fs::create_dir_all(dir.join("src/bin")).unwrap();
        let program = |query: &str| crate::searchers_program(&[("q".to_owned(), query.to_owned())]).unwrap();
        package.write_binary("searchers", &program("cql() mate")).unwrap();
        let changed = program("cql() stalemate");
        let path = package.write_binary("searchers", &changed).unwrap();
        assert_eq!(fs::read_to_string(path).unwrap(), changed);
        fs::remove_dir_all(&dir).unwrap();
    }
}
