use wgpu::util::DeviceExt;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(instance.request_adapter(&Default::default()))?;
    let required_features = wgpu::Features::SAMPLING_RESOURCE_TABLE;
    let desc = wgpu::DeviceDescriptor { required_features, ..Default::default() };
    let (device, queue) = pollster::block_on(adapter.request_device(&desc))?;

    // A table of 1,024 slots (at most 65,536), holding three one-texel textures: slots 0, 1, 2.
    let desc = wgpu::ResourceTableDescriptor { label: Some("materials"), size: 1024 };
    let table = device.create_resource_table(&desc);
    let desc = wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d::default(), // 1×1
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    };
    for texel in [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]] {
        let texture = device.create_texture_with_data(&queue, &desc, Default::default(), &texel);
        let view = texture.create_view(&Default::default());
        table.insert(wgpu::BindingResource::TextureView(&view))?; // the table keeps it alive
    }

    // `layout: None`: the pipeline's layout includes the table, as its shader reads it.
    let module = device.create_shader_module(wgpu::include_wgsl!("readme.wgsl"));
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: None,
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    });
    let buffer = |usage| {
        let desc =
            wgpu::BufferDescriptor { label: None, size: 64, usage, mapped_at_creation: false };
        device.create_buffer(&desc)
    };
    let colors = buffer(wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC);
    let readback = buffer(wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST);
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: colors.as_entire_binding() }],
    });

    let mut encoder = device.create_command_encoder(&Default::default());
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_pipeline(&pipeline);
    pass.set_bind_group(0, &group, &[]);
    pass.set_resource_table(Some(&table));
    pass.dispatch_workgroups(1, 1, 1); // slots 0 to 3
    drop(pass);
    encoder.copy_buffer_to_buffer(&colors, 0, &readback, 0, 64);
    queue.submit([encoder.finish()]);

    readback.map_async(wgpu::MapMode::Read, .., |result| result.unwrap());
    device.poll(wgpu::PollType::wait_indefinitely())?;
    let bytes = readback.get_mapped_range(..)?;
    let read: Vec<f32> =
        bytes.chunks(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
    // Red, green, blue, and slot 3, which is empty.
    assert_eq!(read, [1., 0., 0., 1., 0., 1., 0., 1., 0., 0., 1., 1., -1., -1., -1., -1.]);
    println!("{read:?}");
    Ok(())
}
