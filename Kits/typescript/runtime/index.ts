// The web conformance kit's runtime: the harness an app implements, the fakes the kit gives
// it, the runner that replays a check, and the browser's passkey API as globals over the fakes
// for a page that calls it itself.

export * from "./script.js";
export * from "./identifiers.js";
export * from "./credentials.js";
export * from "./browser-errors.js";
export * from "./server.js";
export * from "./signals.js";
export * from "./storage.js";
export * from "./harness.js";
export * from "./runner.js";
export * from "./globals.js";
