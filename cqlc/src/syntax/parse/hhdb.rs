//! `hhdb KEY`: the fields of the Harold van der Heijden database of
//! endgame studies, as CQL 6.2 reads them. Most keys are CQL text that CQL
//! 6.2 parses in their place (`hhdb TT` is `"TT" in player black`), and so
//! does cqlc; the award keys (`hhdb prize`, `hhdb hm max`, ...) read the
//! `[Event]` tag.

use std::rc::Rc;

use super::{Parsed, Parser};
use crate::{
    diagnostic::Diagnostic,
    syntax::{
        ast::{AwardKind, FilterKind, GameField},
        error::SyntaxError,
        lex::{self, TokenKind},
    },
};

/// The keys that name a mark in the `[Black]` tag, and their long names.
const BLACK_FIELD_KEYS: [(&str, &str); 17] = [
    ("(c)", "correction"),
    ("(m)", "modification"),
    ("(s)", "corrected_solution"),
    ("(v)", "version"),
    ("AN", "anticipation"),
    ("CR", "colors_reversed"),
    ("MC", "too_many_composers"),
    ("PH", "posthumous"),
    ("TE", "theoretical_ending"),
    ("TT", "theme_tournament"),
    ("TT", "theme_tourney"),
    ("TW", "twin"),
    ("U1", "dual_at_move_1"),
    ("U2", "dual_after_move_1"),
    ("U3", "white_fails"),
    ("U4", "white_wins_in_draw"),
    ("U5", "unreachable"),
];

/// The GBR code in the `[Black]` tag, as CQL 6.2 matches it.
const GBR: &str = r#"player black ~~ "[+-=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]""#;

/// The CQL text a key other than an award stands for (CQL 6.2's own).
fn expansion(key: &str) -> Option<String> {
    if let Some((mark, _)) = BLACK_FIELD_KEYS.iter().find(|(mark, long)| *mark == key || *long == key) {
        return Some(format!("\"{mark}\" in player black"));
    }
    let text = match key {
        "<cook>" => r#"originalcomment "<cook" or false"#,
        "<minor_dual>" => r#"originalcomment "<minor_dual" or false"#,
        "<eg>" => r#"originalcomment "<eg>""#,
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

/// The words of the award keys.
const AWARD_WORDS: [&str; 7] = ["award", "prize", "hm", "commendation", "max", "special", "sort"];

impl Parser<'_> {
    /// `hhdb KEY`, after `hhdb` (at `start`).
    pub(super) fn hhdb(&mut self, start: usize) -> Parsed<FilterKind> {
        let key = match self.peek_kind() {
            Some(TokenKind::Word(word)) if AWARD_WORDS.contains(&word.as_str()) => return self.award(start),
            Some(TokenKind::Word(word)) => word.clone(),
            Some(TokenKind::Str(key)) if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => key.clone(),
            _ => return Err(Diagnostic::new(self.here(), SyntaxError::HhdbKey { key: None })),
        };
        let span = self.here();
        self.next();
        // `hhdb gbr material` is the key `gbrmaterial`.
        let key = match (key.as_str(), self.peek_kind()) {
            ("gbr", Some(TokenKind::Word(part)))
                if ["material", "pieces", "pawns", "kings"].contains(&part.as_str()) =>
            {
                let key = format!("gbr{part}");
                self.next();
                key
            }
            _ => key,
        };
        let Some(text) = expansion(&key) else {
            return Err(Diagnostic::new(span, SyntaxError::HhdbKey { key: Some(key) }));
        };
        let mut tokens = lex::tokenize(&format!("notransform {text}"))?;
        for token in &mut tokens {
            token.span = span.clone();
        }
        let mut expanded = Parser::new(self.source, tokens, self.functions.clone(), self.depth);
        expanded.variable_kinds = Rc::clone(&self.variable_kinds);
        let filter = expanded.filter()?;
        self.search_after(start, filter.kind)
    }

    /// `hhdb [award|prize|hm|commendation] [max] [special]`, any order.
    fn award(&mut self, start: usize) -> Parsed<FilterKind> {
        let (mut kind, mut max, mut special) = (None, false, false);
        while let Some(TokenKind::Word(word)) = self.peek_kind() {
            let word = word.clone();
            let repeated = match word.as_str() {
                "award" | "prize" | "hm" | "commendation" => kind.replace(word.clone()).is_some(),
                "max" => std::mem::replace(&mut max, true),
                "special" => std::mem::replace(&mut special, true),
                "sort" => {
                    return Err(Diagnostic::new(
                        self.here(),
                        SyntaxError::Unsupported { word: "hhdb sort".to_owned() },
                    ));
                }
                _ => break,
            };
            if repeated {
                return Err(Diagnostic::new(self.span_from(start), SyntaxError::HhdbKey { key: Some(word) }));
            }
            self.next();
        }
        let kind = match kind.as_deref() {
            Some("prize") => AwardKind::Prize,
            Some("hm") => AwardKind::HonourableMention,
            Some("commendation") => AwardKind::Commendation,
            _ => AwardKind::Any,
        };
        Ok(FilterKind::GameData(GameField::Award { kind, max, special }))
    }
}
