//! The formats a table hides from some types on this driver.

use ash::vk;

/// The uncompressed color formats, which storage textures may have.
#[rustfmt::skip]
const STORAGE_CANDIDATES: &[wgt::TextureFormat] = {
    use wgt::TextureFormat as F;
    &[
        F::R8Unorm, F::R8Snorm, F::R8Uint, F::R8Sint, F::R16Uint, F::R16Sint, F::R16Unorm,
        F::R16Snorm, F::R16Float, F::Rg8Unorm, F::Rg8Snorm, F::Rg8Uint, F::Rg8Sint, F::R32Uint,
        F::R32Sint, F::R32Float, F::Rg16Uint, F::Rg16Sint, F::Rg16Unorm, F::Rg16Snorm,
        F::Rg16Float, F::Rgba8Unorm, F::Rgba8UnormSrgb, F::Rgba8Snorm, F::Rgba8Uint, F::Rgba8Sint,
        F::Bgra8Unorm, F::Bgra8UnormSrgb, F::Rgb9e5Ufloat, F::Rgb10a2Uint, F::Rgb10a2Unorm,
        F::Rg11b10Ufloat, F::R64Uint, F::Rg32Uint, F::Rg32Sint, F::Rg32Float, F::Rgba16Uint,
        F::Rgba16Sint, F::Rgba16Unorm, F::Rgba16Snorm, F::Rgba16Float, F::Rgba32Uint,
        F::Rgba32Sint, F::Rgba32Float,
    ]
};

/// The formats that may be sampled as float textures. Depth formats are left out: no
/// Vulkan format must filter depth linearly, and hiding them would hide every shadow map
/// (and the default depth texture) on such a driver; desktop drivers filter them.
#[rustfmt::skip]
const SAMPLED_CANDIDATES: &[wgt::TextureFormat] = {
    use wgt::TextureFormat as F;
    &[
        F::R8Unorm, F::R8Snorm, F::R16Unorm, F::R16Snorm, F::R16Float, F::Rg8Unorm, F::Rg8Snorm,
        F::R32Float, F::Rg16Unorm, F::Rg16Snorm, F::Rg16Float, F::Rgba8Unorm, F::Rgba8UnormSrgb,
        F::Rgba8Snorm, F::Bgra8Unorm, F::Bgra8UnormSrgb, F::Rgb9e5Ufloat, F::Rgb10a2Unorm,
        F::Rg11b10Ufloat, F::Rg32Float, F::Rgba16Unorm, F::Rgba16Snorm, F::Rgba16Float,
        F::Rgba32Float,
    ]
};

/// Whether format features allow format-less reads and writes.
fn formatless_support(features: vk::FormatFeatureFlags2) -> (bool, bool) {
    (
        features.contains(vk::FormatFeatureFlags2::STORAGE_READ_WITHOUT_FORMAT),
        features.contains(vk::FormatFeatureFlags2::STORAGE_WRITE_WITHOUT_FORMAT),
    )
}

impl crate::vulkan::Device {
    /// The formats tables hide from some types ([`crate::resource_table::TableFormats`]).
    /// Format-less storage needs `VkFormatProperties3` (Vulkan 1.3) per format; before it, the
    /// device features that heterogeneous tables require covered every storage format.
    ///
    /// `WGPU_RESOURCE_TABLE_NO_FORMATLESS` and `WGPU_RESOURCE_TABLE_NO_LINEAR_FILTER` (format
    /// names as `Debug` prints them, comma separated) add formats to the lists, so that the
    /// hiding can be tested on drivers that support every format.
    pub(super) unsafe fn table_formats(&self, heterogeneous: bool) -> crate::resource_table::TableFormats {
        let mut out = crate::resource_table::TableFormats::default();
        let named = |var: &str, format: wgt::TextureFormat| {
            std::env::var_os(var).is_some_and(|names| {
                let names = names.to_string_lossy();
                let name = alloc::format!("{format:?}");
                names.split(',').any(|n| n.trim() == name)
            })
        };
        let instance = &self.shared.instance;
        let phd = self.shared.physical_device;
        let vk_format = |format| self.shared.private_caps.map_texture_format(format);
        for &format in SAMPLED_CANDIDATES {
            let features = unsafe {
                instance
                    .raw
                    .get_physical_device_format_properties(phd, vk_format(format))
            }
            .optimal_tiling_features;
            let filterable = !features.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE)
                || features.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_LINEAR);
            if !filterable || named("WGPU_RESOURCE_TABLE_NO_LINEAR_FILTER", format) {
                out.unfilterable.push(format);
            }
        }
        if !heterogeneous {
            return out;
        }
        let device_version = unsafe { instance.raw.get_physical_device_properties(phd) }.api_version;
        let flags2 = instance.instance_api_version.min(device_version) >= vk::API_VERSION_1_3;
        for &format in STORAGE_CANDIDATES {
            let (mut read, mut write) = (true, true);
            if flags2 {
                let mut properties3 = vk::FormatProperties3::default();
                let mut properties2 = vk::FormatProperties2::default().push_next(&mut properties3);
                unsafe {
                    instance
                        .raw
                        .get_physical_device_format_properties2(phd, vk_format(format), &mut properties2)
                };
                if properties2
                    .format_properties
                    .optimal_tiling_features
                    .contains(vk::FormatFeatureFlags::STORAGE_IMAGE)
                {
                    (read, write) = formatless_support(properties3.optimal_tiling_features);
                }
            }
            let hooked = named("WGPU_RESOURCE_TABLE_NO_FORMATLESS", format);
            if !read || hooked {
                out.unreadable_storage.push(format);
            }
            if !write || hooked {
                out.unwritable_storage.push(format);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::formatless_support;
    use ash::vk;

    #[test]
    fn formatless_support_reads_each_flag() {
        use vk::FormatFeatureFlags2 as F;
        assert_eq!(formatless_support(F::STORAGE_IMAGE), (false, false));
        assert_eq!(
            formatless_support(F::STORAGE_IMAGE | F::STORAGE_READ_WITHOUT_FORMAT),
            (true, false)
        );
        assert_eq!(formatless_support(F::STORAGE_WRITE_WITHOUT_FORMAT), (false, true));
        assert_eq!(
            formatless_support(F::STORAGE_READ_WITHOUT_FORMAT | F::STORAGE_WRITE_WITHOUT_FORMAT),
            (true, true)
        );
    }
}
