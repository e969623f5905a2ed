//! kaboom for WebAssembly (`wasm32-unknown-unknown`): a plain C ABI over
//! the library, read by a small hand-written JavaScript wrapper
//! (`web/kaboom.js`); no wasm-bindgen, no generated glue.
//!
//! The whole interface is four exports and one import:
//!
//! - `kb_alloc(len) -> ptr` reserves `len` bytes for a request and
//!   `kb_free(ptr, len)` gives them back;
//! - `kb_call(ptr, len) -> len` reads a request, a JSON object such as
//!   `{"op": "push", "game": 2, "move": "e2e4"}` (see [`ops::Request`]),
//!   and answers `{"ok": value}` or `{"error": {"kind": ..., "message":
//!   ...}}`, JSON again, whose `len` bytes lie at `kb_out()`, valid until
//!   the next call;
//! - the import `env.kb_now_ms() -> f64` is the host's clock
//!   (`performance.now()`), for searches with a time limit.
//!
//! Variants and games live in this instance and are named by handles
//! (numbers, never reused) until freed.

mod convert;
mod game;
mod ops;
mod store;

use std::cell::RefCell;

unsafe extern "C" {
    /// The host's monotonic clock in milliseconds.
    fn kb_now_ms() -> f64;
}

fn host_now_ms() -> f64 {
    // SAFETY: an import without arguments or memory access.
    unsafe { kb_now_ms() }
}

thread_local! {
    /// The last answer, read by the host at `kb_out()`.
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Reserves `len` bytes in this instance's memory for the host to write a
/// request into; 0 when `len` is 0.
#[unsafe(no_mangle)]
pub extern "C" fn kb_alloc(len: usize) -> *mut u8 {
    if len == 0 {
        return std::ptr::null_mut();
    }
    let mut buf = Vec::<u8>::with_capacity(len);
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Gives back `len` bytes reserved by [`kb_alloc`].
///
/// # Safety
/// `ptr` and `len` must be those of one earlier `kb_alloc`, freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kb_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() && len > 0 {
        // SAFETY: the caller's promise: a buffer of this capacity from kb_alloc.
        drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
    }
}

/// Answers the request of `len` bytes at `ptr` (JSON text); returns the
/// answer's length, read at [`kb_out`].
///
/// # Safety
/// `ptr` must point to `len` readable bytes (a buffer from `kb_alloc`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kb_call(ptr: *const u8, len: usize) -> usize {
    kaboom::set_clock(host_now_ms);
    let request: &[u8] = if ptr.is_null() || len == 0 {
        &[]
    } else {
        // SAFETY: the caller's promise.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let answer = ops::answer(request);
    OUT.with(|out| {
        let mut out = out.borrow_mut();
        *out = answer;
        out.len()
    })
}

/// Where the last answer lies.
#[unsafe(no_mangle)]
pub extern "C" fn kb_out() -> *const u8 {
    OUT.with(|out| out.borrow().as_ptr())
}
