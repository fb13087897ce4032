import Foundation
import SpecParser

/// Where the site's paths start for a path the user gave: the folder of the content's home
/// page (`<!-- page: home -->`) that holds it, else the folder given (or a file's own folder).
/// A page or a folder checked alone is then named as in the whole content (`web/login.md`,
/// not `login.md`), and a link from it to a page outside the paths given is resolved there.
struct ContentRoot: Sendable, Equatable {
    /// The path as the user gave it.
    var given: String
    /// The root's folder on the disk.
    var folder: String
    /// The path from the root's folder to the folder given (or the given file's folder); empty
    /// when they are the same.
    var prefix: String

    /// How far up from a path the home page is looked for.
    static let levels = 16

    /// The root of `given`, whose file-system path is `onDisk`.
    static func resolve(_ given: String, onDisk: String) -> ContentRoot {
        let standardized = URL(fileURLWithPath: onDisk).standardizedFileURL.path
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: standardized, isDirectory: &isFolder)
        let start = exists && isFolder.boolValue ? standardized : (standardized as NSString).deletingLastPathComponent
        var candidate = start
        for _ in 0..<levels {
            if holdsHomePage(candidate) {
                let prefix =
                    candidate == start ? "" : String(start.dropFirst(candidate == "/" ? 1 : candidate.count + 1))
                return ContentRoot(given: given, folder: candidate, prefix: prefix)
            }
            // The repository's top is as far as the content can reach.
            if candidate == "/" || FileManager.default.fileExists(atPath: candidate + "/.git") { break }
            candidate = (candidate as NSString).deletingLastPathComponent
        }
        return ContentRoot(given: given, folder: start, prefix: "")
    }

    /// A path the listing found under `given`, relative to the root's folder.
    func relative(_ path: String) -> String {
        prefix.isEmpty ? path : prefix + "/" + path
    }

    /// The file-system path of a page of the content by its path relative to the root.
    func fileSystemPath(of relative: String) -> String {
        folder == "/" ? "/" + relative : folder + "/" + relative
    }

    /// Whether `folder/index.md` declares the home page, read from its first bytes alone.
    private static func holdsHomePage(_ folder: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: folder + "/index.md") else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        guard let declared = PageParser.declaredID(in: Substring(text)) else { return false }
        return declared.kind == "page" && declared.id == "home"
    }
}
