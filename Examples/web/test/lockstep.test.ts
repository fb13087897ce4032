// The sign-in page replayed on every sequence of inputs the reference engine takes, up to the
// stream's depth, under every configuration of the engine's explorer and each of its worlds:
// the exploration `passkey-spec lockstep --platform web` writes, whose path
// scripts/kit-test-web.sh passes in LOCKSTEP_WEB_STREAM. It finds every mistake of the page's
// mutations with the fewest inputs that show it, and one that no written check catches.

import * as assert from "node:assert/strict";
import { createReadStream } from "node:fs";
import { test } from "node:test";
import { Worker } from "node:worker_threads";
import {
  LockstepStreamError,
  describeDivergence,
  readLockstepLines,
  runLockstep,
  type AppCapabilities,
  type LockstepDivergence,
  type LockstepReport,
} from "../conformance-kit/runtime/index.js";
import type { Mutation } from "../src/sign-in-controller.js";
import { signInHarness } from "./harness.js";
import type { LockstepJob } from "./lockstep-worker.js";

declare const process: { readonly env: Readonly<Record<string, string | undefined>> };

/** What the page supports: both entries and both enumeration policies, the autofill or no
 * automatic start; never a passkey dialog it opens by itself (`prompt`), which a web page does
 * not do, so the engine's runs with it are skipped. */
const capabilities: AppCapabilities = { automaticStarts: ["none", "assisted"] };

/** The exploration's file, which scripts/kit-test-web.sh wrote. */
function streamFile(): string {
  const file = process.env["LOCKSTEP_WEB_STREAM"];
  assert.ok(file, "LOCKSTEP_WEB_STREAM names no file: write one with passkey-spec lockstep --platform web --out FILE content");
  return file;
}

/** Replays the exploration against the page with `mutation` in a worker thread. Node's test
 * runner tracks every promise its tests make (an async hook with a destroy callback each), which
 * makes a replay of hundreds of thousands of sequences about 2.5 times as slow; a worker thread
 * has an isolate of its own, untracked. */
function lockstepInWorker(mutation: Mutation | null): Promise<LockstepReport> {
  const job: LockstepJob = { stream: streamFile(), mutation, capabilities };
  return new Promise((resolve, reject) => {
    const worker = new Worker(`${__dirname}/lockstep-worker.js`, { workerData: job });
    worker.once("message", (report) => resolve(report as LockstepReport));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the lockstep worker exited (${code}) without a report`)));
  });
}

/** Starts `jobs` at most `width` at a time, each as soon as an earlier one ends; their results,
 * in order. */
function startAtMost<T>(width: number, jobs: readonly (() => Promise<T>)[]): Promise<T>[] {
  const queued = jobs.map((job) => {
    let start = () => {};
    const result = new Promise<void>((resolve) => (start = resolve)).then(job);
    return { start, result };
  });
  let next = 0;
  const startNext = () => {
    const item = queued[next++];
    if (!item) return;
    item.start();
    item.result.then(startNext, startNext);
  };
  for (let lane = 0; lane < width; lane++) startNext();
  return queued.map((item) => item.result);
}

/** The page as it is, then with each mutation: two explorations at a time, one per core of the
 * machine the tests run on, started by the first test that needs one. */
let explorations: Promise<LockstepReport>[] | undefined;
function exploration(mutation: Mutation | null): Promise<LockstepReport> {
  const order: (Mutation | null)[] = [null, ...(Object.keys(expectedDivergences) as Mutation[])];
  explorations ??= startAtMost(2, order.map((each) => () => lockstepInWorker(each)));
  return explorations[order.indexOf(mutation)]!;
}

test("the page shows what the engine shows after every sequence of the exploration", async () => {
  const report = await exploration(null);
  assert.equal(report.divergence, undefined, report.divergence && describeDivergence(report.divergence));
  // Depth 3: 7,776 runs, of which the third with the automatic start `prompt` is skipped.
  assert.deepEqual(report, { runs: 5184, runsSkipped: 2592, sequences: 163980, inputs: 434727 });
  console.log(`lockstep: ${report.runs} runs (${report.runsSkipped} skipped), ${report.sequences} sequences, ${report.inputs} inputs replayed`);
});

/** A divergence in short: how many inputs it has, and the field of its first difference (with
 * the input the app could not take, for a problem found while taking one). */
interface Shortest {
  inputs: number;
  field: string;
}

function shortest(divergence: LockstepDivergence): Shortest {
  const first = divergence.differences[0] ?? "";
  const field = first.indexOf(": expected");
  return { inputs: divergence.inputs.length, field: field < 0 ? first : first.slice(0, field) };
}

/** The shortest sequence that shows each mutation. Breadth first, so no shorter one exists in
 * any run; a kit change that replays or compares otherwise changes a row. */
const expectedDivergences: Record<Mutation, Shortest> = {
  "dialog-after-dismissed-autofill": { inputs: 2, field: "passkey dialog" },
  "error-after-cancel": { inputs: 3, field: "notice" },
  "timeout-means-no-account": { inputs: 2, field: "screen" },
  "unknown-signal-for-revoked": { inputs: 2, field: "signals" },
  "restricted-gets-session": { inputs: 2, field: "screen" },
  "straight-apostrophe": { inputs: 2, field: 'notice title ("passkey-failed")' },
  "options-fetched-once": { inputs: 2, field: "after 'passkey-button-tapped': passkey request" },
  "error-for-expired-autofill": { inputs: 2, field: "notice" },
  "autofill-kept-past-expiry": { inputs: 2, field: "after 'suggestions-challenge-expiring': passkey request" },
  "unknown-signal-at-revocation": { inputs: 3, field: "signals" },
  "no-signal-at-revocation": { inputs: 3, field: "signals" },
  "error-for-failed-autofill": { inputs: 2, field: "notice" },
};

test("every mutation of the page diverges, each after its shortest sequence", async () => {
  const found: Partial<Record<Mutation, Shortest>> = {};
  for (const mutation of Object.keys(expectedDivergences) as Mutation[]) {
    const report = await exploration(mutation);
    assert.ok(report.divergence, `lockstep does not find ${mutation}`);
    found[mutation] = shortest(report.divergence);
  }
  assert.deepEqual(found, expectedDivergences);
});

test("an autofill request the browser fails, which no written check ends, is found in two inputs", async () => {
  // mutations.test.ts shows that this page passes every check of the generated suite. Here in
  // the test's own thread, from a stream, as from a child process's standard output; the stream
  // is the caller's to close.
  const file = createReadStream(streamFile());
  const report = await runLockstep(readLockstepLines(file), signInHarness("error-for-failed-autofill"), { capabilities }).finally(
    () => file.destroy(),
  );
  assert.ok(report.divergence);
  const text = describeDivergence(report.divergence);
  console.log(text);
  assert.equal(
    text,
    [
      "the app differs from the reference engine (entry identifier-first, automatic start assisted, enumeration policy conceal;" +
        " no account, device passkeys: passkey-1 (unknown to the server)) after:",
      "  1. screen-appeared",
      "  2. suggestion-result: NotReadableError (DOMException)",
      '  notice: expected none, the app shows "Passkey sign-in didn’t work"',
      '  actions: expected none, the app offers "retry", "fallback"',
    ].join("\n"),
  );
});

// Small explorations written here: a header, one run, its inputs and observations.

const header = JSON.stringify({
  lockstep: { depth: 2, format: 1, platform: "web", spec: { file: "content/web/login-error-states.md", id: "W1.4" } },
});
const run = JSON.stringify({
  run: {
    configuration: {
      accountRoutes: {},
      automaticStart: "none",
      entry: "identifier-first",
      enumerationPolicy: "conceal",
      fallback: "password",
    },
    description: "entry identifier-first, automatic start none, enumeration policy conceal; account active",
    world: { account: "active", challengeExpires: false, devicePasskeys: [], routeAvailable: true, serverPasskeys: {}, verificationInconclusive: false },
  },
});
const screenAppeared = JSON.stringify({ input: { event: "screen-appeared" } });
const buttonTapped = JSON.stringify({ input: { event: "passkey-button-tapped", opens: "explicit" } });
const loginScreen = { actions: [], lookups: 0, screen: "login", session: false, signals: [], suggestions: false };
const quietLogin = JSON.stringify({ expect: loginScreen });
const explicitDialog = JSON.stringify({ expect: { ...loginScreen, prompt: "explicit" } });
const end = JSON.stringify({ end: { runs: 1, sequences: 2, states: 2 } });

test("a whole small exploration: each sequence replayed on a new app, and counted", async () => {
  const lines = [header, run, screenAppeared, quietLogin, buttonTapped, explicitDialog, "[0,0,0,0]", "[0,1,1,1]", end];
  const report: LockstepReport = await runLockstep(lines, signInHarness());
  assert.deepEqual(report, { runs: 1, runsSkipped: 0, sequences: 2, inputs: 3 });
  const skipped = await runLockstep(lines, signInHarness(), { capabilities: { automaticStarts: ["assisted"] } });
  assert.deepEqual(skipped, { runs: 0, runsSkipped: 1, sequences: 0, inputs: 0 });
});

test("a stream cut short is an error at the line after its last, never a pass", async () => {
  const lines = [header, run, screenAppeared, quietLogin, "[0,0,0,0]"];
  await assert.rejects(runLockstep(lines, signInHarness()), (error: unknown) => {
    assert.ok(error instanceof LockstepStreamError);
    assert.equal(error.line, 6);
    assert.equal(error.message, "lockstep exploration, line 6: it ends before its last line: the exploration was cut short");
    return true;
  });
});

test("a stream of another format or platform, or with a line before its header, is refused at that line", async () => {
  const newer = header.replace('"format":1', '"format":2');
  await assert.rejects(runLockstep([newer, run, end], signInHarness()), (error: unknown) => {
    assert.ok(error instanceof LockstepStreamError);
    assert.deepEqual([error.line, error.reason], [1, "format 2; this kit reads format 1: export the kit again"]);
    return true;
  });
  const android = header.replace('"platform":"web"', '"platform":"android"');
  await assert.rejects(runLockstep([android, run, end], signInHarness()), (error: unknown) => {
    assert.ok(error instanceof LockstepStreamError);
    assert.deepEqual(
      [error.line, error.reason],
      [1, "an exploration of android; the web kit replays the web's: write it with --platform web"],
    );
    return true;
  });
  await assert.rejects(runLockstep([run, header, end], signInHarness()), (error: unknown) => {
    assert.ok(error instanceof LockstepStreamError);
    assert.deepEqual([error.line, error.reason], [1, "it does not start with the lockstep header"]);
    return true;
  });
});

test("a sequence that names an input, a run or a parent the stream has not defined, or a broken line, is refused", async () => {
  const start = [header, run, screenAppeared, quietLogin];
  const refusals: [string, string][] = [
    ["[0,0,1,0]", "a sequence that names what the stream has not defined"],
    ["[1,0,0,0]", "a sequence that names what the stream has not defined"],
    ["[0,2,0,0]", "a sequence that names what the stream has not defined"],
    ["[0,0,0]", "a sequence that names what the stream has not defined"],
    ['{"input":{}}', 'not a line of the lockstep format (its "input" has no string "event")'],
  ];
  for (const [line, reason] of refusals) {
    await assert.rejects(runLockstep([...start, line, end], signInHarness()), (error: unknown) => {
      assert.ok(error instanceof LockstepStreamError, line);
      assert.deepEqual([error.line, error.reason], [5, reason], line);
      return true;
    });
  }
  // Not JSON: the reason ends with the parser's own words, which vary with Node's version.
  await assert.rejects(runLockstep([...start, "{", end], signInHarness()), (error: unknown) => {
    assert.ok(error instanceof LockstepStreamError);
    assert.equal(error.line, 5);
    assert.ok(error.reason.startsWith("not a line of the lockstep format ("), error.reason);
    return true;
  });
});

test("a divergence names the run, the inputs in order, and each difference as the checks word it", async () => {
  // The passkey button opens the explicit dialog; this exploration says the page stays quiet.
  const lines = [header, run, screenAppeared, buttonTapped, quietLogin, "[0,0,0,0]", "[0,1,1,0]", end];
  const report = await runLockstep(lines, signInHarness());
  assert.deepEqual(report.divergence, {
    run: "entry identifier-first, automatic start none, enumeration policy conceal; account active",
    inputs: ["screen-appeared", "passkey-button-tapped"],
    differences: ["passkey dialog: expected none open, the app has an explicit dialog open"],
  });
  assert.deepEqual([report.sequences, report.inputs], [2, 3]);
});
