//! Where every command writes: stdout and stderr behind one type whose
//! writes return io errors instead of panicking. `run` maps the error once:
//! a closed pipe ends the command quietly (exit 0), any other write error
//! (a full disk) is a message and exit code 2.

use std::io::{self, Write};

/// The command's two output streams.
pub struct Output {
    /// Standard output: what the command produces.
    pub out: Box<dyn Write>,
    /// Standard error: diagnostics, timings.
    pub err: Box<dyn Write>,
}

impl Output {
    /// The process's stdout (line-buffered) and stderr.
    pub fn std() -> Self {
        Output {
            out: Box::new(io::stdout().lock()),
            err: Box::new(io::stderr().lock()),
        }
    }

    /// Flushes both streams, returning the first error.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.err.flush()
    }
}

/// Whether a write error means the reader went away (`| head`), which ends
/// the command quietly rather than as a failure.
pub fn is_closed_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}
