//! Per-case results and the JUnit XML / JSON reports.

use std::time::Duration;

use quick_xml::escape::escape;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Pass,
    Fail(String),
    Skip(String),
    /// Failed, as the expectations file says it does.
    ExpectedFail(String),
    /// Listed as a known failure, but passed.
    UnexpectedPass(String),
}

pub struct CaseReport {
    pub name: String,
    pub spec: &'static str,
    pub status: Status,
    pub duration: Duration,
}

impl CaseReport {
    pub fn print(&self, quiet: bool) {
        match &self.status {
            Status::Pass if quiet => {}
            Status::Pass => println!("PASS {}", self.name),
            Status::Fail(m) => println!("FAIL {}: {m}", self.name),
            Status::Skip(r) => println!("SKIP {}: {r}", self.name),
            Status::ExpectedFail(m) => println!("XFAIL {}: {m}", self.name),
            Status::UnexpectedPass(r) => {
                println!("UNEXPECTED PASS {}: listed as a known failure ({r})", self.name)
            }
        }
    }

    fn status_name(&self) -> &'static str {
        match self.status {
            Status::Pass => "pass",
            Status::Fail(_) => "fail",
            Status::Skip(_) => "skip",
            Status::ExpectedFail(_) => "expected_fail",
            Status::UnexpectedPass(_) => "unexpected_pass",
        }
    }

    fn message(&self) -> Option<&str> {
        match &self.status {
            Status::Pass => None,
            Status::Fail(m) | Status::Skip(m) | Status::ExpectedFail(m) | Status::UnexpectedPass(m) => Some(m),
        }
    }
}

#[derive(Default, Serialize)]
pub struct Summary {
    pub passed: usize,
    /// Unexpected failures.
    pub failed: usize,
    pub skipped: usize,
    pub expected_failures: usize,
    pub unexpected_passes: usize,
}

impl Summary {
    pub fn of(reports: &[CaseReport]) -> Self {
        let mut s = Self::default();
        for r in reports {
            match r.status {
                Status::Pass => s.passed += 1,
                Status::Fail(_) => s.failed += 1,
                Status::Skip(_) => s.skipped += 1,
                Status::ExpectedFail(_) => s.expected_failures += 1,
                Status::UnexpectedPass(_) => s.unexpected_passes += 1,
            }
        }
        s
    }
}

/// JUnit XML: one `testsuite` per file (`bindless,…` before the first `:`), one `testcase`
/// per case; expected failures are reported as passing, unexpected passes as failures.
pub fn junit(reports: &[CaseReport]) -> String {
    let mut files: Vec<(&str, Vec<&CaseReport>)> = Vec::new();
    for r in reports {
        let file = r.name.split(':').next().unwrap_or(&r.name);
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, cases)) => cases.push(r),
            None => files.push((file, vec![r])),
        }
    }
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"bindless\">\n");
    for (file, cases) in files {
        let failures = cases
            .iter()
            .filter(|r| matches!(r.status, Status::Fail(_) | Status::UnexpectedPass(_)))
            .count();
        let skipped = cases.iter().filter(|r| matches!(r.status, Status::Skip(_))).count();
        let time: f64 = cases.iter().map(|r| r.duration.as_secs_f64()).sum();
        xml += &format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{time:.3}\">\n",
            escape(file),
            cases.len()
        );
        for r in cases {
            let test = r.name.split_once(':').map_or("", |(_, t)| t);
            xml += &format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
                escape(file),
                escape(test),
                r.duration.as_secs_f64()
            );
            match &r.status {
                Status::Pass | Status::ExpectedFail(_) => xml += "/>\n",
                Status::Fail(m) => {
                    xml += &format!(
                        ">\n      <failure message=\"{}\"/>\n    </testcase>\n",
                        escape(m.as_str())
                    )
                }
                Status::UnexpectedPass(m) => {
                    let m = format!("listed as a known failure ({m}) but passed");
                    xml += &format!(
                        ">\n      <failure message=\"{}\"/>\n    </testcase>\n",
                        escape(m.as_str())
                    )
                }
                Status::Skip(m) => {
                    xml += &format!(
                        ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                        escape(m.as_str())
                    )
                }
            }
        }
        xml += "  </testsuite>\n";
    }
    xml + "</testsuites>\n"
}

#[derive(Serialize)]
struct JsonCase<'a> {
    name: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
    duration_ms: f64,
    spec: &'a str,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    queries: &'a [String],
    summary: &'a Summary,
    cases: Vec<JsonCase<'a>>,
}

pub fn json(queries: &[String], summary: &Summary, reports: &[CaseReport]) -> String {
    let report = JsonReport {
        queries,
        summary,
        cases: reports
            .iter()
            .map(|r| JsonCase {
                name: &r.name,
                status: r.status_name(),
                message: r.message(),
                duration_ms: r.duration.as_secs_f64() * 1000.0,
                spec: r.spec,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&report).expect("the report serializes") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(name: &str, status: Status) -> CaseReport {
        CaseReport {
            name: name.into(),
            spec: "a sentence",
            status,
            duration: Duration::from_millis(2),
        }
    }

    #[test]
    fn junit_groups_by_file_and_escapes() {
        let xml = junit(&[
            report("bindless,a:t:x=1", Status::Pass),
            report("bindless,a:t:x=2", Status::Fail("got <none> & \"more\"".into())),
            report("bindless,b:u:", Status::Skip("no GPU".into())),
        ]);
        assert!(
            xml.contains("<testsuite name=\"bindless,a\" tests=\"2\" failures=\"1\" skipped=\"0\""),
            "{xml}"
        );
        assert!(
            xml.contains("<testcase classname=\"bindless,a\" name=\"t:x=2\""),
            "{xml}"
        );
        assert!(
            xml.contains("message=\"got &lt;none&gt; &amp; &quot;more&quot;\""),
            "{xml}"
        );
        assert!(xml.contains("<skipped message=\"no GPU\"/>"), "{xml}");
    }

    #[test]
    fn json_has_summary_and_cases() {
        let reports = [
            report("bindless,a:t:", Status::Pass),
            report("bindless,a:u:", Status::ExpectedFail("known".into())),
        ];
        let summary = Summary::of(&reports);
        let value: serde_json::Value = serde_json::from_str(&json(&["bindless,*".into()], &summary, &reports)).unwrap();
        assert_eq!(value["summary"]["passed"], 1);
        assert_eq!(value["summary"]["expected_failures"], 1);
        assert_eq!(value["cases"][1]["status"], "expected_fail");
        assert_eq!(value["cases"][0].get("message"), None);
    }
}
