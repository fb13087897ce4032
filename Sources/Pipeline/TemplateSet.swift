import Foundation
import SiteBuilder
import SpecModel

/// The templates a build renders with: the ones built into the tool (made from the
/// repository's `templates/` folder when the tool is built), with the files of a templates
/// folder in place of the built-in files of the same path. So `build` and `preview` work from
/// any folder, and a project changes one template or the stylesheet by giving that file alone.
struct TemplateSet: Sendable {
    /// The folder whose files replace the built-in ones; nil when there is none.
    let folder: URL?
    /// The files that came from the folder, by path relative to it.
    let fromFolder: Set<String>
    let templates: SiteBuilder.Templates

    /// The built-in templates' files, by path relative to the templates folder.
    static let builtIn: [String: [UInt8]] = Dictionary(
        DefaultTemplates.files.map { ($0.path, [UInt8](Data(base64Encoded: $0.base64) ?? Data())) },
        uniquingKeysWith: { first, _ in first })

    /// The templates for `configuration`: its templates folder if it names one (which must
    /// exist), else `templates/` in the project folder if there is one, over the built-in
    /// ones. A file that cannot be read, or a template that is not UTF-8, is an error located
    /// at the file.
    static func load(_ configuration: PipelineConfiguration) -> Result<TemplateSet, TemplateProblem> {
        var folder: URL?
        if let given = configuration.templates {
            let url = configuration.url(given)
            guard isFolder(url.path) else {
                return .failure(.missing(PipelineFailure(.usage, .pathNotFound(given), argument: given)))
            }
            folder = url
        } else {
            let url = URL(fileURLWithPath: configuration.templatesPath, isDirectory: true)
            if isFolder(url.path) { folder = url }
        }
        var files = builtIn
        var fromFolder = Set<String>()
        if let folder {
            for relative in listing(of: folder.path) {
                switch ReadProblem.bytes(at: folder.path + "/" + relative) {
                case .success(let bytes):
                    files[relative] = bytes
                    fromFolder.insert(relative)
                case .failure(let failure):
                    let location = SourceLocation(
                        file: folder.appendingPathComponent(relative).relativePath, line: 1, column: 1)
                    return .failure(
                        .located(Diagnostic(.templateError("cannot read the file: \(failure.reason)"), at: location)))
                }
            }
        }
        do throws(SiteBuilder.TemplateFailure) {
            let templates = try SiteBuilder.Templates(files: files)
            return .success(TemplateSet(folder: folder, fromFolder: fromFolder, templates: templates))
        } catch {
            let set = TemplateSet(
                folder: folder, fromFolder: fromFolder, templates: try! SiteBuilder.Templates(files: [:]))
            return .failure(.located(set.diagnostic(for: error)))
        }
    }

    /// A template's failure, located at its file: in the templates folder, or among the
    /// built-in templates (`(built-in templates)/home.mustache`).
    func diagnostic(for failure: SiteBuilder.TemplateFailure) -> Diagnostic {
        let file =
            if let folder, fromFolder.contains(failure.file) || !Self.builtIn.keys.contains(failure.file) {
                folder.appendingPathComponent(failure.file).relativePath
            } else {
                "(built-in templates)/\(failure.file)"
            }
        return Diagnostic(
            .templateError(failure.message), at: SourceLocation(file: file, line: failure.line, column: failure.column))
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every file under `folder` that is not hidden, by relative path.
    private static func listing(of folder: String) -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isDirectory: ObjCBool = false
            // A link to nothing is listed too: reading it says why it cannot be read.
            let exists = FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isDirectory)
            if !exists || !isDirectory.boolValue { found.append(relative) }
        }
        return found.sorted()
    }
}

/// Why the templates cannot be used.
enum TemplateProblem: Error {
    /// The templates folder named does not exist.
    case missing(PipelineFailure)
    /// A file of the templates is wrong, located at it.
    case located(Diagnostic)
}
