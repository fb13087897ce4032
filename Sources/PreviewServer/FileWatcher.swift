import Glibc

/// Notices changes under files and folders: something created, written, removed, renamed or
/// with its attributes changed. It is told at once by Linux inotify, then waits for the
/// writer to finish, and uses no CPU while nothing changes.
///
/// What it watches: every folder under a folder root (new ones as they appear), and the folder
/// that holds the root, filtered by the root's name, because the root's own `IN_DELETE_SELF`
/// comes only when the last reference to it goes (a shell or an editor with the folder open
/// holds it back), while its parent is told of a removal or a rename within the call that
/// makes it; for a root that is a single file, the folder it is in, filtered by the file's name, because editors
/// often save by renaming a new file over the old one, which leaves a watch on the old inode
/// with nothing to see; for a root that does not exist yet, its nearest existing ancestor,
/// filtered by the name that leads to it. Symbolic links inside the roots are not followed
/// (a root that is itself a link is): a link may lead out of the roots, or round in a loop,
/// and the build does not read outside the roots.
///
/// When inotify cannot do the job it falls back to polling, a look at every file's `lstat`
/// every 0.2 s, which notices the same changes later and at some CPU:
/// - `inotify_init1` fails (a kernel without inotify, `ENOSYS` under a sandbox, or `EMFILE`
///   when the user's `fs.inotify.max_user_instances` are used up): it polls from the start.
/// - `inotify_add_watch` fails for lack of resources (`ENOSPC` when `fs.inotify.max_user_watches`
///   is reached, `ENOMEM`), at the start or for a folder made later: it closes the descriptor
///   and polls everything from then on, and counts the switch as a change, because watching
///   only some folders would miss edits in the others without a word.
/// - A folder that vanishes before it is watched (`ENOENT`, `ENOTDIR`) or cannot be read
///   (`EACCES`) is skipped, with no fallback: the build cannot read it either, and the watch
///   on its parent tells when it comes back or changes.
///
/// Its waits (the settling, the polling and the timeouts) are on the system's monotonic clock,
/// which tests replace with one they move by hand (see `WatcherClock`).
///
/// Copies of a watcher share one inotify descriptor, closed when the last copy goes; use one
/// copy, from one thread at a time.
public struct FileWatcher {
    /// How long the watcher waits, in seconds of its clock. The defaults suit an editor's save:
    /// a few writes, a rename and a change of mode within a few milliseconds.
    struct Timing {
        /// The quiet time, with no further change, that ends a change.
        var settle = 0.02
        /// The longest a change waits for quiet, so that a file written without end cannot hold
        /// back the rebuild.
        var longestSettle = 0.15
        /// How often the polling fallback looks.
        var pollInterval = 0.2
    }

    /// The files and folders watched, as given.
    public let roots: [String]
    private let core: Core

    /// Watches `roots` (files or folders, searched recursively, which need not exist yet),
    /// starting from how they are now.
    public init(roots: [String]) { self.init(roots: roots, polling: false) }

    /// `polling` forces the fallback, and `clock` is the time the watcher waits by, for tests.
    init(
        roots: [String], polling: Bool, timing: Timing = Timing(), clock: any WatcherClock = SystemWatcherClock()
    ) {
        self.roots = roots
        self.core = Core(roots: roots.map(Self.normalized), polling: polling, timing: timing, clock: clock)
    }

    /// Blocks until something under the roots changes, then until the change has settled (no
    /// further change for a moment, bounded), and returns true. Returns false when `timeout`
    /// seconds pass with no change; a `nil` timeout waits for ever.
    public mutating func waitForChange(timeout: Double?) -> Bool { core.waitForChange(timeout: timeout) }

    /// Whether anything changed since the last call, `waitForChange` or `init`, without waiting.
    public mutating func changed() -> Bool { core.changed() }

    /// Whether inotify watches, rather than the polling fallback.
    var usesInotify: Bool { core.descriptor >= 0 }

    /// Whether a name is an editor's scratch file, which does not count as a change. Vim's
    /// swap files (`.page.md.swp`, then `.swo` … `.sva`) change while the writer types,
    /// before any save, so counting them would rebuild for nothing; the probe, lock and
    /// backup files come and go with a save, whose write, rename or removal of the real file
    /// counts anyway. The preview's build does not read them (it skips hidden files and reads
    /// `.md` and `.mustache`; a backup in an assets folder holds the text from before the
    /// save). Other hidden files do count: templates are read from hidden folders too, and a
    /// missed change is worse than a needless rebuild.
    static func isScratch(_ name: String) -> Bool {
        // Vim's probe that a folder can be written, made and removed before a save.
        if name == "4913" { return true }
        // Backups by Vim, Emacs, nano and gedit: they hold the text before the save.
        if name.hasSuffix("~") { return true }
        // Emacs: a lock link `.#page.md` and an auto-save `#page.md#`.
        if name.hasPrefix(".#") || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#")) { return true }
        guard name.hasPrefix(".") else { return false }
        if name.hasSuffix(".kate-swp") { return true }
        let tail = Array(name.utf8.suffix(4))
        return tail.count == 4 && tail[0] == UInt8(ascii: ".") && tail[1] == UInt8(ascii: "s")
            && (tail[2] == UInt8(ascii: "w") || tail[2] == UInt8(ascii: "v"))
            && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(tail[3])
    }

    /// Without trailing slashes, so that names compare with inotify's.
    static func normalized(_ path: String) -> String {
        var path = path.isEmpty ? "." : path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// Holds the inotify descriptor, closed in `deinit`, and what the watches are for.
private final class Core {
    /// What a watched folder is watched for.
    struct Watched {
        var path: String
        /// Every entry counts: the folder is under a folder root.
        var everything = false
        /// Only these entries count: a root that is a file, or the next step to a missing root.
        var names: Set<String> = []
    }

    /// What a file looked like to the polling fallback. The change time catches a change of
    /// mode; the inode catches a file renamed over another of the same size and time. A
    /// folder's times and size are left out: they change with every entry made or removed,
    /// an editor's scratch files too, and the entries that count have stamps of their own.
    struct Stamp: Equatable {
        var modified: timespec
        var changed: timespec
        var size: Int
        var inode: UInt
        var mode: UInt32

        static func == (left: Stamp, right: Stamp) -> Bool {
            left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
                && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
                && left.size == right.size && left.inode == right.inode && left.mode == right.mode
        }

        init(_ status: stat) {
            let folder = status.st_mode & S_IFMT == S_IFDIR
            modified = folder ? timespec() : status.st_mtim
            changed = folder ? timespec() : status.st_ctim
            size = folder ? 0 : Int(status.st_size)
            inode = UInt(status.st_ino)
            mode = status.st_mode
        }
    }

    /// The changes that count. Not reads, opens or closes without a write: the build reads
    /// every file, and must not wake the watcher.
    static let events = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_EXCL_UNLINK | IN_ONLYDIR)

    let roots: [String]
    let timing: FileWatcher.Timing
    let clock: any WatcherClock
    /// The inotify descriptor, or -1 while polling.
    private(set) var descriptor: Int32 = -1
    private var watches: [Int32: Watched] = [:]
    /// The polling fallback's last look.
    private var stamps: [String: Stamp] = [:]
    /// Room for many events at once; `inotify_event`s are 16 bytes and a name.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)

    init(roots: [String], polling: Bool, timing: FileWatcher.Timing, clock: any WatcherClock) {
        self.roots = roots
        self.timing = timing
        self.clock = clock
        if !polling {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if descriptor >= 0, rescan() == .noRoom { switchToPolling() }
        }
        if descriptor < 0 { stamps = snapshot() }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    // MARK: Waiting

    func waitForChange(timeout: Double?) -> Bool {
        let deadline = timeout.map { clock.now() + max(0, $0) }
        while descriptor >= 0 {
            if take() {
                settle()
                return true
            }
            guard readable(until: deadline) else { return false }
        }
        return pollForChange(until: deadline)
    }

    func changed() -> Bool { descriptor >= 0 ? take() : look() }

    /// Waits until no change has come for `timing.settle`, or `timing.longestSettle` has
    /// passed, so that the build reads what the editor finished writing.
    private func settle() {
        let limit = clock.now() + timing.longestSettle
        var quietAt = clock.now() + timing.settle
        while descriptor >= 0 {
            // Events that do not count (a swap file) do not put quiet off.
            guard readable(until: min(quietAt, limit)) else { return }
            if take() { quietAt = clock.now() + timing.settle }
            if clock.now() >= limit { return }
        }
    }

    /// Whether events wait to be read before `deadline`, by the clock's wait on the descriptor
    /// (the system clock's sleeps in the kernel until then).
    private func readable(until deadline: Double?) -> Bool {
        switch clock.wait(for: descriptor, until: deadline) {
        case .readable: return true
        case .deadline: return false
        case .failed:
            // Not expected on a descriptor of our own; the fallback does not need one.
            switchToPolling()
            return true
        }
    }

    // MARK: Events

    /// Reads every waiting event; whether one counts. Watches follow the folders first.
    private func take() -> Bool {
        var counts = false
        var rescans = false
        while descriptor >= 0 {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            // `EAGAIN`: nothing more to read.
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let end = min(offset + 16 + length, count)
                let name = String(decoding: buffer[(offset + 16)..<end].prefix { $0 != 0 }, as: UTF8.self)
                offset = end
                let meaning = meaning(of: mask, on: watch, name: name)
                counts = counts || meaning.counts
                rescans = rescans || meaning.rescans
            }
        }
        if rescans, descriptor >= 0 {
            switch rescan() {
            case .done: break
            // A root, or a folder on the way to one, came or went unseen by the watches.
            case .changedMeanwhile: counts = true
            case .noRoom:
                switchToPolling()
                // Whatever made the rescan may have been a change.
                counts = true
            }
        }
        return counts
    }

    /// Whether an event counts as a change, and whether the watches must follow the folders.
    private func meaning(of mask: UInt32, on watch: Int32, name: String) -> (counts: Bool, rescans: Bool) {
        func has(_ flag: Int32) -> Bool { mask & UInt32(flag) != 0 }
        // Events were lost: anything may have changed, and folders may have come and gone.
        if has(IN_Q_OVERFLOW) { return (true, true) }
        // The kernel dropped a watch (its folder went, or was unmounted); dropping one
        // ourselves in `rescan` removes it from `watches` first.
        if has(IN_IGNORED) { return (false, watches.removeValue(forKey: watch) != nil) }
        guard let watched = watches[watch] else { return (false, false) }
        // A watched folder went or moved: a root, or a folder holding one, may be gone.
        if has(IN_DELETE_SELF) || has(IN_MOVE_SELF) { return (true, true) }
        // The folder's own attributes.
        if name.isEmpty { return (watched.everything, false) }
        let comesOrGoes = has(IN_CREATE) || has(IN_DELETE) || has(IN_MOVED_FROM) || has(IN_MOVED_TO)
        if watched.names.contains(name) { return (true, comesOrGoes) }
        guard watched.everything, !FileWatcher.isScratch(name) else { return (false, false) }
        // A folder that comes, goes, or may have become readable, is watched or let go at once.
        return (true, has(IN_ISDIR) && (comesOrGoes || has(IN_ATTRIB)))
    }

    // MARK: Watches

    /// How a rescan, or the watching of one root, went.
    enum Rescan {
        case done
        /// A root, or a folder on the way to one, came or went while it was being watched,
        /// before the watch that would have told of it.
        case changedMeanwhile
        /// The system has no room for another watch.
        case noRoom
    }

    /// Watches what the roots need now, and lets go of what they no longer need.
    private func rescan() -> Rescan {
        var found: [Int32: Watched] = [:]
        var visited: Set<[UInt]> = []
        var changed = false
        for root in roots {
            // Looked at again until it holds still, a few times at most: what keeps coming and
            // going is left to the next event.
            for _ in 0..<8 {
                let outcome = watch(root: root, into: &found, visited: &visited)
                if outcome == .noRoom { return .noRoom }
                guard outcome == .changedMeanwhile else { break }
                changed = true
            }
        }
        for watch in watches.keys where found[watch] == nil { inotify_rm_watch(descriptor, watch) }
        watches = found
        return changed ? .changedMeanwhile : .done
    }

    /// Watches what one root needs now. What the watches stand on is looked at again once they
    /// are added: a folder made or removed before then made no event that they could report.
    private func watch(root: String, into found: inout [Int32: Watched], visited: inout Set<[UInt]>) -> Rescan {
        var status = stat()
        if stat(root, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                let parent = Self.parent(of: root)
                if parent != root, !watch(parent, name: Self.name(of: root), into: &found) { return .noRoom }
                guard watchTree(root, follow: true, into: &found, visited: &visited) else { return .noRoom }
                return Self.isFolder(root) ? .done : .changedMeanwhile
            }
            guard watch(Self.parent(of: root), name: Self.name(of: root), into: &found) else { return .noRoom }
            // A root that is a link to a file: its target, renamed over by an editor, too.
            var link = stat()
            if lstat(root, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realpath(root, nil) {
                let resolved = String(cString: target)
                free(target)
                guard watch(Self.parent(of: resolved), name: Self.name(of: resolved), into: &found) else {
                    return .noRoom
                }
            }
            return Self.isFolder(Self.parent(of: root)) ? .done : .changedMeanwhile
        }
        // Missing: the nearest folder that exists, for the name of the next step to it.
        var child = root
        while true {
            let parent = Self.parent(of: child)
            if Self.isFolder(parent) {
                guard watch(parent, name: Self.name(of: child), into: &found) else { return .noRoom }
                return Self.isFolder(parent) && stat(child, &status) != 0 ? .done : .changedMeanwhile
            }
            guard parent != child else { return .done }
            child = parent
        }
    }

    /// Watches `folder` for `name` only, or for every entry when `name` is nil.
    private func watch(
        _ folder: String, name: String?, follow: Bool = true, into found: inout [Int32: Watched]
    ) -> Bool {
        let number = inotify_add_watch(descriptor, folder, Self.events | (follow ? 0 : UInt32(IN_DONT_FOLLOW)))
        guard number >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR, EACCES, ELOOP: return true
            default: return false
            }
        }
        // A folder reached two ways (a root inside another) has one watch, for both.
        var watched = found[number] ?? Watched(path: folder)
        if let name { watched.names.insert(name) } else { watched.everything = true }
        found[number] = watched
        return true
    }

    /// Watches a folder and every folder under it, not through links. Each folder is watched
    /// before it is listed, so that a folder made meanwhile is either listed or reported.
    private func watchTree(
        _ folder: String, follow: Bool, into found: inout [Int32: Watched], visited: inout Set<[UInt]>
    ) -> Bool {
        guard watch(folder, name: nil, follow: follow, into: &found) else { return false }
        guard let directory = opendir(folder) else { return true }
        defer { closedir(directory) }
        var status = stat()
        // A folder reached twice (roots one inside the other, or a bind mount) is listed once.
        guard fstat(dirfd(directory), &status) == 0,
            visited.insert([UInt(status.st_dev), UInt(status.st_ino)]).inserted
        else { return true }
        while let entry = readdir(directory) {
            let name = Self.name(of: entry)
            guard name != ".", name != ".." else { continue }
            let path = folder + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                guard lstat(path, &status) == 0 else { continue }
                type = status.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
            }
            if type == Int32(DT_DIR), !watchTree(path, follow: false, into: &found, visited: &visited) {
                return false
            }
        }
        return true
    }

    // MARK: Polling fallback

    private func switchToPolling() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        watches = [:]
        stamps = snapshot()
    }

    private func pollForChange(until deadline: Double?) -> Bool {
        while true {
            if look() {
                let limit = clock.now() + timing.longestSettle
                repeat { sleep(timing.settle) } while look() && clock.now() < limit
                return true
            }
            let now = clock.now()
            if let deadline, now >= deadline { return false }
            // The next look, or the deadline when it comes first.
            _ = clock.wait(for: nil, until: min(now + timing.pollInterval, deadline ?? .infinity))
        }
    }

    private func sleep(_ seconds: Double) { _ = clock.wait(for: nil, until: clock.now() + seconds) }

    /// Whether the files look different from the last look.
    private func look() -> Bool {
        let now = snapshot()
        defer { stamps = now }
        return now != stamps
    }

    /// Every file and folder under the roots, not through links, but editors' scratch files.
    private func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for root in roots {
            var status = stat()
            guard stat(root, &status) == 0 else { continue }
            stamps[root] = Stamp(status)
            if status.st_mode & S_IFMT == S_IFDIR { stampTree(root, into: &stamps) }
        }
        return stamps
    }

    private func stampTree(_ folder: String, into stamps: inout [String: Stamp]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = Self.name(of: entry)
            guard name != ".", name != "..", !FileWatcher.isScratch(name) else { continue }
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            stamps[path] = Stamp(status)
            if status.st_mode & S_IFMT == S_IFDIR { stampTree(path, into: &stamps) }
        }
    }

    // MARK: Helpers

    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Whether `path` is a folder, or a link to one.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
