import SpecModel

/// One on-screen string of one platform, with its stable key and where it belongs.
struct CopyString {
    var key: String
    var text: String
    var scenario: Scenario
    /// What the string is, for translators: "alert title", "button “retry”".
    var role: String

    /// Every string people read on `platform` (titles, messages, button labels), in page order.
    /// Entries the spec marks `None` are not strings.
    static func all(in content: ContentSet, platform: Platform) -> [CopyString] {
        content.specs.flatMap(\.scenarios).flatMap { scenario -> [CopyString] in
            guard let copy = scenario.copy(for: platform) else { return [] }
            var strings: [CopyString] = []
            let container = copy.presentation?.text?.lowercased() ?? platform.noticeName
            if let text = copy.title.text {
                strings.append(
                    CopyString(key: copy.title.key, text: text, scenario: scenario, role: "\(container) title"))
            }
            if let text = copy.message.text {
                strings.append(
                    CopyString(key: copy.message.key, text: text, scenario: scenario, role: "\(container) message"))
            }
            for action in copy.actions {
                guard let text = action.label.text else { continue }
                strings.append(
                    CopyString(key: action.label.key, text: text, scenario: scenario, role: "button “\(action.id)”"))
            }
            return strings
        }
    }

    /// A comment for translators: the scenario, its ID and the string's role.
    var comment: String { "\(scenario.title) (\(scenario.id)): \(role)" }
}
