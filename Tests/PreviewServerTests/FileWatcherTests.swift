import Foundation
import Glibc
import TestSupport
import Testing

@testable import PreviewServer

/// The watcher on real folders, each test with its own. Waits have a generous timeout, and
/// a wait that works returns long before it; no test asserts a tight time. Serialized so
/// that the count of inotify descriptors is this suite's alone.
@Suite(.serialized) struct FileWatcherTests {
    /// Never reached when the watcher works.
    static let generous = 10.0
    /// Long enough to be sure nothing is coming.
    static let quiet = 0.4

    /// Writes `text` into `path` in place (open, truncate, write, close), as most editors do.
    static func put(_ path: String, _ text: String) {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(file >= 0, "cannot open \(path)")
        _ = text.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
        close(file)
    }

    /// Runs `change` on another thread after `delay` seconds, while the test waits.
    static func later(_ delay: Double = 0.05, _ change: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            usleep(useconds_t(delay * 1_000_000))
            change()
        }
        return group
    }

    /// Whether the watcher reports a change before the generous timeout.
    static func seesChange(_ watcher: inout FileWatcher) -> Bool { watcher.waitForChange(timeout: generous) }

    /// Whether the watcher reports no change for `seconds`.
    static func staysQuiet(_ watcher: inout FileWatcher, for seconds: Double = quiet) -> Bool {
        !watcher.waitForChange(timeout: seconds)
    }

    static func changedSinceLastLook(_ watcher: inout FileWatcher) -> Bool { watcher.changed() }

    /// The open inotify descriptors of this process.
    static func inotifyDescriptors() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry))
                == "anon_inode:inotify"
        }.count
    }

    @Test func anEditIsSeen() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"])
        #expect(watcher.usesInotify)
        let writing = Self.later { Self.put(page, "# Two\n") }
        let changed = Self.seesChange(&watcher)
        writing.wait()
        #expect(changed)
        #expect(!Self.changedSinceLastLook(&watcher))
    }

    @Test func aSaveThatRenamesANewFileOverTheRootFileIsSeenEachTime() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("page.md", "# One\n")
        // The root is the file itself, whose inode each save replaces.
        var watcher = FileWatcher(roots: [page])
        for text in ["# Two\n", "# Three\n"] {
            let writing = Self.later {
                Self.put(page + ".new", text)
                rename(page + ".new", page)
            }
            let changed = Self.seesChange(&watcher)
            writing.wait()
            #expect(changed)
            let saved = try String(contentsOfFile: page, encoding: .utf8)
            #expect(saved == text)
        }
        // Still watched after the inode changed twice.
        let writing = Self.later { Self.put(page, "# Four\n") }
        #expect(Self.seesChange(&watcher))
        writing.wait()
    }

    @Test func aFileNextToTheRootFileDoesNotCount() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("page.md", "# One\n")
        var watcher = FileWatcher(roots: [page])
        try folder.write("other.md", "# Other\n")
        #expect(Self.staysQuiet(&watcher))
    }

    @Test func aNewFileInANewSubFolderIsSeenAndSoIsTheNextOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let content = folder.url.path + "/content"
        var watcher = FileWatcher(roots: [content])
        let making = Self.later {
            try? FileManager.default.createDirectory(
                atPath: content + "/web/deeper", withIntermediateDirectories: true)
            Self.put(content + "/web/deeper/new.md", "# New\n")
        }
        #expect(Self.seesChange(&watcher))
        making.wait()
        // The new folders are watched now: a file made in one is seen.
        let writing = Self.later { Self.put(content + "/web/deeper/next.md", "# Next\n") }
        let changed = Self.seesChange(&watcher)
        writing.wait()
        #expect(changed)
    }

    @Test func aRemovalIsSeen() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"])
        let removing = Self.later { unlink(page) }
        #expect(Self.seesChange(&watcher))
        removing.wait()
    }

    @Test func aRootFolderRemovedAndMadeAgainIsWatchedAgain() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let content = folder.url.path + "/content"
        var watcher = FileWatcher(roots: [content])
        let removing = Self.later { try? FileManager.default.removeItem(atPath: content) }
        #expect(Self.seesChange(&watcher))
        removing.wait()
        let making = Self.later {
            mkdir(content, 0o755)
            Self.put(content + "/page.md", "# Again\n")
        }
        #expect(Self.seesChange(&watcher))
        making.wait()
        let writing = Self.later { Self.put(content + "/page.md", "# Edited\n") }
        #expect(Self.seesChange(&watcher))
        writing.wait()
    }

    @Test func aRootThatDoesNotExistYetIsSeenWhenMade() throws {
        let folder = try TemporaryFolder()
        let content = folder.url.path + "/later/content"
        var watcher = FileWatcher(roots: [content])
        #expect(Self.staysQuiet(&watcher, for: 0.05))
        let making = Self.later {
            try? FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
            Self.put(content + "/page.md", "# One\n")
        }
        #expect(Self.seesChange(&watcher))
        making.wait()
        let writing = Self.later { Self.put(content + "/page.md", "# Two\n") }
        #expect(Self.seesChange(&watcher))
        writing.wait()
    }

    @Test func noChangeReturnsFalseAtTheTimeout() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"])
        let start = Date()
        #expect(Self.staysQuiet(&watcher, for: 0.2))
        #expect(Date().timeIntervalSince(start) >= 0.19)
        #expect(!Self.changedSinceLastLook(&watcher))
    }

    @Test func readingTheFilesIsNotAChange() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"])
        _ = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Self.staysQuiet(&watcher))
    }

    @Test func severalQuickWritesGiveOneChange() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        // A long quiet time, so that a busy machine does not split the writes.
        var watcher = FileWatcher(
            roots: [folder.url.path + "/content"], polling: false,
            timing: FileWatcher.Timing(settle: 0.2, longestSettle: 2))
        let writing = Self.later {
            for number in 1...10 {
                Self.put(page, "# Version \(number)\n")
                usleep(5_000)
            }
        }
        #expect(Self.seesChange(&watcher))
        writing.wait()
        #expect(Self.staysQuiet(&watcher))
    }

    @Test func editorScratchFilesDoNotCountButTheSaveDoes() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let content = folder.url.path + "/content"
        var watcher = FileWatcher(roots: [content])
        Self.put(content + "/.page.md.swp", "swap")
        Self.put(content + "/4913", "")
        unlink(content + "/4913")
        Self.put(content + "/page.md~", "# One\n")
        #expect(Self.staysQuiet(&watcher))
        let writing = Self.later { Self.put(page, "# Two\n") }
        #expect(Self.seesChange(&watcher))
        writing.wait()
    }

    @Test func scratchNames() {
        for name in [".page.md.swp", ".page.md.swo", ".page.md.swx", "4913", "page.md~", ".#page.md", "#page.md#"] {
            #expect(FileWatcher.isScratch(name), "\(name)")
        }
        for name in ["page.md", ".hidden.mustache", "swp.md", "#", "notes.swp", "site.css"] {
            #expect(!FileWatcher.isScratch(name), "\(name)")
        }
    }

    @Test func aLinkOutOfTheRootIsNotFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let outside = try folder.write("outside/elsewhere.md", "# Elsewhere\n")
        let content = folder.url.path + "/content"
        try FileManager.default.createSymbolicLink(
            atPath: content + "/linked", withDestinationPath: folder.url.path + "/outside")
        var watcher = FileWatcher(roots: [content])
        Self.put(outside, "# Changed elsewhere\n")
        #expect(Self.staysQuiet(&watcher))
    }

    @Test func waitingUsesNoCPU() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"])
        // This thread's CPU time alone: other tests running meanwhile do not count.
        func cpu() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let before = cpu()
        #expect(Self.staysQuiet(&watcher, for: 0.5))
        #expect(cpu() - before < 0.05)
    }

    @Test func thePollingFallbackNoticesAnEdit() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"], polling: true)
        #expect(!watcher.usesInotify)
        #expect(!Self.changedSinceLastLook(&watcher))
        let writing = Self.later { Self.put(page, "# Two, longer\n") }
        let changed = Self.seesChange(&watcher)
        writing.wait()
        #expect(changed)
        #expect(Self.staysQuiet(&watcher))
        Self.put(folder.url.path + "/content/.page.md.swp", "swap")
        #expect(!Self.changedSinceLastLook(&watcher))
    }

    @Test func noDescriptorsLeakWhenWatchersGo() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/web/page.md", "# One\n")
        let roots = [folder.url.path + "/content", folder.url.path + "/content/web/page.md"]
        let before = Self.inotifyDescriptors()
        do {
            // A few at once: the system allows a user about 128.
            let alive = (0..<5).map { _ in FileWatcher(roots: roots) }
            withExtendedLifetime(alive) {
                #expect(alive.allSatisfy { $0.usesInotify })
                #expect(Self.inotifyDescriptors() == before + 5)
            }
        }
        // Closing an inotify descriptor takes the kernel some milliseconds.
        for _ in 0..<50 {
            var watcher = FileWatcher(roots: roots)
            _ = watcher.changed()
        }
        #expect(Self.inotifyDescriptors() == before)
    }
}
