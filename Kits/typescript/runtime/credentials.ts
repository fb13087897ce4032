// The fake of `navigator.credentials.get()` for passkeys. The app asks it as it asks the
// browser; the check decides how each request ends, and the fake answers with that result as
// data, which the app's adapter turns into a real DOMException or credential.

import type { KitNativeResult } from "./script.js";
import type { FakeServer } from "./server.js";
import { credentialID, describeCredential } from "./identifiers.js";

/** The options of a passkey request, as `navigator.credentials.get()` takes them, with
 * credential IDs in base64url (WebAuthn's JSON form, `PublicKeyCredentialRequestOptionsJSON`). */
export interface PasskeyRequestOptions {
  /** `conditional` offers passkeys in the identifier field's autofill; anything else opens
   * the browser's passkey dialog. */
  mediation?: "silent" | "optional" | "conditional" | "required" | undefined;
  publicKey: {
    /** The challenge of the options the server issued for this request
     * (`FakeServer.requestOptions()`), as it issued it (`challenge-1`); each is good for one
     * request, as a real server's is. Code that passes the browser bytes passes their text
     * here: `adapters/browser-credentials.ts` decodes them as UTF-8. */
    challenge: string;
    rpId?: string | undefined;
    allowCredentials?: readonly { id: string; type?: string | undefined }[] | undefined;
    userVerification?: string | undefined;
    timeout?: number | undefined;
  };
  /** Aborting it ends the request with the signal's reason (an `AbortError` by default). */
  signal?: AbortSignal | undefined;
}

/** How a request ended. */
export type PasskeyRequestResult =
  | {
      type: "credential";
      /** The credential ID, base64url. */
      credentialId: string;
      /** The passkey's name in the spec. */
      passkey: string;
    }
  | {
      type: "rejected";
      /** The DOMException's name: `NotAllowedError`, `AbortError`, `OperationError`, … */
      name: string;
      /** What `get()` rejects with: a `DOMException`, or a `TypeError` for invalid options. */
      errorClass: "DOMException" | "TypeError";
      message: string;
      /** For an aborted request, the signal's reason, which the browser rejects with as it is. */
      abortReason?: unknown;
    };

/** A request that ended without a passkey. */
export type PasskeyRejection = Extract<PasskeyRequestResult, { type: "rejected" }>;

/** What the kit calls a request: the dialog opened by the page itself (`automatic`) or from the
 * passkey button or an action the user chose (`explicit`), or the autofill (`assisted`). */
export type PasskeyRequestKind = "automatic" | "explicit" | "assisted";

/** A request the app made, as failure messages describe it. */
export interface PasskeyRequestRecord {
  kind: PasskeyRequestKind;
  allowed: string[];
  /** The challenge the request carried. */
  challenge: string;
  /** How it ended, once it has. */
  ended?: string;
}

interface PendingRequest {
  record: PasskeyRequestRecord;
  allowedIDs: string[];
  answer: (result: PasskeyRequestResult) => void;
}

/** Chrome's messages for the names a login's `get()` rejects with, where the script gives none. */
const browserMessages: Record<string, string> = {
  NotAllowedError:
    "The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.",
  AbortError: "The operation was aborted.",
  OperationError: "A request is already pending.",
  NotReadableError: "An unknown error occurred while talking to the credential manager.",
  SecurityError: "The relying party ID is not a registrable domain suffix of, nor equal to the current domain.",
  NotSupportedError: "The request is not supported on this device.",
  TypeError: "The options are not valid request options.",
};

/** A request made without fresh options from the server, as the failure's difference reads:
 * what the spec expects, then what the app did. */
export interface ChallengeProblem {
  expected: string;
  shown: string;
}

/** The browser's passkey requests: at most one at a time, as in Chrome, where a second request
 * while one is pending (a conditional one included) rejects at once with `OperationError`
 * "A request is already pending.". The page must abort the autofill request first. Each
 * request must carry a challenge `server` issued and no request has used: the fake notes one
 * that does not, and the runner fails the check at the step that made it. */
export class FakeCredentials {
  /** Every request the app made, in order. */
  readonly requests: PasskeyRequestRecord[] = [];
  /** How many times the app called the fake; the runner waits until it stops. */
  calls = 0;
  /** Set by the runner while the app handles the passkey button or an action the user chose:
   * a dialog opened then is `explicit`, any other `automatic`. */
  userActivation = false;
  /** Set by the runner while the app takes an input the spec opens a dialog for: a dialog
   * opened then is that one. */
  opens: "automatic" | "explicit" | undefined;
  private dialog: PendingRequest | undefined;
  private autofill: PendingRequest | undefined;
  /** The challenges requests have carried so far. */
  private readonly usedChallenges = new Set<string>();
  /** Requests without fresh options since the runner last took them. */
  private problems: ChallengeProblem[] = [];

  constructor(private readonly server: FakeServer) {}

  /** `navigator.credentials.get()` for a passkey: settles when the check ends the request, or
   * when the app aborts it. It never rejects: a rejection is a result, as data. A request with
   * a challenge the server never issued, or one an earlier request used, is noted (see
   * `takeProblems`) and otherwise goes on as the browser would take it: the browser cannot
   * tell, and the server would refuse its assertion. */
  get(options: PasskeyRequestOptions): Promise<PasskeyRequestResult> {
    this.calls += 1;
    const conditional = options.mediation === "conditional";
    const kind: PasskeyRequestKind = conditional
      ? "assisted"
      : (this.opens ?? (this.userActivation ? "explicit" : "automatic"));
    const allowedIDs = (options.publicKey.allowCredentials ?? []).map((credential) => credential.id);
    const challenge = options.publicKey.challenge;
    const record: PasskeyRequestRecord = { kind, allowed: allowedIDs.map(describeCredential), challenge };
    this.requests.push(record);
    this.noteChallenge(challenge);
    const signal = options.signal;
    return new Promise<PasskeyRequestResult>((resolve) => {
      const finish = (result: PasskeyRequestResult) => {
        record.ended = result.type === "credential" ? `passkey "${result.passkey}"` : result.name;
        resolve(result);
      };
      if (signal?.aborted) return finish(abortResult(signal));
      if (this.dialog || this.autofill) return finish(rejection("OperationError"));
      const pending: PendingRequest = {
        record,
        allowedIDs,
        answer: (result) => {
          signal?.removeEventListener("abort", onAbort);
          if (this.dialog === pending) this.dialog = undefined;
          if (this.autofill === pending) this.autofill = undefined;
          finish(result);
        },
      };
      const onAbort = () => {
        this.calls += 1;
        if (signal) pending.answer(abortResult(signal));
      };
      signal?.addEventListener("abort", onAbort);
      if (conditional) this.autofill = pending;
      else this.dialog = pending;
    });
  }

  /** `PublicKeyCredential.isConditionalMediationAvailable()`: this browser offers autofill. */
  isConditionalMediationAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** The kind of the passkey dialog open now, if any. */
  get openDialog(): "automatic" | "explicit" | undefined {
    const kind = this.dialog?.record.kind;
    return kind === "assisted" ? undefined : kind;
  }

  /** Whether passkeys are offered in the identifier field: a conditional request is pending. */
  get suggestionsPending(): boolean {
    return this.autofill !== undefined;
  }

  /** The pending conditional request, if any, as failure messages describe it: the runner
   * tells by it whether the app armed the autofill again. */
  get pendingSuggestions(): PasskeyRequestRecord | undefined {
    return this.autofill?.record;
  }

  /** Ends the open dialog with `result`; throws, with what went wrong, when none is open or
   * the dialog cannot offer the passkey picked. */
  finishDialog(result: KitNativeResult, kind?: "automatic" | "explicit"): void {
    const dialog = this.dialog;
    if (!dialog) throw new RequestNotOpen("a passkey dialog open", this.describeRequests());
    if (kind !== undefined && dialog.record.kind !== kind) {
      throw new RequestNotOpen(`the ${kind} passkey dialog open`, `an ${dialog.record.kind} dialog open`);
    }
    dialog.answer(this.resultFor(dialog, result, "the dialog"));
  }

  /** Ends the autofill request with `result`. */
  finishSuggestions(result: KitNativeResult): void {
    const autofill = this.autofill;
    if (!autofill) throw new RequestNotOpen("passkeys offered in the identifier field", this.describeRequests());
    autofill.answer(this.resultFor(autofill, result, "the identifier field's suggestions"));
  }

  /** Forgets the open requests without ending them: the page that made them is gone. */
  dropOpenRequests(): void {
    this.dialog = undefined;
    this.autofill = undefined;
  }

  /** The requests without fresh options since the last call, which it forgets: the runner
   * takes them after each input, so that a check fails at the step whose input made one. */
  takeProblems(): ChallengeProblem[] {
    const problems = this.problems;
    this.problems = [];
    return problems;
  }

  private noteChallenge(challenge: string): void {
    if (!this.server.hasIssued(challenge)) {
      this.problems.push({
        expected: "a passkey request with a challenge from the server's request options",
        shown: `the app's "${challenge}" was never issued`,
      });
    } else if (this.usedChallenges.has(challenge)) {
      this.problems.push({
        expected: "a passkey request with fresh request options",
        shown: `the app used challenge "${challenge}" again`,
      });
    }
    this.usedChallenges.add(challenge);
  }

  private resultFor(request: PendingRequest, result: KitNativeResult, place: string): PasskeyRequestResult {
    if (result.passkey === undefined) {
      return rejection(result.name, result.code === "TypeError" ? "TypeError" : "DOMException", result.message);
    }
    const id = credentialID(result.passkey);
    if (request.allowedIDs.length > 0 && !request.allowedIDs.includes(id)) {
      throw new RequestNotOpen(
        `${place} to offer passkey "${result.passkey}"`,
        `a request that allows only ${request.record.allowed.map((name) => `"${name}"`).join(", ")}`,
      );
    }
    return { type: "credential", credentialId: id, passkey: result.passkey };
  }

  private describeRequests(): string {
    if (this.requests.length === 0) return "made no passkey request";
    const made = this.requests.map((request) => `${request.kind} (${request.ended ?? "pending"})`);
    return `none open; its requests so far: ${made.join(", ")}`;
  }
}

/** The script ends a request the app did not make (or cannot be offered what the user picks).
 * Its texts read after "expected" and "the app has". */
export class RequestNotOpen extends Error {
  constructor(
    readonly expected: string,
    readonly shown: string,
  ) {
    super(`expected ${expected}; ${shown}`);
    this.name = "RequestNotOpen";
  }
}

function rejection(
  name: string,
  errorClass: "DOMException" | "TypeError" = "DOMException",
  message?: string,
): PasskeyRejection {
  return { type: "rejected", name, errorClass, message: message ?? browserMessages[name] ?? name };
}

function abortResult(signal: AbortSignal): PasskeyRejection {
  const reason: unknown = signal.reason;
  const name = reason instanceof Error || reason instanceof DOMException ? reason.name : "AbortError";
  const message = reason instanceof Error || reason instanceof DOMException ? reason.message : undefined;
  return { ...rejection(name, "DOMException", message), abortReason: reason };
}
