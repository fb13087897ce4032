import Foundation
import SpecModel

/// Runs git in one folder, with plain output whatever the user's configuration says, and
/// with the repository the folder's own whatever the caller's environment points at.
struct Git: Sendable {
    let folder: URL
    var environment: [String: String] = ProcessInfo.processInfo.environment

    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Whether git could not be started at all (not installed, not on the `PATH`).
        var notRunnable = false
    }

    /// The first line of the output, without its line end.
    func text(_ arguments: [String]) throws(Failure) -> String {
        let output = try run(arguments)
        return String(decoding: output.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// Runs `git ARGUMENTS` with `input` on its standard input; its standard output, or a
    /// failure with what it wrote to standard error.
    func run(_ arguments: [String], input: [UInt8] = []) throws(Failure) -> [UInt8] {
        var environment = self.environment
        environment["GIT_PAGER"] = "cat"
        environment["LC_ALL"] = "C"
        // Paths are paths, not patterns; the repository is the folder's own.
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE"] {
            environment[name] = nil
        }
        environment["GIT_LITERAL_PATHSPECS"] = "1"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        let result: Subprocess.Result
        do {
            // `-C` rather than a working directory for the child: the folder git reads is then
            // the same whatever folder the tool runs in.
            result = try Subprocess.run(["git", "-C", folder.path] + arguments, environment: environment, input: input)
        } catch {
            throw Failure(description: "cannot run git: \(error.reason)", notRunnable: true)
        }
        guard result.status == 0 else {
            let message = String(decoding: result.error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if result.status == 127 {
                throw Failure(
                    description: "cannot run git: \(message.isEmpty ? "not found" : message)", notRunnable: true)
            }
            throw Failure(
                description:
                    "'git \(arguments[0])' exited with status \(result.status)\(message.isEmpty ? "" : ": \(message)")")
        }
        return result.output
    }
}

/// A child process started with `posix_spawnp`, fed and drained through pipes with `poll`:
/// git runs on every build to find the Changes baseline, and Foundation's `Process` costs
/// threads and several milliseconds a run.
enum Subprocess {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    struct StartFailure: Error {
        var reason: String
    }

    /// `pipe2(fds, O_CLOEXEC)`: both ends closed in every child at once, so that another child
    /// this process starts at the same moment does not hold them open. Glibc declares it only
    /// for _GNU_SOURCE, which Swift's Glibc module does not define.
    private static func makePipe(_ fds: inout [Int32]) -> Int32 {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else {
            guard pipe(&fds) == 0 else { return -1 }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            return 0
        }
        return fds.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: Pipe2.self)($0.baseAddress!, O_CLOEXEC) }
    }

    /// A child that ends before reading all its input makes the write fail with EPIPE, which
    /// is handled, instead of ending the process with SIGPIPE.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Runs `arguments` (the first is looked up on the `PATH` of `environment`).
    static func run(
        _ arguments: [String], environment: [String: String], input: [UInt8] = []
    ) throws(StartFailure) -> Result {
        ignoreBrokenPipes
        var pipes: [[Int32]] = [[-1, -1], [-1, -1], [-1, -1]]
        for index in 0..<3 {
            guard makePipe(&pipes[index]) == 0 else {
                let reason = String(cString: strerror(errno))
                for opened in pipes.flatMap({ $0 }) where opened >= 0 { close(opened) }
                throw StartFailure(reason: reason)
            }
        }
        let (stdinRead, stdinWrite) = (pipes[0][0], pipes[0][1])
        let (stdoutRead, stdoutWrite) = (pipes[1][0], pipes[1][1])
        let (stderrRead, stderrWrite) = (pipes[2][0], pipes[2][1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinRead, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutWrite, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrWrite, 2)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // The PATH the child is looked up on is the environment's, not the tool's own.
        let search = environment["PATH"] ?? "/usr/bin:/bin"
        var process: pid_t = 0
        var spawned: Int32 = ENOENT
        for directory in search.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + arguments[0]
            guard access(candidate, X_OK) == 0 else { continue }
            spawned = posix_spawn(&process, candidate, &actions, nil, argv, envp)
            if spawned == 0 { break }
        }
        close(stdinRead)
        close(stdoutWrite)
        close(stderrWrite)
        guard spawned == 0 else {
            close(stdinWrite)
            close(stdoutRead)
            close(stderrRead)
            throw StartFailure(reason: "\(arguments[0]): \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = []
        var errorOutput: [UInt8] = []
        var written = 0
        var open: [Int32: Bool] = [stdoutRead: true, stderrRead: true]
        var inputOpen = true
        if input.isEmpty {
            close(stdinWrite)
            inputOpen = false
        } else {
            _ = fcntl(stdinWrite, F_SETFL, fcntl(stdinWrite, F_GETFL) | O_NONBLOCK)
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.values.contains(true) || inputOpen {
            var descriptors = open.filter(\.value).keys.sorted().map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            if inputOpen { descriptors.append(pollfd(fd: stdinWrite, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == stdinWrite {
                    let count = input.withUnsafeBytes { raw in
                        write(stdinWrite, raw.baseAddress! + written, raw.count - written)
                    }
                    if count > 0 { written += count }
                    if count < 0 && errno != EAGAIN && errno != EINTR || written == input.count {
                        close(stdinWrite)
                        inputOpen = false
                    }
                    continue
                }
                let count = read(descriptor.fd, &buffer, buffer.count)
                if count > 0 {
                    if descriptor.fd == stdoutRead {
                        output.append(contentsOf: buffer[..<count])
                    } else {
                        errorOutput.append(contentsOf: buffer[..<count])
                    }
                } else if count == 0 || errno != EINTR {
                    close(descriptor.fd)
                    open[descriptor.fd] = false
                }
            }
        }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output, error: errorOutput)
    }
}
