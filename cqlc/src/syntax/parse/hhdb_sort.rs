//! `hhdb sort KIND [special]`: the CQL text CQL 6.2 parses in its place
//! (its `hhdbaward-sort.cpp`), which sorts the studies with an award of the
//! kind by three quiet sorts, smallest first: the category (a prize 1, a
//! special prize 2, an honourable mention 3, ..., a special commendation
//! 6), the rank, and the number of awards of the rank.

use crate::syntax::ast::AwardKind;

/// The CQL text of `hhdb sort KIND`, or of `hhdb sort KIND special`.
pub(super) fn award_sort_text(kind: AwardKind, special: bool) -> String {
    // (The key of the kind, the category of an award of it that is not
    // special; a special one's is the next.)
    let (key, category) = match kind {
        _ if special => return format!("hhdb special and ({})", award_sort_text(kind, false)),
        AwardKind::Any => {
            let kinds = [AwardKind::Prize, AwardKind::HonourableMention, AwardKind::Commendation];
            return kinds.map(|kind| award_sort_text(kind, false)).join(" or ");
        }
        AwardKind::Prize => ("prize", 1),
        AwardKind::HonourableMention => ("hm", 3),
        AwardKind::Commendation => ("commendation", 5),
    };
    format!(
        "{{
            hhdb {key}
            if (hhdb special) then {{
                cql_category = {category} + 1
                cql_truerank = hhdb special {key}
                cql_maxrank = hhdb special {key} max
            }} else {{
                cql_category = {category}
                cql_truerank = hhdb {key}
                cql_maxrank = hhdb {key} max
            }}
            sort quiet min \"cql_category\" cql_category
            sort quiet min \"cql_truerank\" cql_truerank
            sort quiet min \"cql_maxrank\" cql_maxrank
            true
        }}"
    )
}

#[cfg(test)]
mod tests {
    use super::{AwardKind, award_sort_text};

    #[test]
    fn each_kind_of_award_has_its_category() {
        let prize = award_sort_text(AwardKind::Prize, false);
        assert!(prize.contains("cql_category = 1 + 1") && prize.contains("hhdb special prize max"));
        let award = award_sort_text(AwardKind::Any, true);
        assert!(award.starts_with("hhdb special and ({"));
        assert_eq!(award.matches("sort quiet min \"cql_category\"").count(), 3);
        assert!(award.contains("cql_category = 5\n"));
    }
}
