import Foundation
import Glibc
import Pipeline
import SpecModel

/// What a build does on SIGINT, SIGTERM and SIGHUP: remove what it staged (never in the
/// middle of putting a build in place, see `WriteGate`), say so, and end by the same signal,
/// so that a shell or `make` sees that it was stopped (status 130, 143, 129) and stops too.
enum StopSignals {
    static let handled: [(number: Int32, name: String)] = [
        (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"),
    ]

    /// The pipe the handler writes the signal's number to: the only thing a handler may
    /// safely do. A thread of its own reads it and does the rest.
    nonisolated(unsafe) private static var pipeEnds: [Int32] = [-1, -1]

    /// From now on, the signals stop the build writing into `output` cleanly. Only for a
    /// console that owns its process (the tool's own, not a test's).
    static func install(output: String, console: Console) {
        guard console.ownsProcess, pipe(&pipeEnds) == 0 else { return }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        // A parent may have started the tool with the signals blocked (a thread of a process
        // that waits for signals its own way passes its mask on): unblocked before any thread
        // is made here, so that every later thread inherits it and the signals reach the handler.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for (number, _) in handled { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        let reader = pipeEnds[0]
        let thread = Thread {
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {
                guard errno == EINTR else { return }
            }
            let signalNumber = Int32(number)
            WriteGate.shared.close()
            let name = handled.first { $0.number == signalNumber }?.name ?? "signal \(signalNumber)"
            console.printUsageError(.buildStopped(output, signal: name))
            signal(signalNumber, SIG_DFL)
            // To the process, not this thread: any thread that does not block it ends the process.
            kill(getpid(), signalNumber)
        }
        thread.name = "stop-signals"
        thread.start()
        for (number, _) in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(StopSignals.pipeEnds[1], &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// A signal is stopping the process: the handler's thread reports it and ends the process.
    static func waitToBeStopped() -> Never {
        while true { pause() }
    }
}
