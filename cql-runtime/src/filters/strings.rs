//! Strings, as CQL 6.2 handles them (on bytes): string variables, the
//! functions of strings, regular expressions and their groups, and how a
//! comment prints a string; and the files a query reads and writes.

use std::{
    io::Write,
    path::{Path, PathBuf},
    sync::{Mutex, OnceLock},
};

use regex::bytes::{CaptureLocations, Regex};

use crate::{cursor::Cursor, filters::numbers::Relation, state::Value, state::Var};

impl Cursor<'_> {
    /// `x = S` for a string variable: assigns and matches if `value` has a
    /// value, else leaves the variable as it was and fails.
    pub fn assign_string(&mut self, var: Var, value: Option<String>) -> bool {
        match value {
            Some(text) => {
                self.assign(var, Value::Str(text));
                true
            }
            None => false,
        }
    }

    /// `x = "text"`, `x = \\N`: [`Cursor::assign_string`] of a string
    /// already made, copied into the variable's own string (no new one is
    /// made where it holds a string already).
    pub fn assign_str(&mut self, var: Var, value: Option<&str>) -> bool {
        let Some(text) = value else { return false };
        copy_into(self.state.var_mut(var), text);
        true
    }

    /// `x = \\N`: [`Cursor::assign_str`] of the text of group `index` of the
    /// last match.
    pub fn assign_group_text(&mut self, var: Var, index: u8) -> bool {
        // The groups are set aside while the variable is written.
        let groups = std::mem::take(&mut self.state.regex_groups);
        let assigned = match groups.get(usize::from(index)) {
            Some(Some((_, text))) => {
                copy_into(self.state.var_mut(var), text);
                true
            }
            _ => false,
        };
        self.state.regex_groups = groups;
        assigned
    }

    /// A string variable's value.
    pub fn string_of(&self, var: Var) -> Option<String> {
        self.str_of(var).map(str::to_owned)
    }

    /// A string variable's value, borrowed.
    #[inline]
    pub fn str_of(&self, var: Var) -> Option<&str> {
        match self.value(var) {
            Value::Str(text) => Some(text),
            _ => None,
        }
    }
}

/// Makes `value` the string `text`, in its own memory if it holds a string.
fn copy_into(value: &mut Value, text: &str) {
    match value {
        Value::Str(kept) => {
            kept.clear();
            kept.push_str(text);
        }
        other => *other = Value::Str(text.to_owned()),
    }
}

/// `A + B` of strings: none unless both have a value.
pub fn concatenation(left: Option<String>, right: Option<String>) -> Option<String> {
    let (mut left, right) = (left?, right?);
    left.push_str(&right);
    Some(left)
}

/// Whether `left relation right` holds of two strings, compared bytewise:
/// false where either has no value, except `!=`, which holds there.
#[inline]
pub fn string_relation(left: Option<&str>, relation: Relation, right: Option<&str>) -> bool {
    match (left, right) {
        (Some(left), Some(right)) => relation.holds(left, right),
        _ => relation == Relation::NotEqual,
    }
}

/// How a comment prints a string: as it is, `<false>` without a value.
pub fn format_string(value: Option<String>) -> String {
    value.unwrap_or_else(|| "<false>".to_owned())
}

/// `#S`: the length of a string in bytes, as CQL 6.2 counts it.
pub fn string_length(text: Option<String>) -> Option<i64> {
    text.map(|text| text.len() as i64)
}

/// `S in T`: whether `S` occurs in `T` (false unless both have a value).
pub fn string_contains(part: Option<String>, whole: Option<String>) -> bool {
    matches!((part, whole), (Some(part), Some(whole)) if whole.contains(&part))
}

/// `S[i]`: the byte at `i` (from the end if negative), none past either end.
pub fn string_index(text: Option<String>, index: Option<i64>) -> Option<String> {
    let (text, index) = (text?, index?);
    let length = text.len() as i64;
    let at = if index < 0 { index + length } else { index };
    (0..length).contains(&at).then(|| bytes_to_string(&text.as_bytes()[at as usize..at as usize + 1]))
}

/// `S[i:j]`: the bytes from `from` up to `to` (from the end if negative),
/// clamped to the string: always a value, if the bounds have one.
pub fn string_slice(text: Option<String>, from: Option<i64>, to: Option<i64>) -> Option<String> {
    let (text, from, to) = (text?, from?, to?);
    let length = text.len() as i64;
    let from = if from < 0 { from.saturating_add(length) } else { from }.clamp(0, length);
    let to = if to < 0 { to.saturating_add(length) } else { to }.max(from).min(length);
    Some(bytes_to_string(&text.as_bytes()[from as usize..to as usize]))
}

/// Bytes of a string as a string (a part that cuts a character in two keeps
/// what it can).
fn bytes_to_string(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `indexof (S T)`: where `part` first occurs in `whole` (in bytes); none
/// if it does not.
pub fn string_index_of(part: Option<String>, whole: Option<String>) -> Option<i64> {
    whole?.find(&part?).map(|at| at as i64)
}

/// `lowercase S`: its ASCII letters in lower case.
pub fn lowercase(text: Option<String>) -> Option<String> {
    text.map(|text| text.to_ascii_lowercase())
}

/// `uppercase S`: its ASCII letters in upper case.
pub fn uppercase(text: Option<String>) -> Option<String> {
    text.map(|text| text.to_ascii_uppercase())
}

/// `int S`: the number `S` writes, `-?[0-9]+` only, wrapping round as
/// CQL 6.2's 32-bit numbers do; none for anything else.
pub fn string_to_int(text: Option<String>) -> Option<i64> {
    let text = text?;
    let digits = text.strip_prefix('-').unwrap_or(&text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.bytes().fold(0i32, |value, digit| value.wrapping_mul(10).wrapping_add(i32::from(digit - b'0')));
    Some(i64::from(if text.starts_with('-') { value.wrapping_neg() } else { value }))
}

/// `ascii S`: the code of a one-byte string.
pub fn ascii_code(text: Option<String>) -> Option<i64> {
    match text?.as_bytes() {
        [byte] => Some(i64::from(*byte)),
        _ => None,
    }
}

/// `ascii N`: the one-character string of code `N`, 1 to 255 (past 127,
/// the character of that code).
pub fn ascii_character(code: Option<i64>) -> Option<String> {
    let code = u8::try_from(code?).ok().filter(|&code| code > 0)?;
    Some(char::from(code).to_string())
}

/// A regular expression of the query (`S ~~ "re"`), in the syntax of the
/// `regex` crate, compiled on first use.
pub struct Pattern {
    source: &'static str,
    compiled: OnceLock<Regex>,
}

impl Pattern {
    /// The pattern `source` (checked by the compiler).
    pub const fn new(source: &'static str) -> Pattern {
        Pattern { source, compiled: OnceLock::new() }
    }

    /// The compiled expression.
    fn regex(&self) -> &Regex {
        self.compiled.get_or_init(|| Regex::new(self.source).expect("checked by cqlc"))
    }
}

impl Cursor<'_> {
    /// `S ~~ "re"`: the first match in `text`, its groups kept for `\1` and
    /// `\-1` (a failed search forgets the last match's; a string without a
    /// value leaves them).
    pub fn first_match(&mut self, pattern: &Pattern, text: Option<String>) -> Option<String> {
        let text = text?;
        let regex = pattern.regex();
        let mut locations = regex.capture_locations();
        match regex.captures_read(&mut locations, text.as_bytes()) {
            Some(_) => keep_groups(&mut self.state.regex_groups, spans_of(&locations), text.as_bytes()),
            None => self.state.regex_groups.clear(),
        }
        self.group_text(0)
    }

    /// `while (S ~~ "re") body`: the body at each match in `text`, in order,
    /// with its groups; after a match with nothing in it, the next is looked
    /// for a byte on (as C++'s `regex_iterator` does). Always matches.
    pub fn each_match(
        &mut self,
        pattern: &Pattern,
        text: Option<String>,
        mut body: impl FnMut(&mut Self) -> bool,
    ) -> bool {
        let Some(text) = text else { return false };
        self.state.regex_groups.clear();
        for_each_match_in(pattern.regex(), text.as_bytes(), |locations| {
            keep_groups(&mut self.state.regex_groups, spans_of(locations), text.as_bytes());
            body(self);
        });
        true
    }

    /// `while ("RBNQ" ~~ "re") body` over a string the query spells out:
    /// as [`Cursor::each_match`], with the matches found once for the run.
    pub fn each_constant_match(&mut self, matches: &ConstantMatches, mut body: impl FnMut(&mut Self) -> bool) -> bool {
        let spans = matches.spans();
        // Each match writes over every group of the one before, in the
        // strings kept from the last evaluation.
        if spans.is_empty() {
            self.state.regex_groups.clear();
        }
        for spans in spans {
            keep_groups(&mut self.state.regex_groups, spans.iter().copied(), matches.subject.as_bytes());
            body(self);
        }
        true
    }

    /// `\N`: the text of group `index` of the last match; none if it took
    /// no part or there is none.
    pub fn group_text(&self, index: u8) -> Option<String> {
        self.state.regex_groups.get(usize::from(index))?.as_ref().map(|(_, text)| text.clone())
    }

    /// `\-N`: where group `index` of the last match starts.
    pub fn group_start(&self, index: u8) -> Option<i64> {
        self.state.regex_groups.get(usize::from(index))?.as_ref().map(|(start, _)| *start as i64)
    }
}

/// The matches of `regex` in `text`, in order, each as the places of its
/// groups; after a match with nothing in it, the next is looked for a byte
/// on (as C++'s `regex_iterator` does).
fn for_each_match_in(regex: &Regex, text: &[u8], mut each: impl FnMut(&CaptureLocations)) {
    let mut locations = regex.capture_locations();
    let mut start = 0;
    while start <= text.len() {
        let Some(whole) = regex.captures_read_at(&mut locations, text, start) else { break };
        start = if whole.is_empty() { whole.end() + 1 } else { whole.end() };
        each(&locations);
    }
}

/// Where each group of a match starts and ends; none for a group that took
/// no part.
type Spans = Vec<Option<(usize, usize)>>;

/// The places of the groups a match found.
fn spans_of(locations: &CaptureLocations) -> impl ExactSizeIterator<Item = Option<(usize, usize)>> + '_ {
    (0..locations.len()).map(|index| locations.get(index))
}

/// Keeps the groups of a match in `text` (where each starts and its text)
/// in `groups`, reusing the strings of the last match's: a loop over
/// matches allocates nothing once its groups have grown.
fn keep_groups(
    groups: &mut Vec<Option<(usize, String)>>,
    spans: impl ExactSizeIterator<Item = Option<(usize, usize)>>,
    text: &[u8],
) {
    groups.resize_with(spans.len(), || None);
    for (group, span) in groups.iter_mut().zip(spans) {
        let Some((start, end)) = span else {
            *group = None;
            continue;
        };
        let (kept_start, kept) = group.get_or_insert_with(|| (start, String::new()));
        *kept_start = start;
        kept.clear();
        kept.push_str(&String::from_utf8_lossy(&text[start..end]));
    }
}

/// The matches of a regular expression in a string the query spells out
/// (`while ("RBNQ" ~~ ".")`), found at first use: they are the same at
/// every position.
pub struct ConstantMatches {
    pattern: &'static Pattern,
    subject: &'static str,
    spans: OnceLock<Vec<Spans>>,
}

impl ConstantMatches {
    /// The matches of `pattern` in `subject`.
    pub const fn new(pattern: &'static Pattern, subject: &'static str) -> ConstantMatches {
        ConstantMatches { pattern, subject, spans: OnceLock::new() }
    }

    /// Each match, as the places of its groups.
    fn spans(&self) -> &[Spans] {
        self.spans.get_or_init(|| {
            let mut all = Vec::new();
            for_each_match_in(self.pattern.regex(), self.subject.as_bytes(), |locations| {
                all.push(spans_of(locations).collect());
            });
            all
        })
    }
}

/// The files `writefile` has written in this run: the first write to each
/// empties it, the later ones add to it.
static WRITTEN_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether `name` ends with one of `extensions`, as CQL 6.2 wants the names
/// of the files a query reads and writes to.
fn has_extension(name: &str, extensions: &[&str]) -> bool {
    Path::new(name).extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
}

/// `readfile F`: the text of the file F (`.pgn`, `.cql` or `.cqo`), read
/// each time; none if it cannot be read.
pub fn read_file(name: Option<String>) -> Option<String> {
    let name = name?;
    if !has_extension(&name, &["pgn", "cql", "cqo"]) {
        return None;
    }
    std::fs::read(&name).ok().map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// `writefile (F C)`: writes C to the file F (`.cql` or `.cqo`), emptying it
/// at the first write of the run and adding to it after; matches if C has
/// a value and the file could be written.
pub fn write_file(name: Option<String>, text: Option<String>) -> bool {
    let (Some(name), Some(text)) = (name, text) else { return false };
    if !has_extension(&name, &["cql", "cqo"]) {
        return false;
    }
    let path = PathBuf::from(&name);
    let mut written = WRITTEN_FILES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let first = !written.contains(&path);
    let file = std::fs::OpenOptions::new().create(true).write(true).append(!first).truncate(first).open(&path);
    let Ok(mut file) = file else { return false };
    if first {
        written.push(path);
    }
    file.write_all(text.as_bytes()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{game::Game, settings::EvalSettings, state::GameState, tree::NodeId};

    const X: Var = Var(0);

    #[test]
    fn a_string_made_already_is_assigned_as_a_new_one_is() {
        let (game, settings, mut state) = (Game::default(), EvalSettings::default(), GameState::default());
        let mut at = Cursor::new(&game, NodeId::ROOT, &settings, &mut state);
        // Over a number, over a longer string, and nothing assigned without a value.
        at.assign(X, Value::Number(3));
        assert!(at.assign_str(X, Some("Réti")));
        assert_eq!(at.string_of(X).as_deref(), Some("Réti"));
        assert!(!at.assign_str(X, None));
        assert_eq!(at.string_of(X).as_deref(), Some("Réti"));
        at.state.regex_groups = vec![Some((0, "RB".to_owned())), None];
        assert!(at.assign_group_text(X, 0));
        assert_eq!(at.string_of(X).as_deref(), Some("RB"));
        // A group that took no part, or is not there, assigns nothing; the groups stay.
        assert!(!at.assign_group_text(X, 1) && !at.assign_group_text(X, 2));
        assert_eq!((at.string_of(X).as_deref(), at.group_text(0).as_deref()), (Some("RB"), Some("RB")));
    }
}
