import Mustache

/// A Swift value a template can render.
protocol MustacheRepresentable {
    var mustacheValue: MustacheValue { get }
}

extension String: MustacheRepresentable {
    var mustacheValue: MustacheValue { .string(self) }
}

extension Bool: MustacheRepresentable {
    var mustacheValue: MustacheValue { .bool(self) }
}

extension Int: MustacheRepresentable {
    var mustacheValue: MustacheValue { .number(Double(self)) }
}

/// A list: an empty one is falsy, so `{{#items}}` renders nothing and `{{^items}}` its content.
extension Array: MustacheRepresentable where Element: MustacheRepresentable {
    var mustacheValue: MustacheValue { .array(map(\.mustacheValue)) }
}

/// `nil` is Mustache's null: falsy, and written as nothing.
extension Optional: MustacheRepresentable where Wrapped: MustacheRepresentable {
    var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}

/// A view model: a struct whose stored properties become the members of a Mustache object,
/// each under the property's own name.
///
/// The conversion reads the properties with `Mirror` instead of each struct listing its keys
/// (`["id": id, ...]` or `("id", \.id)` pairs). That way a key has exactly one spelling, the
/// property's name: a misspelt key in the code that fills a view model is an unknown
/// initializer label or member and does not compile, and renaming a property renames the key
/// (and the template must follow). A hand-written list would bring back a string per key, the
/// very thing that could be misspelt, and every struct would need one. What `Mirror` cannot
/// do is check property types at compile time: a property whose type is not
/// `MustacheRepresentable` stops the build with a precondition failure naming it, which the
/// tests that render every page would hit first. Only stored properties are seen, so a view
/// model holds everything a template reads as a stored `let`.
protocol MustacheObject: MustacheRepresentable {}

extension MustacheObject {
    var mustacheValue: MustacheValue { .object(mustacheMembers) }

    /// The stored properties by name, each converted.
    var mustacheMembers: [String: MustacheValue] {
        var members: [String: MustacheValue] = [:]
        for child in Mirror(reflecting: self).children {
            guard let name = child.label else { continue }
            guard let value = child.value as? any MustacheRepresentable else {
                preconditionFailure("\(Self.self).\(name): \(type(of: child.value)) has no Mustache form")
            }
            members[name] = value.mustacheValue
        }
        return members
    }
}

/// A whole page: the layout's data (root, title, version, navigation) and the page's own,
/// merged into one object because the templates read both at the top level.
struct SitePage<Content: MustacheObject>: MustacheRepresentable {
    let layout: LayoutView
    let content: Content

    var mustacheValue: MustacheValue {
        .object(
            layout.mustacheMembers.merging(content.mustacheMembers) { _, _ in
                preconditionFailure("\(Content.self) has a member that the layout has too")
            })
    }
}
