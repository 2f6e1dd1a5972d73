//! The harness must really see the validation layer: a test that provokes a Vulkan usage
//! error through raw Vulkan has to observe the layer's message.

use hal_ext::harness::{check_lavapipe, GpuContext};

#[test]
fn gpu_validation_layer_reports_invalid_vulkan_usage() {
    let ctx = GpuContext::new(wgpu::Features::empty(), wgpu::Limits::default());
    // A zero-sized buffer breaks VUID-VkBufferCreateInfo-size-00912; drivers accept it, the
    // validation layer reports it.
    unsafe {
        let hal = ctx.device.as_hal::<wgpu_hal::api::Vulkan>().expect("a Vulkan device");
        let raw = hal.raw_device();
        let info = ash::vk::BufferCreateInfo::default()
            .size(0)
            .usage(ash::vk::BufferUsageFlags::TRANSFER_SRC)
            .sharing_mode(ash::vk::SharingMode::EXCLUSIVE);
        if let Ok(buffer) = raw.create_buffer(&info, None) {
            raw.destroy_buffer(buffer, None);
        }
    }
    let messages = ctx.take_validation_messages();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("VUID-VkBufferCreateInfo-size-00912")),
        "the validation layer did not report the zero-sized buffer: {messages:#?}"
    );
}

#[test]
fn gpu_adapter_is_the_expected_driver() {
    let ctx = GpuContext::new(wgpu::Features::empty(), wgpu::Limits::default());
    let info = ctx.adapter.get_info();
    assert_eq!(info.backend, wgpu::Backend::Vulkan);
    if let Ok(min) = std::env::var("BINDLESS_EXPECT_LAVAPIPE") {
        assert_eq!(info.driver, "llvmpipe");
        check_lavapipe(&info, min.parse().unwrap());
    }
}

fn info(driver: &str, driver_info: &str) -> wgpu::AdapterInfo {
    let mut info = wgpu::AdapterInfo::new(wgpu::DeviceType::Cpu, wgpu::Backend::Vulkan);
    info.name = "llvmpipe (LLVM 15.0.6, 256 bits)".into();
    info.driver = driver.into();
    info.driver_info = driver_info.into();
    info
}

#[test]
fn lavapipe_from_mesa_25_is_accepted() {
    check_lavapipe(&info("llvmpipe", "Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6)"), 25);
}

#[test]
#[should_panic(expected = "expected lavapipe from Mesa >= 25")]
fn lavapipe_from_mesa_22_is_refused() {
    check_lavapipe(&info("llvmpipe", "Mesa 22.3.6 (LLVM 15.0.6)"), 25);
}

#[test]
#[should_panic(expected = "expected lavapipe from Mesa >= 25")]
fn other_drivers_are_refused_when_lavapipe_is_expected() {
    check_lavapipe(&info("NVIDIA", "580.65.06"), 25);
}

/// The crash reporter names the faulting test thread and prints a backtrace, and the process
/// still dies of the signal. The fault happens in a child process (this binary again).
#[cfg(unix)]
#[test]
fn a_segmentation_fault_names_the_test_that_faulted() {
    const CRASH: &str = "BINDLESS_HARNESS_CRASH_NOW";
    if std::env::var_os(CRASH).is_some() {
        hal_ext::harness::report_crashes();
        // SAFETY: none; the fault is the point (in the child process only).
        unsafe { std::ptr::null::<u32>().read_volatile() };
        unreachable!("reading address 0 faults");
    }
    let output = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "a_segmentation_fault_names_the_test_that_faulted",
            "--exact",
            "--test-threads=1",
        ])
        .env(CRASH, "1")
        .output()
        .expect("running the child");
    let stderr = String::from_utf8_lossy(&output.stderr);
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(output.status.signal(), Some(11), "{stderr}");
    assert!(
        stderr.contains("*** signal 11 at address 0x0 in thread \"a_segmentation_fault_names_the_test_that_faulted\""),
        "{stderr}"
    );
    // The backtrace reaches the test's own frame (in release builds with symbols too).
    assert!(
        stderr.contains("harness::a_segmentation_fault_names_the_test_that_faulted"),
        "no backtrace: {stderr}"
    );
}
