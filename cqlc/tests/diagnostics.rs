//! Errors and warnings as `cqlc check` shows them to a user: as rustc shows
//! its own, every error of a query in one run, with the messages that say
//! what is wrong. CQL 6.2's own words for each query are in the comments
//! (`/work/shared/cql62/cql -i studies.pgn -o out.pgn q.cql`, the query in
//! q.cql), as what cqlc's message is measured against.

use std::{
    fs,
    process::{Command, Output},
};

/// `cqlc check q.cql` on `query` (without colour: standard error is a
/// pipe): its exit code and standard error.
fn check(name: &str, query: &str) -> (Option<i32>, String) {
    let dir = scratch!(name);
    fs::write(dir.join("q.cql"), query).unwrap();
    let output: Output =
        Command::new(env!("CARGO_BIN_EXE_cqlc")).args(["check", "q.cql"]).current_dir(&dir).output().unwrap();
    (output.status.code(), String::from_utf8(output.stderr).unwrap())
}

/// The error `cqlc check` gives for `query`, which must be its only one.
fn only_error(name: &str, query: &str) -> String {
    let (code, stderr) = check(name, query);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.matches("error: ").count(), 1, "{stderr}");
    stderr
}

#[test]
fn an_error_has_a_header_a_location_a_gutter_labelled_carets_and_a_help_line() {
    assert_eq!(
        only_error("chek", "cql()\n  ♔ chek\n"),
        "error: unknown keyword 'chek'\n --> q.cql:2:5\n  |\n2 |   ♔ chek\n  |     ^^^^ no keyword or variable\n  |\n  \
         = help: did you mean 'check'?\n\n"
    );
}

/// CQL 6.2: "Lexer error at Line: 1 Column: 19 missing end of quoted string".
#[test]
fn an_unclosed_string_says_so() {
    let shown = only_error("string", "cql() comment \"abc\n");
    assert!(
        shown.starts_with(
            "error: this string is never closed: its line ends before a closing '\"'\n --> q.cql:1:15\n  |\n1 | cql() \
             comment \"abc\n  |               ^^^^ unclosed string\n"
        ),
        "{shown}"
    );
}

/// CQL 6.2: "Unable to parse the following token: <IdToken: {Line 1,
/// Column 7} "Xe4">".
#[test]
fn a_piece_letter_that_is_none_is_named() {
    let shown = only_error("piece", "cql() Xe4\n");
    assert!(shown.starts_with("error: 'X' in 'Xe4' is no piece letter\n --> q.cql:1:7\n"), "{shown}");
    assert!(shown.contains("^^^ no piece letter") && !shown.contains("did you mean"), "{shown}");
    assert!(shown.contains("= help: a piece is K Q R B N P (white), k q r b n p (black)"), "{shown}");
}

/// CQL 6.2: "Unable to parse the following token: <IdToken: {Line 1,
/// Column 7} "h9">".
#[test]
fn a_square_off_the_board_is_no_square() {
    let shown = only_error("square", "cql() h9\n");
    assert!(shown.starts_with("error: 'h9' is no square\n --> q.cql:1:7\n"), "{shown}");
    assert!(shown.contains("= help: files go from a to h, ranks from 1 to 8"), "{shown}");
    let piece = only_error("piece-square", "cql() Ki4\n");
    assert!(piece.starts_with("error: 'i4' is no square\n"), "{piece}");
    // A variable that is no square stays a variable.
    assert!(only_error("variable", "cql() Front\n").starts_with("error: unknown variable 'Front'"));
}

/// CQL 6.2: "The left delimiter: <SpecialToken: {Line 1, Column 4} "(">
/// was never matched by a corresponding right delimiter. Unexpected end of
/// file."
#[test]
fn an_unclosed_header_names_its_parenthesis() {
    let shown = only_error("header", "cql( check\n");
    assert!(
        shown.starts_with(
            "error: the '(' of the header 'cql(' is never closed with ')'\n --> q.cql:1:4\n  |\n1 | cql( check\n  |    \
             ^ unclosed '('\n"
        ),
        "{shown}"
    );
}

/// CQL 6.2: "Syntax error while parsing the CQL specification. Expected
/// right paren ... Unable to parse the following token: <IdToken: {Line 1,
/// Column 5} "inpt">".
#[test]
fn a_misspelt_header_word_gets_the_word_meant() {
    let shown = only_error("input", "cql(inpt x.pgn) check\n");
    assert!(shown.starts_with("error: unknown header parameter 'inpt'\n --> q.cql:1:5\n"), "{shown}");
    assert!(shown.contains("  |     ^^^^ not a header parameter\n  |\n  = help: did you mean 'input'?\n"), "{shown}");
    let far = only_error("far", "cql(zzzzzz) check\n");
    assert!(far.contains("= help: the header's parameters are input, output, result, variations"), "{far}");
}

/// CQL 6.2: "Missing right side of 'and' (end of file)".
#[test]
fn a_missing_last_filter_points_at_the_dangling_operator() {
    let shown = only_error("and", "cql() check and\n\n");
    assert!(
        shown.starts_with(
            "error: 'and' needs a filter after it, but the query ends there\n --> q.cql:1:13\n  |\n1 | cql() check \
             and\n  |             ^^^ no filter after this\n"
        ),
        "{shown}"
    );
    // A filter missing after something other than an operator is looked
    // for right after the query's last token, not on the empty lines after it.
    let assigned = only_error("assigned", "cql() x =\n\n\n");
    assert!(assigned.contains(" --> q.cql:1:10\n"), "{assigned}");
}

/// CQL 6.2 stops at the first: "Unable to parse the following token:
/// <IdToken: {Line 1, Column 7} "chek">".
#[test]
fn every_error_of_a_query_is_reported_in_one_run() {
    let query = "cql()\nchek\nmate\n{ check\n  mat }\nXe4\n#check > 1\n";
    let (code, stderr) = check("several", query);
    assert_eq!(code, Some(2));
    let places: Vec<&str> = stderr.lines().filter(|line| line.starts_with(" --> ")).collect();
    assert_eq!(places, [" --> q.cql:2:1", " --> q.cql:5:3", " --> q.cql:6:1", " --> q.cql:7:2"], "{stderr}");
    assert_eq!(stderr.matches("\n\nerror: ").count(), 3, "{stderr}");
    // A variable that a failed filter may have assigned is not reported
    // again where it is used.
    let (_, stderr) = check("cascade", "cql()\nx = chek\ny = x + 1\ny > 1\nz\n");
    let places: Vec<&str> = stderr.lines().filter(|line| line.starts_with(" --> ")).collect();
    assert_eq!(places, [" --> q.cql:2:5", " --> q.cql:5:1"], "{stderr}");
    // Parse errors on separate lines too; a filter spanning lines is
    // skipped whole.
    let (code, stderr) = check("parse", "cql()\ncheck or\n{ mate\n  ) }\nnot )\nstalemate\n");
    assert_eq!(code, Some(2));
    let places: Vec<&str> = stderr.lines().filter(|line| line.starts_with(" --> ")).collect();
    assert_eq!(places, [" --> q.cql:4:3", " --> q.cql:5:5"], "{stderr}");
    // Every character no token starts with.
    let (_, stderr) = check("characters", "cql() ♔ $\ncheck \"x\n");
    assert!(stderr.starts_with("error: unexpected character '$'\n --> q.cql:1:9\n"), "{stderr}");
    assert!(
        stderr.contains("\n\nerror: this string is never closed: its line ends before a closing '\"'\n --> q.cql:2:7")
    );
}

/// Colour goes to a terminal only, and not where `NO_COLOR` is set.
#[cfg(unix)]
#[test]
fn colour_only_on_a_terminal_without_no_color() {
    let dir = scratch!("colour");
    fs::write(dir.join("q.cql"), "cql() chek\n").unwrap();
    let on_terminal = |no_color: Option<&str>| -> String {
        let (mut controller, mut terminal) = (0, 0);
        let opened = unsafe {
            libc::openpty(&mut controller, &mut terminal, std::ptr::null_mut(), std::ptr::null(), std::ptr::null())
        };
        assert_eq!(opened, 0, "a pseudo-terminal");
        let stderr = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(terminal) };
        let mut command = Command::new(env!("CARGO_BIN_EXE_cqlc"));
        command.args(["check", "q.cql"]).current_dir(&dir).stderr(stderr).env_remove("NO_COLOR");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let status = command.status().unwrap();
        assert_eq!(status.code(), Some(2));
        let mut shown = Vec::new();
        let mut buffer = [0u8; 4096];
        loop {
            let mut poll = libc::pollfd { fd: controller, events: libc::POLLIN, revents: 0 };
            if unsafe { libc::poll(&mut poll, 1, 200) } <= 0 {
                break;
            }
            let read = unsafe { libc::read(controller, buffer.as_mut_ptr().cast(), buffer.len()) };
            if read <= 0 {
                break;
            }
            shown.extend_from_slice(&buffer[..read as usize]);
        }
        unsafe { libc::close(controller) };
        String::from_utf8_lossy(&shown).into_owned()
    };
    let coloured = on_terminal(None);
    assert!(coloured.contains("unknown keyword 'chek'") && coloured.contains('\u{1b}'), "{coloured:?}");
    let plain = on_terminal(Some("1"));
    assert!(plain.contains("unknown keyword 'chek'") && !plain.contains('\u{1b}'), "{plain:?}");
    // An empty NO_COLOR counts as unset (no-color.org).
    assert!(on_terminal(Some("")).contains('\u{1b}'));
    // Off a terminal: no colour.
    assert!(!check("piped", "cql() chek\n").1.contains('\u{1b}'));
}
