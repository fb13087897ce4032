// What the browser rejects with, made from the kit's result data: the piece every harness
// needs to hand the app the errors its real code catches. Runs in Node 18+ and in browsers.

import type { PasskeyRejection } from "./credentials.js";

/** The error `navigator.credentials.get()` rejects with for `result`: the signal's reason for an
 * aborted request (an `AbortError` DOMException unless the app aborted with its own reason), a
 * `TypeError` for invalid options, else a `DOMException` with the result's name and message. */
export function browserRejection(result: PasskeyRejection): unknown {
  if (result.abortReason !== undefined) return result.abortReason;
  if (result.errorClass === "TypeError") return new TypeError(result.message);
  return new DOMException(result.message, result.name);
}
