//! Long games built in memory: the knights going back and forth, legal in
//! PGN however often the position repeats.

/// A game of `plies` plies, `1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 ...`, as a corpus
/// entry (number, line, text) of [`super::corpus::search`].
pub fn knights(plies: usize) -> (u64, u64, Vec<u8>) {
    const CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"knights\"]\n\n");
    for ply in 0..plies {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(CYCLE[ply % 4]);
        text.push(if ply % 16 == 15 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    (1, 1, text.into_bytes())
}
