import Foundation

extension ContentSet {
    /// The JSON document engineers and tools read: `schemaVersion` plus the whole model.
    /// Keys are sorted so the same content always gives the same bytes.
    public func encodedJSON() throws -> Data {
        try JSONOutput.encode(Document(schemaVersion: Self.schemaVersion, specs: specs, pages: pages))
    }

    /// Reads a document written by `encodedJSON()`.
    public static func decodeJSON(_ data: Data) throws -> ContentSet {
        let document = try JSONDecoder().decode(Document.self, from: data)
        return ContentSet(specs: document.specs, pages: document.pages)
    }

    private struct Document: Codable {
        var schemaVersion: Int
        var specs: [Spec]
        var pages: [Page]
    }
}
