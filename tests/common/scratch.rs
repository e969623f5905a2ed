//! A fresh folder for one test, removed when the test ends.

use std::path::PathBuf;
use std::process::Command;

/// A folder under the system's temporary folder, named after the test and
/// this process, emptied at the start and removed on drop.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A new empty folder `kaboom-{name}-{pid}`.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("kaboom-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `text` to `name` (folders made as needed); its path.
    pub fn write(&self, name: &str, text: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }

    /// The path of `name` inside the folder.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    /// Makes a FIFO named `name`; its path.
    pub fn fifo(&self, name: &str) -> String {
        let path = self.path(name);
        let ok = Command::new("mkfifo").arg(&path).status().expect("mkfifo runs");
        assert!(ok.success());
        path
    }

    /// Makes a symbolic link `name` (folders made as needed) to `target`;
    /// its path.
    pub fn link(&self, name: &str, target: &str) -> String {
        let path = self.path(name);
        std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target, &path).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
