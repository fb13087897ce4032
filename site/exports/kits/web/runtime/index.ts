// The web conformance kit's runtime: the harness an app implements, the fakes the kit gives
// it, and the runner that replays a check.

export * from "./script.js";
export * from "./identifiers.js";
export * from "./credentials.js";
export * from "./browser-errors.js";
export * from "./server.js";
export * from "./signals.js";
export * from "./storage.js";
export * from "./harness.js";
export * from "./runner.js";
