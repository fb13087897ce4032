import Foundation
import SpecModel
import Utilities

/// A file that cannot be read or is not what it should be, said in words: the system's reason
/// for a file that cannot be read, the field and what it should hold for JSON that does not
/// decode. Foundation's own descriptions (`Error Domain=NSCocoaErrorDomain Code=260`,
/// `keyNotFound(CodingKeys(stringValue: …))`) never reach the user.
enum ReadProblem {
    /// The bytes of the file at `path` (a path to read), or the reason they cannot be read.
    static func bytes(at path: String) -> Result<[UInt8], ReadFailure> {
        do {
            return .success(try FileBytes.read(path))
        } catch {
            return .failure(ReadFailure(reason: lowercasedFirst(error.reason)))
        }
    }

    /// What is wrong with JSON that did not decode, naming the field.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else {
            if let failure = error as? FileBytes.Failure { return lowercasedFirst(failure.reason) }
            return "\(error)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "the field '\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(let type, let context):
            return "'\(path(context.codingPath))' should be \(words(for: type))"
        case .valueNotFound(let type, let context):
            return "'\(path(context.codingPath))' is null where \(words(for: type)) is needed"
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return "it is not valid JSON" }
            return "'\(path(context.codingPath))' holds a value this tool does not know"
        @unknown default:
            return "it cannot be decoded"
        }
    }

    /// `specs[0].checks[2].status`: keys joined with dots, positions in brackets.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    /// A type as a writer would say it: `text`, `a number`, `a list`.
    private static func words(for type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: "text"
        case is Int.Type, is Double.Type, is Int64.Type, is UInt64.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }

    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// The reason a file could not be read, in words.
struct ReadFailure: Error {
    var reason: String
}
