import Foundation
import SpecModel
import Utilities

/// The few folder operations a build's output needs, with the system's reason on failure
/// (`FileManager`'s errors name neither the path nor the cause the way a user needs).
enum FolderOperations {
    /// Makes `relative` and the folders above it under the open folder `root`; folders that
    /// exist are fine. Relative to a descriptor, so a folder removed meanwhile is not made again.
    static func makeFolders(_ relative: String, under root: Int32, named rootPath: String) throws(FileBytes.Failure) {
        guard !relative.isEmpty else { return }
        var path = ""
        for part in relative.split(separator: "/") {
            path += path.isEmpty ? String(part) : "/" + part
            if mkdirat(root, path, 0o755) != 0, errno != EEXIST {
                throw FileBytes.Failure(rootPath + "/" + path, code: errno)
            }
        }
    }

    /// Makes the folder at `path` and those above it.
    static func makeFolders(atPath path: String) throws(FileBytes.Failure) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw FileBytes.Failure(prefix, code: errno) }
        }
    }

    /// Swaps two folders in one step (`renameat2` with `RENAME_EXCHANGE`), so the output
    /// never stops existing; false when the system or file system cannot, with `errno` set.
    static func exchange(_ first: String, _ second: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        // Glibc declares it only for _GNU_SOURCE, which Swift's Glibc module does not define.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
            errno = ENOSYS
            return false
        }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let exchangeFlag: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0
    }

    /// Removes a file or a folder with everything in it; nothing when there is none.
    static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            unlink(path)
        }
    }

    /// The device and inode of the file at `path` (not following a link), or nil.
    static func identity(ofPath path: String) -> (UInt64, UInt64)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}
