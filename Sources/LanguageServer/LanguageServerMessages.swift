import LanguageServerProtocol

// The language server's own messages, each written once with a stable ID: what it answers
// when it refuses a request (the editor shows the text to the writer) or cannot read one.

/// Why the server refuses an editor feature's request.
enum Refusal: Equatable {
    case notAScenarioID
    case pageNamesNoFlow
    case everyScenarioTaken(String, flow: String)
    case scenarioNotInFlow(String, flow: String, closest: [String])
    case scenarioTaken(String)

    /// The stable ID.
    var id: String {
        switch self {
        case .notAScenarioID: "rename-not-a-scenario-id"
        case .pageNamesNoFlow: "rename-page-names-no-flow"
        case .everyScenarioTaken: "rename-every-scenario-taken"
        case .scenarioNotInFlow: "rename-scenario-not-in-flow"
        case .scenarioTaken: "rename-scenario-taken"
        }
    }

    var text: String {
        switch self {
        case .notAScenarioID: "only a scenario ID can be renamed here"
        case .pageNamesNoFlow: "the page names no flow, so the scenario IDs it may use are unknown"
        case .everyScenarioTaken(let id, let flow):
            "the page already has every scenario of the flow '\(flow)', so '\(id)' has no other ID to take; a new scenario needs an engine change first"
        case .scenarioNotInFlow(let name, let flow, let closest):
            "the flow '\(flow)' has no scenario '\(name)', and a scenario ID must be one of the flow's (the closest are \(closest.map { "'\($0)'" }.joined(separator: ", "))); a new scenario needs an engine change first"
        case .scenarioTaken(let name): "the page already has a scenario '\(name)'"
        }
    }
}

/// Why the server cannot take a message.
enum Rejection {
    case notJSON
    case noMethod
    case invalidID
    case alreadyInitialized
    case shutDown
    case notInitialized
    case unknownMethod(String)
    case invalidParams(String, reason: String)
    case cancelled
    case tooLarge(Int, limit: Int)
    case framing(String)

    var error: ResponseError {
        switch self {
        case .notJSON: ResponseError(code: ResponseError.parseError, message: "the message is not a JSON object")
        case .noMethod: ResponseError(code: ResponseError.invalidRequest, message: "the message has no method")
        case .invalidID:
            ResponseError(
                code: ResponseError.invalidRequest, message: "a request's 'id' is a whole number or a string")
        case .alreadyInitialized:
            ResponseError(code: ResponseError.invalidRequest, message: "the server is initialized already")
        case .shutDown:
            ResponseError(code: ResponseError.invalidRequest, message: "the server is shut down; send 'exit'")
        case .notInitialized:
            ResponseError(code: ResponseError.serverNotInitialized, message: "send 'initialize' first")
        case .unknownMethod(let method):
            ResponseError(code: ResponseError.methodNotFound, message: "the server does not handle '\(method)'")
        case .invalidParams(let method, let reason):
            ResponseError(
                code: ResponseError.invalidParams, message: "the params of '\(method)' cannot be read: \(reason)")
        case .cancelled: ResponseError(code: ResponseError.requestCancelled, message: "the request was cancelled")
        case .tooLarge(let size, let limit):
            ResponseError(
                code: ResponseError.parseError,
                message: "the message is \(size) bytes; the server reads at most \(limit)")
        case .framing(let reason): ResponseError(code: ResponseError.parseError, message: reason)
        }
    }
}

extension ResponseError {
    /// A feature's refusal, which the editor shows the writer.
    static func refusal(_ refusal: Refusal) -> ResponseError {
        ResponseError(code: requestFailed, message: refusal.text)
    }
}
