//! Wording the parts' judges share: a reported text quoted no longer than a part
//! allows, and a panic the probe caught in one call or item of the student's code
//! (the probe's `wire::caught`), worded as the grader words a panic anywhere.

use serde_json::Value;

/// `text`, cut to `most` characters (an ellipsis marks the cut).
pub(crate) fn cut_to(text: String, most: usize) -> String {
    if text.chars().count() <= most {
        return text;
    }
    let mut shortened: String = text.chars().take(most).collect();
    shortened.push('…');
    shortened
}

/// A panic the probe caught on one item or call: whether it is a `todo!()` is a
/// value the judges match on, its message keys a mistake, and its words are the
/// grader's for a panic anywhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Panic {
    /// Whether the code met a `todo!()`: a stub not written yet.
    pub stub: bool,
    /// The panic's own message.
    pub message: String,
    /// `not implemented: …` for a stub, `panicked at src/…:LINE: message` otherwise,
    /// cut as the judge quotes.
    words: String,
}

impl Panic {
    /// The panic `item` reports (`{"panic": message, "location": "file:line"}`), if
    /// it reports one, its words cut to `most` characters. A place in the probe's
    /// own code is not shown.
    pub(crate) fn of(item: &Value, most: usize) -> Option<Panic> {
        let message = item.get("panic")?;
        let message = message.as_str().unwrap_or("a panic");
        let location = item
            .get("location")
            .and_then(Value::as_str)
            .map(|l| l.strip_prefix("submission/").unwrap_or(l))
            .filter(|l| !l.starts_with("probe/") && !l.contains("(grader probe)"));
        let todo = message.strip_prefix("not yet implemented");
        let words = match (todo, location) {
            (Some(what), _) => format!("not implemented{what}"),
            (None, Some(place)) => format!("panicked at {place}: {message}"),
            (None, None) => format!("panicked: {message}"),
        };
        Some(Panic {
            stub: todo.is_some(),
            message: message.to_owned(),
            words: cut_to(words, most),
        })
    }
}

impl std::fmt::Display for Panic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}
