import Foundation
import SpecModel

/// The Markdown files of a content folder (or one file) as a git revision holds them, read
/// with git itself, run from the folder: `rev-parse` for the repository and the commit,
/// `ls-tree` for the files, `cat-file --batch` for their bytes.
struct GitRevision {
    /// A file at the revision: its path relative to the content root (as `ContentLoader`
    /// gives it for the folder on disk), its name in the repository, and its bytes.
    struct File {
        var relativePath: String
        var repositoryPath: String
        var bytes: [UInt8]
    }

    enum Failure: Error {
        case notARepository
        case unknownRevision
        case git(String)
    }

    /// The full hash of the commit the revision names.
    let commit: String
    let files: [File]

    /// Reads the files under `path` (a folder or a file, which exists) at `revision` whose
    /// path relative to it `include` accepts: by default, the Markdown files.
    init(
        path: String, revision: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        include: (String) -> Bool = { $0.hasSuffix(".md") }
    ) throws(Failure) {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let url = URL(fileURLWithPath: path)
        let folder = isDirectory.boolValue ? url : url.deletingLastPathComponent()
        let spec = isDirectory.boolValue ? "." : url.lastPathComponent
        let git = Git(folder: folder, environment: environment)

        let prefix: String
        do {
            prefix = try git.text(["rev-parse", "--show-prefix"])
        } catch {
            throw error.notRunnable ? .git(error.description) : .notARepository
        }
        guard !revision.hasPrefix("-"),
            let commit = try? git.text(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]), !commit.isEmpty
        else { throw .unknownRevision }
        self.commit = commit

        // `ls-tree` entries: `<mode> <type> <object>\t<path>`, NUL-terminated, paths from the
        // repository's root.
        let listing: [UInt8]
        do {
            listing = try git.run(["ls-tree", "-r", "-z", "--full-name", commit, "--", spec])
        } catch {
            throw .git(error.description)
        }
        let root = isDirectory.boolValue ? prefix : prefix + url.lastPathComponent
        var entries: [(object: String, path: String)] = []
        for record in listing.split(separator: 0) {
            let line = String(decoding: record, as: UTF8.self)
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let fields = line[..<tab].split(separator: " ")
            let repositoryPath = String(line[line.index(after: tab)...])
            guard fields.count == 3, fields[1] == "blob" else { continue }
            let relative =
                isDirectory.boolValue
                ? String(repositoryPath.dropFirst(root.count)) : (repositoryPath as NSString).lastPathComponent
            // As on disk: hidden files and folders are not content.
            guard include(relative), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                continue
            }
            entries.append((String(fields[2]), repositoryPath))
        }
        entries.sort { $0.path < $1.path }

        // One `cat-file --batch` for every file: `<object> <type> <size>\n<bytes>\n` each.
        let output: [UInt8]
        do {
            output = try git.run(
                ["cat-file", "--batch"], input: Array(entries.map { $0.object + "\n" }.joined().utf8))
        } catch {
            throw .git(error.description)
        }
        var files: [File] = []
        var position = 0
        for entry in entries {
            guard let newline = output[position...].firstIndex(of: 0x0A) else { throw .git("cat-file ended early") }
            let header = String(decoding: output[position..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), newline + 1 + size <= output.count else {
                throw .git("cat-file answered '\(header.joined(separator: " "))' for \(entry.path)")
            }
            let start = newline + 1
            files.append(
                File(
                    relativePath: isDirectory.boolValue
                        ? String(entry.path.dropFirst(root.count)) : (entry.path as NSString).lastPathComponent,
                    repositoryPath: entry.path, bytes: Array(output[start..<start + size])))
            position = start + size + 1
        }
        self.files = files
    }
}
