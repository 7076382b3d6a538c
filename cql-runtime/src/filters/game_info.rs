//! The filters about the game's tags: `year` and `result`.

use crate::cursor::Cursor;

impl Cursor<'_> {
    /// `year`: the year of the game's `[Date]` tag, if it has one.
    pub fn year(&self) -> Option<i64> {
        let date = self.game().tag("Date")?;
        let digits = date.get(..4)?;
        std::str::from_utf8(digits).ok()?.parse().ok()
    }

    /// `result R`: whether the game ended `result` ([`crate::Game::result`]:
    /// by its termination marker, as CQL 6.2 reads it, not its tag).
    pub fn result_is(&self, result: &str) -> bool {
        self.game().result().as_str() == result
    }
}
