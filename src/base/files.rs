//! The one reader for files someone named: a variant or scenario file, a
//! PGN, an ini file, a match report, a snapshot, on the command line,
//! through a protocol, a tag or `extends`. Only a regular file is read (a
//! FIFO, device, socket or folder is refused, and opening never waits on
//! a FIFO), at most a stated number of bytes, counted while reading (the
//! size the system reports is not trusted: `/proc` files report 0).
//! Errors name the file, never its content.

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file cannot be opened or read (missing, no permission).
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file as named.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The path names a folder.
    #[error("{} is a directory, not {what}", path.display())]
    Directory {
        /// The folder as named.
        path: PathBuf,
        /// The kind of file expected (`a PGN file`).
        what: &'static str,
    },
    /// A FIFO, device or socket: refused without reading it.
    #[error("{} is not a regular file (a FIFO, device or socket); kaboom reads only regular files", path.display())]
    NotRegular {
        /// The file as named.
        path: PathBuf,
    },
    /// More bytes than the limit.
    #[error("{} has more than {limit} bytes; {what} may have at most {limit}", path.display())]
    TooLarge {
        /// The file as named.
        path: PathBuf,
        /// The kind of file (`a PGN file`).
        what: &'static str,
        /// The most bytes read.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("{} is not UTF-8 text (invalid byte at offset {offset})", path.display())]
    NotUtf8 {
        /// The file as named.
        path: PathBuf,
        /// Where the first invalid byte is.
        offset: usize,
    },
}

/// Reads at most `limit` bytes of the regular file `path`; `what` names the
/// kind of file in messages (`a variant file`).
pub fn read_bytes(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        // Opening a FIFO for reading would wait for a writer.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if meta.is_dir() {
        return Err(ReadError::Directory {
            path: path.to_path_buf(),
            what,
        });
    }
    if !meta.is_file() {
        return Err(ReadError::NotRegular {
            path: path.to_path_buf(),
        });
    }
    let too_large = || ReadError::TooLarge {
        path: path.to_path_buf(),
        what,
        limit,
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads the regular file `path` as UTF-8 text of at most `limit` bytes
/// (see [`read_bytes`]). A byte-order mark is kept: callers whose spans
/// are offsets into the file as written skip it themselves.
pub fn read_text(path: &Path, limit: u64, what: &'static str) -> Result<String, ReadError> {
    String::from_utf8(read_bytes(path, limit, what)?).map_err(|e| ReadError::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// `text` without a leading UTF-8 byte-order mark.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("kaboom-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_within_the_limit_reads() {
        let dir = scratch("ok");
        let path = dir.join("a.txt");
        std::fs::write(&path, "\u{feff}hello").unwrap();
        let text = read_text(&path, 8, "a text").unwrap();
        assert_eq!(without_bom(&text), "hello");
        let err = read_text(&path, 7, "a text").unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { limit: 7, .. }), "{err}");
        assert!(err.to_string().ends_with("a text may have at most 7"), "{err}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn folders_devices_and_bad_text_are_refused() {
        let dir = scratch("refused");
        assert!(matches!(
            read_text(&dir, 10, "a text"),
            Err(ReadError::Directory { .. })
        ));
        assert!(matches!(
            read_text(Path::new("/dev/zero"), 10, "a text"),
            Err(ReadError::NotRegular { .. })
        ));
        let path = dir.join("b.txt");
        std::fs::write(&path, b"ab\xff").unwrap();
        assert!(matches!(
            read_text(&path, 10, "a text"),
            Err(ReadError::NotUtf8 { offset: 2, .. })
        ));
        assert!(matches!(
            read_text(&dir.join("none"), 10, "a text"),
            Err(ReadError::Io { .. })
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
