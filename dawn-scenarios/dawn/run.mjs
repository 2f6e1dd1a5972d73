// Runs one resource-table scenario on Dawn (the `webgpu` npm package) and prints what it gave.
//
// stdin: the scenario as JSON (serde_json of `dawn_scenarios::Scenario`).
// stdout: one JSON object, `{adapter, out, steps, errors}`:
//   - `out`: the `u32` words every Dispatch/Draw/Record step left in `out`, one `out_len` block per
//     step, in step order (a block stays zero when its submission failed validation);
//   - `steps`: one outcome per step, shaped like serde's `Outcome` (`"Ok"`, `{"Slot": 3}`,
//     `"OperationError"`, `"RangeError"`, `"ValidationError"`, `{"SlotWithValidationError": 3}`,
//     `{"Other": "..."}`);
//   - `errors`: anything else that went wrong (shader compilation messages, uncaptured
//     errors, an aborted run).
// The environment picks the Vulkan driver (VK_DRIVER_FILES), as for our side.

import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);

const FEATURE = 'chromium-experimental-sampling-resource-table';
const ENABLE = 'enable chromium_experimental_resource_table;';
const OUT_DECL = '@group(0) @binding(0) var<storage, read_write> out: array<u32>;';

const FORMATS = {
  Rgba8Unorm: 'rgba8unorm',
  R32Float: 'r32float',
  R32Uint: 'r32uint',
  R32Sint: 'r32sint',
  Depth32Float: 'depth32float',
};
const VIEW_DIMENSIONS = { D1: '1d', D2: '2d', D2Array: '2d-array', Cube: 'cube', CubeArray: 'cube-array', D3: '3d' };
/** The dimension of the texture a view dimension needs. */
const TEXTURE_DIMENSIONS = { D1: '1d', D3: '3d' };
const FILTERS = { Nearest: 'nearest', Linear: 'linear' };
const ADDRESS_MODES = { ClampToEdge: 'clamp-to-edge', Repeat: 'repeat', MirrorRepeat: 'mirror-repeat' };

/** `{"Insert": {...}}` or `"Wait"` as `[kind, args]`. */
function variant(value) {
  if (typeof value === 'string') {
    return [value, undefined];
  }
  const [kind] = Object.keys(value);
  return [kind, value[kind]];
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The bytes of a texture's texels as the scenario gives them (all formats have 4-byte texels). */
function texelBytes(data, count) {
  const words = new Uint32Array(count);
  if (data && data !== 'Zero') {
    const [kind, values] = variant(data);
    const typed = { Words: Uint32Array, Floats: Float32Array, Ints: Int32Array }[kind];
    if (!typed) {
      throw new Error(`unknown texel data ${kind}`);
    }
    if (values.length !== count) {
      throw new Error(`texel data has ${values.length} values, the texture ${count} texels`);
    }
    new Uint32Array(typed.from(values).buffer).forEach((w, i) => (words[i] = w));
  }
  return words;
}

async function main() {
  const scenario = JSON.parse(await readStdin());
  const errors = [];
  const steps = [];

  const gpu = create(['enable-dawn-features=allow_unsafe_apis']);
  const adapter = await gpu.requestAdapter();
  if (!adapter) {
    throw new Error('no WebGPU adapter');
  }
  const info = adapter.info;
  const adapterName = `${info.vendor} ${info.architecture} ${info.device} ${info.description}`.trim();
  if (!adapter.features.has(FEATURE)) {
    throw new Error(`adapter ${adapterName} lacks ${FEATURE}`);
  }
  const device = await adapter.requestDevice({ requiredFeatures: [FEATURE] });
  device.addEventListener('uncapturederror', (e) => errors.push(`uncaptured: ${e.error.message}`));

  const outLen = scenario.out_len;
  const outputSteps = scenario.steps.filter((s) => ['Dispatch', 'Draw', 'Record'].includes(variant(s)[0])).length;

  // Textures, uploaded now, before any step (no submission: `writeTexture` is not one).
  const textures = new Map();
  for (const spec of scenario.textures) {
    const format = FORMATS[spec.format];
    const [width, height] = spec.size;
    const layers = spec.layers;
    const mips = spec.mips;
    let usage = GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST;
    if (spec.render_target) {
      usage |= GPUTextureUsage.RENDER_ATTACHMENT;
    }
    if (scenario.storage_texture === spec.name) {
      usage |= GPUTextureUsage.STORAGE_BINDING;
    }
    const texture = device.createTexture({
      label: spec.name,
      size: [width, height, layers],
      dimension: TEXTURE_DIMENSIONS[spec.view] ?? '2d',
      mipLevelCount: mips,
      format,
      usage,
    });
    let texels = 0;
    for (let mip = 0; mip < mips; mip++) {
      texels += Math.max(width >> mip, 1) * Math.max(height >> mip, 1) * layers;
    }
    const words = texelBytes(spec.data, texels);
    if (spec.data && spec.data !== 'Zero') {
      let offset = 0;
      for (let mip = 0; mip < mips; mip++) {
        const w = Math.max(width >> mip, 1);
        const h = Math.max(height >> mip, 1);
        for (let layer = 0; layer < layers; layer++) {
          device.queue.writeTexture(
            { texture, mipLevel: mip, origin: [0, 0, layer] },
            words.subarray(offset, offset + w * h),
            { bytesPerRow: w * 4, rowsPerImage: h },
            [w, h, 1],
          );
          offset += w * h;
        }
      }
    }
    // Dawn accepts in a table only views whose usage is exactly TEXTURE_BINDING, so the
    // table gets such a view unless the scenario says otherwise (our side does the same).
    const view = texture.createView({
      label: spec.name,
      dimension: VIEW_DIMENSIONS[spec.view],
      ...(spec.full_usage_view ? {} : { usage: GPUTextureUsage.TEXTURE_BINDING }),
    });
    textures.set(spec.name, { spec, texture, view, format });
  }

  const samplers = new Map();
  for (const spec of scenario.samplers) {
    const filter = FILTERS[spec.filter];
    const address = ADDRESS_MODES[spec.address];
    samplers.set(
      spec.name,
      device.createSampler({
        label: spec.name,
        magFilter: filter,
        minFilter: filter,
        addressModeU: address,
        addressModeV: address,
        addressModeW: address,
      }),
    );
  }

  function resource(name) {
    if (textures.has(name)) {
      return textures.get(name).view;
    }
    if (samplers.has(name)) {
      return samplers.get(name);
    }
    throw new Error(`no texture or sampler named ${name}`);
  }

  let table = device.createResourceTable({ label: 'scenario', size: scenario.table_size });

  const code = `${ENABLE}\n${OUT_DECL}\n${scenario.shader}`;
  const module = device.createShaderModule({ label: 'scenario', code });
  const compilation = await module.getCompilationInfo();
  for (const m of compilation.messages) {
    if (m.type === 'error') {
      errors.push(`shader ${m.type} at ${m.lineNum}:${m.linePos}: ${m.message}`);
    }
  }

  const groupLayout = device.createBindGroupLayout({
    entries: [
      {
        binding: 0,
        visibility: GPUShaderStage.COMPUTE | GPUShaderStage.FRAGMENT,
        buffer: { type: 'storage' },
      },
    ],
  });
  const layout = device.createPipelineLayout({ bindGroupLayouts: [groupLayout], usesResourceTable: true });
  const outBytes = Math.max(outLen, 1) * 4;
  const out = device.createBuffer({
    label: 'out',
    size: outBytes,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  });
  const results = device.createBuffer({
    label: 'results',
    size: Math.max(outputSteps * outLen, 1) * 4,
    usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  });
  const group = device.createBindGroup({ layout: groupLayout, entries: [{ binding: 0, resource: { buffer: out } }] });

  // Dispatches with `storage`: `main_storage`, the storage texture bound in group 1.
  let storage;
  if (scenario.storage_texture != null) {
    const storageLayout = device.createBindGroupLayout({
      entries: [
        {
          binding: 0,
          visibility: GPUShaderStage.COMPUTE,
          storageTexture: { access: 'write-only', format: 'r32uint', viewDimension: '2d' },
        },
      ],
    });
    const view = textures.get(scenario.storage_texture).texture.createView({
      dimension: '2d',
      mipLevelCount: 1,
      arrayLayerCount: 1,
      usage: GPUTextureUsage.STORAGE_BINDING,
    });
    storage = {
      layout: device.createPipelineLayout({ bindGroupLayouts: [groupLayout, storageLayout], usesResourceTable: true }),
      group: device.createBindGroup({ layout: storageLayout, entries: [{ binding: 0, resource: view }] }),
      pipeline: undefined,
    };
  }

  let computePipeline;
  const renderPipelines = new Map();
  function compute(withStorage) {
    if (withStorage) {
      storage.pipeline ??= device.createComputePipeline({
        label: 'main_storage',
        layout: storage.layout,
        compute: { module, entryPoint: 'main_storage' },
      });
      return storage.pipeline;
    }
    computePipeline ??= device.createComputePipeline({ label: 'main', layout, compute: { module, entryPoint: 'main' } });
    return computePipeline;
  }
  function render(format) {
    if (!renderPipelines.has(format)) {
      renderPipelines.set(
        format,
        device.createRenderPipeline({
          label: 'scenario',
          layout,
          vertex: { module, entryPoint: 'vs' },
          fragment: { module, entryPoint: 'fs', targets: [{ format }] },
          primitive: { topology: 'triangle-list' },
        }),
      );
    }
    return renderPipelines.get(format);
  }

  let block = 0;
  /** Records `encode(encoder)` between clearing `out` and copying it to the next block. */
  function outputStep(encode) {
    const encoder = device.createCommandEncoder();
    encoder.clearBuffer(out);
    encode(encoder);
    if (outLen > 0) {
      encoder.copyBufferToBuffer(out, 0, results, block * outLen * 4, outLen * 4);
    }
    block += 1;
    return encoder.finish();
  }
  function dispatch(withStorage) {
    return outputStep((encoder) => {
      const pass = encoder.beginComputePass();
      pass.setResourceTable(table);
      pass.setPipeline(compute(withStorage));
      pass.setBindGroup(0, group);
      if (withStorage) {
        pass.setBindGroup(1, storage.group);
      }
      pass.dispatchWorkgroups(1);
      pass.end();
    });
  }
  let recorded = [];

  /**
   * Runs `f` in a validation error scope and returns (a promise of) its outcome in serde's
   * shape. `f` runs synchronously and the scope is popped before this returns (only the
   * answer comes later), so consecutive steps never yield to the event loop between them:
   * the text moves `[[completedSubmitIndex]]` in an `onSubmittedWorkDone` callback, which
   * must not run between a submission and the steps after it unless a `Wait` step says so.
   */
  function outcome(f) {
    device.pushErrorScope('validation');
    let value;
    let thrown;
    try {
      value = f();
    } catch (e) {
      thrown = e;
    }
    return device.popErrorScope().then((error) => {
      if (thrown) {
        if (thrown.name === 'OperationError' || thrown.name === 'RangeError') {
          return thrown.name;
        }
        return { Other: `${thrown.name}: ${thrown.message}` };
      }
      if (typeof value === 'number') {
        return error ? { SlotWithValidationError: value } : { Slot: value };
      }
      return error ? 'ValidationError' : 'Ok';
    });
  }

  for (const step of scenario.steps) {
    const [kind, args] = variant(step);
    let result;
    switch (kind) {
      case 'Insert':
        result = outcome(() => table.insert(resource(args.resource)));
        break;
      case 'Update':
        result = outcome(() => {
          table.update(args.slot, resource(args.resource));
        });
        break;
      case 'Remove':
        result = outcome(() => {
          table.remove(args.slot);
        });
        break;
      case 'DestroyTable':
        result = outcome(() => table.destroy());
        break;
      case 'DestroyTexture':
        result = outcome(() => textures.get(args).texture.destroy());
        break;
      case 'CreateTable':
        result = outcome(() => {
          device.createResourceTable({ label: 'extra', size: args.size });
        });
        break;
      case 'Dispatch':
        result = outcome(() => {
          device.queue.submit([dispatch(args.storage)]);
        });
        break;
      case 'Record':
        result = outcome(() => {
          recorded.push(dispatch(false));
        });
        break;
      case 'SubmitRecorded':
        result = outcome(() => {
          device.queue.submit(recorded);
          recorded = [];
        });
        break;
      case 'Draw':
        result = outcome(() => {
          const commands = outputStep((encoder) => {
            const target = textures.get(args.target);
            const pass = encoder.beginRenderPass({
              colorAttachments: [
                {
                  view: target.texture.createView({
                    dimension: '2d',
                    baseMipLevel: 0,
                    mipLevelCount: 1,
                    baseArrayLayer: 0,
                    arrayLayerCount: 1,
                    usage: GPUTextureUsage.RENDER_ATTACHMENT,
                  }),
                  clearValue: [0, 0, 0, 0],
                  loadOp: 'clear',
                  storeOp: 'store',
                },
              ],
              resourceTable: table,
            });
            pass.setPipeline(render(target.format));
            pass.setBindGroup(0, group);
            pass.draw(3);
            pass.end();
          });
          device.queue.submit([commands]);
        });
        break;
      case 'Wait':
        // The only step that lets the event loop run.
        await device.queue.onSubmittedWorkDone();
        result = outcome(() => {});
        break;
      default:
        throw new Error(`unknown step ${kind}`);
    }
    steps.push(result);
  }

  const outcomes = await Promise.all(steps);
  let words = [];
  if (outputSteps > 0 && outLen > 0) {
    const readback = device.createBuffer({
      label: 'readback',
      size: outputSteps * outLen * 4,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(results, 0, readback, 0, outputSteps * outLen * 4);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    words = Array.from(new Uint32Array(readback.getMappedRange().slice(0)));
    readback.unmap();
  }
  table = undefined;
  device.destroy();
  return { adapter: adapterName, out: words, steps: outcomes, errors };
}

let report;
try {
  report = await main();
} catch (e) {
  report = { adapter: '', out: [], steps: [], errors: [`aborted: ${e.stack ?? e}`] };
}
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
