//! The GPU test harness: a device on Vulkan with the Khronos validation layer on, where every
//! validation message fails the test.
//!
//! - `gpu_*` tests call [`GpuContext::new`]; without a Vulkan adapter that panics with the
//!   fix, so a GPU test can never pass by not running (`cargo xtask test --no-gpu` filters
//!   them out instead).
//! - Validation messages reach us through wgpu-hal's debug messenger, which forwards them to
//!   `log` from its `vulkan::instance` module; [`ValidationLog`] records them, and dropping a
//!   [`GpuContext`] panics if any arrived.
//! - When `BINDLESS_EXPECT_LAVAPIPE=<mesa major>` is set (as `cargo xtask test` does when it
//!   picks lavapipe), the adapter must be lavapipe from that Mesa or newer: no silent fallback
//!   to another driver.
//! - A segmentation fault in a GPU test prints the faulting thread (test threads carry the
//!   test's name), the address and a backtrace before the process dies ([`report_crashes`]).

use std::{
    mem::ManuallyDrop,
    ops::Deref,
    sync::{
        atomic::{AtomicBool, Ordering},
        Mutex, OnceLock,
    },
};

/// Where wgpu-hal's Vulkan debug messenger logs from.
const MESSENGER_TARGET: &str = "wgpu_hal::vulkan::instance";
/// What wgpu-hal logs (at debug level) when the validation layer is not installed.
const LAYER_MISSING: &str = "unable to find layer";

/// Messages that are defects of the validation layer, not of what we submit. Each entry is
/// matched exactly and says why it is here; keep this list short.
///
/// - Debian bookworm's layer (1.3.239) embeds a SPIRV-Tools older than `SourceLanguage::WGSL`
///   (10), which naga writes in `OpSource` whenever `InstanceFlags::DEBUG` is on (and DEBUG is
///   what installs the debug messenger we listen to). Newer layers accept it. Our SPIR-V is
///   checked by a current `spirv-val` in naga-ext's tests instead.
pub const KNOWN_LAYER_DEFECTS: &[&str] = &["SPIR-V module not valid: Invalid source language operand: 10"];

/// Whether a message is one of [`KNOWN_LAYER_DEFECTS`].
pub fn is_known_layer_defect(message: &str) -> bool {
    KNOWN_LAYER_DEFECTS.iter().any(|k| message.contains(k))
}

/// Records the validation layer's messages for the whole process (nextest runs each test in
/// a process of its own).
pub struct ValidationLog {
    messages: Mutex<Vec<String>>,
    /// The warnings of `wgpu_core::resource_table` (the diagnostics flag's reports).
    table_warnings: Mutex<Vec<String>>,
    /// Whether the last message was a known layer defect (its continuation lines are then
    /// left out too).
    in_known_defect: AtomicBool,
}

static LOG: ValidationLog = ValidationLog {
    messages: Mutex::new(Vec::new()),
    table_warnings: Mutex::new(Vec::new()),
    in_known_defect: AtomicBool::new(false),
};

impl ValidationLog {
    /// Installs the recorder as the `log` logger (once per process).
    pub fn install() -> &'static Self {
        static INSTALLED: OnceLock<()> = OnceLock::new();
        INSTALLED.get_or_init(|| {
            if log::set_logger(&LOG).is_ok() {
                // Debug level: wgpu-hal reports a missing validation layer only at debug level.
                log::set_max_level(log::LevelFilter::Debug);
            }
        });
        &LOG
    }

    fn record(&self, message: String) {
        self.messages.lock().unwrap_or_else(|e| e.into_inner()).push(message);
    }

    /// The messages recorded since the last call.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.messages.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The warnings of target `wgpu_core::resource_table` since the last call.
    pub fn take_table_warnings(&self) -> Vec<String> {
        std::mem::take(&mut *self.table_warnings.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl log::Log for ValidationLog {
    fn enabled(&self, meta: &log::Metadata) -> bool {
        meta.target().starts_with("wgpu_hal") || meta.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let text = record.args().to_string();
        let from_messenger = record.target() == MESSENGER_TARGET && record.level() <= log::Level::Warn;
        if from_messenger {
            // Continuation lines (`\tobjects: …`, `\tqueues: …`) belong to the message before.
            let known = if text.starts_with('\t') {
                self.in_known_defect.load(Ordering::SeqCst)
            } else {
                let known = is_known_layer_defect(&text);
                self.in_known_defect.store(known, Ordering::SeqCst);
                known
            };
            if known {
                return;
            }
            eprintln!("[validation {}] {text}", record.level());
            if !text.starts_with('\t') {
                self.record(text);
            }
        } else if text.contains(LAYER_MISSING) {
            eprintln!("[validation {}] {text}", record.level());
            self.record(text);
        } else if record.level() <= log::Level::Warn {
            eprintln!("[{} {}] {text}", record.level(), record.target());
            if record.target() == "wgpu_core::resource_table" {
                self.table_warnings.lock().unwrap_or_else(|e| e.into_inner()).push(text);
            }
        }
    }

    fn flush(&self) {}
}

/// The wgpu objects of a [`GpuContext`].
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
}

/// A Vulkan device for one GPU test. Dropping it waits for the GPU, destroys the device (so
/// that leak reports arrive too) and fails the test if the validation layer said anything.
/// Declare it before the test's resources so that it drops after them.
pub struct GpuContext {
    gpu: ManuallyDrop<Gpu>,
    log: &'static ValidationLog,
}

impl Deref for GpuContext {
    type Target = Gpu;

    fn deref(&self) -> &Gpu {
        &self.gpu
    }
}

/// Makes a segmentation fault (or bus error) print which thread faulted, where, and its
/// backtrace before the process dies with the signal, as it would have.
///
/// Under plain `cargo test` the tests share one process, and a crash otherwise says only
/// "signal 11" with no hint of the test or the code. The report allocates inside a signal
/// handler, which is not async-signal-safe: it is a last word, and may itself fail.
///
/// `BINDLESS_NO_CRASH_REPORT` set (to anything) leaves the signals alone: #12 compares the
/// H100 crash rate of one binary with and without the handler.
pub fn report_crashes() {
    if std::env::var_os("BINDLESS_NO_CRASH_REPORT").is_some() {
        return;
    }
    #[cfg(unix)]
    {
        static INSTALLED: OnceLock<()> = OnceLock::new();
        INSTALLED.get_or_init(|| {
            extern "C" fn on_fault(signal: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
                // SAFETY: the kernel passes a valid `siginfo_t` to an `SA_SIGINFO` handler.
                let address = unsafe { (*info).si_addr() };
                let thread = std::thread::current();
                let report = format!(
                    "\n*** signal {signal} at address {address:?} in thread {:?}\n{}",
                    thread.name().unwrap_or("<unnamed>"),
                    std::backtrace::Backtrace::force_capture()
                );
                // Straight to the file descriptor: `eprintln!` would go to libtest's capture
                // of the test's output, which dies with the process.
                let _ = std::io::Write::write_all(&mut std::io::stderr(), report.as_bytes());
                // Die of the same signal: the default action applies when the fault repeats.
                // SAFETY: resetting a signal to its default disposition.
                unsafe { libc::signal(signal, libc::SIG_DFL) };
            }
            for signal in [libc::SIGSEGV, libc::SIGBUS] {
                // SAFETY: a zeroed `sigaction` is valid; the handler has the `SA_SIGINFO` signature.
                unsafe {
                    let mut action: libc::sigaction = std::mem::zeroed();
                    action.sa_sigaction = on_fault as *const () as usize;
                    action.sa_flags = libc::SA_SIGINFO;
                    libc::sigemptyset(&mut action.sa_mask);
                    libc::sigaction(signal, &action, std::ptr::null_mut());
                }
            }
        });
    }
}

/// Whether [`vulkan_instance`] has `InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS`:
/// `WGPU_RESOURCE_TABLE_DIAGNOSTICS=1` runs every GPU test with the miss report's rewritten
/// shaders, which must read and write what they did, layer clean.
pub fn diagnostics() -> bool {
    std::env::var("WGPU_RESOURCE_TABLE_DIAGNOSTICS").is_ok_and(|v| v == "1")
}

/// The instance every GPU test uses: Vulkan only, validation and debug labels on. One per
/// process: loading a driver again for each instance can fail (NVIDIA's driver runs out of
/// static TLS after some dozens of loads in one process), and devices are what tests need
/// fresh.
pub fn vulkan_instance() -> wgpu::Instance {
    ValidationLog::install();
    static INSTANCE: OnceLock<wgpu::Instance> = OnceLock::new();
    INSTANCE
        .get_or_init(|| {
            let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
            desc.backends = wgpu::Backends::VULKAN;
            // Indirect-call validation is on by default in wgpu (it binds sets of its own
            // in compute passes): tests run with it like real programs.
            desc.flags = wgpu::InstanceFlags::VALIDATION
                | wgpu::InstanceFlags::DEBUG
                | wgpu::InstanceFlags::VALIDATION_INDIRECT_CALL;
            if diagnostics() {
                desc.flags |= wgpu::InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS;
            }
            wgpu::Instance::new(desc)
        })
        .clone()
}

/// The adapter of [`vulkan_instance`], also one per process. Enumerating adapters while
/// other threads create, use and destroy devices faulted inside the NVIDIA driver or the
/// validation layer on the H100 (#12: a null dereference under `vkGetPhysicalDeviceProperties2`
/// in wgpu-hal's `expose_adapter`, 2 runs of `gpu_tables` in 147), so tests enumerate once.
///
/// `BINDLESS_VULKAN_ADAPTER=<n>` takes the `n`th Vulkan adapter in enumeration order
/// instead (CPU adapters such as lavapipe count too, where their driver is visible), so that
/// soaks can spread over the GPUs of one machine.
pub fn vulkan_adapter() -> Result<wgpu::Adapter, wgpu::RequestAdapterError> {
    static ADAPTER: OnceLock<Result<wgpu::Adapter, wgpu::RequestAdapterError>> = OnceLock::new();
    ADAPTER
        .get_or_init(|| {
            let index = std::env::var("BINDLESS_VULKAN_ADAPTER").ok().map(|n| {
                n.parse::<usize>()
                    .unwrap_or_else(|_| panic!("BINDLESS_VULKAN_ADAPTER={n:?} is not an adapter's index"))
            });
            if let Some(index) = index {
                let adapters = pollster::block_on(vulkan_instance().enumerate_adapters(wgpu::Backends::VULKAN));
                let count = adapters.len();
                let adapter = adapters.into_iter().nth(index);
                return Ok(adapter.unwrap_or_else(|| {
                    panic!("BINDLESS_VULKAN_ADAPTER={index}, but there are {count} Vulkan adapters")
                }));
            }
            pollster::block_on(vulkan_instance().request_adapter(&wgpu::RequestAdapterOptions::default()))
        })
        .clone()
}

/// Panics unless `info` is lavapipe from Mesa `min_major` or newer.
pub fn check_lavapipe(info: &wgpu::AdapterInfo, min_major: u32) {
    let mesa_major = info
        .driver_info
        .split("Mesa ")
        .nth(1)
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.parse::<u32>().ok());
    assert!(
        info.driver == "llvmpipe" && mesa_major.is_some_and(|m| m >= min_major),
        "expected lavapipe from Mesa >= {min_major}, got {:?} ({} {}); \
         run `cargo xtask setup` (older Mesa lacks descriptor indexing)",
        info.name,
        info.driver,
        info.driver_info
    );
}

impl GpuContext {
    /// A device with the given features and limits on the Vulkan adapter.
    pub fn new(features: wgpu::Features, limits: wgpu::Limits) -> Self {
        Self::with_descriptor(&wgpu::DeviceDescriptor {
            label: Some("gpu test"),
            required_features: features,
            required_limits: limits,
            ..Default::default()
        })
    }

    /// A device made from `desc` on the Vulkan adapter (experimental features, say).
    pub fn with_descriptor(desc: &wgpu::DeviceDescriptor<'_>) -> Self {
        Self::on(vulkan_instance(), vulkan_adapter(), desc)
    }

    /// A device of an instance of its own, with `flags` besides [`vulkan_instance`]'s
    /// (`RESOURCE_TABLE_DIAGNOSTICS`, say). Its warnings of target `wgpu_core::resource_table`
    /// are recorded: [`Self::take_table_warnings`].
    pub fn with_instance_flags(flags: wgpu::InstanceFlags, features: wgpu::Features) -> Self {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = wgpu::Backends::VULKAN;
        desc.flags = wgpu::InstanceFlags::VALIDATION
            | wgpu::InstanceFlags::DEBUG
            | wgpu::InstanceFlags::VALIDATION_INDIRECT_CALL
            | flags;
        let instance = wgpu::Instance::new(desc);
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()));
        Self::on(
            instance,
            adapter,
            &wgpu::DeviceDescriptor {
                label: Some("gpu test"),
                required_features: features,
                ..Default::default()
            },
        )
    }

    fn on(
        instance: wgpu::Instance,
        adapter: Result<wgpu::Adapter, wgpu::RequestAdapterError>,
        desc: &wgpu::DeviceDescriptor<'_>,
    ) -> Self {
        report_crashes();
        let log = ValidationLog::install();
        let adapter = adapter.unwrap_or_else(|e| {
            panic!(
                "GPU test without a Vulkan adapter ({e}): run `cargo xtask setup`, or \
                 `cargo xtask test --no-gpu` to leave GPU tests out"
            )
        });
        if let Some(min) = std::env::var("BINDLESS_EXPECT_LAVAPIPE")
            .ok()
            .and_then(|v| v.parse::<u32>().ok())
        {
            check_lavapipe(&adapter.get_info(), min);
        }
        let (device, queue) = pollster::block_on(adapter.request_device(desc)).expect("creating the test device");
        let early = log.take();
        assert!(
            early.is_empty(),
            "validation messages while creating the device: {early:#?}"
        );
        // What devices before said of their tables (in a process that runs several tests).
        log.take_table_warnings();
        Self {
            gpu: ManuallyDrop::new(Gpu {
                instance,
                adapter,
                device,
                queue,
            }),
            log,
        }
    }

    /// Waits for all submitted work.
    pub fn wait(&self) {
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("waiting for the GPU");
    }

    /// Copies `buffer` (which needs `COPY_SRC`) to the CPU.
    pub fn read_buffer(&self, buffer: &wgpu::Buffer) -> Vec<u8> {
        read_buffer(&self.device, &self.queue, buffer)
    }

    /// Copies a 2D texture (one layer, `COPY_SRC`) to the CPU: its rows, unpadded.
    pub fn read_texture(&self, texture: &wgpu::Texture) -> Vec<u8> {
        read_texture(&self.device, &self.queue, texture)
    }

    /// The validation messages so far (and forgets them), for tests that provoke one.
    pub fn take_validation_messages(&self) -> Vec<String> {
        self.wait();
        self.log.take()
    }

    /// Waits for all submitted work (which is when the miss report reads its rings) and
    /// returns the warnings of target `wgpu_core::resource_table` since the last call.
    pub fn take_table_warnings(&self) -> Vec<String> {
        self.wait();
        self.log.take_table_warnings()
    }
}

impl Drop for GpuContext {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // SAFETY: `gpu` is never used again.
            unsafe { ManuallyDrop::drop(&mut self.gpu) };
            return;
        }
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        // SAFETY: `gpu` is never used again.
        unsafe { ManuallyDrop::drop(&mut self.gpu) };
        let messages = self.log.take();
        assert!(messages.is_empty(), "validation layer messages: {messages:#?}");
    }
}

/// The adapter of wgpu's noop backend (full wgpu-core validation, no GPU), for tests that
/// need several devices of one adapter or a device descriptor of their own.
pub fn noop_adapter() -> wgpu::Adapter {
    noop_adapter_with_flags(wgpu::InstanceFlags::default())
}

/// [`noop_adapter`] of an instance with `flags`.
pub fn noop_adapter_with_flags(flags: wgpu::InstanceFlags) -> wgpu::Adapter {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::NOOP;
    desc.backend_options.noop = wgpu::NoopBackendOptions::enabled();
    desc.flags = flags;
    let instance = wgpu::Instance::new(desc);
    pollster::block_on(instance.request_adapter(&Default::default())).expect("the noop backend always has an adapter")
}

/// Two devices of one noop adapter, with `features`: objects of one may be used with the
/// other (objects of two instances cannot meet at all).
pub fn two_noop_devices(features: wgpu::Features) -> [(wgpu::Device, wgpu::Queue); 2] {
    let adapter = noop_adapter();
    let request = || {
        pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: features,
            ..Default::default()
        }))
        .expect("a noop device")
    };
    [request(), request()]
}

/// A device on wgpu's noop backend. For validation-only tests that must run everywhere.
pub fn noop_device(features: wgpu::Features, limits: wgpu::Limits) -> (wgpu::Device, wgpu::Queue) {
    noop_device_tracing(features, limits, wgpu::Trace::Off)
}

/// [`noop_device`] recording a wgpu trace (`wgpu::Trace::Directory` of an existing folder).
pub fn noop_device_tracing(
    features: wgpu::Features,
    limits: wgpu::Limits,
    trace: wgpu::Trace,
) -> (wgpu::Device, wgpu::Queue) {
    pollster::block_on(noop_adapter().request_device(&wgpu::DeviceDescriptor {
        label: Some("noop test"),
        required_features: features,
        required_limits: limits,
        trace,
        ..Default::default()
    }))
    .expect("creating a noop device")
}

/// A render pipeline drawing with `vs` and `fs` of `module` into one `format` target.
pub fn render_pipeline(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    layout: Option<&wgpu::PipelineLayout>,
    format: wgpu::TextureFormat,
) -> wgpu::RenderPipeline {
    render_pipeline_entries(device, module, layout, format, "vs", "fs")
}

/// [`render_pipeline`] with entry points of other names.
pub fn render_pipeline_entries(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    layout: Option<&wgpu::PipelineLayout>,
    format: wgpu::TextureFormat,
    vs: &str,
    fs: &str,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("test render"),
        layout,
        vertex: wgpu::VertexState {
            module,
            entry_point: Some(vs),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some(fs),
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// Runs `f` inside a validation error scope and returns the error it raised, if any.
pub fn validation_error<R>(device: &wgpu::Device, f: impl FnOnce() -> R) -> (R, Option<wgpu::Error>) {
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let r = f();
    let error = pollster::block_on(scope.pop());
    (r, error)
}

/// The error of type `E` in `error`'s source chain: how tests assert wgpu-core's exact error
/// variants through the wgpu API.
pub fn find_source<E: std::error::Error + 'static>(error: &wgpu::Error) -> Option<&E> {
    let mut next: Option<&(dyn std::error::Error + 'static)> = match error {
        wgpu::Error::Validation { source, .. }
        | wgpu::Error::OutOfMemory { source }
        | wgpu::Error::Internal { source, .. } => Some(source.as_ref()),
    };
    while let Some(err) = next {
        if let Some(found) = err.downcast_ref::<E>() {
            return Some(found);
        }
        next = err.source();
    }
    None
}

/// A one-mip, single-sample 2D texture of `width`×`height`.
pub fn texture_2d(
    device: &wgpu::Device,
    format: wgpu::TextureFormat,
    width: u32,
    height: u32,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some("test texture"),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}

/// A compute pipeline of `wgsl` (entry point `main`, default layout).
pub fn compute_pipeline(device: &wgpu::Device, wgsl: &str) -> wgpu::ComputePipeline {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("test compute"),
        source: wgpu::ShaderSource::Wgsl(wgsl.into()),
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("test compute"),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// The bind group of `pipeline`'s group 0 with `resources` at bindings 0, 1, ….
pub fn group_0(
    device: &wgpu::Device,
    pipeline: &wgpu::ComputePipeline,
    resources: Vec<wgpu::BindingResource<'_>>,
) -> wgpu::BindGroup {
    let entries = resources
        .into_iter()
        .enumerate()
        .map(|(binding, resource)| wgpu::BindGroupEntry {
            binding: binding as u32,
            resource,
        })
        .collect::<Vec<_>>();
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("test group 0"),
        layout: &pipeline.get_bind_group_layout(0),
        entries: &entries,
    })
}

/// Records a compute pass of one dispatch of `pipeline` through `table`, whose group 0 has
/// `out` at binding 0.
pub fn dispatch_through_table(
    device: &wgpu::Device,
    encoder: &mut wgpu::CommandEncoder,
    table: &wgpu::ResourceTable,
    pipeline: &wgpu::ComputePipeline,
    out: &wgpu::Buffer,
) {
    let group = group_0(device, pipeline, vec![out.as_entire_binding()]);
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_resource_table(Some(table));
    pass.set_pipeline(pipeline);
    pass.set_bind_group(0, &group, &[]);
    pass.dispatch_workgroups(1, 1, 1);
}

/// A render bundle encoder for one color target of `format`, single-sampled, without depth.
pub fn bundle_encoder<'d>(
    device: &'d wgpu::Device,
    label: Option<&str>,
    format: wgpu::TextureFormat,
) -> wgpu::RenderBundleEncoder<'d> {
    device.create_render_bundle_encoder(&wgpu::RenderBundleEncoderDescriptor {
        label,
        color_formats: &[Some(format)],
        depth_stencil: None,
        sample_count: 1,
        multiview: None,
    })
}

/// A render pass clearing `target` to `clear` and storing it.
pub fn clear_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    target: &wgpu::TextureView,
    clear: wgpu::Color,
) -> wgpu::RenderPass<'e> {
    clear_pass_with(encoder, target, clear, wgpu::StoreOp::Store)
}

/// A render pass clearing `target` to `clear`, then storing or discarding it.
pub fn clear_pass_with<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    target: &wgpu::TextureView,
    clear: wgpu::Color,
    store: wgpu::StoreOp,
) -> wgpu::RenderPass<'e> {
    encoder.begin_render_pass(&clear_pass_descriptor(&clear_attachment(target, clear, store)))
}

/// A render pass clearing `target` to `clear` and storing it, begun with `table`.
pub fn clear_pass_with_table<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    target: &wgpu::TextureView,
    clear: wgpu::Color,
    table: &wgpu::ResourceTable,
) -> wgpu::RenderPass<'e> {
    let attachment = clear_attachment(target, clear, wgpu::StoreOp::Store);
    encoder.begin_render_pass_with_resource_table(&clear_pass_descriptor(&attachment), table)
}

fn clear_attachment(
    target: &wgpu::TextureView,
    clear: wgpu::Color,
    store: wgpu::StoreOp,
) -> [Option<wgpu::RenderPassColorAttachment<'_>>; 1] {
    [Some(wgpu::RenderPassColorAttachment {
        view: target,
        depth_slice: None,
        resolve_target: None,
        ops: wgpu::Operations {
            load: wgpu::LoadOp::Clear(clear),
            store,
        },
    })]
}

fn clear_pass_descriptor<'a>(
    attachments: &'a [Option<wgpu::RenderPassColorAttachment<'a>>],
) -> wgpu::RenderPassDescriptor<'a> {
    wgpu::RenderPassDescriptor {
        label: Some("test pass"),
        color_attachments: attachments,
        ..Default::default()
    }
}

/// Whether wgpu still counts a submission as in flight: polls once and answers false only if
/// that poll found the queue empty. wgpu learns of completions only in `poll` and `submit`, so
/// until the next of those the answer stays true however fast the GPU is, and a test can
/// assert exactly what must wait for the submission. A GPU that finished first makes that
/// assertion moot, not wrong: tests check it only when this is true. So that it rarely is,
/// slow test shaders make each load depend on the previous one through a zero no compiler
/// can fold, `value & (id.x >> 31u)` (global invocation ids stay below 2^31): on an H100
/// the first versions, whose loads did not depend on each other, sometimes finished before
/// the test's next call.
///
/// On lavapipe (`BINDLESS_EXPECT_LAVAPIPE`, as in CI) the submission must still be in flight:
/// there the slow shaders take far longer than the test's next call, so a test whose check
/// was skipped fails instead of passing without checking anything.
pub fn in_flight(device: &wgpu::Device) -> bool {
    let running = !device
        .poll(wgpu::PollType::Poll)
        .expect("polling the device")
        .is_queue_empty();
    assert!(
        running || std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_none(),
        "the slow submission already completed on lavapipe: the test checked nothing"
    );
    running
}

/// Copies `buffer` (which needs `COPY_SRC`) to the CPU, waiting for the GPU.
pub fn read_buffer(device: &wgpu::Device, queue: &wgpu::Queue, buffer: &wgpu::Buffer) -> Vec<u8> {
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size: buffer.size(),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, buffer.size());
    queue.submit([encoder.finish()]);
    let slice = staging.slice(..);
    slice.map_async(wgpu::MapMode::Read, |r| r.expect("mapping the readback buffer"));
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("waiting for the GPU");
    let bytes = slice.get_mapped_range().expect("reading the mapped range").to_vec();
    staging.unmap();
    bytes
}

/// Copies a 2D texture (one layer, `COPY_SRC`) to the CPU: its rows, unpadded.
pub fn read_texture(device: &wgpu::Device, queue: &wgpu::Queue, texture: &wgpu::Texture) -> Vec<u8> {
    let size = texture.size();
    let row = size.width * texture.format().block_copy_size(None).expect("a color format");
    let padded = row.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("texture readback"),
        size: u64::from(padded * size.height),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded),
                rows_per_image: None,
            },
        },
        wgpu::Extent3d {
            depth_or_array_layers: 1,
            ..size
        },
    );
    queue.submit([encoder.finish()]);
    read_buffer(device, queue, &buffer)
        .chunks_exact(padded as usize)
        .flat_map(|r| r[..row as usize].to_vec())
        .collect()
}

/// Set in the child process [`isolated`] starts.
const ISOLATED_CHILD: &str = "BINDLESS_ISOLATED_CHILD";

/// How long [`isolated`] lets a child run.
const ISOLATED_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(600);

/// Runs `body` so that a crash (a driver segfault) fails only the test `name`: in this
/// process under nextest (which runs each test in a process of its own) or when already in
/// the child, otherwise in a child process running this test binary filtered to `name`.
pub fn isolated(name: &str, body: impl FnOnce()) {
    if std::env::var_os("NEXTEST").is_some() || std::env::var_os(ISOLATED_CHILD).is_some() {
        return body();
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut child = std::process::Command::new(exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(ISOLATED_CHILD, "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("starting the test's child process");
    // A hang fails the test too (the child's output is read after it ends: tests print little).
    let deadline = std::time::Instant::now() + ISOLATED_TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for the child process") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{name} did not finish in {ISOLATED_TIMEOUT:?} in its child process");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().expect("piped"), &mut stdout)
        .expect("reading the child's output");
    print!("{stdout}");
    assert!(status.success(), "{name} failed in its child process: {status}");
    // A misspelt name would run nothing and succeed.
    assert!(
        stdout.contains("test result: ok. 1 passed"),
        "{name} did not run in its child process"
    );
}

/// The little-endian `u32` words of `bytes` (what tests read back).
pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("four bytes")))
        .collect()
}

/// A buffer holding `data` (written through the queue), with `usage` plus `COPY_SRC` and
/// `COPY_DST`.
pub fn buffer_of_words(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    data: &[u32],
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test data"),
        size: (data.len() * 4) as u64,
        usage: usage | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let bytes = data.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>();
    queue.write_buffer(&buffer, 0, &bytes);
    buffer
}

/// Writes `value` into the one texel of a 1×1 four-byte-texel texture (`R32Uint`, …).
pub fn write_texel(queue: &wgpu::Queue, texture: &wgpu::Texture, value: u32) {
    queue.write_texture(
        texture.as_image_copy(),
        &value.to_le_bytes(),
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4),
            rows_per_image: None,
        },
        wgpu::Extent3d::default(),
    );
}

/// A compute shader for storage-buffer visibility tests: `out[2k]`, `out[2k + 1]` are whether
/// slot 0 of the table is a read, and a read-write, storage pointer (`k` from binding 1).
pub const SHOWN_AS_READ_AND_WRITE: &str = "
enable resource_table;
struct Words { w: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read_write> k: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[2u * k[0]] = u32(hasResource<ptr<storage, Words, read>>(0u));
    out[2u * k[0] + 1u] = u32(hasResource<ptr<storage, Words, read_write>>(0u));
}";
