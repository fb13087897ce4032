import Markdown
import SpecModel

// Checks are written in a `gherkin` fenced block under a heading naming their criterion:
//
//     ```gherkin
//     Scenario: The first cancellation offers a retry
//       Given the app starts passkey login automatically
//       When the user cancels the OS prompt
//       Then no error is shown
//     ```
//
// Blank lines and `#` comments are ignored. Each `Scenario:` becomes one check.

/// What a block of checks verifies.
enum CheckOwner {
    case criterion(CriterionID)
    case scenario(String)

    var idPrefix: String {
        switch self {
        case .criterion(let id): id.description
        case .scenario(let id): id
        }
    }
}

extension SpecWalker {
    mutating func parseChecks(_ block: MarkdownNode, owner: CheckOwner) {
        let source = parser.source
        let start = parser.location(of: block)
        let fence = parser.span(of: block)
        let fenceLine = start.line
        var lastLine = max(block.position?.endLine ?? fenceLine, fenceLine)
        if isClosingFence(source.line(lastLine), fence: block.fence), lastLine > fenceLine {
            lastLine -= 1
        } else if block.fence != nil {
            parser.diagnostics.report(.unclosedCheckBlock, at: fence)
        }

        var current: (name: String, span: SourceSpan, steps: [Step])?
        var found: [Check] = []
        func finish(_ check: (name: String, span: SourceSpan, steps: [Step])?, into found: inout [Check]) {
            guard let check else { return }
            var criterion: CriterionID?
            var scenario: String?
            switch owner {
            case .criterion(let id): criterion = id
            case .scenario(let id): scenario = id
            }
            var made = Check(
                id: "\(owner.idPrefix)/\(SlugID.make(check.name))", criterion: criterion, scenario: scenario,
                name: check.name, steps: check.steps, location: check.span.start)
            made.end = check.span.end
            found.append(made)
        }

        for number in (fenceLine + 1)..<(lastLine + 1) where number > fenceLine {
            let line = source.line(number)
            let text = String(line).trimmingWhitespace()
            if text.isEmpty || text.hasPrefix("#") { continue }
            let indent = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let location = source.location(line: number, column: indent + 1)
            let lineSpan = parser.span(at: location)
            if let name = scenarioName(text) {
                finish(current, into: &found)
                if name.isEmpty { parser.diagnostics.report(.unnamedCheck, at: lineSpan) }
                current = (name, lineSpan, [])
                continue
            }
            guard var step = step(text, location: location) else {
                parser.diagnostics.report(.stepWithoutKeyword(text), at: lineSpan)
                continue
            }
            // The step as written ends where its line's text does: its normalised text may be
            // shorter (typographic quotes, runs of blanks).
            step.end = lineSpan.end
            guard current != nil else {
                parser.diagnostics.report(.stepOutsideScenario, at: lineSpan)
                continue
            }
            if step.keyword.isConjunction, current?.steps.isEmpty == true {
                parser.diagnostics.report(
                    .conjunctionWithoutStep(step.keyword.rawValue),
                    at: SourceSpan(at: location, length: step.keyword.rawValue.utf8.count))
            }
            current?.steps.append(step)
        }
        finish(current, into: &found)

        if found.isEmpty {
            parser.diagnostics.report(.emptyCheckBlock, at: fence)
        }
        for check in found {
            if check.steps.isEmpty {
                parser.diagnostics.report(.scenarioWithoutSteps(check.name), at: check.span)
            }
            if check.name.isEmpty { continue }
            if let first = checkNames[check.id] {
                parser.diagnostics.report(
                    .duplicateCheckName(check.name, first: first.start), at: check.span,
                    notes: [.firstUse(of: check.name, at: first)])
                continue
            }
            checkNames[check.id] = check.span
            checks.append(check)
        }
    }

    /// The name after `Scenario:` (or `Example:`), or nil when the line is not a scenario line.
    private func scenarioName(_ text: String) -> String? {
        for prefix in ["Scenario:", "Example:"] where text.hasPrefix(prefix) {
            return String(text.dropFirst(prefix.count)).trimmingWhitespace()
        }
        return nil
    }

    private func step(_ text: String, location: SourceLocation) -> Step? {
        for keyword in StepKeyword.allCases {
            let word = keyword.rawValue
            guard text.hasPrefix(word + " ") || text.hasPrefix(word + "\t") else { continue }
            let afterKeyword = text.dropFirst(word.count)
            let blanks = afterKeyword.prefix { $0 == " " || $0 == "\t" }.utf8.count
            // As written from `textColumn`: what a value's place on the line is counted in.
            var written = String(afterKeyword.dropFirst(blanks))
            while written.last?.isWhitespace == true { written.removeLast() }
            let rest = Self.normalised(written.trimmingWhitespace())
            guard !rest.isEmpty else { return nil }
            var step = Step(
                keyword: keyword, text: rest, location: location, textColumn: location.column + word.count + blanks)
            step.written = written
            return step
        }
        return nil
    }

    /// A step's text as the step library reads it: typographic quotes as straight ones, dashes
    /// as hyphens, and every run of blanks (tabs, non-breaking spaces) as one space, so that
    /// what a writer cannot see on the page cannot make a step undefined (the guide says so).
    static func normalised(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most steps): only runs of spaces and tabs change.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var blank = false
            for byte in text.utf8 {
                let isBlank = byte == 0x20 || byte == 0x09
                if !isBlank || !blank { bytes.append(isBlank ? 0x20 : byte) }
                blank = isBlank
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var blank = false
        for character in text {
            // A character of one scalar is matched by its value: comparing Characters is a
            // Unicode comparison each time, and this runs on every step of every page.
            let scalars = character.unicodeScalars
            let value = scalars.index(after: scalars.startIndex) == scalars.endIndex ? scalars.first!.value : 0
            switch value {
            case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB:
                result.append("\"")
                blank = false
            case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032:
                result.append("'")
                blank = false
            case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212:
                result.append("-")
                blank = false
            case 0x20, 0x09, 0x00A0, 0x2007, 0x202F, 0x2009, 0x200A:
                if !blank { result.append(" ") }
                blank = true
            default:
                result.append(character)
                blank = false
            }
        }
        return result
    }

    /// Whether a line closes a fence: the same character, at least as many, nothing else.
    private func isClosingFence(_ line: Substring, fence: MarkdownNode.Fence?) -> Bool {
        guard let fence else { return false }
        let text = String(line).trimmingWhitespace()
        return text.count >= fence.length && text.allSatisfy { $0 == fence.character }
    }
}
