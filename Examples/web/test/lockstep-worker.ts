// One lockstep exploration replayed in a worker thread: lockstep.test.ts starts this module with
// a `LockstepJob` and gets the report back as the worker's one message.

import { parentPort, workerData } from "node:worker_threads";
import { readLockstepLines, runLockstep, type AppCapabilities } from "../conformance-kit/runtime/index.js";
import type { Mutation } from "../src/sign-in-controller.js";
import { signInHarness } from "./harness.js";

/** What to replay: the exploration's file, against the page with `mutation` (none: the page as
 * it is), declaring `capabilities`. */
export interface LockstepJob {
  stream: string;
  mutation: Mutation | null;
  capabilities: AppCapabilities;
}

// A rejection ends the worker with an "error" event, which the test reports.
if (parentPort) {
  const job = workerData as LockstepJob;
  const port = parentPort;
  void runLockstep(readLockstepLines(job.stream), signInHarness(job.mutation), { capabilities: job.capabilities }).then((report) =>
    port.postMessage(report),
  );
}
