import PasskeySpecCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(status.rawValue)
