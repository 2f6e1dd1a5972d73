//! Command-line options shared by the benchmarks.

/// `--sizes 1000,10000 --runs 5` (and the `--bench` flag `cargo bench` passes).
#[derive(clap::Args, Debug)]
pub struct Common {
    /// Table (and array) sizes, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub sizes: Option<Vec<u32>>,
    /// Runs per measurement.
    #[arg(long)]
    pub runs: Option<usize>,
    #[arg(long, hide = true)]
    bench: bool,
}
