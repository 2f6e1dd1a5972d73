//! Slot updates per second (#14): filling, refilling and emptying a resource table of N
//! slots through the API, the flush of those changes in the next `queue.submit` (the call,
//! as #14 defines it; the wait for the GPU's metadata copy is shown apart), and the
//! physical limit next to them: raw `vkUpdateDescriptorSets` of the same N sampled-image
//! descriptors into an update-after-bind set, through `ash`, on the same device.
//!
//! `cargo bench -p wgpu-core-ext --bench slot_updates [-- --sizes 100000,1000000 --runs 9]`
//!
//! Vulkan only, without the validation layer (it walks every descriptor of a set). Each row
//! is the median (and best) of `--runs` runs, each on a fresh table (filled and emptied once
//! first for the refill row). The slots hold views of 1,024 distinct 1×1 textures, pinned
//! `Sampled`, in turn, as a streaming engine's would.

use std::{
    alloc::{GlobalAlloc, Layout, System},
    sync::atomic::{AtomicIsize, Ordering},
    time::{Duration, Instant},
};

use ash::vk;
use wgpu::hal::api::Vulkan;

/// The Rust heap in use, for memory per slot: what wgpu-core and wgpu keep for a table
/// (the driver's descriptors are its own business, outside this count).
struct Counting;

static HEAP: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HEAP.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        HEAP.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HEAP.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        HEAP.fetch_add(new_size as isize - layout.size() as isize, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Rust heap bytes per slot of an empty table of `size` slots, and then of its `size`
/// bindings (filled with `update_range` and flushed).
fn memory_per_slot(b: &Bench, size: u32) -> (f64, f64) {
    // The device's one-time table state (layout, default resources) is not the table's.
    drop(b.table(1));
    let heap = || HEAP.load(Ordering::Relaxed);
    let before = heap();
    let table = b.table(size);
    let created = heap();
    let resources: Vec<wgpu::BindingResource<'_>> = (0..size).map(|i| b.view(i)).collect();
    let listed = heap();
    table.update_range(0, &resources).unwrap();
    b.flush();
    let filled = heap() - (listed - created);
    let per_slot = |bytes: isize| bytes as f64 / f64::from(size);
    (per_slot(created - before), per_slot(filled - created))
}

/// GPU bytes per slot of a sampling table: 4 bytes of metadata, and a slot in its
/// sampled-image array and in its sampler array, at the driver's descriptor sizes as
/// `VK_EXT_descriptor_buffer` reports them (the pool's own layout is the driver's; those
/// sizes are what it stores per descriptor). `None` without the extension.
fn device_bytes_per_slot(b: &Bench) -> Option<(u64, u64)> {
    let hal_device = unsafe { b.device.as_hal::<Vulkan>() }?;
    let instance = hal_device.shared_instance().raw_instance();
    let physical = hal_device.raw_physical_device();
    let extensions = unsafe { instance.enumerate_device_extension_properties(physical) }.ok()?;
    let name = ash::ext::descriptor_buffer::NAME;
    if !extensions.iter().any(|e| e.extension_name_as_c_str() == Ok(name)) {
        return None;
    }
    let mut sizes = vk::PhysicalDeviceDescriptorBufferPropertiesEXT::default();
    let mut properties = vk::PhysicalDeviceProperties2::default().push_next(&mut sizes);
    unsafe { instance.get_physical_device_properties2(physical, &mut properties) };
    Some((
        sizes.sampled_image_descriptor_size as u64,
        sizes.sampler_descriptor_size as u64,
    ))
}

const TEXTURES: usize = 1024;
/// The most distinct textures the "a texture of its own" row makes (one per slot up to
/// this, then reused).
const DISTINCT: usize = 100_000;
/// The row that binds them (rows run when their name starts with `--only`).
const DISTINCT_ROW: &str = "update_range, a texture of its own per slot (up to 100,000)";
/// The automatic model's row: its tables stop at the standard's 65,536 slots.
const AUTOMATIC_ROW: &str = "update_range into an automatic table (up to 65,536 slots)";
/// Slots per `update_range` call.
const RANGE: usize = 1024;

struct Bench {
    device: wgpu::Device,
    queue: wgpu::Queue,
    views: Vec<wgpu::TextureView>,
    /// [`DISTINCT`] more, made for the first row that needs them.
    distinct: std::sync::OnceLock<Vec<wgpu::TextureView>>,
}

impl Bench {
    fn new() -> Self {
        let adapter = common::adapter(wgpu::Backends::VULKAN);
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE,
            ..Default::default()
        }))
        .expect("a device with resource tables");
        let views = common::pinned_views(&device, TEXTURES);
        let bench = Self {
            device,
            queue,
            views,
            distinct: Default::default(),
        };
        bench.flush();
        bench
    }

    fn view(&self, slot: u32) -> wgpu::BindingResource<'_> {
        wgpu::BindingResource::TextureView(&self.views[slot as usize % TEXTURES])
    }

    /// The [`DISTINCT`] textures' views, made (and their pins' transitions flushed) on first
    /// use: `main` asks before any row runs, so that every row runs with the same textures.
    fn distinct_views(&self) -> &[wgpu::TextureView] {
        self.distinct.get_or_init(|| {
            let views = common::pinned_views(&self.device, DISTINCT);
            self.flush();
            views
        })
    }

    /// A view for `slot` from [`DISTINCT`] textures: one per slot, as a program streaming
    /// its assets has.
    fn distinct_view(&self, slot: u32) -> wgpu::BindingResource<'_> {
        wgpu::BindingResource::TextureView(&self.distinct_views()[slot as usize % DISTINCT])
    }

    fn table(&self, size: u32) -> wgpu::ResourceTable {
        self.made(wgpu::Device::create_pinned_resource_table, size)
    }

    /// A table of the automatic model (the standard's), at most
    /// [`wgpu::MAX_RESOURCE_TABLE_SIZE`] slots.
    fn automatic_table(&self, size: u32) -> wgpu::ResourceTable {
        self.made(wgpu::Device::create_resource_table, size)
    }

    /// A table of `size` slots from `create`, its creation flushed.
    fn made(
        &self,
        create: fn(&wgpu::Device, &wgpu::ResourceTableDescriptor<'_>) -> wgpu::ResourceTable,
        size: u32,
    ) -> wgpu::ResourceTable {
        let table = create(&self.device, &wgpu::ResourceTableDescriptor { label: None, size });
        self.flush();
        table
    }

    /// An empty submission: it writes the tables' changed slots.
    fn flush(&self) {
        self.queue.submit([]);
        self.wait();
    }

    fn wait(&self) {
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("waiting for the GPU");
    }

    /// A run whose `calls` took that long: its flush is timed, the `queue.submit` call (the
    /// CPU's part, what #14 calls the flush: descriptor writes, metadata staged, copy and
    /// transitions recorded), then the wait for the GPU to run the metadata copy.
    fn run(&self, calls: Duration) -> Run {
        let flush = timed(|| {
            self.queue.submit([]);
        });
        Run {
            calls,
            flush,
            wait: timed(|| self.wait()),
        }
    }
}

/// Times of one run: the calls, then the flush, then the wait for the GPU.
struct Run {
    calls: Duration,
    flush: Duration,
    wait: Duration,
}

fn timed(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn run_update(b: &Bench, size: u32) -> Run {
    let table = b.table(size);
    let calls = timed(|| {
        for slot in 0..size {
            table.update(slot, b.view(slot)).unwrap();
        }
    });
    b.run(calls)
}

/// Fills the table's `size` slots with `update_range` calls of `RANGE` slots each, from
/// `resources` (`RANGE` of them, made before the timing starts).
fn fill_by_ranges(table: &wgpu::ResourceTable, resources: &[wgpu::BindingResource<'_>], size: u32) {
    for first in (0..size).step_by(RANGE) {
        let count = RANGE.min((size - first) as usize);
        table.update_range(first, &resources[..count]).unwrap();
    }
}

fn run_update_range(b: &Bench, size: u32) -> Run {
    let table = b.table(size);
    let resources: Vec<_> = (0..RANGE).map(|i| b.view(i as u32)).collect();
    let calls = timed(|| fill_by_ranges(&table, &resources, size));
    b.run(calls)
}

/// `update_range` as in `run_update_range`, with a texture of its own in each slot (up to
/// [`DISTINCT`]): every binding's resource is new to the table, and to the CPU's caches.
fn run_update_range_distinct(b: &Bench, size: u32) -> Run {
    let table = b.table(size);
    let resources: Vec<_> = (0..size).map(|slot| b.distinct_view(slot)).collect();
    let calls = timed(|| {
        for (first, chunk) in (0..).step_by(RANGE).zip(resources.chunks(RANGE)) {
            table.update_range(first, chunk).unwrap();
        }
    });
    b.run(calls)
}

/// `update_range` as in `run_update_range`, into a table that was filled and emptied once
/// before: the steady state of a long-lived table whose slots are reused (streaming), its
/// host arrays already grown.
fn run_refill(b: &Bench, size: u32) -> Run {
    let table = b.table(size);
    let resources: Vec<_> = (0..RANGE).map(|i| b.view(i as u32)).collect();
    fill_by_ranges(&table, &resources, size);
    b.flush();
    for slot in 0..size {
        table.remove(slot).unwrap();
    }
    // The removals' submission done, their slots are available again.
    b.flush();
    let calls = timed(|| fill_by_ranges(&table, &resources, size));
    b.run(calls)
}

/// `update_range` as in `run_update_range`, into an automatic table: each slot's types come
/// from the table's usages rather than from pins, and each texture joins the table.
fn run_update_range_automatic(b: &Bench, size: u32) -> Run {
    let table = b.automatic_table(size);
    let resources: Vec<_> = (0..RANGE).map(|i| b.view(i as u32)).collect();
    let calls = timed(|| fill_by_ranges(&table, &resources, size));
    b.run(calls)
}

fn run_insert(b: &Bench, size: u32) -> Run {
    let table = b.table(size);
    let calls = timed(|| {
        for slot in 0..size {
            table.insert(b.view(slot)).unwrap();
        }
    });
    b.run(calls)
}

fn run_remove(b: &Bench, size: u32) -> Run {
    let table = b.table(size);
    for slot in 0..size {
        table.update(slot, b.view(slot)).unwrap();
    }
    b.flush();
    let calls = timed(|| {
        for slot in 0..size {
            table.remove(slot).unwrap();
        }
    });
    b.run(calls)
}

/// Raw Vulkan: one update-after-bind set of `size` sampled images, written with one
/// `VkWriteDescriptorSet` per descriptor (`per_slot`, as a table writes scattered slots) or
/// one for all of them.
fn run_raw(b: &Bench, size: u32, per_slot: bool) -> Duration {
    let hal_device = unsafe { b.device.as_hal::<Vulkan>() }.expect("a Vulkan device");
    let raw = hal_device.raw_device();
    let views: Vec<vk::ImageView> = b
        .views
        .iter()
        .map(|v| unsafe { v.as_hal::<Vulkan>().expect("a Vulkan view").raw_handle() })
        .collect();
    unsafe {
        let flags = [vk::DescriptorBindingFlags::UPDATE_AFTER_BIND
            | vk::DescriptorBindingFlags::UPDATE_UNUSED_WHILE_PENDING
            | vk::DescriptorBindingFlags::PARTIALLY_BOUND];
        let mut binding_flags = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
        let bindings = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
            .descriptor_count(size)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)];
        let layout = raw
            .create_descriptor_set_layout(
                &vk::DescriptorSetLayoutCreateInfo::default()
                    .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
                    .bindings(&bindings)
                    .push_next(&mut binding_flags),
                None,
            )
            .expect("a set layout");
        let sizes = [vk::DescriptorPoolSize {
            ty: vk::DescriptorType::SAMPLED_IMAGE,
            descriptor_count: size,
        }];
        let pool = raw
            .create_descriptor_pool(
                &vk::DescriptorPoolCreateInfo::default()
                    .flags(vk::DescriptorPoolCreateFlags::UPDATE_AFTER_BIND)
                    .max_sets(1)
                    .pool_sizes(&sizes),
                None,
            )
            .expect("a pool");
        let layouts = [layout];
        let set = raw
            .allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default()
                    .descriptor_pool(pool)
                    .set_layouts(&layouts),
            )
            .expect("a set")[0];
        // The lists are built before the clock starts: only the driver's work is timed.
        let infos: Vec<vk::DescriptorImageInfo> = (0..size as usize)
            .map(|i| {
                vk::DescriptorImageInfo::default()
                    .image_view(views[i % TEXTURES])
                    .image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)
            })
            .collect();
        fn write<'a>(
            set: vk::DescriptorSet,
            first: u32,
            infos: &'a [vk::DescriptorImageInfo],
        ) -> vk::WriteDescriptorSet<'a> {
            vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(0)
                .dst_array_element(first)
                .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                .image_info(infos)
        }
        let writes: Vec<vk::WriteDescriptorSet> = if per_slot {
            infos
                .iter()
                .enumerate()
                .map(|(i, info)| write(set, i as u32, std::slice::from_ref(info)))
                .collect()
        } else {
            vec![write(set, 0, &infos)]
        };
        let elapsed = timed(|| raw.update_descriptor_sets(&writes, &[]));
        drop(writes);
        raw.destroy_descriptor_pool(pool, None);
        raw.destroy_descriptor_set_layout(layout, None);
        elapsed
    }
}

/// Median and best of `runs`.
fn stats(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], times[0])
}

fn rate(size: u32, d: Duration) -> String {
    format!("{:.1}M/s", f64::from(size) / d.as_secs_f64() / 1e6)
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

#[path = "common/mod.rs"]
mod common;

#[derive(clap::Parser, Debug)]
struct Cli {
    #[command(flatten)]
    common: common::Common,
    /// Only the rows whose work starts with this (`update`, `remove`, `raw`, ...).
    #[arg(long)]
    only: Option<String>,
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let sizes = cli.common.sizes.unwrap_or_else(|| vec![65_536, 100_000, 1_000_000]);
    let runs = cli.common.runs.unwrap_or(9);
    let only = cli.only;
    let bench = Bench::new();
    let max = bench.device.max_resource_table_size();
    // Made before any row, so that every row runs beside the same live textures.
    if only.as_deref().is_none_or(|o| DISTINCT_ROW.starts_with(o)) {
        bench.distinct_views();
    }
    println!("Slot updates, median (best) of {runs}; N slots, 1,024 distinct textures (100,000 in the row with a texture of its own per slot); max table size {max}");
    println!();
    println!("| N | work | calls | flush | calls + flush | rate (calls + flush) | then the GPU |");
    println!("| ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    let sizes: Vec<u32> = sizes.into_iter().filter(|&s| s <= max).collect();
    for &size in &sizes {
        type Work = fn(&Bench, u32) -> Run;
        let rows: [(&str, Work); 7] = [
            ("update", run_update),
            ("update_range (1,024 slots a call)", run_update_range),
            (AUTOMATIC_ROW, run_update_range_automatic),
            ("update_range, refilling emptied slots", run_refill),
            (DISTINCT_ROW, run_update_range_distinct),
            ("insert", run_insert),
            ("remove", run_remove),
        ];
        for (name, f) in rows {
            if only.as_deref().is_some_and(|o| !name.starts_with(o))
                || (name == AUTOMATIC_ROW && size > wgpu::MAX_RESOURCE_TABLE_SIZE)
            {
                continue;
            }
            let runs: Vec<Run> = (0..runs).map(|_| f(&bench, size)).collect();
            let (calls, calls_best) = stats(runs.iter().map(|r| r.calls).collect());
            let (flush, flush_best) = stats(runs.iter().map(|r| r.flush).collect());
            let (total, total_best) = stats(runs.iter().map(|r| r.calls + r.flush).collect());
            let (wait, _) = stats(runs.iter().map(|r| r.wait).collect());
            println!(
                "| {size} | {name} | {} ({}) | {} ({}) | {} ({}) | {} | {} |",
                ms(calls),
                ms(calls_best),
                ms(flush),
                ms(flush_best),
                ms(total),
                ms(total_best),
                rate(size, total),
                ms(wait)
            );
        }
        if only.as_deref().is_none_or(|o| o == "raw") {
            for (name, per_slot) in [
                ("raw vkUpdateDescriptorSets, a write per slot", true),
                ("raw vkUpdateDescriptorSets, one write", false),
            ] {
                let (t, best) = stats((0..runs).map(|_| run_raw(&bench, size, per_slot)).collect());
                println!(
                    "| {size} | {name} | | {} ({}) | | {} | |",
                    ms(t),
                    ms(best),
                    rate(size, t)
                );
            }
        }
    }
    if only.as_deref().is_none_or(|o| o == "memory") {
        println!();
        println!("Memory per slot, bytes: host (Rust heap: wgpu-core and wgpu) for an empty table and for its N bindings; GPU (the same for every N)");
        println!();
        let gpu = match device_bytes_per_slot(&bench) {
            Some((sampled, sampler)) => format!("{} ({sampled} B sampled image + {sampler} B sampler + 4 B metadata)", sampled + sampler + 4),
            None => "4 B metadata + the driver's sampled-image and sampler descriptors (sizes unknown without VK_EXT_descriptor_buffer)".to_string(),
        };
        println!("| N | host, empty table | host, its N bindings | GPU |");
        println!("| ---: | ---: | ---: | --- |");
        for &size in &sizes {
            let (empty, bound) = memory_per_slot(&bench, size);
            println!("| {size} | {empty:.1} | {bound:.1} | {gpu} |");
        }
    }
}
