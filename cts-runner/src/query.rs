//! CTS-style query paths: `suite,path,...:test:param=value;param=value`.
//!
//! A case's full name is `bindless,api,validation,resource_table,update:slot_in_use:slot=3`.
//! A query selects cases the way the WebGPU CTS does: it names a prefix that ends at a
//! component boundary, followed by `*` (everything under it) or nothing (exactly that node):
//!
//! - `bindless,*` — the whole suite;
//! - `bindless,api,validation,*` — every file under that directory;
//! - `bindless,api,validation,resource_table,update:*` — every test of a file;
//! - `bindless,api,validation,resource_table,update:slot_in_use:*` — every case of a test;
//! - `bindless,api,validation,resource_table,update:slot_in_use:slot=3` — one case.

use std::fmt;

/// A parsed query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// The text before the wildcard (or the whole query without one).
    prefix: String,
    wildcard: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub struct QueryError(pub String);

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Query {
    pub fn parse(text: &str) -> Result<Self, QueryError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(QueryError("empty query (try 'bindless,*')".into()));
        }
        let (prefix, wildcard) = match text.strip_suffix('*') {
            Some(prefix) => (prefix, true),
            None => (text, false),
        };
        if prefix.contains('*') {
            return Err(QueryError(format!("'{text}': '*' may only end a query")));
        }
        if wildcard && !prefix.is_empty() && !prefix.ends_with([',', ':', ';']) {
            return Err(QueryError(format!(
                "'{text}': '*' must follow ',', ':' or ';' (a whole path component)"
            )));
        }
        if prefix.matches(':').count() > 2 {
            return Err(QueryError(format!("'{text}': at most file:test:params")));
        }
        Ok(Self {
            prefix: prefix.to_string(),
            wildcard,
        })
    }

    /// Whether the case named `name` is selected.
    pub fn matches(&self, name: &str) -> bool {
        if self.wildcard {
            name.starts_with(&self.prefix)
        } else {
            name == self.prefix
        }
    }
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.prefix, if self.wildcard { "*" } else { "" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CASE: &str = "bindless,api,validation,resource_table,update:slot_range:slot=3";

    #[test]
    fn wildcards_select_whole_components() {
        for q in [
            "bindless,*",
            "bindless,api,*",
            "bindless,api,validation,resource_table,update:*",
            "bindless,api,validation,resource_table,update:slot_range:*",
            CASE,
        ] {
            assert!(Query::parse(q).unwrap().matches(CASE), "{q}");
        }
        for q in [
            "bindless,shader,*",
            "bindless,api,validation,resource_table,update:slot_in_use:*",
            "bindless,api,validation,resource_table,update:slot_range:slot=4",
        ] {
            assert!(!Query::parse(q).unwrap().matches(CASE), "{q}");
        }
    }

    #[test]
    fn malformed_queries_are_refused_with_the_reason() {
        assert_eq!(
            Query::parse("bindless,api*"),
            Err(QueryError(
                "'bindless,api*': '*' must follow ',', ':' or ';' (a whole path component)".into()
            ))
        );
        assert_eq!(
            Query::parse("bindless,*,api"),
            Err(QueryError("'bindless,*,api': '*' may only end a query".into()))
        );
        assert_eq!(
            Query::parse(" "),
            Err(QueryError("empty query (try 'bindless,*')".into()))
        );
        assert_eq!(
            Query::parse("a:b:c:d"),
            Err(QueryError("'a:b:c:d': at most file:test:params".into()))
        );
    }
}
