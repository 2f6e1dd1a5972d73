//! The bindless demo: a grid of textured quads, each with its own texture, drawn with ONE
//! instanced draw that picks its texture with `getResource<texture_2d<f32>>(instance)`; and
//! the same frame drawn the bindful way (a bind group and a draw per texture) to compare the
//! CPU cost of encoding. Both images must equal the CPU reference exactly.

use std::time::{Duration, Instant};

use hal_ext::harness::render_pipeline_entries;

/// Quads per side of the grid.
pub const GRID: u32 = 64;
/// Pixels (and texels) per side of a quad.
pub const TILE: u32 = 8;
/// Pixels per side of the frame.
pub const SIDE: u32 = GRID * TILE;
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// What a run measured and drew.
pub struct Report {
    pub adapter: wgpu::AdapterInfo,
    pub table_size: u32,
    pub textures: u32,
    pub frames: u32,
    /// CPU time to encode, finish and submit one frame, best frame.
    pub bindless_encode: Duration,
    pub bindful_encode: Duration,
    /// The frame, `SIDE`×`SIDE` RGBA8, row by row.
    pub image: Vec<u8>,
    /// Whether the bindful frame was identical.
    pub bindful_matches: bool,
}

/// Texel `(x, y)` of the texture of quad `index`: a colour of its own, with a checker
/// pattern and a one-texel frame so that any misplaced or mis-sampled texel shows.
pub fn texel(index: u32, x: u32, y: u32) -> [u8; 4] {
    if x == 0 || y == 0 {
        return [0, 0, 0, 255];
    }
    let r = (index % GRID) * 4;
    let g = (index / GRID) * 4;
    let b = if (x / 2 + y / 2).is_multiple_of(2) {
        255 - (index % 251) as u8
    } else {
        32
    };
    [r as u8, g as u8, b, 255]
}

/// The frame the GPU must draw.
pub fn reference_image() -> Vec<u8> {
    let mut image = Vec::with_capacity((SIDE * SIDE * 4) as usize);
    for py in 0..SIDE {
        for px in 0..SIDE {
            let index = (py / TILE) * GRID + px / TILE;
            image.extend_from_slice(&texel(index, px % TILE, py % TILE));
        }
    }
    image
}

const SHADER: &str = r#"
enable resource_table;

struct Quad {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) @interpolate(flat) index: u32,
}

const GRID: u32 = 64u;

fn corner(vertex: u32) -> vec2<f32> {
    // Two triangles: (0,0) (1,0) (0,1), (0,1) (1,0) (1,1).
    let corners = array(vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0));
    return corners[vertex];
}

fn place(vertex: u32, index: u32) -> Quad {
    let c = corner(vertex);
    let cell = vec2(f32(index % GRID), f32(index / GRID));
    let pixel = (cell + c) / f32(GRID);
    var out: Quad;
    out.position = vec4(pixel.x * 2.0 - 1.0, 1.0 - pixel.y * 2.0, 0.0, 1.0);
    out.uv = c;
    out.index = index;
    return out;
}

@vertex
fn vs_table(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> Quad {
    return place(v, i);
}

@fragment
fn fs_table(q: Quad) -> @location(0) vec4<f32> {
    // The quad's texture and the sampler after the last texture, both from the table.
    let texture = getResource<texture_2d<f32>>(q.index);
    return textureSample(texture, getResource<sampler>(GRID * GRID), q.uv);
}
"#;

const BINDFUL_SHADER: &str = r#"
struct Quad {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

const GRID: u32 = 64u;

@group(0) @binding(0) var tile: texture_2d<f32>;
@group(0) @binding(1) var nearest: sampler;

@vertex
fn vs(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> Quad {
    let corners = array(vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0));
    let c = corners[v];
    let pixel = (vec2(f32(i % GRID), f32(i / GRID)) + c) / f32(GRID);
    var out: Quad;
    out.position = vec4(pixel.x * 2.0 - 1.0, 1.0 - pixel.y * 2.0, 0.0, 1.0);
    out.uv = c;
    return out;
}

@fragment
fn fs(q: Quad) -> @location(0) vec4<f32> {
    return textureSample(tile, nearest, q.uv);
}
"#;

/// Runs the demo on `device` (which needs `SAMPLING_RESOURCE_TABLE`; the table's `GRID² + 1`
/// slots are within the standard's 65,536), timing `frames` frames of each kind.
pub fn run(adapter: &wgpu::Adapter, device: &wgpu::Device, queue: &wgpu::Queue, frames: u32) -> Report {
    let count = GRID * GRID;
    let table_size = count + 1;
    // A table of the standard's automatic model: what it holds is visible, no pin needed.
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("demo textures"),
        size: table_size,
    });
    let mut textures = Vec::with_capacity(count as usize);
    let mut views = Vec::with_capacity(count as usize);
    for index in 0..count {
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: None,
            size: wgpu::Extent3d {
                width: TILE,
                height: TILE,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: FORMAT,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        let data = (0..TILE * TILE)
            .flat_map(|i| texel(index, i % TILE, i / TILE))
            .collect::<Vec<_>>();
        queue.write_texture(
            texture.as_image_copy(),
            &data,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(TILE * 4),
                rows_per_image: None,
            },
            texture.size(),
        );
        let view = texture.create_view(&Default::default());
        let slot = table
            .insert(wgpu::BindingResource::TextureView(&view))
            .expect("the table has room for every texture");
        assert_eq!(slot, index);
        textures.push(texture);
        views.push(view);
    }
    let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
        label: Some("nearest"),
        ..Default::default()
    });
    table
        .update(count, wgpu::BindingResource::Sampler(&sampler))
        .expect("the sampler slot is free");

    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("bindless demo"),
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let table_pipeline = render_pipeline_entries(device, &module, None, FORMAT, "vs_table", "fs_table");

    let bindful = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("bindful demo"),
        source: wgpu::ShaderSource::Wgsl(BINDFUL_SHADER.into()),
    });
    let bindful_pipeline = render_pipeline_entries(device, &bindful, None, FORMAT, "vs", "fs");
    let layout = bindful_pipeline.get_bind_group_layout(0);
    let groups = views
        .iter()
        .map(|view| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(view),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::Sampler(&sampler),
                    },
                ],
            })
        })
        .collect::<Vec<_>>();

    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("frame"),
        size: wgpu::Extent3d {
            width: SIDE,
            height: SIDE,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: FORMAT,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let target_view = target.create_view(&Default::default());

    let frame = |bindless: bool| -> Duration {
        let start = Instant::now();
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            if bindless {
                // The pass takes the table when it begins, as the standard's render passes do.
                let mut pass =
                    hal_ext::harness::clear_pass_with_table(&mut encoder, &target_view, wgpu::Color::WHITE, &table);
                pass.set_pipeline(&table_pipeline);
                pass.draw(0..6, 0..count);
            } else {
                let mut pass = hal_ext::harness::clear_pass(&mut encoder, &target_view, wgpu::Color::WHITE);
                pass.set_pipeline(&bindful_pipeline);
                for (i, group) in groups.iter().enumerate() {
                    pass.set_bind_group(0, group, &[]);
                    pass.draw(0..6, i as u32..i as u32 + 1);
                }
            }
        }
        queue.submit([encoder.finish()]);
        let elapsed = start.elapsed();
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("waiting for the frame");
        elapsed
    };
    let best = |bindless| (0..frames.max(1)).map(|_| frame(bindless)).min().unwrap();

    let bindful_encode = best(false);
    let bindful_image = hal_ext::harness::read_texture(device, queue, &target);
    let bindless_encode = best(true);
    let image = hal_ext::harness::read_texture(device, queue, &target);
    Report {
        adapter: adapter.get_info(),
        table_size,
        textures: count,
        frames,
        bindless_encode,
        bindful_encode,
        bindful_matches: bindful_image == image,
        image,
    }
}

/// Writes an RGBA8 `SIDE`×`SIDE` image as PNG.
pub fn write_png(path: &std::path::Path, image: &[u8]) -> std::io::Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, SIDE, SIDE);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(std::io::Error::other)?;
    writer.write_image_data(image).map_err(std::io::Error::other)?;
    writer.finish().map_err(std::io::Error::other)
}
