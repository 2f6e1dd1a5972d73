//! Slot allocation: which slots are free, in use or waiting for a submission, and the
//! bindings they hold (the proposal's content-timeline rules). Pure code, testable without a
//! device.

use alloc::{collections::VecDeque, vec, vec::Vec};

use super::{error::ResourceTableSlotError, pin::pin_key, raw, Pin, TableEntry, IN_USE};
use crate::SubmissionIndex;

/// No slot: the ends of [`TableState::links`] lists.
const NO_SLOT: u32 = u32::MAX;

/// Which slots are free right now, with the lowest one found in `O(n / 4096)` word scans
/// (two-level bitmap: a bit per slot, and a bit per non-empty word).
#[derive(Debug)]
pub(super) struct FreeSlots {
    words: Vec<u64>,
    summary: Vec<u64>,
}

impl FreeSlots {
    pub(super) fn all_free(size: u32) -> Self {
        let size = size as usize;
        let mut words = vec![u64::MAX; size.div_ceil(64)];
        if !size.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << (size % 64)) - 1;
            }
        }
        let mut summary = vec![0u64; words.len().div_ceil(64)];
        for (i, w) in words.iter().enumerate() {
            if *w != 0 {
                summary[i / 64] |= 1 << (i % 64);
            }
        }
        Self { words, summary }
    }

    pub(super) fn set(&mut self, slot: u32, free: bool) {
        let (w, b) = (slot as usize / 64, slot % 64);
        if free {
            self.words[w] |= 1 << b;
        } else {
            self.words[w] &= !(1 << b);
        }
        let (s, sb) = (w / 64, w % 64);
        if self.words[w] != 0 {
            self.summary[s] |= 1 << sb;
        } else {
            self.summary[s] &= !(1 << sb);
        }
    }

    pub(super) fn lowest(&self) -> Option<u32> {
        let (s, bits) = self.summary.iter().enumerate().find(|(_, s)| **s != 0)?;
        let w = s * 64 + bits.trailing_zeros() as usize;
        Some((w * 64) as u32 + self.words[w].trailing_zeros())
    }
}

#[derive(Debug)]
pub(super) struct TableState {
    pub(super) destroyed: bool,
    /// `[[availableAfterSubmit]]`: 0 for never-used slots, [`IN_USE`] while a binding is
    /// there, the last submission index at removal afterwards.
    pub(super) available_after: Vec<SubmissionIndex>,
    /// Slots free now (available and not in use).
    pub(super) free: FreeSlots,
    /// Removed slots waiting for their submission, in removal order (so in non-decreasing
    /// submission order).
    pub(super) pending: VecDeque<(SubmissionIndex, u32)>,
    /// The bindings, by slot: as long as the highest slot used (or taken by `update_range`)
    /// so far (slots are taken lowest first), so that a slot's binding is one index away.
    pub(super) entries: Vec<Option<TableEntry>>,
    /// Per slot (as long as `entries`), the previous and next slot holding the same texture
    /// or buffer ([`NO_SLOT`] at the ends): each resource's slots form a list, found
    /// through `holders`, so that pin changes reach exactly its slots and removals unlink
    /// in O(1).
    pub(super) links: Vec<[u32; 2]>,
    /// The first slot of each held resource's list, by [`pin_key`].
    pub(super) holders: crate::FastHashMap<usize, u32>,
    /// Which arrays already hold each slot's binding (`raw::written_after`).
    pub(super) written: Vec<u8>,
    /// Slots to write at the next submission.
    pub(super) dirty: raw::Dirty,
}

impl TableState {
    pub(super) fn new(size: u32) -> Self {
        Self {
            destroyed: false,
            available_after: vec![0; size as usize],
            free: FreeSlots::all_free(size),
            pending: VecDeque::new(),
            entries: Vec::new(),
            links: Vec::new(),
            holders: Default::default(),
            written: vec![0; size as usize],
            dirty: raw::Dirty {
                all: true,
                ..Default::default()
            },
        }
    }

    pub(super) fn size(&self) -> u32 {
        self.available_after.len() as u32
    }

    /// The binding in `slot`.
    pub(crate) fn entry(&self, slot: u32) -> Option<&TableEntry> {
        self.entries.get(slot as usize)?.as_ref()
    }

    /// Makes `entries` and `links` at least `len` long: as long as the highest slot used, or
    /// taken by `update_range` (whose bindings may then fail their checks); slots are taken
    /// lowest first.
    pub(super) fn grow_to(&mut self, len: u32) {
        let len = len as usize;
        if len > self.entries.len() {
            self.entries.resize_with(len, || None);
            self.links.resize(len, [NO_SLOT; 2]);
        }
    }

    /// Puts `entry` in `slot`, which holds none. Returns whether the entry's texture or
    /// buffer is in no other slot of the table.
    pub(super) fn put(&mut self, slot: u32, entry: TableEntry) -> bool {
        let index = slot as usize;
        self.grow_to(slot + 1);
        debug_assert!(self.entries[index].is_none());
        let mut first = false;
        if let Some(pin) = entry.pin() {
            let next = match self.holders.entry(pin_key(pin)) {
                hashbrown::hash_map::Entry::Occupied(mut head) => core::mem::replace(head.get_mut(), slot),
                hashbrown::hash_map::Entry::Vacant(head) => {
                    head.insert(slot);
                    first = true;
                    NO_SLOT
                }
            };
            self.links[index] = [NO_SLOT, next];
            if next != NO_SLOT {
                self.links[next as usize][0] = slot;
            }
        }
        self.entries[index] = Some(entry);
        first
    }

    /// Empties `slot`, returning its binding and whether its texture or buffer left the
    /// table (is in no other slot).
    pub(super) fn take_entry(&mut self, slot: u32) -> Option<(TableEntry, bool)> {
        let removed = self.entries.get_mut(slot as usize)?.take()?;
        let mut left = false;
        if let Some(pin) = removed.pin() {
            let [prev, next] = core::mem::replace(&mut self.links[slot as usize], [NO_SLOT; 2]);
            if next != NO_SLOT {
                self.links[next as usize][0] = prev;
            }
            if prev != NO_SLOT {
                self.links[prev as usize][1] = next;
            } else if next != NO_SLOT {
                self.holders.insert(pin_key(pin), next);
            } else {
                self.holders.remove(&pin_key(pin));
                left = true;
            }
        }
        Some((removed, left))
    }

    /// The slots holding the resource whose pin is `pin`.
    pub(super) fn slots_of(&self, pin: &Pin) -> impl Iterator<Item = u32> + '_ {
        let first = self.holders.get(&pin_key(pin)).copied();
        core::iter::successors(first, |&slot| {
            let next = self.links[slot as usize][1];
            (next != NO_SLOT).then_some(next)
        })
    }

    /// The bound slots, in order.
    pub(crate) fn bound_slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_some())
            .map(|(slot, _)| slot as u32)
    }

    /// The content-timeline checks every slot operation starts with: the table is not
    /// destroyed, and `slot` is in range.
    pub(super) fn check_slot(&self, slot: u32) -> Result<(), ResourceTableSlotError> {
        if self.destroyed {
            return Err(ResourceTableSlotError::Destroyed);
        }
        let size = self.size();
        if slot >= size {
            return Err(ResourceTableSlotError::OutOfRange { slot, size });
        }
        Ok(())
    }

    pub(super) fn take(&mut self, slot: u32, completed: SubmissionIndex) -> Result<(), ResourceTableSlotError> {
        self.take_range(slot, 1, completed)
    }

    /// `[[availableAfterSubmit]][slot] <= completedSubmitIndex`, told apart: a slot holding
    /// a binding is `InUse`, one waiting for a submission `NotYetAvailable`.
    pub(super) fn check_available(&self, slot: u32, completed: SubmissionIndex) -> Result<(), ResourceTableSlotError> {
        match self.available_after[slot as usize] {
            IN_USE => Err(ResourceTableSlotError::InUse { slot }),
            after if after > completed => Err(ResourceTableSlotError::NotYetAvailable {
                slot,
                available_after: after,
                completed,
            }),
            _ => Ok(()),
        }
    }

    /// Takes `count` slots from `first` on, all or none: each must pass [`Self::take`]'s
    /// checks, and the first that does not is the error.
    pub(super) fn take_range(
        &mut self,
        first: u32,
        count: u32,
        completed: SubmissionIndex,
    ) -> Result<(), ResourceTableSlotError> {
        if self.destroyed {
            return Err(ResourceTableSlotError::Destroyed);
        }
        let size = self.size();
        if count > 0 && u64::from(first) + u64::from(count) > u64::from(size) {
            // The first slot of the range at or past the end.
            let slot = first.max(size);
            return Err(ResourceTableSlotError::OutOfRange { slot, size });
        }
        self.release_completed(completed);
        let range = first..first + count;
        for slot in range.clone() {
            self.check_available(slot, completed)?;
        }
        for slot in range {
            self.claim(slot);
        }
        Ok(())
    }

    /// Marks an available slot as holding a binding.
    pub(super) fn claim(&mut self, slot: u32) {
        self.available_after[slot as usize] = IN_USE;
        self.free.set(slot, false);
    }

    /// The lowest available slot, taken. The free bitmap holds exactly the available slots,
    /// so the slot needs no further checks.
    pub(super) fn take_lowest(&mut self, completed: SubmissionIndex) -> Result<u32, ResourceTableSlotError> {
        if self.destroyed {
            return Err(ResourceTableSlotError::Destroyed);
        }
        self.release_completed(completed);
        let slot = self.free.lowest().ok_or(ResourceTableSlotError::Full)?;
        self.claim(slot);
        Ok(slot)
    }

    /// `removeBinding`: the slot is available once submission `last` has completed.
    /// Returns the binding it held, which submissions up to `last` may still read.
    pub(super) fn remove(
        &mut self,
        slot: u32,
        last: SubmissionIndex,
        completed: SubmissionIndex,
    ) -> Result<Option<(TableEntry, bool)>, ResourceTableSlotError> {
        self.check_slot(slot)?;
        self.available_after[slot as usize] = last;
        let removed = self.take_entry(slot);
        self.free.set(slot, false);
        self.pending.push_back((last, slot));
        self.release_completed(completed);
        Ok(removed)
    }

    /// Makes the slots whose submissions have completed free.
    pub(super) fn release_completed(&mut self, completed: SubmissionIndex) {
        while let Some(&(index, slot)) = self.pending.front() {
            if index > completed {
                break;
            }
            self.pending.pop_front();
            // A slot may have been removed twice; only its latest removal counts.
            if self.available_after[slot as usize] == index {
                self.free.set(slot, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FreeSlots, ResourceTableSlotError as E, TableState};

    /// The slot lifecycle with explicit submission indices: what a GPU that is still busy
    /// looks like (the noop backend completes every submission at once).
    #[test]
    fn removed_slots_wait_for_their_submission() {
        let mut t = TableState::new(4);
        assert_eq!(t.take(0, 0), Ok(()));
        assert_eq!(t.take(1, 0), Ok(()));
        assert_eq!(t.take(0, 0), Err(E::InUse { slot: 0 }));
        // Submission 5 was the last one when slot 0 was removed; 3 have completed.
        assert!(matches!(t.remove(0, 5, 3), Ok(None)));
        assert_eq!(
            t.take(0, 3),
            Err(E::NotYetAvailable {
                slot: 0,
                available_after: 5,
                completed: 3
            })
        );
        assert_eq!(t.take_lowest(4), Ok(2));
        assert_eq!(t.take_lowest(4), Ok(3));
        assert_eq!(t.take_lowest(4), Err(E::Full));
        assert_eq!(t.take_lowest(5), Ok(0));
        // Removed twice: the later removal decides.
        assert!(matches!(t.remove(1, 6, 5), Ok(None)));
        assert!(matches!(t.remove(1, 8, 6), Ok(None)));
        assert_eq!(t.take_lowest(7), Err(E::Full));
        assert_eq!(t.take_lowest(8), Ok(1));
        assert_eq!(t.take(4, 8), Err(E::OutOfRange { slot: 4, size: 4 }));
        assert!(matches!(t.remove(9, 8, 8), Err(E::OutOfRange { slot: 9, size: 4 })));
    }

    #[test]
    fn a_range_of_slots_is_taken_all_or_none() {
        let mut t = TableState::new(8);
        assert_eq!(t.take(4, 0), Ok(()));
        assert!(matches!(t.remove(4, 5, 0), Ok(None)));
        assert_eq!(t.take(6, 0), Ok(()));
        // Slot 4 waits for submission 5: the range stops there, and 2 and 3 stay free.
        assert_eq!(
            t.take_range(2, 3, 4),
            Err(E::NotYetAvailable {
                slot: 4,
                available_after: 5,
                completed: 4
            })
        );
        assert_eq!(t.take_lowest(4), Ok(0));
        assert_eq!(t.take_lowest(4), Ok(1));
        assert_eq!(t.take_lowest(4), Ok(2));
        assert!(matches!(t.remove(2, 0, 4), Ok(None)));
        // Past the end comes first, then the first slot in use.
        assert_eq!(t.take_range(5, 4, 5), Err(E::OutOfRange { slot: 8, size: 8 }));
        assert_eq!(t.take_range(9, 1, 5), Err(E::OutOfRange { slot: 9, size: 8 }));
        assert_eq!(
            t.take_range(u32::MAX, 2, 5),
            Err(E::OutOfRange {
                slot: u32::MAX,
                size: 8
            })
        );
        assert_eq!(t.take_range(2, 5, 5), Err(E::InUse { slot: 6 }));
        assert_eq!(t.take_range(2, 3, 5), Ok(()));
        assert_eq!(t.take_lowest(5), Ok(5));
        assert_eq!(t.take_lowest(5), Ok(7));
        assert_eq!(t.take_lowest(5), Err(E::Full));
        t.destroyed = true;
        assert_eq!(t.take_range(0, 1, 5), Err(E::Destroyed));
    }

    #[test]
    fn a_huge_table_finds_slots_without_scanning_them() {
        let mut t = TableState::new(1_000_000);
        for expected in 0..10 {
            assert_eq!(t.take_lowest(0), Ok(expected));
        }
        assert_eq!(t.take(999_999, 0), Ok(()));
        assert!(matches!(t.remove(3, 1, 0), Ok(None)));
        assert_eq!(t.take_lowest(0), Ok(10));
        assert_eq!(t.take_lowest(1), Ok(3));
    }

    #[test]
    fn free_slots_find_the_lowest() {
        for size in [1u32, 63, 64, 65, 4095, 4096, 4097, 100_000] {
            let mut free = FreeSlots::all_free(size);
            assert_eq!(free.lowest(), Some(0), "size {size}");
            for slot in 0..size.min(200) {
                free.set(slot, false);
            }
            assert_eq!(free.lowest(), (size > 200).then_some(200), "size {size}");
            if size > 5000 {
                for slot in 200..4500 {
                    free.set(slot, false);
                }
                assert_eq!(free.lowest(), Some(4500));
                free.set(7, true);
                assert_eq!(free.lowest(), Some(7));
            }
        }
        let mut free = FreeSlots::all_free(70);
        for slot in 0..70 {
            free.set(slot, false);
        }
        assert_eq!(free.lowest(), None);
        free.set(69, true);
        assert_eq!(free.lowest(), Some(69));
    }
}
