// The part of Node's worker threads and CommonJS globals that lockstep.test.ts uses, declared
// here because Debian's TypeScript comes without @types/node (the kit's node.d.ts declares
// what the kit itself uses).

declare module "node:worker_threads" {
  export interface WorkerOptions {
    /** A copy of it is the worker's `workerData`. */
    workerData?: unknown;
  }
  /** A thread running the module at `filename`, with an isolate of its own. */
  export class Worker {
    constructor(filename: string, options?: WorkerOptions);
    once(event: "message", listener: (value: unknown) => void): this;
    once(event: "error", listener: (error: Error) => void): this;
    once(event: "exit", listener: (exitCode: number) => void): this;
  }
  /** In a worker: a copy of the `workerData` it was started with. */
  export const workerData: unknown;
  /** In a worker: the port to the thread that started it; null on the main thread. */
  export const parentPort: { postMessage(value: unknown): void } | null;
}

/** The folder of the compiled module (CommonJS). */
declare const __dirname: string;
