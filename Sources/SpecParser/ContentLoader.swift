import Foundation
import SpecModel

/// Finds the Markdown files under the paths a user names, reads and parses each, and checks
/// what spans files (IDs unique across pages).
public struct ContentLoader {
    /// The result of loading: everything that parsed, and every diagnostic in file order.
    public struct Result: Sendable {
        public var content: ContentSet
        public var diagnostics: [Diagnostic]

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// A path that does not exist: a usage problem, reported before any parsing.
    public struct MissingPath: Error, Equatable {
        public var path: String
    }

    public init() {}

    /// Loads every `.md` file under `paths` (files or folders, searched recursively, in
    /// sorted order so output is deterministic).
    public func load(paths: [String]) throws(MissingPath) -> Result {
        var files: [(path: String, relative: String)] = []
        for path in paths {
            files += try markdownFiles(at: path)
        }
        var bag = DiagnosticBag()
        var content = ContentSet()
        for root in paths where files.allSatisfy({ !$0.path.hasPrefix(root) }) {
            bag.report(.noMarkdownFiles(root), at: SourceLocation(file: root, line: 1, column: 1))
        }
        var seen = Set<String>()
        for file in files where seen.insert(file.path).inserted {
            let (page, diagnostics) = parseFile(at: file.path, relativePath: file.relative)
            bag.append(contentsOf: diagnostics)
            switch page {
            case .spec(let spec): content.specs.append(spec)
            case .page(let page): content.pages.append(page)
            case nil: break
            }
        }
        checkUniqueIDs(content, into: &bag)
        return Result(content: content, diagnostics: bag.sorted)
    }

    /// Reads, validates and parses one file.
    public func parseFile(at path: String, relativePath: String) -> (ParsedPage?, [Diagnostic]) {
        var bag = DiagnosticBag()
        let bytes: [UInt8]
        do {
            guard let read = try readBytes(path, diagnostics: &bag) else { return (nil, bag.diagnostics) }
            bytes = read
        } catch {
            bag.report(.unreadableFile(error.localizedDescription), at: SourceLocation(file: path, line: 1, column: 1))
            return (nil, bag.diagnostics)
        }
        guard let source = SourceFile.validate(bytes, path: path, diagnostics: &bag) else {
            return (nil, bag.diagnostics)
        }
        let (page, diagnostics) = PageParser.parse(source, relativePath: relativePath)
        return (page, bag.diagnostics + diagnostics)
    }

    // MARK: - Files

    private func markdownFiles(at path: String) throws(MissingPath) -> [(path: String, relative: String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MissingPath(path: path)
        }
        guard isDirectory.boolValue else {
            return [(path, (path as NSString).lastPathComponent)]
        }
        let root = path.hasSuffix("/") ? String(path.dropLast()) : path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var relatives: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".md"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                relatives.append(relative)
            }
        }
        return relatives.sorted().map { ("\(root)/\($0)", $0) }
    }

    /// The file's bytes; a file over the size limit is not read, only measured.
    private func readBytes(_ path: String, diagnostics: inout DiagnosticBag) throws -> [UInt8]? {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes[.size] as? Int, size > SourceFile.maximumSize {
            diagnostics.report(
                .fileTooLarge(bytes: size, limit: SourceFile.maximumSize),
                at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: - Across files

    private func checkUniqueIDs(_ content: ContentSet, into bag: inout DiagnosticBag) {
        var specIDs: [String: SourceLocation] = [:]
        for spec in content.specs where !spec.id.isEmpty {
            if let first = specIDs[spec.id] {
                bag.report(.duplicateSpecID(spec.id, first: first), at: spec.location)
            } else {
                specIDs[spec.id] = spec.location
            }
        }
        var pageIDs: [String: SourceLocation] = [:]
        for page in content.pages where !page.id.isEmpty {
            if let first = pageIDs[page.id] {
                bag.report(.duplicatePageID(page.id, first: first), at: page.location)
            } else {
                pageIDs[page.id] = page.location
            }
        }
    }
}
