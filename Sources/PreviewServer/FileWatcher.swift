import Foundation

import Glibc

/// Notices changes under files and folders by comparing each file's modification time and
/// size with the last look (polling; no inotify).
public struct FileWatcher: Sendable {
    /// What a file looked like: modification time (seconds, nanoseconds) and size.
    struct Stamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    public let roots: [String]
    private var last: [String: Stamp]

    /// Watches `roots` (files or folders, searched recursively), starting from how they are now.
    public init(roots: [String]) {
        self.roots = roots
        self.last = Self.snapshot(roots)
    }

    /// Whether anything was added, removed or changed since the last call (or `init`).
    public mutating func changed() -> Bool {
        let now = Self.snapshot(roots)
        defer { last = now }
        return now != last
    }

    static func snapshot(_ roots: [String]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in roots {
            guard let rootStamp = stamp(root) else { continue }
            stamps[root] = rootStamp
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                let path = (root as NSString).appendingPathComponent(relative)
                if let found = stamp(path) { stamps[path] = found }
            }
        }
        return stamps
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size))
    }
}
