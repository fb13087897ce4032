// What the sign-in page talks to: the browser's passkey API and the site's own sign-in API.
// In production the page passes a wrapper over `navigator.credentials` and a `fetch` client;
// the tests pass the conformance kit's fakes through `test/harness.ts`.

/** A passkey the browser returned: `PublicKeyCredential.id`, base64url. */
export interface PasskeyAssertion {
  id: string;
}

/** The page's use of `navigator.credentials.get()`. It rejects as the browser does, with a
 * `DOMException` (`NotAllowedError`, `AbortError`, `SecurityError`, …) or a `TypeError`. */
export interface PasskeyClient {
  get(request: {
    mediation: "optional" | "conditional";
    /** The challenge of the options the server issued for this request; used once. */
    challenge: string;
    /** Credential IDs, base64url; empty asks for any passkey of the site. */
    allowCredentials: string[];
    signal?: AbortSignal;
  }): Promise<PasskeyAssertion>;
  /** `PublicKeyCredential.isConditionalMediationAvailable()`. */
  supportsAutofill(): Promise<boolean>;
}

/** The Signal API, where the browser has it (Chrome and Edge 132, Safari 26; not Firefox). */
export interface CredentialSignals {
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
  signalAllAcceptedCredentials?(options: {
    rpId: string;
    userId: string;
    allAcceptedCredentialIds: string[];
  }): Promise<void>;
}

export interface SiteUser {
  id: string;
  status: "active" | "closed" | "deleted" | "disabled" | "inactive" | "locked" | "restricted";
}

/** The options of one passkey request (`PublicKeyCredentialRequestOptionsJSON`, of which the
 * page needs only the challenge: it names the passkeys it allows itself). */
export interface RequestOptionsResponse {
  challenge: string;
}

export type LookupResponse =
  | { kind: "passkeys"; credentialIds: string[] }
  | { kind: "no-account" }
  | { kind: "not-eligible" };

export type PasskeyVerdict =
  | { kind: "session"; user: SiteUser; credentialIds: string[] }
  | { kind: "unknown-credential" }
  | { kind: "revoked-credential" }
  /** The assertion itself did not verify; the credential is still on the account. */
  | { kind: "rejected-assertion" }
  /** The assertion signs a challenge the server no longer holds (it expired, or was used
   * already): nothing is known of the passkey, and fresh options may well verify it. */
  | { kind: "stale-challenge" }
  | { kind: "not-eligible" }
  | { kind: "retry-later" };

export interface SessionResponse {
  user: SiteUser;
  credentialIds: string[];
}

/** What the server answers once it has revoked a passkey: the credential IDs it still accepts
 * for the account. */
export interface RevocationResponse {
  credentialIds: string[];
}

/** The site's sign-in endpoints. Each rejects as `fetch()` does: `TimeoutError` when
 * `AbortSignal.timeout()` fires, `TypeError` for a network failure, and `HttpError` for an
 * answer of 5xx. */
export interface SignInApi {
  lookUp(identifier: string): Promise<LookupResponse>;
  /** Fresh options before every passkey request: the server issues each challenge for one
   * request, and refuses an assertion over a challenge it did not issue or already saw. */
  requestOptions(): Promise<RequestOptionsResponse>;
  verifyPasskey(credentialId: string): Promise<PasskeyVerdict>;
  signInAnotherWay(identifier: string): Promise<SessionResponse>;
  /** Revokes one of the signed-in account's passkeys (the account settings' "Remove"). */
  revokePasskey(credentialId: string): Promise<RevocationResponse>;
}

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`The server answered HTTP ${status}.`);
    this.name = "HttpError";
  }
}
