//! Matching games as machine-readable records: a JSON object a line
//! ([`json_line`]) or CSV rows, one per matching position ([`csv_rows`],
//! after [`csv_header`]).

use serde_json::{Map, Value, json};

use super::match_report::MatchReport;

/// The columns of the CSV output.
const CSV_COLUMNS: [&str; 9] = ["game", "White", "Black", "Event", "Date", "Result", "ply", "fen", "move"];

/// Game `number`, reported as `report`, as one line of JSON:
/// `{"game": N, "tags": {...}, "start": FEN, "positions": [{"path": [SAN,
/// ...], "ply": N, "fen": FEN, "move": SAN|null}, ...], "comments":
/// [{"path": [...], "text": T}, ...]}`.
pub(super) fn json_line(number: u64, report: &MatchReport) -> Vec<u8> {
    let tags: Map<String, Value> =
        report.tags.iter().map(|(name, value)| (name.clone(), Value::String(value.clone()))).collect();
    let positions: Vec<Value> = report
        .positions
        .iter()
        .map(|position| {
            json!({
                "path": position.path,
                "ply": position.path.len(),
                "fen": position.fen,
                "move": position.path.last(),
            })
        })
        .collect();
    let comments: Vec<Value> =
        report.comments.iter().map(|comment| json!({"path": comment.path, "text": comment.text})).collect();
    let record = json!({
        "game": number,
        "tags": tags,
        "start": report.start,
        "positions": positions,
        "comments": comments,
    });
    let mut line = serde_json::to_vec(&record).expect("a JSON value is written to memory");
    line.push(b'\n');
    line
}

/// The header row of the CSV output.
pub(super) fn csv_header() -> Vec<u8> {
    csv_bytes(|writer| writer.write_record(CSV_COLUMNS))
}

/// Game `number`, reported as `report`, as one CSV row per matching
/// position.
pub(super) fn csv_rows(number: u64, report: &MatchReport) -> Vec<u8> {
    let tag = |name: &str| report.tags.iter().find(|(tag, _)| tag == name).map_or("", |(_, value)| value.as_str());
    let number = number.to_string();
    csv_bytes(|writer| {
        for position in &report.positions {
            let ply = position.path.len().to_string();
            let moved = position.path.last().map_or("", String::as_str);
            writer.write_record([
                number.as_str(),
                tag("White"),
                tag("Black"),
                tag("Event"),
                tag("Date"),
                tag("Result"),
                &ply,
                &position.fen,
                moved,
            ])?;
        }
        Ok(())
    })
}

/// What `write` writes with a CSV writer, as bytes.
fn csv_bytes(write: impl FnOnce(&mut csv::Writer<Vec<u8>>) -> csv::Result<()>) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    write(&mut writer).expect("CSV is written to memory");
    writer.into_inner().expect("CSV is written to memory")
}
