import Foundation
import Glibc
import TestSupport
import Testing

@testable import PreviewServer

/// The watcher on real folders, each test with its own. Its waits are on a clock the tests
/// move by hand (`ManualWatcherClock`): that nothing comes is shown by moving the clock past
/// the timeout and seeing `false`, that a change has settled by moving it past the settle
/// time, so no test waits for real time to pass or asserts how long anything took. What the
/// kernel does is real: a change made while the watcher waits wakes it, within the clock's
/// generous patience. Serialized so that the count of inotify descriptors is this suite's
/// alone.
@Suite(.serialized) struct FileWatcherTests {
    /// Seconds of the clock: the timeout of a wait that should see a change, never reached.
    static let generous = 10.0
    /// Seconds of the clock: the timeout of a wait that should see nothing.
    static let timeout = 1.0
    /// The default quiet time that ends a change.
    static let settle = FileWatcher.Timing().settle

    /// Writes `text` into `path` in place (open, truncate, write, close), as most editors do.
    static func put(_ path: String, _ text: String) {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(file >= 0, "cannot open \(path)")
        _ = text.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
        close(file)
    }

    /// A watcher of `roots` on `clock`.
    static func watcher(
        _ roots: [String], on clock: ManualWatcherClock, polling: Bool = false,
        timing: FileWatcher.Timing = FileWatcher.Timing()
    ) -> FileWatcher {
        FileWatcher(roots: roots, polling: polling, timing: timing, clock: clock)
    }

    /// Whether the watcher sees `change`, made on another thread once the watcher waits for
    /// it with nothing to read (the kernel wakes it), and then reports it when the clock has
    /// moved on by the settle time.
    static func seesChange(
        _ watcher: inout FileWatcher, _ clock: ManualWatcherClock, when change: @escaping @Sendable () -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let changing = Meanwhile { () -> ManualWatcherClock.Wait? in
            clock.idle()
            change()
            return clock.advance(by: settle)
        }
        let changed = watcher.waitForChange(timeout: generous)
        #expect(changing.join() != nil, "the watcher did not wait to settle", sourceLocation: sourceLocation)
        return changed
    }

    /// Whether the watcher reports no change when the clock passes its timeout, which it does
    /// once the watcher has read what there was to read and waits for more.
    static func staysQuiet(
        _ watcher: inout FileWatcher, _ clock: ManualWatcherClock, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let moving = Meanwhile { clock.advance(by: timeout) }
        let changed = watcher.waitForChange(timeout: timeout)
        #expect(moving.join() != nil, "the watcher did not wait", sourceLocation: sourceLocation)
        return !changed
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

    /// The watcher as the preview makes it, on the system's clock.
    @Test func anEditIsSeenOnTheSystemClock() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        var watcher = FileWatcher(roots: [folder.url.path + "/content"])
        #expect(watcher.usesInotify)
        let writing = Meanwhile { Self.put(page, "# Two\n") }
        // The generous timeout is real seconds here, and only a guard.
        let changed = watcher.waitForChange(timeout: Self.generous)
        writing.join()
        #expect(changed)
    }

    @Test func anEditIsSeenOnceItHasSettled() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock)
        #expect(watcher.usesInotify)
        let writing = Meanwhile { () -> [ManualWatcherClock.Wait?] in
            let waiting = clock.idle()
            Self.put(page, "# Two\n")
            return [waiting, clock.advance(by: Self.settle)]
        }
        let changed = watcher.waitForChange(timeout: Self.generous)
        let waits = writing.join()
        #expect(changed)
        // It waited on its descriptor for the change, then for the settle time after it.
        #expect(waits.map { $0?.deadline } == [Self.generous, Self.settle])
        #expect(waits.allSatisfy { $0?.descriptor != nil })
        #expect(!Self.changedSinceLastLook(&watcher))
    }

    @Test func aSaveThatRenamesANewFileOverTheRootFileIsSeenEachTime() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("page.md", "# One\n")
        let clock = ManualWatcherClock()
        // The root is the file itself, whose inode each save replaces.
        var watcher = Self.watcher([page], on: clock)
        for text in ["# Two\n", "# Three\n"] {
            let changed = Self.seesChange(&watcher, clock) {
                Self.put(page + ".new", text)
                rename(page + ".new", page)
            }
            #expect(changed)
            let saved = try String(contentsOfFile: page, encoding: .utf8)
            #expect(saved == text)
        }
        // Still watched after the inode changed twice.
        #expect(Self.seesChange(&watcher, clock) { Self.put(page, "# Four\n") })
    }

    @Test func aFileNextToTheRootFileDoesNotCount() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("page.md", "# One\n")
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([page], on: clock)
        try folder.write("other.md", "# Other\n")
        #expect(Self.staysQuiet(&watcher, clock))
    }

    @Test func aNewFileInANewSubFolderIsSeenAndSoIsTheNextOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let content = folder.url.path + "/content"
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([content], on: clock)
        #expect(
            Self.seesChange(&watcher, clock) {
                try? FileManager.default.createDirectory(
                    atPath: content + "/web/deeper", withIntermediateDirectories: true)
                Self.put(content + "/web/deeper/new.md", "# New\n")
            })
        // The new folders are watched now: a file made in one is seen.
        #expect(Self.seesChange(&watcher, clock) { Self.put(content + "/web/deeper/next.md", "# Next\n") })
    }

    @Test func aRemovalIsSeen() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock)
        #expect(Self.seesChange(&watcher, clock) { unlink(page) })
    }

    @Test func aRootFolderRemovedAndMadeAgainIsWatchedAgain() throws {
        try Self.removeAndMakeAgain(holdingItOpen: false)
    }

    /// A folder's own `IN_DELETE_SELF` waits until nothing holds the folder open: a root
    /// removed under a shell or an editor that has it open is seen gone, and made again, by the
    /// folder it is in.
    @Test func aRootRemovedWhileHeldOpenIsWatchedAgainWhenMade() throws {
        try Self.removeAndMakeAgain(holdingItOpen: true)
    }

    /// A root folder removed (while a descriptor holds it open, or not), made again with its
    /// page, then edited: each step is seen.
    static func removeAndMakeAgain(holdingItOpen: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let content = folder.url.path + "/content"
        let clock = ManualWatcherClock()
        var watcher = watcher([content], on: clock)
        let held = holdingItOpen ? open(content, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        #expect(!holdingItOpen || held >= 0, sourceLocation: sourceLocation)
        defer { if held >= 0 { close(held) } }
        #expect(
            seesChange(&watcher, clock) { try? FileManager.default.removeItem(atPath: content) },
            sourceLocation: sourceLocation)
        #expect(
            seesChange(&watcher, clock) {
                mkdir(content, 0o755)
                put(content + "/page.md", "# Again\n")
            }, sourceLocation: sourceLocation)
        #expect(
            seesChange(&watcher, clock) { put(content + "/page.md", "# Edited\n") }, sourceLocation: sourceLocation)
    }

    @Test func aRootThatDoesNotExistYetIsSeenWhenMade() throws {
        let folder = try TemporaryFolder()
        let content = folder.url.path + "/later/content"
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([content], on: clock)
        #expect(Self.staysQuiet(&watcher, clock))
        #expect(
            Self.seesChange(&watcher, clock) {
                try? FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
                Self.put(content + "/page.md", "# One\n")
            })
        #expect(Self.seesChange(&watcher, clock) { Self.put(content + "/page.md", "# Two\n") })
    }

    @Test func noChangeReturnsFalseAtTheTimeoutNotBefore() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock)
        let moving = Meanwhile { [clock.advance(by: 0.125), clock.advance(by: 0.125)] }
        let changed = watcher.waitForChange(timeout: 0.25)
        #expect(!changed)
        // Halfway to the timeout it still waited for it; at the timeout it gave up.
        #expect(moving.join().map { $0?.deadline } == [0.25, 0.25])
        #expect(clock.now() == 0.25)
        #expect(!Self.changedSinceLastLook(&watcher))
    }

    /// While nothing changes the watcher makes one wait, on its inotify descriptor, until the
    /// timeout: it does not wake to look at the files, so it uses no CPU (the system clock's
    /// wait is one `poll`, which sleeps in the kernel).
    @Test func aQuietWaitIsOneWaitOnTheDescriptor() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock)
        let moving = Meanwhile { clock.advance(by: Self.timeout) }
        let changed = watcher.waitForChange(timeout: Self.timeout)
        #expect(!changed)
        let wait = moving.join()
        #expect(wait?.descriptor != nil)
        #expect(wait?.deadline == Self.timeout)
        #expect(clock.waits == 1)
    }

    @Test func readingTheFilesIsNotAChange() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock)
        _ = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Self.staysQuiet(&watcher, clock))
    }

    /// Writes closer together than the settle time are one change, however long they go on
    /// in all (up to the longest settle).
    @Test func severalQuickWritesGiveOneChange() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        // Times a binary fraction can hold exactly, so that sums of them compare equal.
        let timing = FileWatcher.Timing(settle: 0.5, longestSettle: 8)
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock, timing: timing)
        let writing = Meanwhile {
            for number in 1...10 {
                Self.put(page, "# Version \(number)\n")
                clock.advance(by: 0.25)
            }
            return clock.advance(by: 0.5)
        }
        let changed = watcher.waitForChange(timeout: Self.generous)
        #expect(changed)
        // Quiet came half a second after the last write.
        #expect(writing.join()?.deadline == 2.75)
        #expect(Self.staysQuiet(&watcher, clock))
    }

    /// A file written without end does not hold back the change past the longest settle.
    @Test func aFileWrittenWithoutEndIsAChangeAtTheLongestSettle() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        let timing = FileWatcher.Timing(settle: 0.5, longestSettle: 2)
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock, timing: timing)
        Self.put(page, "# Version 0\n")
        // A write every quarter second, each within the settle time of the one before.
        let writing = Meanwhile {
            (1...8).map { number -> ManualWatcherClock.Wait? in
                let waiting = clock.advance(by: 0.25)
                Self.put(page, "# Version \(number)\n")
                return waiting
            }
        }
        let changed = watcher.waitForChange(timeout: Self.generous)
        #expect(changed)
        // Each write put quiet off by a quarter second, until the longest settle cut it short:
        // quiet would have come at 2.25 after the write at 1.75.
        #expect(writing.join().map { $0?.deadline } == [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2])
        #expect(clock.now() == 2)
    }

    @Test func editorScratchFilesDoNotCountButTheSaveDoes() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let content = folder.url.path + "/content"
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([content], on: clock)
        Self.put(content + "/.page.md.swp", "swap")
        Self.put(content + "/4913", "")
        unlink(content + "/4913")
        Self.put(content + "/page.md~", "# One\n")
        #expect(Self.staysQuiet(&watcher, clock))
        #expect(Self.seesChange(&watcher, clock) { Self.put(page, "# Two\n") })
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
        let clock = ManualWatcherClock()
        var watcher = Self.watcher([content], on: clock)
        Self.put(outside, "# Changed elsewhere\n")
        #expect(Self.staysQuiet(&watcher, clock))
    }

    @Test func thePollingFallbackNoticesAnEdit() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/page.md", "# One\n")
        let clock = ManualWatcherClock()
        let timing = FileWatcher.Timing()
        var watcher = Self.watcher([folder.url.path + "/content"], on: clock, polling: true)
        #expect(!watcher.usesInotify)
        #expect(!Self.changedSinceLastLook(&watcher))
        let writing = Meanwhile { () -> [ManualWatcherClock.Wait?] in
            let waiting = clock.idle()
            Self.put(page, "# Two, longer\n")
            // The next look sees the edit, and the one after the settle time sees no more.
            return [waiting, clock.advance(by: timing.pollInterval), clock.advance(by: timing.settle)]
        }
        let changed = watcher.waitForChange(timeout: Self.generous)
        let waits = writing.join()
        #expect(changed)
        // It slept between looks, with no descriptor to wake it.
        #expect(
            waits.map { $0?.deadline } == [
                timing.pollInterval, timing.pollInterval, timing.pollInterval + timing.settle,
            ])
        #expect(waits.allSatisfy { $0 != nil && $0?.descriptor == nil })
        #expect(Self.staysQuiet(&watcher, clock))
        Self.put(folder.url.path + "/content/.page.md.swp", "swap")
        #expect(!Self.changedSinceLastLook(&watcher))
    }

    /// The system clock's wait: what is readable wakes it, a deadline that has come ends it
    /// first, and its time does not go back. Nothing here waits.
    @Test func theSystemClockWakesForADescriptorOrADeadline() {
        let clock = SystemWatcherClock()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let start = clock.now()
        #expect(clock.wait(for: ends[0], until: start) == .deadline)
        #expect(clock.wait(for: nil, until: start) == .deadline)
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(clock.wait(for: ends[0], until: nil) == .readable)
        #expect(clock.wait(for: ends[0], until: clock.now() + Self.generous) == .readable)
        #expect(clock.wait(for: ends[0], until: start) == .deadline)
        #expect(clock.now() >= start)
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
