//! A request's work under a wall-time budget: the work runs on its own
//! thread and checks its [`Budget`] between steps (each move replayed,
//! each move listed; the engine's search polls the same stop flag), while
//! the connection's thread watches: it answers 503 as soon as the budget
//! is spent, and stops the work as soon as the client is gone. The work
//! keeps its place among the [`MAX_ACTIVE`](super::caps::MAX_ACTIVE)
//! until it has really stopped.

use super::caps::WATCH_EVERY;
use super::http::{self, Reply};
use crate::search::Control;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The work's budget was spent, or its client left.
#[derive(Debug, thiserror::Error)]
#[error("the request's time budget ({0} ms) is spent")]
pub struct Spent(pub u128);

/// A deadline and a stop flag, shared by the work and its watcher.
#[derive(Clone)]
pub struct Budget {
    limit: Duration,
    deadline: Instant,
    control: Arc<Control>,
}

impl Budget {
    /// A budget of `limit` from now.
    pub fn new(limit: Duration) -> Budget {
        Budget {
            limit,
            deadline: Instant::now() + limit,
            control: Arc::new(Control::new()),
        }
    }

    /// Err once the deadline has passed or the work was stopped.
    pub fn check(&self) -> Result<(), Spent> {
        if self.control.stopped() || Instant::now() >= self.deadline {
            return Err(Spent(self.limit.as_millis()));
        }
        Ok(())
    }

    /// Time left before the deadline.
    pub fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// Stops the work (at its next check; the search at its next poll).
    pub fn stop(&self) {
        self.control.stop();
    }

    /// The stop flag, for the engine's search.
    pub fn control(&self) -> &Control {
        &self.control
    }

    fn spent(&self) -> Spent {
        Spent(self.limit.as_millis())
    }
}

/// One of a counted number of places, given back when dropped.
pub struct Slot(Arc<AtomicUsize>);

impl Slot {
    /// A place if fewer than `cap` are taken.
    pub fn take(count: &Arc<AtomicUsize>, cap: usize) -> Option<Slot> {
        count
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < cap).then_some(n + 1))
            .ok()
            .map(|_| Slot(Arc::clone(count)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `work` on its own thread (holding `slot` until it ends) under
/// `budget`, watching `client`: the work's reply; a 503 when the budget
/// is spent first; None when the client left (the work is stopped).
pub fn run(
    client: &TcpStream,
    budget: Budget,
    slot: Slot,
    work: impl FnOnce(&Budget) -> Reply + Send + 'static,
) -> Option<Reply> {
    let (send, receive) = mpsc::channel();
    let mine = budget.clone();
    let spawned = std::thread::Builder::new()
        .name("kaboom-serve-work".into())
        .spawn(move || {
            let _slot = slot;
            let _ = send.send(work(&mine));
        });
    if spawned.is_err() {
        return Some(Reply::error(503, "the server cannot start more work; try again"));
    }
    loop {
        match receive.recv_timeout(WATCH_EVERY) {
            Ok(reply) => return Some(reply),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Some(Reply::error(500, "the request's work failed"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if budget.remaining().is_zero() {
            budget.stop();
            return Some(Reply::error(503, &budget.spent().to_string()));
        }
        if http::client_gone(client) {
            budget.stop();
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Budget, Slot};
    use std::sync::Arc;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    #[test]
    fn a_budget_is_spent_at_its_deadline_or_when_stopped() {
        assert!(Budget::new(Duration::ZERO).check().is_err());
        let budget = Budget::new(Duration::from_secs(3600));
        assert!(budget.check().is_ok());
        budget.clone().stop();
        assert!(budget.check().is_err(), "a clone shares the stop flag");
        assert!(budget.control().stopped());
    }

    #[test]
    fn slots_are_counted_and_given_back() {
        let count = Arc::new(AtomicUsize::new(0));
        let first = Slot::take(&count, 2);
        let second = Slot::take(&count, 2);
        assert!(first.is_some() && second.is_some());
        assert!(Slot::take(&count, 2).is_none());
        drop(first);
        assert!(Slot::take(&count, 2).is_some());
    }
}
