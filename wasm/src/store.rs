//! The objects an instance holds (variants and games), by handle. Handles
//! count up from 1 and are never reused, so a freed one is an error, not
//! another object.

use std::collections::BTreeMap;
use std::sync::Arc;

use kaboom::Variant;

use crate::game::GameObj;
use crate::ops::Failure;

/// One object.
pub enum Object {
    /// A loaded variant.
    Variant(Arc<Variant>),
    /// A game of one.
    Game(Box<GameObj>),
}

/// Every live object.
#[derive(Default)]
pub struct Store {
    next: u32,
    objects: BTreeMap<u32, Object>,
}

impl Store {
    /// Keeps `object`; returns its handle.
    pub fn add(&mut self, object: Object) -> u32 {
        self.next += 1;
        self.objects.insert(self.next, object);
        self.next
    }

    /// Forgets the object of `handle`; whether there was one.
    pub fn free(&mut self, handle: u32) -> bool {
        self.objects.remove(&handle).is_some()
    }

    /// The variant of `handle`.
    pub fn variant(&self, handle: u32) -> Result<&Arc<Variant>, Failure> {
        match self.objects.get(&handle) {
            Some(Object::Variant(v)) => Ok(v),
            _ => Err(Failure::handle("variant", handle)),
        }
    }

    /// The game of `handle`.
    pub fn game(&mut self, handle: u32) -> Result<&mut GameObj, Failure> {
        match self.objects.get_mut(&handle) {
            Some(Object::Game(g)) => Ok(g),
            _ => Err(Failure::handle("game", handle)),
        }
    }

    /// How many objects are alive.
    pub fn len(&self) -> usize {
        self.objects.len()
    }
}
