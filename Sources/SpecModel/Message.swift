// The types of the messages the tool shows a user. The messages themselves are declared in the
// module that reports them (`SpecParser`, `SpecRunner`, `PasskeySpecCLI`), each once: a
// factory on `Message` gives its ID, severity and text, and a `CatalogueEntry` beside it,
// built from a sample call of that factory, explains it. The command line assembles the
// modules' entries into the full catalogue that `passkey-spec explain` reads.

/// The stable identifier of a message, e.g. `empty-file`: lowercase words joined by hyphens.
/// It is printed with each diagnostic, so writers can search for it, and must never change
/// once released; add a new message instead.
public struct MessageID: RawRepresentable, Hashable, Codable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Decodes from the plain string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as the plain string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: MessageID, rhs: MessageID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { rawValue }
}

/// A message with its ID, severity and text, ready to print.
public struct Message: Hashable, Codable, Sendable {
    public var id: MessageID
    public var severity: Severity
    public var text: String

    public init(_ id: MessageID, _ severity: Severity = .error, _ text: String) {
        self.id = id
        self.severity = severity
        self.text = text
    }
}

/// The long form of a message: what it means, when it is reported, an input that triggers
/// it, and what to do about it.
public struct MessageExplanation: Sendable, Equatable {
    /// One line: what the message means.
    public var summary: String
    /// When it is reported and why it matters.
    public var detail: String
    /// A short Markdown or command-line snippet that triggers it, as a writer would write it.
    public var example: String
    /// What to do about it.
    public var fix: String

    public init(summary: String, detail: String, example: String, fix: String) {
        self.summary = summary
        self.detail = detail
        self.example = example
        self.fix = fix
    }
}

/// One message of the catalogue: a sample of it, made by its factory with typical values
/// filled in, and its explanation, kept as Markdown in `docs/diagnostics/`. The ID and severity are the sample's, so they are written
/// only in the factory.
public struct CatalogueEntry: Sendable {
    /// The message as a writer would see it.
    public var sample: Message
    /// Its explanation, from `docs/diagnostics/ID.md`; an empty one when the file is missing,
    /// which a test forbids.
    public var explanation: MessageExplanation {
        MessageExplanation.documented[sample.id.rawValue]
            ?? MessageExplanation(summary: "", detail: "", example: "", fix: "")
    }

    public init(sample: Message) {
        self.sample = sample
    }

    public var id: MessageID { sample.id }
    public var severity: Severity { sample.severity }
}

/// A titled part of the message catalogue, e.g. `Copy tables`: the messages of one concern,
/// as the writer's guide lists them under a heading of that title, in that order.
public struct CatalogueGroup: Sendable {
    /// The heading the writer's guide shows it under.
    public var title: String
    /// Its messages, in the order the guide lists them.
    public var entries: [CatalogueEntry]

    /// The group `title` of `entries`.
    public init(_ title: String, _ entries: [CatalogueEntry]) {
        self.title = title
        self.entries = entries
    }
}
