// The web conformance kit's runtime: the harness an app implements, the fakes the kit gives
// it, the runner that replays a check, the lockstep that replays every sequence of the
// reference engine, and the browser's passkey API as globals over the fakes for a page that
// calls it itself.

export * from "./script.js";
export * from "./identifiers.js";
export * from "./credentials.js";
export * from "./browser-errors.js";
export * from "./server.js";
export * from "./signals.js";
export * from "./storage.js";
export * from "./harness.js";
// The runner's public part; its `Replay`, which the lockstep shares, stays the kit's own.
export {
  CheckNotApplicable,
  ConformanceFailure,
  runCheck,
  type ConformanceOptions,
  type DefineTest,
  type Difference,
  type RunOptions,
  type TestContextLike,
} from "./runner.js";
export * from "./lockstep.js";
export * from "./globals.js";
