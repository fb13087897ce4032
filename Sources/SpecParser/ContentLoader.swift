import Foundation
import Markdown
import SpecModel
import Utilities

/// Finds the Markdown files under the paths a user names, and reads and parses one file (or
/// an editor's unsaved text for it): the primitives the pipeline's source store reads pages
/// with.
public struct ContentLoader: Sendable {
    /// A path that does not exist: a usage problem, reported before any parsing.
    public struct MissingPath: Error, Equatable, Sendable {
        public var path: String
    }

    /// The folder relative paths are read from; nil reads them from the process's own.
    /// Files are still named as the user gave them, in diagnostics and in the model, so that a
    /// tool running for another folder (a test, an editor) reports what the user would see.
    public var workingDirectory: String?
    /// The text of files an editor holds and has not saved, by the path to read
    /// (`fileSystemPath`): read instead of the disk, so that the language server checks what
    /// the writer sees; a `.md` file under a folder listed is found though it is not on the
    /// disk yet.
    public var unsaved: [String: [UInt8]]

    public init(workingDirectory: String? = nil, unsaved: [String: [UInt8]] = [:]) {
        self.workingDirectory = workingDirectory
        self.unsaved = unsaved
    }

    /// The path to read for a path as the user gave it.
    public func fileSystemPath(_ path: String) -> String {
        guard let workingDirectory, !path.hasPrefix("/") else { return path }
        // `./page.md` (found under the root `.`) is the same file as `page.md`: one path for
        // it, so that an editor's text for it is found.
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2).drop { $0 == "/" } }
        return relative.isEmpty || relative == "." ? workingDirectory : workingDirectory + "/" + relative
    }

    /// The `.md` files under `paths`, each once, in sorted order per path; and a diagnostic
    /// for each folder that holds none.
    public func files(at paths: [String]) throws(MissingPath) -> (files: [ContentFile], diagnostics: [Diagnostic]) {
        var files: [ContentFile] = []
        var seen = Set<String>()
        var bag = DiagnosticBag()
        for path in paths {
            let found = try markdownFiles(at: path, into: &bag)
            if found.isEmpty {
                bag.report(.noMarkdownFiles(path), at: .whole(path))
            }
            // A file named twice (a folder and a file in it) is read once; one path needs no check.
            for file in found where paths.count == 1 || seen.insert(file.path).inserted {
                files.append(ContentFile(path: file.path, relativePath: file.relative, stamp: file.stamp))
            }
        }
        return (files, bag.diagnostics)
    }

    /// Reads, validates, hashes and parses one file.
    public func parse(_ file: ContentFile) -> LoadedFile {
        if let bytes = unsaved[fileSystemPath(file.path)] { return parse(bytes, as: file) }
        var bag = DiagnosticBag()
        var loaded = LoadedFile(file: file, hash: "", page: nil, diagnostics: [])
        let bytes: [UInt8]
        do {
            guard let read = try readBytes(fileSystemPath(file.path), as: file.path, diagnostics: &bag) else {
                loaded.diagnostics = bag.diagnostics
                return loaded
            }
            bytes = read
        } catch {
            bag.report(
                .unreadableFile((error as? FileBytes.Failure)?.reason ?? error.localizedDescription),
                at: .whole(file.path))
            loaded.diagnostics = bag.diagnostics
            return loaded
        }
        return parse(bytes, as: file)
    }

    /// Validates, hashes and parses the bytes of a file read from elsewhere than the disk (a
    /// git revision); `file.path` is only what diagnostics name.
    public func parse(_ bytes: [UInt8], as file: ContentFile) -> LoadedFile {
        var bag = DiagnosticBag()
        var loaded = LoadedFile(file: file, hash: "", page: nil, diagnostics: [])
        if bytes.count > SourceFile.maximumSize {
            bag.report(
                .fileTooLarge(bytes: bytes.count, limit: SourceFile.maximumSize),
                at: .whole(file.path))
            loaded.diagnostics = bag.diagnostics
            return loaded
        }
        loaded.hash = FNV1a.hex(of: bytes)
        guard let source = SourceFile.validate(bytes, path: file.path, diagnostics: &bag) else {
            loaded.diagnostics = bag.diagnostics
            return loaded
        }
        if Self.isTranslationFile(file.path) {
            let read = TranslationParser.parse(source, bytes: bytes, relativePath: file.relativePath)
            loaded.page = read.translation.map(ParsedPage.translation)
            loaded.diagnostics = bag.diagnostics + read.diagnostics
            return loaded
        }
        let read = PageParser.read(source, relativePath: file.relativePath)
        loaded.page = read.page
        loaded.idSpan = read.idSpan
        loaded.document = read.document
        loaded.diagnostics = bag.diagnostics + read.diagnostics
        return loaded
    }

    /// Whether the content reads the file: a Markdown page, or a translation file beside one.
    static func isContentFile(_ name: String) -> Bool {
        name.hasSuffix(".md") || TranslationParser.isTranslationFileName(name)
    }

    /// Whether the file at `path` is a translation file (`<page>.<language>.json`).
    public static func isTranslationFile(_ path: String) -> Bool {
        TranslationParser.isTranslationFileName(String(path.split(separator: "/").last ?? ""))
    }

    // MARK: - Files

    private func markdownFiles(
        at path: String, into bag: inout DiagnosticBag
    ) throws(MissingPath) -> [(path: String, relative: String, stamp: FileStamp?)] {
        var isDirectory: ObjCBool = false
        let onDisk = fileSystemPath(path)
        guard FileManager.default.fileExists(atPath: onDisk, isDirectory: &isDirectory) else {
            throw MissingPath(path: path)
        }
        guard isDirectory.boolValue else {
            return [(path, (path as NSString).lastPathComponent, FileStamp(path: onDisk))]
        }
        let root = path.hasSuffix("/") ? String(path.dropLast()) : path
        var listing = Listing(root: root, onDisk: onDisk.hasSuffix("/") ? String(onDisk.dropLast()) : onDisk)
        listing.collect(in: listing.onDisk, relative: "")
        bag.append(contentsOf: listing.diagnostics)
        // A page an editor holds that is not on the disk yet is part of the content as it will
        // be, where the listing would find it once saved: in a folder under the root with no
        // link on the way (a file on the disk is the listing's to find or to skip).
        for unsavedPath in unsaved.keys
        where unsavedPath.hasPrefix(listing.onDisk + "/") && Self.isContentFile(unsavedPath) {
            let relative = String(unsavedPath.dropFirst(listing.onDisk.count + 1))
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var status = stat()
            guard lstat(unsavedPath, &status) != 0, errno == ENOENT, let root = listing.resolvedRoot else { continue }
            let folder = (relative as NSString).deletingLastPathComponent
            let parent = Listing.resolve((unsavedPath as NSString).deletingLastPathComponent)
            guard parent == (folder.isEmpty ? root : root + "/" + folder) else { continue }
            listing.found.append((relative, nil))
        }
        return listing.found.sorted { $0.relative < $1.relative }.map {
            (root + "/" + $0.relative, $0.relative, $0.stamp)
        }
    }

    /// Every `.md` file under a folder, by path relative to it, with its stamp, read with
    /// `readdir` and `fstatat` on the open folder (a thousand pages are listed in about a
    /// millisecond). Hidden files and folders are skipped. A symbolic link is followed only
    /// to a Markdown file inside the folder: one that leads outside it, to a folder, or
    /// round in a loop is reported at the link and skipped, so that the site holds only the
    /// content and the listing always ends.
    private struct Listing {
        /// The root as the user named it: what diagnostics say.
        let root: String
        /// The root as read from the disk.
        let onDisk: String
        /// The root with every link resolved, to tell where a link leads; resolved on the first link.
        lazy var resolvedRoot: String? = Self.resolve(onDisk)
        var found: [(relative: String, stamp: FileStamp?)] = []
        var diagnostics: [Diagnostic] = []

        init(root: String, onDisk: String) {
            self.root = root
            self.onDisk = onDisk
        }

        mutating func collect(in folder: String, relative: String) {
            guard let directory = opendir(folder) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                // Joined with `+`: interpolation looks up protocol conformances at run time, for
                // every one of a thousand names.
                let relativePath = relative.isEmpty ? name : relative + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var status = stat()
                    guard lstat(folder + "/" + name, &status) == 0 else { continue }
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR: type = Int32(DT_DIR)
                    case S_IFREG: type = Int32(DT_REG)
                    case S_IFLNK: type = Int32(DT_LNK)
                    default: type = Int32(DT_FIFO)
                    }
                }
                switch type {
                case Int32(DT_DIR):
                    collect(in: folder + "/" + name, relative: relativePath)
                case Int32(DT_REG) where ContentLoader.isContentFile(name):
                    found.append((relativePath, FileStamp(directory: dirfd(directory), name: name)))
                case Int32(DT_LNK):
                    followLink(folder + "/" + name, relative: relativePath, in: directory, name: name)
                case _ where ContentLoader.isContentFile(name):
                    // A pipe, socket or device: opening one may never return.
                    report(.unreadableFile("not a regular file"), at: relativePath)
                default:
                    break
                }
            }
        }

        private mutating func followLink(
            _ path: String, relative: String, in directory: OpaquePointer, name: String
        ) {
            guard let target = Self.resolve(path) else {
                if errno == ELOOP {
                    report(.symlinkLoop, at: relative)
                } else if ContentLoader.isContentFile(name) {
                    // A link to nothing: reading it reports why.
                    found.append((relative, nil))
                }
                return
            }
            var status = stat()
            guard stat(target, &status) == 0 else { return }
            let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
            guard isFolder || ContentLoader.isContentFile(name) else { return }
            guard let inside = resolvedRoot, target == inside || target.hasPrefix(inside + "/") else {
                report(.symlinkOutsideContent(target, root: root), at: relative)
                return
            }
            if isFolder {
                report(
                    .symlinkToFolder(target == inside ? root : root + "/" + target.dropFirst(inside.count + 1)),
                    at: relative)
            } else if (status.st_mode & S_IFMT) == S_IFREG {
                found.append((relative, FileStamp(directory: dirfd(directory), name: name)))
            } else {
                report(.unreadableFile("not a regular file"), at: relative)
            }
        }

        /// Reports at a file of the listing, by its path relative to the root.
        private mutating func report(_ message: Message, at relative: String) {
            diagnostics.append(Diagnostic(message, at: .whole(root + "/" + relative)))
        }

        /// The path with every link resolved, or nil with `errno` set.
        static func resolve(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }

    /// The file's bytes; a file over the size limit is not read, only measured.
    private func readBytes(_ path: String, as name: String, diagnostics: inout DiagnosticBag) throws -> [UInt8]? {
        // Measured through any link, so that a link cannot bring in a file over the limit.
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileBytes.Failure(name, code: errno) }
        let size = Int(status.st_size)
        if size > SourceFile.maximumSize {
            diagnostics.report(
                .fileTooLarge(bytes: size, limit: SourceFile.maximumSize),
                at: .whole(name))
            return nil
        }
        do {
            return try FileBytes.read(path)
        } catch {
            throw FileBytes.Failure(name, code: error.code)
        }
    }
}

/// A Markdown file of the content: where it is, and its path relative to the folder it was
/// found in (which the site mirrors).
public struct ContentFile: Sendable, Hashable {
    public var path: String
    public var relativePath: String
    /// The file's stamp when it was found (nil when it could not be read), so that a build
    /// can tell an unchanged file without reading it.
    public var stamp: FileStamp?

    public init(path: String, relativePath: String, stamp: FileStamp? = nil) {
        self.path = path
        self.relativePath = relativePath
        self.stamp = stamp
    }
}

/// One file as loaded: a hash of its bytes (empty when it could not be read), the page it
/// holds (nil when it did not parse) and its own diagnostics.
public struct LoadedFile: Sendable {
    public var file: ContentFile
    public var hash: String
    public var page: ParsedPage?
    public var diagnostics: [Diagnostic]
    /// Where the page's ID is written, when it parsed that far.
    public var idSpan: SourceSpan?
    /// The page's Markdown tree, from the one parse the model is made from; nil when the
    /// bytes were not Markdown text.
    public var document: MarkdownNode?

    public init(
        file: ContentFile, hash: String, page: ParsedPage?, diagnostics: [Diagnostic], idSpan: SourceSpan? = nil
    ) {
        self.file = file
        self.hash = hash
        self.page = page
        self.diagnostics = diagnostics
        self.idSpan = idSpan
    }
}
