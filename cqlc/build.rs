//! Embeds the runtime's source in cqlc, so that an installed cqlc builds
//! searchers wherever its checkout went: every file of `cql-runtime` and
//! `cql-runtime/vocabulary` (their manifests made standalone, the
//! workspace's inheritance written out), the workspace's `Cargo.lock` and
//! its `.cargo/config.toml`.
//! Writes `$OUT_DIR/runtime_files.rs`, the list of the files, for
//! `src/package/runtime.rs`.

use std::{
    env, fs,
    path::{Path, PathBuf},
    time::UNIX_EPOCH,
};

use toml::{Table, Value};

/// The runtime's crates, by their folder in the workspace (and in a copy).
const CRATES: [&str; 2] = ["cql-runtime", "cql-runtime/vocabulary"];

/// The tables of a manifest that name dependencies.
const DEPENDENCY_TABLES: [&str; 2] = ["dependencies", "build-dependencies"];

fn main() {
    let workspace = Path::new(&env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("..");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let workspace_manifest: Table = read_toml(&workspace.join("Cargo.toml"));
    let mut entries = String::new();
    for folder in CRATES {
        let manifest = workspace.join(folder).join("Cargo.toml");
        let standalone = out.join(format!("{}.Cargo.toml", folder.replace('/', "-")));
        fs::write(&standalone, standalone_manifest(&manifest, folder, &workspace_manifest)).expect("OUT_DIR writable");
        entries.push_str(&entry(&format!("{folder}/Cargo.toml"), &standalone, &manifest));
        let mut sources = Vec::new();
        source_files(&workspace.join(folder).join("src"), &mut sources);
        sources.sort();
        for source in sources {
            let relative = source.strip_prefix(&workspace).expect("a file of the workspace");
            let relative = relative.to_string_lossy().replace('\\', "/");
            entries.push_str(&entry(&relative, &source, &source));
        }
    }
    println!("cargo:rerun-if-changed=../Cargo.toml");
    println!("cargo:rerun-if-changed=../Cargo.lock");
    println!("cargo:rerun-if-changed=../.cargo/config.toml");
    let lock = workspace.join("Cargo.lock").canonicalize().expect("the workspace's Cargo.lock");
    let config = workspace.join(".cargo/config.toml").canonicalize().expect("the workspace's .cargo/config.toml");
    let code = format!(
        "/// The files of the runtime's source, by their path in a searcher package.\n\
         pub const RUNTIME_FILES: &[EmbeddedFile] = &[\n{entries}];\n\
         /// The workspace's `Cargo.lock`, with which the runtime was tested.\n\
         pub const WORKSPACE_LOCK: &str = include_str!({lock:?});\n\
         /// The workspace's `.cargo/config.toml`: how the runtime is compiled.\n\
         pub const CARGO_CONFIG: &str = include_str!({config:?});\n"
    );
    fs::write(out.join("runtime_files.rs"), code).expect("OUT_DIR writable");
}

/// One `EmbeddedFile` of the list: `path` in the copy, its bytes from
/// `content`, the time `original` was modified. The build script runs again
/// when `original` changes (a file is added or removed only with a change
/// to a file that names it, or to a manifest): the files are named one by
/// one, as the times of folders change with a copy of the checkout.
fn entry(path: &str, content: &Path, original: &Path) -> String {
    println!("cargo:rerun-if-changed=../{path}");
    let content = content.canonicalize().expect("an embedded file");
    let modified = fs::metadata(original).and_then(|m| m.modified()).expect("a file's modification time");
    let since = modified.duration_since(UNIX_EPOCH).unwrap_or_default();
    format!(
        "    EmbeddedFile {{ path: {path:?}, bytes: include_bytes!({content:?}), modified: ({}, {}) }},\n",
        since.as_secs(),
        since.subsec_nanos()
    )
}

/// Every file under `dir`.
fn source_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, files);
        } else {
            files.push(path);
        }
    }
}

fn read_toml(path: &Path) -> Table {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.parse().unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The manifest at `path` (of the crate in `folder`) with what it takes from
/// the workspace written out, without its dev-dependencies (a copy has no
/// tests), headed by the line that tells cqlc the copy is its own.
fn standalone_manifest(path: &Path, folder: &str, workspace: &Table) -> String {
    let mut manifest = read_toml(path);
    let shared = workspace.get("workspace").and_then(Value::as_table);
    let package_fields = shared.and_then(|w| w.get("package")).and_then(Value::as_table);
    let dependencies = shared.and_then(|w| w.get("dependencies")).and_then(Value::as_table);
    if let Some(Value::Table(package)) = manifest.get_mut("package") {
        for (key, value) in package.iter_mut() {
            if is_inherited(value) {
                *value = package_fields
                    .and_then(|fields| fields.get(key))
                    .unwrap_or_else(|| panic!("{folder}: the workspace has no package.{key}"))
                    .clone();
            }
        }
    }
    manifest.remove("dev-dependencies");
    let resolve = |table: &mut Table| {
        for (name, value) in table.iter_mut() {
            if is_inherited(value) {
                let base = dependencies
                    .and_then(|d| d.get(name))
                    .unwrap_or_else(|| panic!("{folder}: the workspace has no dependency {name}"));
                *value = Value::Table(inherited_dependency(base, value, folder));
            }
        }
    };
    for key in DEPENDENCY_TABLES {
        if let Some(Value::Table(table)) = manifest.get_mut(key) {
            resolve(table);
        }
    }
    if let Some(Value::Table(targets)) = manifest.get_mut("target") {
        for (_, target) in targets.iter_mut() {
            target.as_table_mut().expect("a target's table").remove("dev-dependencies");
            for key in DEPENDENCY_TABLES {
                if let Some(Value::Table(table)) = target.get_mut(key) {
                    resolve(table);
                }
            }
        }
    }
    assert!(!manifest.contains_key("lints"), "{folder}: lints are not written out for the runtime's copy");
    format!(
        "# The runtime of cqlc's searchers, written by cqlc from its own copy; cqlc rewrites this folder.\n{}",
        toml::to_string(&manifest).expect("a manifest")
    )
}

/// Whether a manifest's value is `{ workspace = true, ... }`.
fn is_inherited(value: &Value) -> bool {
    value.get("workspace").and_then(Value::as_bool) == Some(true)
}

/// The workspace's dependency `base` as the crate in `folder` declares it
/// (`local`: its features added, `optional` kept), with a path made relative
/// to `folder`.
fn inherited_dependency(base: &Value, local: &Value, folder: &str) -> Table {
    let mut dependency = match base {
        Value::String(version) => Table::from_iter([("version".to_owned(), Value::String(version.clone()))]),
        Value::Table(table) => table.clone(),
        other => panic!("a workspace dependency written as {other}"),
    };
    if let Some(Value::String(path)) = dependency.get_mut("path") {
        *path = relative_path(folder, path);
    }
    for (key, value) in local.as_table().expect("an inherited dependency is a table") {
        match key.as_str() {
            "workspace" => {}
            "features" => {
                let features = dependency.entry("features").or_insert_with(|| Value::Array(Vec::new()));
                let features = features.as_array_mut().expect("features are a list");
                features.extend(value.as_array().expect("features are a list").iter().cloned());
            }
            _ => {
                dependency.insert(key.clone(), value.clone());
            }
        }
    }
    dependency
}

/// `to` (relative to the workspace) as seen from `from` (relative too).
fn relative_path(from: &str, to: &str) -> String {
    let from: Vec<&str> = from.split('/').collect();
    let to: Vec<&str> = to.split('/').collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts = vec![".."; from.len() - common];
    parts.extend(&to[common..]);
    if parts.is_empty() { ".".to_owned() } else { parts.join("/") }
}
