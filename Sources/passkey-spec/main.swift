import Glibc
import PasskeySpecCLI

// A write past the file size limit (`ulimit -f`) then fails with EFBIG, which the tool
// reports and recovers from, instead of ending the process.
signal(SIGXFSZ, SIG_IGN)
// A child (git) that ends before reading all its input makes the write fail with EPIPE,
// which the tool handles, instead of ending the process.
signal(SIGPIPE, SIG_IGN)
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(status.rawValue)
