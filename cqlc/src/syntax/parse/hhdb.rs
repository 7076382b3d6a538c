//! `hhdb KEY`: the fields of the Harold van der Heijden database of
//! endgame studies, as CQL 6.2 reads them. Most keys are CQL text that CQL
//! 6.2 parses in their place (`hhdb TT` is `"TT" in player black`, `hhdb
//! mainline` a `find` with `cql_assertvariations`), and so does cqlc; the
//! award keys (`hhdb prize`, `hhdb hm max`, ...) read the `[Event]` tag
//! (`hhdb sort prize` is CQL text again, in `hhdb_sort.rs`);
//! `hhdb cooked` is `cql_hhdbhascook`.

use std::rc::Rc;

use cql_vocabulary::{HHDB_AWARD_KEYS, HHDB_GBR_PARTS, HHDB_LONG_NAMES, HHDB_MARKS, hhdb_key_is_quoted};

use super::{Parsed, Parser, hhdb_sort};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{AwardKind, Filter, FilterKind, GameField, Span},
        error::{Expected, SyntaxError},
        lex::{self, TokenKind},
    },
};

/// The GBR code in the `[Black]` tag, as CQL 6.2 matches it.
const GBR: &str = r#"player black ~~ "[+-=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]""#;

/// The composers: those the first comment names up to its first period if
/// the `[Black]` tag says MC (too many composers for the `[White]` tag),
/// else the `[White]` tag without a last ` NN`; kept in a variable.
const COMPOSER: &str = r#"{if isunbound CQL_composer_string
    CQL_composer_string =
        if player black "MC"
            position 0: {originalcomment ~~ "^([^.]+)\." \1}
        else {
            if player white[-3:]==" NN"
                player white [:-3]
            else player white
        }
    CQL_composer_string}"#;

/// The event, the `[White]` and `[Black]` tags and the first comment, a
/// line each.
const SEARCH: &str = r#"event + \n + tag "White" + \n + tag "Black"
    + if (position 0: originalcomment) \n + position 0:originalcomment else """#;

/// The part of CQL 6.2's message for the keys about variations after
/// `'hhdb KEY'`.
const NEEDS_VARIATIONS: &str =
    "can only be used when 'variations' is set in the CQL header (or run with 'cql -variations...')";

/// The CQL text a key other than an award stands for (CQL 6.2's own).
fn expansion(key: &str) -> Option<String> {
    let key = HHDB_LONG_NAMES.iter().find(|(long, _)| *long == key).map_or(key, |(_, mark)| mark);
    if HHDB_MARKS.contains(&key) {
        return Some(format!("\"{key}\" in player black"));
    }
    let about_variations = |text: &str| {
        // CQL 6.2's message for <main> lacks the dots the others have.
        let message = NEEDS_VARIATIONS.replace("...", if key == "<main>" { "" } else { "..." });
        format!("cql_assertvariations \"'hhdb {key}' {message}\" and {text}")
    };
    let text = match key {
        "<cook>" => r#"originalcomment "<cook" or false"#,
        "<minor_dual>" => r#"originalcomment "<minor_dual" or false"#,
        "<eg>" => r#"originalcomment "<eg>""#,
        "<main>" => return Some(about_variations(r#"originalcomment "<main>""#)),
        "<or>" => return Some(about_variations(r#"originalcomment "<or>""#)),
        "mainline" => {
            return Some(about_variations(
                r#"not find quiet <-- move previous secondary and not originalcomment "<main>""#,
            ));
        }
        "variation" => {
            return Some(about_variations(
                r#"find quiet <-- move previous secondary and not originalcomment "<main>""#,
            ));
        }
        "composer" => COMPOSER,
        "cooked" => "cql_hhdbhascook",
        "sound" => r#"not {hhdb cooked and player black ~~ "U[12]" or player black ~~ "U[345]"}"#,
        "unsound" => r#"hhdb cooked or player black ~~ "U[1-5]""#,
        "search" => SEARCH,
        "diagram" => r##"{event ~~ "#([^ ]+)" \1}"##,
        "dual" => r#"player black ~~ "U[12]" or false"#,
        "egdiagram" => r#"position 0 : {originalcomment ~~ "EG#(\d+)" int \1}"#,
        "firstcomment" => "position 0 : originalcomment",
        "stipulation" => r#"{position 0 : originalcomment ~~ "stipulation: ([^.]+)\." \1}"#,
        "gbr" => return Some(GBR.to_owned()),
        "gbrmaterial" => return Some(format!("({GBR})[1:-4]")),
        "gbrpieces" => return Some(format!("({GBR})[1:5]")),
        "gbrpawns" => return Some(format!("({GBR})[6:8]")),
        "gbrkings" => return Some(format!("({GBR})[-4:]")),
        _ => return None,
    };
    Some(text.to_owned())
}

/// The keys whose value is a string, which a quoted text after them
/// searches (`hhdb composer "Kasparyan"`).
const STRING_KEYS: [&str; 10] = [
    "composer",
    "search",
    "diagram",
    "firstcomment",
    "stipulation",
    "gbr",
    "gbrmaterial",
    "gbrpieces",
    "gbrpawns",
    "gbrkings",
];

impl Parser<'_> {
    /// `hhdb KEY`, after `hhdb` (at `start`).
    pub(super) fn hhdb(&mut self, start: usize) -> Parsed<FilterKind> {
        let key = match self.peek_kind() {
            Some(TokenKind::Word(word)) if HHDB_AWARD_KEYS.contains(&word.as_str()) => return self.award(start),
            Some(TokenKind::Word(word)) => word.clone(),
            Some(TokenKind::Str(key)) if hhdb_key_is_quoted(key) => key.clone(),
            _ => return Err(Diagnostic::new(self.here(), SyntaxError::HhdbKey { key: None })),
        };
        let span = self.here();
        self.next();
        // `hhdb gbr material` is the key `gbrmaterial`.
        let key = match (key.as_str(), self.peek_kind()) {
            ("gbr", Some(TokenKind::Word(part))) if HHDB_GBR_PARTS.contains(&part.as_str()) => {
                let key = format!("gbr{part}");
                self.next();
                key
            }
            _ => key,
        };
        if key == "source" {
            return Err(Diagnostic::new(span, SyntaxError::HhdbSource));
        }
        let Some(text) = expansion(&key) else {
            return Err(Diagnostic::new(span, SyntaxError::HhdbKey { key: Some(key) }));
        };
        let filter = self.expanded(&format!("notransform {text}"), &span)?;
        if STRING_KEYS.contains(&key.as_str()) { self.search_after(start, filter.kind) } else { Ok(filter.kind) }
    }

    /// The filter CQL text `text` is, each of its tokens at `span`.
    fn expanded(&self, text: &str, span: &Span) -> Parsed<Filter> {
        let mut tokens = lex::tokenize(text)?;
        for token in &mut tokens {
            token.span = span.clone();
        }
        let mut expanded = Parser::new(self.source, tokens, self.functions.clone(), self.depth);
        expanded.variable_kinds = Rc::clone(&self.variable_kinds);
        expanded.warnings = Rc::clone(&self.warnings);
        expanded.filter()
    }

    /// `hhdb [award|prize|hm|commendation] [max] [special] [sort]`, any
    /// order, each once (`sort` not last, not with `max`); with `sort`, CQL
    /// 6.2's text for it ([`hhdb_sort`]).
    fn award(&mut self, start: usize) -> Parsed<FilterKind> {
        let (mut kind, mut max, mut special, mut sort) = (None, false, false, false);
        let mut last = String::new();
        while let Some(TokenKind::Word(word)) = self.peek_kind() {
            let word = word.clone();
            let repeated = match word.as_str() {
                "award" | "prize" | "hm" | "commendation" => kind.replace(word.clone()).is_some(),
                "max" => std::mem::replace(&mut max, true),
                "special" => std::mem::replace(&mut special, true),
                "sort" => std::mem::replace(&mut sort, true),
                _ => break,
            };
            if repeated {
                return Err(Diagnostic::new(self.span_from(start), SyntaxError::HhdbKey { key: Some(word) }));
            }
            self.next();
            last = word;
        }
        let span = self.span_from(start);
        let award = match kind.as_deref() {
            Some("prize") => AwardKind::Prize,
            Some("hm") => AwardKind::HonourableMention,
            Some("commendation") => AwardKind::Commendation,
            _ => AwardKind::Any,
        };
        if sort {
            let problem = if last == "sort" {
                SyntaxError::HhdbSortLast
            } else if kind.is_none() && !special {
                SyntaxError::HhdbSortWithoutKind
            } else if max {
                SyntaxError::HhdbSortWithMax
            } else {
                // CQL 6.2's CQL text for it, `award` if no kind is given.
                return Ok(self.expanded(&hhdb_sort::award_sort_text(award, special), &span)?.kind);
            };
            return Err(Diagnostic::new(span, problem));
        }
        Ok(FilterKind::GameData(GameField::Award { kind: award, max, special }))
    }

    /// `cql_assertvariations "message"`, after its keyword.
    pub(super) fn assert_variations(&mut self) -> Parsed<FilterKind> {
        match self.peek_kind() {
            Some(TokenKind::Str(message)) if !message.is_empty() => {
                let message = message.clone();
                self.next();
                Ok(FilterKind::AssertVariations(message))
            }
            _ => Err(self.unexpected(Expected::VariationsMessage)),
        }
    }
}
