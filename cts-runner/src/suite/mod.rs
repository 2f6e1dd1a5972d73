//! The suite: tests described declaratively (file path, name, parameter grid, backend, the
//! proposal sentence they check) and expanded into cases.

mod api;
mod shader;
mod standard;

use std::fmt;

/// A parameter value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    U32(u32),
    Str(&'static str),
    Bool(bool),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::U32(v) => write!(f, "{v}"),
            Value::Str(v) => f.write_str(v),
            Value::Bool(v) => write!(f, "{v}"),
        }
    }
}

/// One case's parameters.
#[derive(Clone, Debug, Default)]
pub struct Params(Vec<(&'static str, Value)>);

impl Params {
    fn get(&self, key: &str) -> Value {
        self.0
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
            .unwrap_or_else(|| panic!("the test has no parameter {key:?}"))
    }

    pub fn u32(&self, key: &str) -> u32 {
        match self.get(key) {
            Value::U32(v) => v,
            other => panic!("parameter {key:?} is {other:?}, not a number"),
        }
    }

    pub fn str(&self, key: &str) -> &'static str {
        match self.get(key) {
            Value::Str(v) => v,
            other => panic!("parameter {key:?} is {other:?}, not a string"),
        }
    }

    pub fn bool(&self, key: &str) -> bool {
        match self.get(key) {
            Value::Bool(v) => v,
            other => panic!("parameter {key:?} is {other:?}, not a bool"),
        }
    }

    fn name(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(";")
    }
}

/// Where a test runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// wgpu's noop backend: wgpu-core's validation without a GPU.
    Noop,
    /// Vulkan with the validation layer on; any validation message fails the case.
    Vulkan,
}

/// A case's verdict before expectations are applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// Why a case did not pass: a failure, or a combination the case cannot run (reported as
/// a skip with the reason).
#[derive(Debug)]
pub enum NotPassed {
    Fail(String),
    Skip(&'static str),
}

impl From<String> for NotPassed {
    fn from(message: String) -> Self {
        Self::Fail(message)
    }
}

pub type CaseResult = Result<(), NotPassed>;

/// A test: a function run once per combination of its parameters.
pub struct Test {
    /// Directory-like path of the file, e.g. `api,validation,resource_table,update`.
    pub file: &'static str,
    pub name: &'static str,
    pub backend: Backend,
    /// The parameter grid (cartesian product, in this order).
    pub params: Vec<(&'static str, Vec<Value>)>,
    /// The sentence of the proposal the test checks (see docs/src/conformance.md).
    pub spec: &'static str,
    pub run: fn(&Params) -> CaseResult,
}

/// One case of a test.
pub struct Case<'a> {
    pub name: String,
    pub test: &'a Test,
    pub params: Params,
}

impl Case<'_> {
    /// Where the case runs: its `backend` parameter if it has one, else its test's.
    pub fn backend(&self) -> Backend {
        match self.params.0.iter().find(|(k, _)| *k == "backend") {
            Some((_, Value::Str("vulkan"))) => Backend::Vulkan,
            Some(_) => Backend::Noop,
            None => self.test.backend,
        }
    }
}

impl Test {
    /// The CTS-style name of the test's node (`bindless,<file>:<name>:`).
    pub fn node(&self) -> String {
        format!("bindless,{}:{}:", self.file, self.name)
    }

    pub fn cases(&self) -> Vec<Case<'_>> {
        let mut grid = vec![Params::default()];
        for (key, values) in &self.params {
            grid = grid
                .into_iter()
                .flat_map(|p| {
                    values.iter().map(move |v| {
                        let mut p = p.clone();
                        p.0.push((key, *v));
                        p
                    })
                })
                .collect();
        }
        grid.into_iter()
            .map(|params| Case {
                name: format!("{}{}", self.node(), params.name()),
                test: self,
                params,
            })
            .collect()
    }
}

/// Every test of the suite.
pub fn all() -> Vec<Test> {
    let mut tests = api::tests();
    tests.extend(shader::tests());
    tests.extend(standard::tests());
    tests
}

/// `Ok(())` if `condition`, else the failure `message`.
pub fn ensure(condition: bool, message: impl FnOnce() -> String) -> CaseResult {
    if condition {
        Ok(())
    } else {
        Err(NotPassed::Fail(message()))
    }
}

/// Strings for `Value::Str` grids.
pub fn strs(values: &[&'static str]) -> Vec<Value> {
    values.iter().map(|v| Value::Str(v)).collect()
}

pub fn nums(values: &[u32]) -> Vec<Value> {
    values.iter().map(|v| Value::U32(*v)).collect()
}

pub fn bools() -> Vec<Value> {
    vec![Value::Bool(false), Value::Bool(true)]
}

/// Checks that `error` is a validation error whose source chain holds an `E` accepted by
/// `accept`; `what` names the expected error in the failure message.
pub fn expect_error<E: std::error::Error + 'static>(
    error: Option<wgpu::Error>,
    what: &str,
    accept: impl FnOnce(&E) -> bool,
) -> CaseResult {
    let Some(error) = error else {
        return Err(format!("expected {what}, got no error").into());
    };
    match hal_ext::harness::find_source::<E>(&error) {
        Some(e) if accept(e) => Ok(()),
        Some(e) => Err(format!("expected {what}, got {e:?}").into()),
        None => Err(format!("expected {what}, got {error}").into()),
    }
}

/// Checks that `error` is `None`.
pub fn expect_no_error(error: Option<wgpu::Error>) -> CaseResult {
    match error {
        None => Ok(()),
        Some(e) => Err(format!("expected no error, got {e}").into()),
    }
}

/// The Markdown table of proposal sentences and the tests that check them, with their case
/// counts (kept in docs/src/conformance.md; a test checks it is current).
pub fn coverage_table(tests: &[Test]) -> String {
    let mut out = String::from("| Proposal sentence | Test | Cases |\n| --- | --- | ---: |\n");
    for t in tests {
        out += &format!(
            "| {} | `{}*` | {} |\n",
            t.spec.replace('|', "\\|"),
            t.node(),
            t.cases().len()
        );
    }
    out
}
