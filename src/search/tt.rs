//! The transposition table, shared by every search thread without locks.
//!
//! Each slot is two `AtomicU64`s: the data and the key XOR the data. A
//! reader recomputes the key from both words and ignores the slot when it
//! does not match, so a slot torn by two threads writing at once reads as
//! a miss, never as another position's entry. The best move is stored as
//! its index in the position's legal move list (generation order is fixed
//! for a position), or with staged generation as its id (its piece's
//! square and its place among that piece's moves,
//! `Variant::generate_staged`), so any move of any variant fits in 16 bits.

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// One entry read from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move's index in the legal move list (its id with staged
    /// generation), if one is known.
    pub move_index: Option<u16>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

/// A lock-free table of [`Entry`]s indexed by Zobrist key.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    generation: AtomicU64,
}

const NO_MOVE: u64 = 0xFFFF;

impl Table {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.max(1) * 1024 * 1024 / 16).max(1);
        let slots = (0..count).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect();
        Table {
            slots,
            generation: AtomicU64::new(0),
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        let i = ((u128::from(key) * self.slots.len() as u128) >> 64) as usize;
        &self.slots[i]
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot[0].load(Ordering::Relaxed);
        let check = slot[1].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let index = data & 0xFFFF;
        let score = ((data >> 16) & 0xFFFF) as u16 as i16 as i32;
        let depth = ((data >> 32) & 0xFF) as u8 as i8 as i32;
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            move_index: (index != NO_MOVE).then_some(index as u16),
            score,
            depth,
            bound,
        })
    }

    /// Stores an entry for `key`, replacing the slot's entry unless that
    /// one is from this search, deeper, and for another position.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed) & 0xFF;
        let old = slot[0].load(Ordering::Relaxed);
        let old_key = slot[1].load(Ordering::Relaxed) ^ old;
        if old != 0 && old_key != key && (old >> 48) & 0xFF == generation {
            let old_depth = ((old >> 32) & 0xFF) as u8 as i8 as i32;
            if old_depth > entry.depth + 2 {
                return;
            }
        }
        let mut index = entry.move_index.map_or(NO_MOVE, u64::from);
        if index == NO_MOVE && old != 0 && old_key == key {
            index = old & 0xFFFF; // keep the known best move
        }
        let score = u64::from(entry.score.clamp(-32767, 32767) as i16 as u16);
        let depth = u64::from(entry.depth.clamp(-128, 127) as i8 as u8);
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = index | score << 16 | depth << 32 | bound << 40 | generation << 48;
        slot[0].store(data, Ordering::Relaxed);
        slot[1].store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 0xFF;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s[0].load(Ordering::Relaxed);
                d != 0 && (d >> 48) & 0xFF == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_reads_back_and_refuses_other_keys() {
        let t = Table::new(1);
        let e = Entry {
            move_index: Some(7),
            score: -29990,
            depth: 5,
            bound: Bound::Lower,
        };
        t.store(0xDEAD_BEEF, e);
        assert_eq!(t.probe(0xDEAD_BEEF), Some(e));
        assert_eq!(t.probe(0xDEAD_BEEE), None);
        let e2 = Entry {
            move_index: None,
            score: 12,
            depth: -1,
            bound: Bound::Exact,
        };
        t.store(0xDEAD_BEEF, e2);
        assert_eq!(
            t.probe(0xDEAD_BEEF).unwrap().move_index,
            Some(7),
            "the known move is kept"
        );
        assert_eq!(t.probe(0xDEAD_BEEF).unwrap().depth, -1);
        t.clear();
        assert_eq!(t.probe(0xDEAD_BEEF), None);
    }
}
