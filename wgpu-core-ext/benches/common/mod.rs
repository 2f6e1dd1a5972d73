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

/// `--backend noop|vulkan`, for the benchmarks of CPU cost.
#[derive(clap::Args, Debug)]
pub struct Backend {
    /// `noop` (wgpu-core's work alone) or `vulkan`.
    #[arg(long, default_value = "noop")]
    pub backend: String,
}

impl Backend {
    #[allow(dead_code)] // Not every benchmark takes a backend.
    pub fn backends(&self) -> wgpu::Backends {
        match self.backend.as_str() {
            "noop" => wgpu::Backends::NOOP,
            "vulkan" => wgpu::Backends::VULKAN,
            other => panic!("unknown backend {other:?}: noop or vulkan"),
        }
    }
}

/// The first adapter of `backends` (noop included), without the validation layer: it walks
/// every descriptor of a big table at each dispatch, and would be what is timed.
pub fn adapter(backends: wgpu::Backends) -> wgpu::Adapter {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = backends;
    desc.backend_options.noop = wgpu::NoopBackendOptions::enabled();
    desc.flags = wgpu::InstanceFlags::empty();
    let instance = wgpu::Instance::new(desc);
    pollster::block_on(instance.request_adapter(&Default::default())).expect("an adapter of the backend")
}

/// `count` views of distinct 1×1 `Rgba8Unorm` textures, pinned `Sampled` (tables see them).
#[allow(dead_code)] // cpu_cost makes its own.
pub fn pinned_views(device: &wgpu::Device, count: usize) -> Vec<wgpu::TextureView> {
    (0..count)
        .map(|_| {
            let texture = hal_ext::harness::texture_2d(
                device,
                wgpu::TextureFormat::Rgba8Unorm,
                1,
                1,
                wgpu::TextureUsages::TEXTURE_BINDING,
            );
            texture.pin(wgpu::PinnedUsage::Sampled);
            texture.create_view(&Default::default())
        })
        .collect()
}
