import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// A data folder's lock, held while a server uses the folder: one server a folder, since two
/// would each play their own copy of a table and store both. Two exclusive flocks, let go
/// when the process ends however it ends: one on the lock file (`serve.db.lock`: what earlier
/// servers took, so that one of them still running keeps this one out) and one on the folder
/// itself, which a careless `rm serve.db.lock` while a server runs cannot take away. (Never a
/// lock on the database file: closing a descriptor of it would drop SQLite's own locks.)
final class FolderLock {
    private var descriptors: [Int32] = []

    /// Takes the lock of the folder `file` is in; throws, naming `shown`, when another process
    /// holds it.
    init(file: String, shown: String) throws {
        let folder = FileSystem.directory(of: file)
        for (path, flags) in [(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC), (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)] {
            let fd = open(path, flags, 0o600)
            guard fd >= 0 else {
                release()
                throw ServeError("\(path): cannot open the lock of the table store")
            }
            descriptors.append(fd)
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                release()
                throw ServeError("\(shown) is in use by another gamehost serve: one server a data folder (give this one another --data)")
            }
        }
    }

    deinit { release() }

    /// Lets the folder go (the store is closed).
    func release() {
        for fd in descriptors { close(fd) }
        descriptors = []
    }
}
