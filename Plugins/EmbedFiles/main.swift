import Foundation

// `EmbedFiles FOLDER OUTPUT [TYPE]`: writes OUTPUT, a Swift file declaring `TYPE.files`
// (default `DefaultTemplates`), every file under FOLDER (hidden ones left out) by its path
// relative to FOLDER, with its
// bytes in base64: string literals compile fast at any size, where a byte-array literal of
// tens of thousands of elements does not. OUTPUT is rewritten only when its text changes, so
// that an unchanged folder recompiles nothing.

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: EmbedFiles FOLDER OUTPUT [TYPE]\n".utf8))
    exit(2)
}
let typeName = arguments.count == 4 ? arguments[3] : "DefaultTemplates"
let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

var entries: [(path: String, data: Data)] = []
if let enumerator = FileManager.default.enumerator(
    at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
{
    for case let url as URL in enumerator
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        let relative = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
        guard let data = FileManager.default.contents(atPath: url.path) else {
            FileHandle.standardError.write(Data("EmbedFiles: cannot read \(url.path)\n".utf8))
            exit(1)
        }
        entries.append((relative, data))
    }
}
entries.sort { $0.path < $1.path }

var text = """
    // Generated from the repository's \(folder.lastPathComponent)/ folder by a build plugin; not edited by hand.

    /// The files built into the tool, by path relative to their folder.
    enum \(typeName) {
        /// Each file's path and its bytes in base64.
        static let files: [(path: String, base64: String)] = [

    """
for entry in entries {
    let path = entry.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    text += "        (\"\(path)\", \"\(entry.data.base64EncodedString())\"),\n"
}
text += "    ]\n}\n"

if (try? String(contentsOf: output, encoding: .utf8)) != text {
    do {
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: output, options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("EmbedFiles: cannot write \(output.path): \(error)\n".utf8))
        exit(1)
    }
}
