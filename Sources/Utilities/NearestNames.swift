/// The names nearest to one that was asked for and not found, for every lookup's "the closest
/// are …": `errors`, `copy`, `explain`, and a scenario the flow does not have. One service, so
/// that every such list is ranked the same way:
///
/// - by the kind of name asked for: a word is answered with names and a raw numeric code
///   (`1100`) with codes, never one with the other;
/// - by edit distance, ignoring case, to the whole name or, one step further, to a part of it:
///   what follows a dot or a slash (`canceled` of `ASAuthorizationError.Code.canceled`) and,
///   for a query of one word, each of its words (`Cancellation` of
///   `GetCredentialCancellationException`), where a word longer than the query counts by its
///   beginning as well (`cancelled` is near `Cancellation`);
/// - only names that have something in common with the query: a distance as long as the query
///   itself is no nearer than typing it anew;
/// - each candidate once, however often it is given, ties in the order first given;
/// - at most `count` of them.
public struct NearestNames: Sendable {
    /// The candidates, each once, in the order they were first given.
    public let candidates: [String]

    /// How many a list names unless asked otherwise: enough to recognise the one meant.
    public static let defaultCount = 3

    public init(_ candidates: some Sequence<String>) {
        var seen = Set<String>()
        self.candidates = candidates.filter { seen.insert($0).inserted }
    }

    /// The candidates of the same kind as `query`, nearest first, at most `count`.
    public func nearest(to query: String, count: Int = defaultCount) -> [String] {
        let kind = Self.isNumber(query)
        let lowered = query.lowercased()
        let scored = candidates.enumerated().filter { Self.isNumber($0.element) == kind }.map { index, candidate in
            (candidate: candidate, distance: Self.distance(from: lowered, to: candidate), index: index)
        }.filter { $0.distance < lowered.count }
        return scored.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(max(0, count)).map(
            \.candidate)
    }

    /// Whether `text` is a raw numeric code (`1001`, `-1001`) rather than a name.
    public static func isNumber(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// How far `candidate` is from `query` (already lowercased): the distance to the whole name,
    /// or one more than the distance to its nearest part.
    static func distance(from query: String, to candidate: String) -> Int {
        let whole = candidate.lowercased()
        var best = editDistance(query, whole)
        // Like is compared with like: a query of several words with whole names and their
        // tails, one word with words as well.
        let oneWord = query.allSatisfy { $0.isLetter || $0.isNumber }
        for part in parts(of: candidate, words: oneWord) where part != whole {
            var distance = editDistance(query, part)
            // A longer word that begins like the query: `cancelled` and `Cancellation`.
            if part.count > query.count {
                distance = min(distance, editDistance(query, String(part.prefix(query.count))) + 1)
            }
            best = min(best, distance + 1)
        }
        return best
    }

    /// The parts a name is looked for by, lowercased: what follows each dot or slash, and, with
    /// `words`, its words, split at separators and where the case changes
    /// (`GetCredentialCancellationException` has `get`, `credential`, `cancellation`,
    /// `exception`; `ASAuthorizationError` has `as`, `authorization`, `error`).
    static func parts(of name: String, words: Bool = true) -> [String] {
        var parts: [String] = []
        var index = name.startIndex
        while let separator = name[index...].firstIndex(where: { $0 == "." || $0 == "/" }) {
            index = name.index(after: separator)
            if index < name.endIndex { parts.append(String(name[index...]).lowercased()) }
        }
        guard words else { return parts }
        let characters = Array(name)
        var word = ""
        for (offset, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !word.isEmpty { parts.append(word.lowercased()) }
                word = ""
                continue
            }
            if let previous = word.last, character.isUppercase {
                let next = offset + 1 < characters.count ? characters[offset + 1] : nil
                // A word starts at a capital after a small letter or a digit, and at the last
                // capital of a run that a small letter follows (`AS|Authorization`).
                if !previous.isUppercase || next?.isLowercase == true {
                    parts.append(word.lowercased())
                    word = ""
                }
            }
            word.append(character)
        }
        if !word.isEmpty { parts.append(word.lowercased()) }
        return parts
    }
}
