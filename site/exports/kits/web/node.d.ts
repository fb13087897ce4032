// The few Node.js APIs the kit's tests and its lockstep reader use, declared here because
// Debian's TypeScript comes without @types/node. A project that has @types/node leaves this file out of its tsconfig.

declare module "node:test" {
  /** The test's own context: `skip` reports the test as skipped, with the message. */
  export interface TestContext {
    skip(message?: string): void;
  }
  /** Defines a test; Node's test runner runs it. */
  export function test(name: string, body: (context: TestContext) => void | Promise<void>): Promise<void>;
  export function describe(name: string, body: () => void): Promise<void>;
}

declare module "node:assert/strict" {
  export function ok(value: unknown, message?: string): asserts value;
  export function equal(actual: unknown, expected: unknown, message?: string): void;
  export function deepEqual(actual: unknown, expected: unknown, message?: string): void;
  export function match(text: string, pattern: RegExp, message?: string): void;
  export function rejects(
    promise: Promise<unknown> | (() => Promise<unknown>),
    expected?: RegExp | ((error: unknown) => boolean) | (abstract new (...args: never[]) => unknown),
    message?: string,
  ): Promise<void>;
  export function fail(message?: string): never;
  export function throws(
    body: () => unknown,
    expected?: RegExp | ((error: unknown) => boolean) | (abstract new (...args: never[]) => unknown),
    message?: string,
  ): void;
}

declare module "node:stream" {
  /** A stream of bytes: a file's, or a child process's standard output. */
  export interface Readable {
    destroy(): unknown;
  }
}

declare module "node:readline" {
  import type { Readable } from "node:stream";
  export interface ReadLineOptions {
    input: Readable;
    /** `Infinity` reads `\r\n` as one line break. */
    crlfDelay?: number;
  }
  /** The lines of `input`, without their line breaks. */
  export interface Interface extends AsyncIterable<string> {
    close(): void;
  }
  export function createInterface(options: ReadLineOptions): Interface;
}

declare module "node:fs" {
  import type { Readable } from "node:stream";
  export function createReadStream(path: string): Readable;
}
