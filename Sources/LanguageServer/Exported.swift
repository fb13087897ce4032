// The wire layer (JSON values and message framing) under the server's own name, so that
// clients of the server need one import.
@_exported import LanguageServerProtocol
