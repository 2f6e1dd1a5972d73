//! The physical limit of `cpu_cost`'s rows: the same 1,000 dispatches or draws of a shader
//! reading one texture, recorded and submitted through raw Vulkan (`ash`) on wgpu's own
//! device and queue: one pipeline, one descriptor set bound once, one command buffer, one
//! fence.

use std::time::{Duration, Instant};

use ash::vk;
use wgpu::hal::api::Vulkan;

/// The WGSL of the raw pipelines: `cpu_cost`'s one-texture shader.
const SHADER: &str = "
    @group(0) @binding(0) var texture: texture_2d<f32>;
    @compute @workgroup_size(1) fn main() { _ = textureLoad(texture, vec2(0), 0); }
    @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
        return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
    }
    @fragment fn fs() -> @location(0) vec4<f32> { return textureLoad(texture, vec2(0), 0); }";

pub struct Raw {
    device: ash::Device,
    queue: vk::Queue,
    pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    fence: vk::Fence,
    set_layout: vk::DescriptorSetLayout,
    layout: vk::PipelineLayout,
    descriptors: vk::DescriptorPool,
    set: vk::DescriptorSet,
    module: vk::ShaderModule,
    compute: vk::Pipeline,
    render_pass: vk::RenderPass,
    image: vk::Image,
    memory: vk::DeviceMemory,
    target: vk::ImageView,
    framebuffer: vk::Framebuffer,
    graphics: vk::Pipeline,
}

/// The same shader over a runtime-sized array, element 0: what a table's update-after-bind
/// set is, without the table's metadata check.
const ARRAY_SHADER: &str = "
    enable wgpu_binding_array;
    @group(0) @binding(0) var textures: binding_array<texture_2d<f32>>;
    @compute @workgroup_size(1) fn main() { _ = textureLoad(textures[0], vec2(0), 0); }
    @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
        return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
    }
    @fragment fn fs() -> @location(0) vec4<f32> { return textureLoad(textures[0], vec2(0), 0); }";

fn spirv(array: bool) -> Vec<u32> {
    use wgpu::naga;
    let source = if array { ARRAY_SHADER } else { SHADER };
    let module = naga::front::wgsl::parse_str(source).expect("the raw shader parses");
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .expect("the raw shader validates");
    naga::back::spv::write_vec(&module, &info, &Default::default(), None).expect("SPIR-V of the raw shader")
}

impl Raw {
    /// Raw pipelines on `device`, reading `view` (a texture wgpu has already used for
    /// sampling, so that it is in the shader-read-only layout); `None` on another backend.
    /// A Vulkan call that fails panics: the benchmark stops rather than leave half-made
    /// objects on wgpu's device.
    ///
    /// # Safety
    /// `device` is a Vulkan device that wgpu leaves idle while the raw work runs.
    ///
    /// With `array: Some(n)`, the set is what a table of `n` slots binds: one runtime-sized
    /// array of `n` sampled images in an update-after-bind set of variable count, partially
    /// bound, with `view` in element 0 (`device` needs the table feature's indexing features).
    pub unsafe fn new(device: &wgpu::Device, view: &wgpu::TextureView, array: Option<u32>) -> Option<Self> {
        let hal = unsafe { device.as_hal::<Vulkan>() }?;
        let raw = hal.raw_device().clone();
        let queue = hal.raw_queue();
        let instance = hal.shared_instance().raw_instance();
        let memory_types = unsafe { instance.get_physical_device_memory_properties(hal.raw_physical_device()) };
        let view = unsafe { view.as_hal::<Vulkan>() }?.raw_handle();
        let format = vk::Format::R8G8B8A8_UNORM;
        unsafe {
            let pool = raw
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER)
                        .queue_family_index(hal.queue_family_index()),
                    None,
                )
                .expect("a raw Vulkan object");
            let cmd = raw
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(pool)
                        .level(vk::CommandBufferLevel::PRIMARY)
                        .command_buffer_count(1),
                )
                .expect("a raw Vulkan object")[0];
            let fence = raw
                .create_fence(&Default::default(), None)
                .expect("a raw Vulkan object");
            let count = array.unwrap_or(1);
            let bindings = [vk::DescriptorSetLayoutBinding::default()
                .binding(0)
                .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                .descriptor_count(count)
                .stage_flags(vk::ShaderStageFlags::COMPUTE | vk::ShaderStageFlags::FRAGMENT)];
            let binding_flags = [vk::DescriptorBindingFlags::PARTIALLY_BOUND
                | vk::DescriptorBindingFlags::UPDATE_AFTER_BIND
                | vk::DescriptorBindingFlags::UPDATE_UNUSED_WHILE_PENDING
                | vk::DescriptorBindingFlags::VARIABLE_DESCRIPTOR_COUNT];
            let mut flags_info = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&binding_flags);
            let mut layout_info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
            if array.is_some() {
                layout_info = layout_info
                    .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
                    .push_next(&mut flags_info);
            }
            let set_layout = raw
                .create_descriptor_set_layout(&layout_info, None)
                .expect("a raw Vulkan object");
            let set_layouts = [set_layout];
            let layout = raw
                .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts), None)
                .expect("a raw Vulkan object");
            let sizes = [vk::DescriptorPoolSize {
                ty: vk::DescriptorType::SAMPLED_IMAGE,
                descriptor_count: count,
            }];
            let pool_flags = match array {
                Some(_) => vk::DescriptorPoolCreateFlags::UPDATE_AFTER_BIND,
                None => vk::DescriptorPoolCreateFlags::empty(),
            };
            let descriptors = raw
                .create_descriptor_pool(
                    &vk::DescriptorPoolCreateInfo::default()
                        .flags(pool_flags)
                        .max_sets(1)
                        .pool_sizes(&sizes),
                    None,
                )
                .expect("a raw Vulkan object");
            let counts = [count];
            let mut variable =
                vk::DescriptorSetVariableDescriptorCountAllocateInfo::default().descriptor_counts(&counts);
            let mut allocate = vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(descriptors)
                .set_layouts(&set_layouts);
            if array.is_some() {
                allocate = allocate.push_next(&mut variable);
            }
            let set = raw.allocate_descriptor_sets(&allocate).expect("a raw Vulkan object")[0];
            let image_info = [vk::DescriptorImageInfo::default()
                .image_view(view)
                .image_layout(vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)];
            let write = vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(0)
                .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                .image_info(&image_info);
            raw.update_descriptor_sets(&[write], &[]);
            let code = spirv(array.is_some());
            let module = raw
                .create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&code), None)
                .expect("a raw Vulkan object");
            let stage = |stage, name: &'static std::ffi::CStr| {
                vk::PipelineShaderStageCreateInfo::default()
                    .stage(stage)
                    .module(module)
                    .name(name)
            };
            let compute = raw
                .create_compute_pipelines(
                    vk::PipelineCache::null(),
                    &[vk::ComputePipelineCreateInfo::default()
                        .stage(stage(vk::ShaderStageFlags::COMPUTE, c"main"))
                        .layout(layout)],
                    None,
                )
                .expect("a raw Vulkan object")[0];
            // The 1×1 target the draws render to.
            let image = raw
                .create_image(
                    &vk::ImageCreateInfo::default()
                        .image_type(vk::ImageType::TYPE_2D)
                        .format(format)
                        .extent(vk::Extent3D {
                            width: 1,
                            height: 1,
                            depth: 1,
                        })
                        .mip_levels(1)
                        .array_layers(1)
                        .samples(vk::SampleCountFlags::TYPE_1)
                        .tiling(vk::ImageTiling::OPTIMAL)
                        .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT),
                    None,
                )
                .expect("a raw Vulkan object");
            let needs = raw.get_image_memory_requirements(image);
            let type_index = (0..memory_types.memory_type_count)
                .find(|&i| {
                    needs.memory_type_bits & (1 << i) != 0
                        && memory_types.memory_types[i as usize]
                            .property_flags
                            .contains(vk::MemoryPropertyFlags::DEVICE_LOCAL)
                })
                .expect("a device-local memory type for the target");
            let memory = raw
                .allocate_memory(
                    &vk::MemoryAllocateInfo::default()
                        .allocation_size(needs.size)
                        .memory_type_index(type_index),
                    None,
                )
                .expect("a raw Vulkan object");
            raw.bind_image_memory(image, memory, 0).expect("a raw Vulkan object");
            let target = raw
                .create_image_view(
                    &vk::ImageViewCreateInfo::default()
                        .image(image)
                        .view_type(vk::ImageViewType::TYPE_2D)
                        .format(format)
                        .subresource_range(vk::ImageSubresourceRange {
                            aspect_mask: vk::ImageAspectFlags::COLOR,
                            base_mip_level: 0,
                            level_count: 1,
                            base_array_layer: 0,
                            layer_count: 1,
                        }),
                    None,
                )
                .expect("a raw Vulkan object");
            let attachments = [vk::AttachmentDescription::default()
                .format(format)
                .samples(vk::SampleCountFlags::TYPE_1)
                .load_op(vk::AttachmentLoadOp::CLEAR)
                .store_op(vk::AttachmentStoreOp::STORE)
                .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
                .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
                .initial_layout(vk::ImageLayout::UNDEFINED)
                .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
            let color = [vk::AttachmentReference {
                attachment: 0,
                layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL,
            }];
            let subpasses = [vk::SubpassDescription::default()
                .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
                .color_attachments(&color)];
            let render_pass = raw
                .create_render_pass(
                    &vk::RenderPassCreateInfo::default()
                        .attachments(&attachments)
                        .subpasses(&subpasses),
                    None,
                )
                .expect("a raw Vulkan object");
            let views = [target];
            let framebuffer = raw
                .create_framebuffer(
                    &vk::FramebufferCreateInfo::default()
                        .render_pass(render_pass)
                        .attachments(&views)
                        .width(1)
                        .height(1)
                        .layers(1),
                    None,
                )
                .expect("a raw Vulkan object");
            let stages = [
                stage(vk::ShaderStageFlags::VERTEX, c"vs"),
                stage(vk::ShaderStageFlags::FRAGMENT, c"fs"),
            ];
            let viewports = [vk::Viewport {
                x: 0.0,
                y: 0.0,
                width: 1.0,
                height: 1.0,
                min_depth: 0.0,
                max_depth: 1.0,
            }];
            let scissors = [vk::Rect2D {
                offset: vk::Offset2D { x: 0, y: 0 },
                extent: vk::Extent2D { width: 1, height: 1 },
            }];
            let blend =
                [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
            let vertex_input = vk::PipelineVertexInputStateCreateInfo::default();
            let assembly =
                vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::TRIANGLE_LIST);
            let viewport = vk::PipelineViewportStateCreateInfo::default()
                .viewports(&viewports)
                .scissors(&scissors);
            let raster = vk::PipelineRasterizationStateCreateInfo::default()
                .polygon_mode(vk::PolygonMode::FILL)
                .cull_mode(vk::CullModeFlags::NONE)
                .line_width(1.0);
            let multisample =
                vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
            let blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
            let graphics = raw
                .create_graphics_pipelines(
                    vk::PipelineCache::null(),
                    &[vk::GraphicsPipelineCreateInfo::default()
                        .stages(&stages)
                        .vertex_input_state(&vertex_input)
                        .input_assembly_state(&assembly)
                        .viewport_state(&viewport)
                        .rasterization_state(&raster)
                        .multisample_state(&multisample)
                        .color_blend_state(&blend)
                        .layout(layout)
                        .render_pass(render_pass)
                        .subpass(0)],
                    None,
                )
                .expect("a raw Vulkan object")[0];
            Some(Self {
                device: raw,
                queue,
                pool,
                cmd,
                fence,
                set_layout,
                layout,
                descriptors,
                set,
                module,
                compute,
                render_pass,
                image,
                memory,
                target,
                framebuffer,
                graphics,
            })
        }
    }

    /// Best time of `calls` dispatches (or draws in a render pass) recorded and submitted,
    /// and waited for unless `until_submit` (then the wait is not timed), over at least
    /// `runs` runs and as many more as fit in `time` (at most 2,000), as `cpu_cost` measures
    /// wgpu. The command buffer's reset is timed here; wgpu's per-submission cleanup runs in
    /// its `poll`, untimed with `until_submit`.
    pub fn measure(&self, runs: usize, time: Duration, calls: u32, draws: bool, until_submit: bool) -> Duration {
        let started = Instant::now();
        let mut best = Duration::MAX;
        let mut done = 0;
        while done < runs || (started.elapsed() < time && done < 2000) {
            let start = Instant::now();
            unsafe { self.run(calls, draws) }.expect("raw Vulkan work");
            let submitted = start.elapsed();
            unsafe { self.wait() }.expect("raw Vulkan wait");
            best = best.min(if until_submit { submitted } else { start.elapsed() });
            done += 1;
        }
        best
    }

    unsafe fn wait(&self) -> Result<(), vk::Result> {
        unsafe {
            self.device.wait_for_fences(&[self.fence], true, u64::MAX)?;
            self.device.reset_fences(&[self.fence])
        }
    }

    unsafe fn run(&self, calls: u32, draws: bool) -> Result<(), vk::Result> {
        let d = &self.device;
        let cmd = self.cmd;
        unsafe {
            d.reset_command_buffer(cmd, vk::CommandBufferResetFlags::empty())?;
            d.begin_command_buffer(
                cmd,
                &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
            )?;
            if draws {
                let clear = [vk::ClearValue::default()];
                d.cmd_begin_render_pass(
                    cmd,
                    &vk::RenderPassBeginInfo::default()
                        .render_pass(self.render_pass)
                        .framebuffer(self.framebuffer)
                        .render_area(vk::Rect2D {
                            offset: vk::Offset2D { x: 0, y: 0 },
                            extent: vk::Extent2D { width: 1, height: 1 },
                        })
                        .clear_values(&clear),
                    vk::SubpassContents::INLINE,
                );
                d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, self.graphics);
                d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::GRAPHICS, self.layout, 0, &[self.set], &[]);
                for _ in 0..calls {
                    d.cmd_draw(cmd, 3, 1, 0, 0);
                }
                d.cmd_end_render_pass(cmd);
            } else {
                d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, self.compute);
                d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::COMPUTE, self.layout, 0, &[self.set], &[]);
                for _ in 0..calls {
                    d.cmd_dispatch(cmd, 1, 1, 1);
                }
            }
            d.end_command_buffer(cmd)?;
            let cmds = [cmd];
            d.queue_submit(
                self.queue,
                &[vk::SubmitInfo::default().command_buffers(&cmds)],
                self.fence,
            )
        }
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let d = &self.device;
        unsafe {
            let _ = d.device_wait_idle();
            d.destroy_pipeline(self.graphics, None);
            d.destroy_framebuffer(self.framebuffer, None);
            d.destroy_render_pass(self.render_pass, None);
            d.destroy_image_view(self.target, None);
            d.destroy_image(self.image, None);
            d.free_memory(self.memory, None);
            d.destroy_pipeline(self.compute, None);
            d.destroy_shader_module(self.module, None);
            d.destroy_descriptor_pool(self.descriptors, None);
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.pool, None);
        }
    }
}
