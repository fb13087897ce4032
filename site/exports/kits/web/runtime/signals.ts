// The fake of the WebAuthn Signal API: `PublicKeyCredential.signalUnknownCredential()` and
// `PublicKeyCredential.signalAllAcceptedCredentials()`, which record what the app sends.

import { describeCredential, passkeyName } from "./identifiers.js";

export interface UnknownCredentialOptions {
  rpId: string;
  /** base64url */
  credentialId: string;
}

export interface AllAcceptedCredentialsOptions {
  rpId: string;
  /** base64url */
  userId: string;
  /** base64url */
  allAcceptedCredentialIds: readonly string[];
}

/** Records each signal as the scripts write it: `unknown-credential NAME` or
 * `all-accepted-credentials NAME,NAME`. Like the browser, it resolves whether or not anything
 * changed, and rejects with a `TypeError` an ID that is not base64url. */
export class FakeSignals {
  /** Every signal sent so far, in order. */
  readonly sent: string[] = [];

  signalUnknownCredential(options: UnknownCredentialOptions): Promise<void> {
    this.sent.push(`unknown-credential ${describeCredential(options.credentialId)}`);
    return wellFormed([options.credentialId]);
  }

  signalAllAcceptedCredentials(options: AllAcceptedCredentialsOptions): Promise<void> {
    this.sent.push(`all-accepted-credentials ${options.allAcceptedCredentialIds.map(describeCredential).join(",")}`);
    return wellFormed([options.userId, ...options.allAcceptedCredentialIds]);
  }
}

function wellFormed(ids: readonly string[]): Promise<void> {
  const malformed = ids.find((id) => passkeyName(id) === undefined);
  return malformed === undefined
    ? Promise.resolve()
    : Promise.reject(new TypeError(`${JSON.stringify(malformed)} is not base64url.`));
}
