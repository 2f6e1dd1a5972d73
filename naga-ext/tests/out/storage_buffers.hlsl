error: HLSL backend: binding arrays of storage buffers (resource-table storage buffers)
