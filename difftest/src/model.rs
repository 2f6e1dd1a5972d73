//! The CPU model of the bindless proposal (`shared/seeds/bindless-proposal.md`): the
//! executable spec the GPU runs are compared with.
//!
//! Quotes from the proposal are marked `>`. Where wgpu-core makes a choice the proposal
//! leaves open (the error variant, which slot `insertBinding` returns, the numbering of
//! submissions), the model follows it and says so.
//!
//! Completion is nondeterministic: the model knows `[[lastSubmitIndex]]` exactly but
//! `[[completedSubmitIndex]]` only as a range `completed_lo ..= last`. An operation whose
//! outcome depends on where in that range the real value is accepts every outcome that some
//! value in the range explains, and raises `completed_lo` to what the observed outcome proves
//! (completion only grows, so lower bounds stay true; upper bounds do not, and are not kept).

use std::fmt;

/// A resource table's slot error, as `wgpu::ResourceTableError` reports it.
pub use wgpu::ResourceTableError as SlotError;

/// `GPUTexture.pin(usage)` / `GPUBuffer.pin(usage)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pin {
    Sampled,
    StorageRead,
    StorageReadWrite,
}

impl Pin {
    pub fn wgpu(self) -> wgpu::PinnedUsage {
        match self {
            Pin::Sampled => wgpu::PinnedUsage::Sampled,
            Pin::StorageRead => wgpu::PinnedUsage::StorageRead,
            Pin::StorageReadWrite => wgpu::PinnedUsage::StorageReadWrite,
        }
    }

    fn storage(self) -> bool {
        self != Pin::Sampled
    }
}

/// What a slot may hold (indices into the model's lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Res {
    /// The (one, default) view of texture `i`.
    Texture(usize),
    Sampler(usize),
    /// The whole of storage buffer `i`.
    Buffer(usize),
}

impl fmt::Display for Res {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Res::Texture(i) => write!(f, "view(&tex{i})"),
            Res::Sampler(i) => write!(f, "&sampler{i}"),
            Res::Buffer(i) => write!(f, "buf{i}.as_entire_binding()"),
        }
    }
}

/// A 1×1 texture, `R32Uint` (or `R32Float` when `float`), always with `COPY_DST`.
#[derive(Clone, Debug)]
pub struct Texture {
    /// The texel as last written (the next submission sees it).
    pub value: u32,
    pub float: bool,
    /// `TEXTURE_BINDING` / `STORAGE_BINDING` usages.
    pub sampled: bool,
    pub storage: bool,
    pub pin: Option<Pin>,
    pub destroyed: bool,
}

/// A 16-byte `STORAGE | COPY_DST` buffer (or without `STORAGE`) whose first word is `value`.
#[derive(Clone, Debug)]
pub struct Buffer {
    pub value: u32,
    pub storage: bool,
    pub pin: Option<Pin>,
    pub destroyed: bool,
}

/// > An `Array<Number>` called `[[availableAfterSubmit]]` of size `this.size` initially
/// > filled with `0` values. (`update` sets it to `Infinity`: [`Avail::InUse`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Avail {
    After(u64),
    InUse,
}

#[derive(Clone, Debug)]
pub struct Slot {
    pub avail: Avail,
    /// The entry the shader sees (`None`: empty, or the device timeline refused it).
    pub binding: Option<Res>,
}

/// Above every device's `max_resource_table_size()`: Vulkan caps tables at 2^20 slots and
/// noop reports 2^20; the tester checks its device is within `50_000..=MAX_TABLE_SIZE`.
pub const MAX_TABLE_SIZE: u32 = 1 << 20;
/// The size the tester creates too-large tables with.
pub const TOO_LARGE: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct Table {
    pub size: u32,
    /// Created above `max_resource_table_size`:
    /// > if `desc.size > this.limits.maxResourceTableSize` throw a `RangeError` and return.
    ///
    /// (wgpu returns an invalid table and reports the error; its slot operations fail with
    /// `Invalid`.)
    pub invalid: bool,
    pub destroyed: bool,
    pub slots: Vec<Slot>,
}

/// The values a probe writes for one slot (compute probes: all eight; render probes: the
/// first four).
pub const STRIDE: usize = 8;
/// Probes read slots `0..PROBED_SLOTS` (tables have at most 16: the rest are out of range).
pub const PROBED_SLOTS: usize = 31;

/// The device-level state and every object of a program.
#[derive(Clone, Debug)]
pub struct Model {
    /// `heterogeneous-resource-table` (else only `sampling-resource-table`).
    pub heterogeneous: bool,
    /// `[[lastSubmitIndex]]`. wgpu-core numbers submissions with an index it also spends on
    /// failed submissions and internal flushes, and raises the last index only on a
    /// successful one (a failed submission reads no slot, so this only makes slots available
    /// sooner): the model learns the number from `queue.submit`'s return value.
    pub last: u64,
    /// What is known of `[[completedSubmitIndex]]`: at least this, at most `last`.
    pub completed_lo: u64,
    pub textures: Vec<Texture>,
    pub samplers: usize,
    pub buffers: Vec<Buffer>,
    pub tables: Vec<Table>,
}

/// Which validation error an operation must raise on the device timeline (`None`: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceError {
    /// `ResourceTableBindingError` from `update`/`insertBinding`.
    Binding,
    /// `PinError` from `pin`.
    Pin,
    /// `QueueWriteError` from `write_texture`/`write_buffer`.
    Write,
    /// `QueueSubmitError` from `submit`.
    Submit,
    /// `CreateResourceTableError` (the proposal's `RangeError`).
    CreateTable,
    /// A draw or dispatch whose pipeline uses the table found none set:
    /// > In the validation for `dispatch*` and `draw*` add a check that if
    /// > `pipeline.[[desc]].layout.[[desc]].usesResourceTable` is `true`, then the encoder's
    /// > `[[resource_table]]` is not null.
    MissingTable,
}

pub type Divergence = String;

impl Model {
    pub fn new(heterogeneous: bool, last: u64) -> Self {
        Self {
            heterogeneous,
            last,
            completed_lo: last,
            textures: Vec::new(),
            samplers: 0,
            buffers: Vec::new(),
            tables: Vec::new(),
        }
    }

    // ---- objects -------------------------------------------------------------------------

    pub fn create_table(&mut self, size: u32) -> Option<DeviceError> {
        let invalid = size > MAX_TABLE_SIZE;
        self.tables.push(Table {
            size,
            invalid,
            destroyed: false,
            slots: vec![
                Slot {
                    avail: Avail::After(0),
                    binding: None
                };
                if invalid { 0 } else { size as usize }
            ],
        });
        invalid.then_some(DeviceError::CreateTable)
    }

    /// > On the device timeline, set `this.[[destroyed]]` to `true`.
    pub fn destroy_table(&mut self, t: usize) {
        let table = &mut self.tables[t];
        table.destroyed = true;
        for slot in &mut table.slots {
            slot.binding = None;
        }
    }

    pub fn create_texture(&mut self, value: u32, float: bool, sampled: bool, storage: bool) {
        self.textures.push(Texture {
            value,
            float,
            sampled,
            storage,
            pin: None,
            destroyed: false,
        });
    }

    /// A queue write; allowed while pinned (the next submission puts the texture back in
    /// its pinned state). Writing a destroyed texture is a validation error.
    pub fn write_texture(&mut self, i: usize, value: u32) -> Option<DeviceError> {
        let tex = &mut self.textures[i];
        if tex.destroyed {
            return Some(DeviceError::Write);
        }
        tex.value = value;
        None
    }

    /// > Validation for `GPUTexture.pin(usage)`: `this` must not have been destroyed;
    /// > `usage` must be a single shader usage. (And the texture must have that usage.)
    /// > Pinning replaces the currently pinned usage, if any.
    pub fn pin_texture(&mut self, i: usize, pin: Option<Pin>) -> Option<DeviceError> {
        let tex = &mut self.textures[i];
        if let Some(p) = pin {
            let has_usage = if p.storage() { tex.storage } else { tex.sampled };
            if tex.destroyed || !has_usage {
                return Some(DeviceError::Pin);
            }
        }
        // > Validation for `GPUTexture.unpin()`: the feature must be enabled (only).
        tex.pin = pin;
        None
    }

    pub fn destroy_texture(&mut self, i: usize) {
        self.textures[i].destroyed = true;
    }

    pub fn create_buffer(&mut self, value: u32, storage: bool) {
        self.buffers.push(Buffer {
            value,
            storage,
            pin: None,
            destroyed: false,
        });
    }

    pub fn write_buffer(&mut self, i: usize, value: u32) -> Option<DeviceError> {
        let buf = &mut self.buffers[i];
        if buf.destroyed {
            return Some(DeviceError::Write);
        }
        buf.value = value;
        None
    }

    /// Buffers pin only to the storage usages (the proposal's TODO #5375, as wgpu does it).
    pub fn pin_buffer(&mut self, i: usize, pin: Option<Pin>) -> Option<DeviceError> {
        let buf = &mut self.buffers[i];
        if let Some(p) = pin {
            if buf.destroyed || !buf.storage || !p.storage() {
                return Some(DeviceError::Pin);
            }
        }
        buf.pin = pin;
        None
    }

    pub fn destroy_buffer(&mut self, i: usize) {
        self.buffers[i].destroyed = true;
    }

    // ---- slots ----------------------------------------------------------------------------

    /// The content-timeline checks every slot operation starts with:
    /// > `this.destroy()` has never been called. `slot` must be `< this.size`.
    fn check_slot(&self, t: usize, slot: u32) -> Result<(), SlotError> {
        let table = &self.tables[t];
        if table.invalid {
            return Err(SlotError::Invalid);
        }
        if table.destroyed {
            return Err(SlotError::Destroyed);
        }
        if slot >= table.size {
            return Err(SlotError::OutOfRange { slot, size: table.size });
        }
        Ok(())
    }

    /// The device-timeline step of `update`:
    /// > If `resource` is not possible to set in the `GPUResourceTable`, generate a
    /// > validation error and return.
    ///
    /// A sampling table holds samplers and sampled textures; a heterogeneous one storage
    /// textures and storage buffers too. A destroyed resource cannot be set.
    fn settable(&self, res: Res) -> bool {
        match res {
            Res::Texture(i) => {
                let tex = &self.textures[i];
                !tex.destroyed && (tex.sampled || (self.heterogeneous && tex.storage))
            }
            Res::Sampler(_) => true,
            Res::Buffer(i) => {
                let buf = &self.buffers[i];
                self.heterogeneous && !buf.destroyed && buf.storage
            }
        }
    }

    /// > Set `this.[[availableAfterSubmit]][slot]` to `Infinity`. On the device timeline: …
    /// > Set the entry at `slot` in the table to `resource`.
    fn take(&mut self, t: usize, slot: u32, res: Res) -> Option<DeviceError> {
        let settable = self.settable(res);
        let s = &mut self.tables[t].slots[slot as usize];
        s.avail = Avail::InUse;
        s.binding = settable.then_some(res);
        (!settable).then_some(DeviceError::Binding)
    }

    /// `update(slot, resource)` returned `observed`: checks it and applies it.
    /// > If any of the following is not satisfied, throw an `OperationError`: …
    /// > `this.[[availableAfterSubmit]][slot] <= this.[[device]].queue.[[completedSubmitIndex]]`
    ///
    /// (wgpu tells a slot that holds a binding, `InUse`, from one that waits for a
    /// submission, `NotYetAvailable`.)
    pub fn update(
        &mut self,
        t: usize,
        slot: u32,
        res: Res,
        observed: &Result<(), SlotError>,
    ) -> Result<Option<DeviceError>, Divergence> {
        if let Err(e) = self.check_slot(t, slot) {
            return expect_err(observed, e);
        }
        match self.tables[t].slots[slot as usize].avail {
            Avail::InUse => expect_err(observed, SlotError::InUse { slot }),
            Avail::After(a) if a <= self.completed_lo => match observed {
                Ok(()) => Ok(self.take(t, slot, res)),
                Err(e) => Err(format!(
                    "expected Ok(()), got Err({e:?}) (completed >= {})",
                    self.completed_lo
                )),
            },
            // Depends on completion: Ok proves submission `a` completed.
            Avail::After(a) => match observed {
                Ok(()) => {
                    self.completed_lo = a;
                    Ok(self.take(t, slot, res))
                }
                Err(e) => {
                    self.not_yet_available(e, slot, a)?;
                    Ok(None)
                }
            },
        }
    }

    /// `update_range(first, resources)` (wgpu's batch form of `update`) returned
    /// `observed`: the same `update`s in order, except that the slots are taken all or none.
    /// Range checks come first (the first slot out of range), then availability in slot
    /// order; a slot whose availability depends on completion either is the error or, if
    /// the call went past it, proves its submission completed.
    pub fn update_range(
        &mut self,
        t: usize,
        first: u32,
        res: &[Res],
        observed: &Result<(), SlotError>,
    ) -> Result<Option<DeviceError>, Divergence> {
        let slots = (first..).take(res.len());
        if let Some(e) = slots.clone().find_map(|slot| self.check_slot(t, slot).err()) {
            return expect_err(observed, e);
        }
        for slot in slots.clone() {
            match self.tables[t].slots[slot as usize].avail {
                Avail::InUse => return expect_err(observed, SlotError::InUse { slot }),
                Avail::After(a) if a <= self.completed_lo => {}
                Avail::After(a) => match observed {
                    Err(SlotError::NotYetAvailable { slot: s, .. }) if *s == slot => {
                        let e = observed.as_ref().unwrap_err();
                        self.not_yet_available(e, slot, a)?;
                        return Ok(None);
                    }
                    // The call went past this slot: its submission completed.
                    _ => self.completed_lo = a,
                },
            }
        }
        if let Err(e) = observed {
            return Err(format!(
                "expected Ok(()), got Err({e:?}) (completed >= {})",
                self.completed_lo
            ));
        }
        // Every slot is taken; the error scope sees the first binding error. (`or`, not
        // `or_else`: `take` must run for every slot, after the first error too.)
        Ok(slots
            .zip(res)
            .fold(None, |first, (slot, &r)| first.or(self.take(t, slot, r))))
    }

    /// Checks a `NotYetAvailable` for a slot available after `a`, and learns the completed
    /// index it reports.
    fn not_yet_available(&mut self, e: &SlotError, slot: u32, a: u64) -> Result<(), Divergence> {
        match *e {
            SlotError::NotYetAvailable {
                slot: s,
                available_after,
                completed,
            } if s == slot && available_after == a && completed < a && completed >= self.completed_lo => {
                self.completed_lo = completed;
                Ok(())
            }
            _ => Err(format!(
                "expected Ok(()) or Err(NotYetAvailable {{ slot: {slot}, available_after: {a}, \
                 completed: {}..{a} }}), got Err({e:?})",
                self.completed_lo
            )),
        }
    }

    /// `insertBinding(resource)` returned `observed`.
    /// > Let `slot` be `this.[[availableAfterSubmit]].findIndex((e) => e <= completedSubmitIndex)`.
    /// > If `slot` is `undefined`, throw an `OperationError`. Call `this.update(slot, resource)`.
    ///
    /// (TODO #5466: wgpu returns the LOWEST available slot, `findIndex` as written.)
    pub fn insert_binding(
        &mut self,
        t: usize,
        res: Res,
        observed: &Result<u32, SlotError>,
    ) -> Result<(Option<DeviceError>, u32), Divergence> {
        let table = &self.tables[t];
        if table.invalid {
            return expect_err(observed, SlotError::Invalid).map(|e| (e, u32::MAX));
        }
        if table.destroyed {
            return expect_err(observed, SlotError::Destroyed).map(|e| (e, u32::MAX));
        }
        let after = |s: &Slot| match s.avail {
            Avail::After(a) => Some(a),
            Avail::InUse => None,
        };
        let lowest_now = table
            .slots
            .iter()
            .position(|s| after(s).is_some_and(|a| a <= self.completed_lo));
        match *observed {
            Ok(slot) => {
                // Some completed index `c` in `completed_lo..=last` must make `slot` the first
                // available one: the smallest such `c` is `max(completed_lo, a)`.
                let a = table.slots.get(slot as usize).and_then(after);
                let c = a.map(|a| a.max(self.completed_lo));
                let first = c.and_then(|c| table.slots.iter().position(|s| after(s).is_some_and(|a| a <= c)));
                if first != Some(slot as usize) {
                    return Err(format!(
                        "returned slot {slot}, but the lowest available slot is {lowest_now:?} \
                         (completed >= {}, availableAfterSubmit: {:?})",
                        self.completed_lo,
                        table.slots.iter().map(|s| s.avail).collect::<Vec<_>>()
                    ));
                }
                self.completed_lo = c.unwrap();
                Ok((self.take(t, slot, res), slot))
            }
            Err(SlotError::Full) if lowest_now.is_none() => Ok((None, u32::MAX)),
            Err(ref e) => Err(format!(
                "expected Ok(slot) (lowest available now: {lowest_now:?}), got Err({e:?})"
            )),
        }
    }

    /// `removeBinding(slot)`.
    /// > Set `this.[[availableAfterSubmit]][slot]` to `this.[[device]].queue.[[lastSubmitIndex]]`.
    /// > On the device timeline: Remove the entry at `slot`.
    pub fn remove_binding(&mut self, t: usize, slot: u32, observed: &Result<(), SlotError>) -> Result<(), Divergence> {
        if let Err(e) = self.check_slot(t, slot) {
            return expect_err(observed, e).map(drop);
        }
        if let Err(e) = observed {
            return Err(format!("expected Ok(()), got Err({e:?})"));
        }
        let last = self.last;
        let s = &mut self.tables[t].slots[slot as usize];
        s.avail = Avail::After(last);
        s.binding = None;
        Ok(())
    }

    // ---- submissions ----------------------------------------------------------------------

    /// > In `queue.submit`, validate that none of the tables in the various encoder's
    /// > `[[resource_tables_used]]` are destroyed.
    ///
    /// (`invalid`: some command buffer failed validation when recorded; submitting it
    /// fails too.)
    pub fn submit_error(&self, tables_used: &[usize], invalid: bool) -> Option<DeviceError> {
        (invalid || tables_used.iter().any(|&t| self.tables[t].destroyed)).then_some(DeviceError::Submit)
    }

    /// A successful submission with index `index`:
    /// > Increment `this.[[lastSubmitIndex]]`. (See [`Model::last`] for wgpu's numbering.)
    pub fn submitted(&mut self, index: u64) -> Result<(), Divergence> {
        if index <= self.last {
            return Err(format!(
                "submission index {index} is not above the last one, {}",
                self.last
            ));
        }
        self.last = index;
        Ok(())
    }

    /// All submitted work is known complete (a wait, or a poll that found the queue empty).
    pub fn all_completed(&mut self) {
        self.completed_lo = self.last;
    }

    /// A texture is visible to `getResource<texture_2d<T>>` while pinned `Sampled` (which
    /// needs `TEXTURE_BINDING`) and not destroyed:
    /// > unpinned resources are not accessible via resource tables.
    fn sampled_visible(&self, i: usize) -> bool {
        let tex = &self.textures[i];
        tex.pin == Some(Pin::Sampled) && tex.sampled && !tex.destroyed
    }

    /// Storage pins make a texture visible to `texture_storage_2d<T, read>` (read-only
    /// access accepts read-only and read-write pins) on heterogeneous devices only.
    fn storage_visible(&self, i: usize) -> bool {
        let tex = &self.textures[i];
        self.heterogeneous && tex.pin.is_some_and(Pin::storage) && tex.storage && !tex.destroyed
    }

    fn buffer_visible(&self, i: usize) -> bool {
        let buf = &self.buffers[i];
        self.heterogeneous && buf.pin.is_some_and(Pin::storage) && buf.storage && !buf.destroyed
    }

    /// What a probe of table `t` submitted now reads for slots `0..PROBED_SLOTS`, `STRIDE`
    /// words each:
    /// `[hasResource<texture_2d<u32>>, hasResource<texture_2d<f32>>, hasResource<sampler>,
    ///   textureLoad(getResource<texture_2d<u32>>).x,
    ///   hasResource<texture_storage_2d<u32, read>>, its textureLoad().x,
    ///   hasResource<ptr<storage, Data, read>>, its values[0]]`
    /// (the last four only on heterogeneous devices, 0 otherwise).
    /// > If `index` is outside the bounds of the resource table then a default value of type
    /// > `T` will be returned. If the item at `index` is not of type `T` then a default value
    /// > of type `T` is returned. (wgpu's defaults are zero-filled.)
    pub fn probe(&self, t: usize) -> Vec<u32> {
        let table = &self.tables[t];
        let mut out = vec![0; PROBED_SLOTS * STRIDE];
        for (slot, words) in out.chunks_exact_mut(STRIDE).enumerate() {
            let binding = table.slots.get(slot).and_then(|s| s.binding);
            match binding {
                Some(Res::Texture(i)) => {
                    let tex = &self.textures[i];
                    if self.sampled_visible(i) {
                        if tex.float {
                            words[1] = 1;
                        } else {
                            words[0] = 1;
                            words[3] = tex.value;
                        }
                    }
                    if self.storage_visible(i) && !tex.float {
                        words[4] = 1;
                        words[5] = tex.value;
                    }
                }
                Some(Res::Sampler(_)) => words[2] = 1,
                Some(Res::Buffer(i)) if self.buffer_visible(i) => {
                    words[6] = 1;
                    words[7] = self.buffers[i].value;
                }
                Some(Res::Buffer(_)) | None => {}
            }
        }
        out
    }
}

/// The operation must fail with exactly `expected`.
fn expect_err<T: fmt::Debug>(
    observed: &Result<T, SlotError>,
    expected: SlotError,
) -> Result<Option<DeviceError>, Divergence> {
    match observed {
        Err(e) if *e == expected => Ok(None),
        other => Err(format!("expected Err({expected:?}), got {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_slot_waits_for_completion_and_narrows_it() {
        let mut m = Model::new(false, 1);
        m.create_table(4);
        m.create_texture(5, false, true, false);
        assert_eq!(m.update(0, 0, Res::Texture(0), &Ok(())), Ok(None));
        m.submitted(2).unwrap();
        m.remove_binding(0, 0, &Ok(())).unwrap();
        // Completed is 1..=2: either outcome.
        let nya = Err(SlotError::NotYetAvailable {
            slot: 0,
            available_after: 2,
            completed: 1,
        });
        assert_eq!(m.clone().update(0, 0, Res::Texture(0), &nya), Ok(None));
        // insertBinding may take slot 1 (0 not yet available) or slot 0.
        assert!(m.clone().insert_binding(0, Res::Sampler(0), &Ok(1)).is_ok());
        let mut m2 = m.clone();
        assert!(m2.insert_binding(0, Res::Sampler(0), &Ok(0)).is_ok());
        assert_eq!(m2.completed_lo, 2);
        assert!(m.clone().insert_binding(0, Res::Sampler(0), &Ok(2)).is_err());
        assert_eq!(m.update(0, 0, Res::Texture(0), &Ok(())), Ok(None));
        assert_eq!(m.completed_lo, 2);
        assert!(m.update(0, 0, Res::Texture(0), &Ok(())).is_err());
    }

    #[test]
    fn visibility_needs_a_sampled_pin_and_no_destroy() {
        let mut m = Model::new(false, 0);
        m.create_table(4);
        m.create_texture(7, false, true, false);
        m.update(0, 1, Res::Texture(0), &Ok(())).unwrap();
        assert_eq!(m.probe(0)[STRIDE..STRIDE + 4], [0, 0, 0, 0]);
        assert_eq!(m.pin_texture(0, Some(Pin::Sampled)), None);
        assert_eq!(m.probe(0)[STRIDE..STRIDE + 4], [1, 0, 0, 7]);
        assert_eq!(m.pin_texture(0, Some(Pin::StorageRead)), Some(DeviceError::Pin));
        m.destroy_texture(0);
        assert_eq!(m.probe(0)[STRIDE..STRIDE + 4], [0, 0, 0, 0]);
    }
}
