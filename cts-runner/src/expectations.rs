//! Known failures: one query per line, an optional `# reason` after it, `#` lines are
//! comments. A known failure that passes fails the run, so the file stays honest.

use std::path::Path;

use crate::query::Query;

pub struct Expectations(Vec<(Query, String)>);

impl Expectations {
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Self(Vec::new())),
            Err(e) => return Err(e.to_string()),
        };
        Self::parse(&text)
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let (query, reason) = line.split_once('#').unwrap_or((line, ""));
            if query.trim().is_empty() {
                continue;
            }
            let query = Query::parse(query).map_err(|e| format!("line {}: {e}", n + 1))?;
            entries.push((query, reason.trim().to_string()));
        }
        Ok(Self(entries))
    }

    /// The reason `case` is expected to fail, if it is.
    pub fn expected_failure(&self, case: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(q, _)| q.matches(case))
            .map(|(_, reason)| reason.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Expectations;

    #[test]
    fn lines_name_queries_and_reasons() {
        let e = Expectations::parse(
            "# known failures\n\nbindless,shader,*  # no HLSL here\nbindless,api,validation,x:y:z=1\n",
        )
        .unwrap();
        assert_eq!(
            e.expected_failure("bindless,shader,execution,a:b:"),
            Some("no HLSL here")
        );
        assert_eq!(e.expected_failure("bindless,api,validation,x:y:z=1"), Some(""));
        assert_eq!(e.expected_failure("bindless,api,validation,x:y:z=2"), None);
        assert_eq!(
            Expectations::parse("bindless,api*").err().as_deref(),
            Some("line 1: 'bindless,api*': '*' must follow ',', ':' or ';' (a whole path component)")
        );
    }
}
