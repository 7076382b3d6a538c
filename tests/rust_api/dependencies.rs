//! What a program that uses `cql!` compiles: the runtime and the compiler
//! as a library, not the `cqlc` command's own dependencies (its argument
//! parser, its signal handling).

use std::process::Command;

/// The packages `cql` depends on, directly or not (normal dependencies,
/// as `cargo tree` lists them for this machine's platform: the command
/// line's dependencies are the same on all).
fn dependencies_of_cql() -> Vec<String> {
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "-p", "cql", "-e", "normal", "--prefix", "none"])
        .args(["--format", "{p}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "cargo tree: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .collect()
}

#[test]
fn a_program_using_cql_does_not_compile_the_command_lines_dependencies() {
    let dependencies = dependencies_of_cql();
    assert!(dependencies.iter().any(|name| name == "cqlc"), "the macro compiles with cqlc: {dependencies:?}");
    assert!(dependencies.iter().any(|name| name == "shakmaty"), "{dependencies:?}");
    for command_line_only in ["clap", "clap_builder", "clap_derive"] {
        assert!(!dependencies.iter().any(|name| name == command_line_only), "{command_line_only} in {dependencies:?}");
    }
}
