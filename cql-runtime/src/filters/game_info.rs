//! The filters about the game's tags: `year` and `result`.

use crate::cursor::Cursor;

impl Cursor<'_> {
    /// `year`: the year of the game's `[Date]` tag, if it has one.
    pub fn year(&self) -> Option<i64> {
        let date = self.game().tag("Date")?;
        let digits = date.get(..4)?;
        std::str::from_utf8(digits).ok()?.parse().ok()
    }

    /// `result R`: whether the game's `[Result]` tag is `result`.
    pub fn result_is(&self, result: &str) -> bool {
        self.game().tag("Result") == Some(result.as_bytes())
    }
}
