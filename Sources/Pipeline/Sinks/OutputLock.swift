import Foundation
import SpecModel
import Utilities

/// One build at a time into an output folder: an exclusive `flock` on the folder that holds
/// it, where a build's temporary folders are made. A lock on the parent (rather than a lock
/// file) leaves nothing behind and survives the output being replaced; builds into two
/// folders of the same parent wait for each other, which costs time but never correctness.
/// The system releases the lock when the process ends, however it ends.
public final class OutputLock {
    /// The parent folder, open while the lock is held; -1 once closed. A class whose
    /// initializer throws after setting it is deinitialized, so the failure paths mark it
    /// closed rather than let `deinit` close a number another thread may have opened since.
    private var descriptor: Int32

    /// Takes the lock for `output`, making its parent folder if needed; calls `waiting` once
    /// if another process holds it, then waits for it. Leftovers of builds killed outright
    /// are removed once the lock is held.
    public init(for output: URL, waiting: () -> Void) throws(SiteWriter.Failure) {
        let parent = output.deletingLastPathComponent().path
        do throws(FileBytes.Failure) {
            try FolderOperations.makeFolders(atPath: parent)
        } catch {
            throw .io(error.description)
        }
        descriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("\(parent): \(String(cString: strerror(errno)))") }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                descriptor = -1
                throw .io("\(parent): \(reason)")
            }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    descriptor = -1
                    throw .io("\(parent): \(reason)")
                }
            }
        }
        SiteWriter.removeLeftovers(of: output)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
