// Beyond the written checks: every sequence of inputs the reference engine takes up to a
// depth, under each configuration and world of its explorer, replayed on a new app and
// compared with what the engine shows after it. `passkey-spec lockstep --platform web` writes
// the sequences (they depend on the engine alone), one JSON value per line; the format is in
// docs/conformance-kits.md of passkey-spec, and the Swift and Kotlin kits read the same.

import type { ReadLineOptions } from "node:readline";
import { reasonToSkip, type AppCapabilities, type HarnessFactory } from "./harness.js";
import { Replay, ReplayProblem, describeDifferenceLine } from "./runner.js";
import type { KitConfiguration, KitInput, KitObservation, KitRequirements, KitWorld } from "./script.js";

/** The only version of the format this kit reads. */
export const LOCKSTEP_FORMAT = 1;

/** How a lockstep exploration runs. */
export interface LockstepOptions {
  /** What the app supports, as for the checks; a run whose configuration needs anything else
   * is skipped and counted. Everything when left out. */
  capabilities?: AppCapabilities;
}

/** The shortest sequence after which the app shows something other than the engine. */
export interface LockstepDivergence {
  /** The configuration and the world, in words. */
  run: string;
  /** The sequence's inputs, in order, in words: `choose "retry"`, `suggestion-result:
   * NotReadableError (DOMException)`. */
  inputs: string[];
  /** Each difference as a check words it; one found while the app took an input starts with
   * `after '<input>': `. */
  differences: string[];
}

/** What a lockstep run replayed, and the first divergence found, if any. */
export interface LockstepReport {
  /** Configuration-and-world runs replayed; the others need what the app does not declare. */
  runs: number;
  runsSkipped: number;
  /** Sequences replayed, each on a new app. */
  sequences: number;
  /** Inputs given, over all sequences. */
  inputs: number;
  divergence?: LockstepDivergence;
}

/** A stream that is not a whole lockstep exploration this kit reads. */
export class LockstepStreamError extends Error {
  constructor(
    /** The line, from 1. */
    readonly line: number,
    readonly reason: string,
  ) {
    super(`lockstep exploration, line ${line}: ${reason}`);
    this.name = "LockstepStreamError";
  }
}

/** A divergence as a test prints it: the run, the inputs numbered, then each difference. */
export function describeDivergence(divergence: LockstepDivergence): string {
  return [
    `the app differs from the reference engine (${divergence.run}) after:`,
    ...divergence.inputs.map((input, index) => `  ${index + 1}. ${input}`),
    ...divergence.differences.map((difference) => `  ${difference}`),
  ].join("\n");
}

/** Replays every sequence of the runs the app's capabilities admit, in order, each on a new app
 * from `makeHarness` exactly as a check's inputs are replayed, until one differs. Rejects with
 * `LockstepStreamError` for a stream cut short or of another format. */
export async function runLockstep(
  lines: AsyncIterable<string> | Iterable<string>,
  makeHarness: HarnessFactory,
  options: LockstepOptions = {},
): Promise<LockstepReport> {
  const lockstep = new Lockstep(makeHarness, options.capabilities);
  // Lines in memory are read without a promise each: there may be millions.
  if (isIterable(lines)) {
    for (const line of lines) {
      const sequence = lockstep.read(line);
      if (lockstep.ended || (sequence && (await lockstep.diverges(sequence)))) return lockstep.report;
    }
  } else {
    for await (const line of lines) {
      const sequence = lockstep.read(line);
      if (lockstep.ended || (sequence && (await lockstep.diverges(sequence)))) return lockstep.report;
    }
  }
  throw new LockstepStreamError(lockstep.lines + 1, "it ends before its last line: the exploration was cut short");
}

/** Whether the lines are in memory (an array, a generator) rather than read as they come. */
function isIterable(lines: AsyncIterable<string> | Iterable<string>): lines is Iterable<string> {
  return Symbol.iterator in lines;
}

/** One lockstep run: the exploration read so far and what it replayed. */
class Lockstep {
  readonly report: LockstepReport = { runs: 0, runsSkipped: 0, sequences: 0, inputs: 0 };
  /** Lines read so far. */
  lines = 0;
  private readonly exploration: Exploration;

  constructor(
    private readonly makeHarness: HarnessFactory,
    private readonly capabilities: AppCapabilities | undefined,
  ) {
    this.exploration = new Exploration(capabilities);
  }

  /** Whether the stream's last line has been read. */
  get ended(): boolean {
    return this.exploration.ended;
  }

  /** Reads the next line; the sequence it defines, when the app takes its run. */
  read(line: string): Sequence | undefined {
    this.lines += 1;
    const sequence = this.exploration.read(line, this.lines);
    this.report.runs = this.exploration.runsTaken;
    this.report.runsSkipped = this.exploration.runsSkipped;
    return sequence;
  }

  /** Replays `sequence` on a new app and counts it; true, with the divergence in the report, when
   * the app shows something other than the engine. */
  async diverges(sequence: Sequence): Promise<boolean> {
    this.report.sequences += 1;
    this.report.inputs += sequence.inputs.length;
    const differences = await replaySequence(sequence, this.makeHarness, this.capabilities);
    if (!differences) return false;
    this.report.divergence = { run: sequence.run.description, inputs: sequence.inputs.map(describeInput), differences };
    return true;
  }
}

/** A stream of the exploration's text, such as the standard output of a `passkey-spec lockstep`
 * child process. */
export type LockstepStream = ReadLineOptions["input"];

/** The lines of a lockstep exploration, for `runLockstep`: of the file at `source` (what
 * `passkey-spec lockstep --out FILE` wrote) or of `source`, a stream. Node only: it reads with
 * `node:readline`, loaded when the lines are first asked for, so the runtime still loads in a
 * browser. A file is closed once read, or once the reader stops early; a stream is the
 * caller's to close. */
export function readLockstepLines(source: string | LockstepStream): AsyncIterable<string> {
  return {
    [Symbol.asyncIterator]() {
      let lines: AsyncIterator<string> | undefined;
      let opening: Promise<AsyncIterator<string>> | undefined;
      let close = () => {};
      const open = async () => {
        const { createInterface } = await import("node:readline");
        const file = typeof source === "string" ? (await import("node:fs")).createReadStream(source) : undefined;
        const reader = createInterface({ input: file ?? (source as LockstepStream), crlfDelay: Infinity });
        close = () => {
          reader.close();
          file?.destroy();
        };
        return (lines = reader[Symbol.asyncIterator]());
      };
      return {
        // Each line straight from readline's own iterator, without a promise of this one's.
        next: () => (lines ? lines.next() : (opening ??= open()).then((opened) => opened.next())),
        return: async () => {
          close();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** The header's part the reader checks. */
interface LockstepHeader {
  format: number;
  platform: string;
}

/** A configuration and a world, as in a script's check. */
interface LockstepRun {
  configuration: KitConfiguration;
  world: KitWorld;
  description: string;
}

/** A sequence to replay: its run's start, its inputs from the first, and what the app must show
 * after the last. */
interface Sequence {
  run: LockstepRun;
  inputs: KitInput[];
  expected: KitObservation;
}

/** The exploration read so far: the runs, inputs and observations it defined, and every
 * sequence's parent and input, kept in typed arrays (there are millions). */
class Exploration {
  private readonly inputs: KitInput[] = [];
  private readonly observations: KitObservation[] = [];
  /** Each run, undefined where the app does not take it. */
  private readonly runs: (LockstepRun | undefined)[] = [];
  private readonly sequences = new SequenceTable();
  /** The inputs of the sequence just read, by number, last first. */
  private readonly path: number[] = [];
  private started = false;
  ended = false;
  runsTaken = 0;
  runsSkipped = 0;

  constructor(private readonly capabilities: AppCapabilities | undefined) {}

  /** Reads line `number`; the sequence it defines when the app takes its run. */
  read(line: string, number: number): Sequence | undefined {
    if (line.charCodeAt(0) === 0x5b /* [ */) return this.readSequence(line, number);
    this.readEntry(parseEntry(line, number), number);
    return undefined;
  }

  private readSequence(line: string, number: number): Sequence | undefined {
    const numbers = this.started ? readSequenceNumbers(line) : undefined;
    if (!numbers || !this.defines(numbers)) {
      throw new LockstepStreamError(number, "a sequence that names what the stream has not defined");
    }
    const [run, parent, input, expect] = numbers;
    const sequence = this.sequences.add(parent, input);
    const taken = this.runs[run];
    if (!taken) return undefined;
    const path = this.sequences.path(sequence, this.path);
    const inputs: KitInput[] = [];
    for (let index = path.length - 1; index >= 0; index--) inputs.push(this.inputs[path[index]!]!);
    return { run: taken, inputs, expected: this.observations[expect]! };
  }

  /** Whether the stream has defined the run, the parent sequence, the input and the
   * observation a sequence names. */
  private defines([run, parent, input, expect]: SequenceNumbers): boolean {
    return (
      run < this.runs.length && parent <= this.sequences.count && input < this.inputs.length && expect < this.observations.length
    );
  }

  private readEntry(entry: Record<string, unknown>, number: number): void {
    if ("lockstep" in entry) {
      const header = entry.lockstep as LockstepHeader;
      if (header.format !== LOCKSTEP_FORMAT) {
        throw new LockstepStreamError(
          number,
          `format ${header.format}; this kit reads format ${LOCKSTEP_FORMAT}: export the kit again`,
        );
      }
      if (header.platform !== "web") {
        throw new LockstepStreamError(
          number,
          `an exploration of ${header.platform}; the web kit replays the web's: write it with --platform web`,
        );
      }
      this.started = true;
    } else if (!this.started) {
      throw new LockstepStreamError(number, "it does not start with the lockstep header");
    } else if ("input" in entry) {
      this.inputs.push(entry.input as KitInput);
    } else if ("expect" in entry) {
      this.observations.push(entry.expect as KitObservation);
    } else if ("run" in entry) {
      this.addRun(entry.run as LockstepRun);
    } else if ("end" in entry) {
      this.ended = true;
    }
  }

  private addRun(run: LockstepRun): void {
    const taken = !this.capabilities || reasonToSkip(requirementsOf(run), this.capabilities) === undefined;
    this.runs.push(taken ? run : undefined);
    if (taken) this.runsTaken += 1;
    else this.runsSkipped += 1;
  }
}

/** The keys each line of the format may have, and the fields the reader needs of each. */
const entryShapes: Record<string, Record<string, "object" | "string" | "number" | "boolean">> = {
  lockstep: { format: "number", platform: "string" },
  run: { configuration: "object", world: "object", description: "string" },
  input: { event: "string" },
  expect: { screen: "string", actions: "object", suggestions: "boolean", session: "boolean", signals: "object" },
  end: {},
};

/** A line other than a sequence: one JSON object, whose one key says what it is. */
function parseEntry(line: string, number: number): Record<string, unknown> {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch (error) {
    throw new LockstepStreamError(number, `not a line of the lockstep format (${(error as Error).message})`);
  }
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw new LockstepStreamError(number, "not a line of the lockstep format (not a JSON object)");
  }
  const fields = entry as Record<string, unknown>;
  for (const [key, shape] of Object.entries(entryShapes)) {
    if (!(key in fields)) continue;
    const value = fields[key];
    const missing = Object.entries(shape).find(
      ([field, type]) => typeof value !== "object" || value === null || typeof (value as Record<string, unknown>)[field] !== type,
    );
    if (missing) throw new LockstepStreamError(number, `not a line of the lockstep format (its "${key}" has no ${missing[1]} "${missing[0]}")`);
  }
  return fields;
}

/** A sequence line's numbers: its run, its parent sequence (0: none), its last input and what
 * the app shows after it. */
type SequenceNumbers = [run: number, parent: number, input: number, expect: number];

/** Reads `[run,parent,input,expect]` without JSON.parse, since nearly every line is one;
 * undefined when the line is not four non-negative integers in brackets. */
function readSequenceNumbers(line: string): SequenceNumbers | undefined {
  const numbers: number[] = [];
  let value = 0;
  let digits = 0;
  for (let index = 1; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if (code >= 0x30 && code <= 0x39 && digits < 9) {
      value = value * 10 + (code - 0x30);
      digits += 1;
    } else if ((code === 0x2c /* , */ || code === 0x5d) /* ] */ && digits > 0 && numbers.length < 4) {
      numbers.push(value);
      value = 0;
      digits = 0;
      if (code === 0x5d) return numbers.length === 4 && index === line.length - 1 ? (numbers as SequenceNumbers) : undefined;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** Every sequence's parent and input, numbered from 1, in typed arrays that grow: eight bytes
 * a sequence. (Its run is on its line; the replay needs no other.) */
class SequenceTable {
  private parents = new Int32Array(1 << 16);
  private inputs = new Int32Array(1 << 16);
  count = 0;

  /** Adds a sequence; its number. */
  add(parent: number, input: number): number {
    if (this.count === this.inputs.length) this.grow();
    this.parents[this.count] = parent;
    this.inputs[this.count] = input;
    this.count += 1;
    return this.count;
  }

  /** The input numbers of `sequence` and its ancestors, last first, in `into`. */
  path(sequence: number, into: number[]): number[] {
    into.length = 0;
    for (let node = sequence; node > 0; node = this.parents[node - 1]!) into.push(this.inputs[node - 1]!);
    return into;
  }

  private grow(): void {
    const larger = (from: Int32Array) => {
      const to = new Int32Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.parents = larger(this.parents);
    this.inputs = larger(this.inputs);
  }
}

/** Replays one sequence on a new app; the differences after its last input, or the problem of
 * the input the app could not take; undefined when the app shows what the engine does. */
async function replaySequence(
  sequence: Sequence,
  makeHarness: HarnessFactory,
  capabilities: AppCapabilities | undefined,
): Promise<string[] | undefined> {
  const replay = new Replay(makeHarness, capabilities, sequence.run.configuration, sequence.run.world);
  let taking: KitInput | undefined;
  try {
    for (const input of sequence.inputs) {
      taking = input;
      await replay.take(input);
    }
    taking = undefined;
    await replay.compare(sequence.expected);
    return undefined;
  } catch (error) {
    if (!(error instanceof ReplayProblem)) throw error;
    const differences = error.differences.map(describeDifferenceLine);
    const after = taking && `after '${describeInput(taking)}': `;
    return after ? differences.map((difference) => after + difference) : differences;
  } finally {
    replay.end();
  }
}

/** What an app must support to take a run: its configuration, and the route of its account's
 * status. */
function requirementsOf(run: LockstepRun): KitRequirements {
  const { configuration, world } = run;
  const route = world.account === undefined ? undefined : configuration.accountRoutes[world.account];
  return {
    entry: [configuration.entry ?? "identifier-first"],
    automaticStart: [configuration.automaticStart],
    enumerationPolicy: [configuration.enumerationPolicy],
    fallback: [configuration.fallback],
    accountRoutes: world.account !== undefined && route !== undefined ? { [world.account]: route } : {},
  };
}

/** An input in words, as the other kits word it: `choose "retry"`, `passkey-revoked-in-settings
 * "passkey-1"`, `prompt-result: NotAllowedError (DOMException)`. */
export function describeInput(input: KitInput): string {
  if (input.action !== undefined) return `${input.event} "${input.action}"`;
  const result = input.result;
  if (input.passkey !== undefined && !result) return `${input.event} "${input.passkey}"`;
  if (!result) return input.event;
  let text = `${input.event}: ${result.name} (${result.code})`;
  if (result.message !== undefined) text += ` "${result.message}"`;
  if (result.passkey !== undefined) text += ` passkey "${result.passkey}"`;
  return text;
}
