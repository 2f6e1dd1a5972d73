//! Screenshots and dumps of replayed resources, and `player diff` between two of them.

use std::{fmt, fs::File, io::BufWriter, path::Path};

use wgpu_types as wgt;

use crate::replay::Contents;

/// Why a screenshot could not be written, or two files compared.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CompareError {
    #[error("a screenshot needs a texture, not a buffer (use --dump)")]
    NotATexture,
    #[error("a screenshot needs an 8-bit RGBA or BGRA texture, not {0:?} (use --dump)")]
    NotRgba8(wgt::TextureFormat),
    #[error("{}: {source}", path.display())]
    Io {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    PngWrite {
        path: std::path::PathBuf,
        #[source]
        source: png::EncodingError,
    },
    #[error("{}: {source}", path.display())]
    PngRead {
        path: std::path::PathBuf,
        #[source]
        source: png::DecodingError,
    },
    /// The image cannot be compared (too large, not 8-bit, indexed).
    #[error("{}: {reason}", path.display())]
    Unsupported {
        path: std::path::PathBuf,
        reason: &'static str,
    },
    #[error("cannot compare {0} with {1}")]
    Shapes(String, String),
}

/// Writes a read-back texture as an RGBA PNG (8-bit RGBA and BGRA formats).
pub fn write_png(path: &Path, contents: &Contents) -> Result<(), CompareError> {
    let Contents::Texture {
        format,
        width,
        height,
        data,
    } = contents
    else {
        return Err(CompareError::NotATexture);
    };
    let rgba: Vec<u8> = match format {
        wgt::TextureFormat::Rgba8Unorm | wgt::TextureFormat::Rgba8UnormSrgb => data.clone(),
        wgt::TextureFormat::Bgra8Unorm | wgt::TextureFormat::Bgra8UnormSrgb => {
            data.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect()
        }
        other => return Err(CompareError::NotRgba8(*other)),
    };
    let file = File::create(path).map_err(|source| CompareError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), *width, *height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let png = |source| CompareError::PngWrite {
        path: path.to_path_buf(),
        source,
    };
    let mut writer = encoder.write_header().map_err(png)?;
    writer.write_image_data(&rgba).map_err(png)
}

/// The raw bytes of a read-back resource (texture rows tightly packed).
pub fn bytes(contents: &Contents) -> &[u8] {
    match contents {
        Contents::Buffer(data) | Contents::Texture { data, .. } => data,
    }
}

/// An image or a byte dump to compare.
struct Sample {
    /// `(width, height)` of an image; `None` for raw bytes.
    size: Option<(u32, u32)>,
    /// Components: RGBA8 for images, bytes for dumps.
    data: Vec<u8>,
}

fn read(path: &Path) -> Result<Sample, CompareError> {
    let io = |source| CompareError::Io {
        path: path.to_path_buf(),
        source,
    };
    let png = |source| CompareError::PngRead {
        path: path.to_path_buf(),
        source,
    };
    let unsupported = |reason| CompareError::Unsupported {
        path: path.to_path_buf(),
        reason,
    };
    if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
        let file = File::open(path).map_err(io)?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut reader = decoder.read_info().map_err(png)?;
        let mut data = vec![
            0;
            reader
                .output_buffer_size()
                .ok_or_else(|| unsupported("image too large"))?
        ];
        let info = reader.next_frame(&mut data).map_err(png)?;
        if info.bit_depth != png::BitDepth::Eight {
            return Err(unsupported("only 8-bit images are compared"));
        }
        data.truncate(info.buffer_size());
        // Grey(+alpha) images widen to RGBA so any two 8-bit PNGs compare.
        let data = match info.color_type {
            png::ColorType::Rgba => data,
            png::ColorType::Rgb => data.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
            png::ColorType::GrayscaleAlpha => data.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
            png::ColorType::Grayscale => data.iter().flat_map(|&g| [g, g, g, 255]).collect(),
            png::ColorType::Indexed => return Err(unsupported("indexed images are not compared")),
        };
        Ok(Sample {
            size: Some((info.width, info.height)),
            data,
        })
    } else {
        let data = std::fs::read(path).map_err(io)?;
        Ok(Sample { size: None, data })
    }
}

/// What `player diff` found.
#[derive(Debug, PartialEq, Eq)]
pub struct Diff {
    /// Pixels (images) or bytes (dumps) compared.
    pub compared: usize,
    /// Of those, how many differ by more than the tolerance in some component.
    pub differing: usize,
    /// The largest difference of any component.
    pub max_difference: u8,
    /// The first differing pixel `(x, y)` or byte offset `(offset, 0)`.
    pub first: Option<(u32, u32)>,
    pub image: bool,
}

impl fmt::Display for Diff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.image { "pixels" } else { "bytes" };
        match self.first {
            None => write!(
                f,
                "equal: {} {unit}, largest difference {}",
                self.compared, self.max_difference
            ),
            Some((x, y)) => {
                let at = if self.image {
                    format!("({x}, {y})")
                } else {
                    format!("offset {x}")
                };
                write!(
                    f,
                    "different: {} of {} {unit} differ beyond the tolerance (largest difference {}, first at {at})",
                    self.differing, self.compared, self.max_difference
                )
            }
        }
    }
}

/// Compares two PNGs (per RGBA component) or two dumps (per byte) with a tolerance.
pub fn diff(a: &Path, b: &Path, tolerance: u8) -> Result<Diff, CompareError> {
    let (x, y) = (read(a)?, read(b)?);
    if x.size != y.size || x.data.len() != y.data.len() {
        let describe = |s: &Sample| match s.size {
            Some((w, h)) => format!("a {w}×{h} image"),
            None => format!("{} bytes", s.data.len()),
        };
        return Err(CompareError::Shapes(describe(&x), describe(&y)));
    }
    let unit = if x.size.is_some() { 4 } else { 1 };
    let width = x.size.map_or(0, |(w, _)| w as usize);
    let mut result = Diff {
        compared: x.data.len() / unit,
        differing: 0,
        max_difference: 0,
        first: None,
        image: x.size.is_some(),
    };
    for (i, (p, q)) in x.data.chunks(unit).zip(y.data.chunks(unit)).enumerate() {
        let largest = p.iter().zip(q).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
        result.max_difference = result.max_difference.max(largest);
        if largest > tolerance {
            result.differing += 1;
            if result.first.is_none() {
                result.first = Some(match x.size {
                    Some(_) => ((i % width) as u32, (i / width) as u32),
                    None => (i as u32, 0),
                });
            }
        }
    }
    Ok(result)
}
