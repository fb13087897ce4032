// The fake of the app's server: the route lookup, the options of each passkey request, the
// verification of a passkey, the fallback sign-in and the revocation of a passkey in the
// account settings, answered from the check's world exactly as the reference engine's world
// answers them (docs/conformance-kits.md, "The scripts").

import type { AccountStatus, KitLookupFault, KitWorld } from "./script.js";
import { KIT_OTHER_USER_ID, KIT_USER_ID, credentialID, describeCredential, passkeyName } from "./identifiers.js";

/** What the route lookup answers. Passkeys are credential IDs (base64url), sorted by name. */
export type LookupAnswer =
  | { result: "found"; passkeys: string[] }
  | { result: "not-found" }
  | { result: "cannot-continue" }
  | {
      result: "failed";
      dependency: Exclude<KitLookupFault["dependency"], "request-options">;
      fault: KitLookupFault["fault"];
    };

/** What the request-options call answers: the options of one passkey request, whose
 * `challenge` (`challenge-1`, `challenge-2`, … in the order of the calls) is good for that
 * request alone, or a failure, which your client should turn into what `fetch()` gives you. */
export type OptionsAnswer =
  | { result: "options"; challenge: string }
  | { result: "failed"; dependency: "request-options"; fault: KitLookupFault["fault"] };

/** The account a verification or a fallback sign-in proved. */
export interface ProvenAccount {
  /** The WebAuthn user handle, base64url. */
  userId: string;
  status: AccountStatus;
}

/** What the server answers about a passkey assertion. */
export type VerificationAnswer =
  | { result: "verified"; account: ProvenAccount; acceptedPasskeys: string[] }
  | { result: "credential-unknown" }
  | { result: "credential-revoked" }
  /** The assertion itself did not verify (signature, origin, user verification, counter). */
  | { result: "verification-failed" }
  | { result: "inconclusive" }
  /** The assertion signs a challenge the server no longer holds (expired, or already used):
   * nothing is known of the passkey. */
  | { result: "challenge-expired" }
  | { result: "route-unavailable" };

/** What the server answers to a completed fallback sign-in. */
export interface FallbackAnswer {
  account: ProvenAccount;
  acceptedPasskeys: string[];
}

/** The server, answering from the world the check has set up so far: a change of the world
 * applies to the next request, and a passkey revoked through `revoke` stays revoked for the
 * rest of the check. Each answer is a promise that settles at once. */
export class FakeServer {
  /** How many route lookups the app has made. */
  lookups = 0;
  /** How many times the app has asked for request options. The spec counts no such calls, so
   * the runner compares nothing with it; it is there for your own tests. */
  optionsCalls = 0;
  /** How many assertions the app has sent for verification. */
  verifications = 0;
  /** How many requests of any kind the app has made; the runner waits until it stops. */
  calls = 0;
  /** Every challenge issued, which the passkey fake checks each request's against. */
  private readonly issuedChallenges = new Set<string>();
  /** The names of the passkeys the app revoked through `revoke`. */
  private readonly revokedPasskeys = new Set<string>();

  constructor(private readonly world: () => KitWorld) {}

  /** The world as this server holds it: the check's, with the passkeys revoked since marked
   * `revoked` (as the reference engine marks them; a later setup step of the spec keeps them
   * so). */
  private current(): KitWorld {
    const world = this.world();
    if (this.revokedPasskeys.size === 0) return world;
    const serverPasskeys = { ...world.serverPasskeys };
    for (const name of this.revokedPasskeys) serverPasskeys[name] = "revoked";
    return { ...world, serverPasskeys };
  }

  /** The route lookup for the identifier: fails while it is one of the first
   * `failingLookups` (a `request-options` fault fails the options, not the lookup); else
   * `not-found` without an account, `cannot-continue` when the route is not available, else
   * `found` with the passkeys the server accepts. */
  lookUp(identifier: string): Promise<LookupAnswer> {
    void identifier;
    this.calls += 1;
    this.lookups += 1;
    const world = this.current();
    const fault = world.lookupFault;
    if (fault && fault.dependency !== "request-options" && this.lookups <= fault.failingLookups) {
      return Promise.resolve({ result: "failed", dependency: fault.dependency, fault: fault.fault });
    }
    if (world.account === undefined) return Promise.resolve({ result: "not-found" });
    if (!world.routeAvailable) return Promise.resolve({ result: "cannot-continue" });
    return Promise.resolve({ result: "found", passkeys: acceptedPasskeys(world) });
  }

  /** The options of the passkey request the app is about to start: call it before every
   * request, the autofill's included, and pass the challenge in that request alone (WebAuthn
   * issues a challenge on the server and accepts it once). Fails while a `request-options`
   * fault applies, counted per call: the first `failingLookups` calls fail. */
  requestOptions(): Promise<OptionsAnswer> {
    this.calls += 1;
    this.optionsCalls += 1;
    const fault = this.current().lookupFault;
    if (fault && fault.dependency === "request-options" && this.optionsCalls <= fault.failingLookups) {
      return Promise.resolve({ result: "failed", dependency: fault.dependency, fault: fault.fault });
    }
    const challenge = `challenge-${this.optionsCalls}`;
    this.issuedChallenges.add(challenge);
    return Promise.resolve({ result: "options", challenge });
  }

  /** Whether this server issued `challenge` in a request's options. */
  hasIssued(challenge: string): boolean {
    return this.issuedChallenges.has(challenge);
  }

  /** Verification of an assertion for the credential ID: `inconclusive` when the world says
   * so; `challenge-expired` for the first verification when the world's `challengeExpires`
   * is set; `credential-unknown` for a passkey the server does not know (or without an account),
   * `credential-revoked` for a revoked one, `verification-failed` for one whose assertion the
   * server rejects, `route-unavailable` for an active passkey of an
   * account that may sign in but whose route is not available, else `verified`. */
  verify(assertion: { credentialId: string }): Promise<VerificationAnswer> {
    this.calls += 1;
    this.verifications += 1;
    const world = this.current();
    if (world.verificationInconclusive) return Promise.resolve({ result: "inconclusive" });
    if (world.challengeExpires === true && this.verifications === 1) return Promise.resolve({ result: "challenge-expired" });
    const name = passkeyName(assertion.credentialId);
    const held = name === undefined ? undefined : world.serverPasskeys[name];
    if (held === undefined || world.account === undefined) return Promise.resolve({ result: "credential-unknown" });
    if (held === "revoked") return Promise.resolve({ result: "credential-revoked" });
    if (held === "fails-verification") return Promise.resolve({ result: "verification-failed" });
    if (held === "another-account") {
      // The assertion's user handle names another account, active, whose passkeys these are.
      return Promise.resolve({
        result: "verified",
        account: { userId: KIT_OTHER_USER_ID, status: "active" },
        acceptedPasskeys: passkeysHeldAs(world, "another-account"),
      });
    }
    if (world.account === "active" && !world.routeAvailable) return Promise.resolve({ result: "route-unavailable" });
    return Promise.resolve({
      result: "verified",
      account: { userId: KIT_USER_ID, status: world.account },
      acceptedPasskeys: acceptedPasskeys(world),
    });
  }

  /** The fallback sign-in the user completed: the account's status and accepted passkeys.
   * Rejects when there is no account, which no check asks for. */
  signInWithFallback(identifier: string): Promise<FallbackAnswer> {
    void identifier;
    this.calls += 1;
    const world = this.current();
    if (world.account === undefined) return Promise.reject(new Error("There is no account to sign in to."));
    return Promise.resolve({
      account: { userId: KIT_USER_ID, status: world.account },
      acceptedPasskeys: acceptedPasskeys(world),
    });
  }

  /** The signed-in user revokes the passkey with this credential ID (base64url) in the
   * account settings: the server marks it `revoked`, so that a later verification of it
   * answers `credential-revoked` and lookups leave it out, and resolves with the credential
   * IDs of the passkeys it still accepts for the account, sorted by name (`active` and
   * `fails-verification`, as a lookup's): the list for `signalAllAcceptedCredentials()`.
   * Rejects, changing nothing, without an account or for a passkey the server does not accept
   * for it, which no check asks for. */
  revoke(credentialId: string): Promise<string[]> {
    this.calls += 1;
    const world = this.current();
    if (world.account === undefined) return Promise.reject(new Error("There is no account to revoke a passkey of."));
    const name = passkeyName(credentialId);
    const accepted = acceptedPasskeys(world);
    if (name === undefined || !accepted.includes(credentialId)) {
      const what = name === undefined ? `credential ID ${JSON.stringify(credentialId)}` : `passkey ${JSON.stringify(name)}`;
      const names = accepted.map((id) => JSON.stringify(describeCredential(id))).join(", ") || "none";
      return Promise.reject(new Error(`The server accepts no ${what} for the account to revoke; it accepts ${names}.`));
    }
    this.revokedPasskeys.add(name);
    return Promise.resolve(acceptedPasskeys(this.current()));
  }
}

/** The credential IDs of the passkeys the server accepts, sorted by name. */
function acceptedPasskeys(world: KitWorld): string[] {
  // A passkey whose assertion fails verification is still on the account.
  return passkeysHeldAs(world, "active", "fails-verification");
}

/** The credential IDs of the passkeys the server holds in one of `states`, sorted by name. */
function passkeysHeldAs(world: KitWorld, ...states: string[]): string[] {
  return Object.keys(world.serverPasskeys)
    .filter((name) => states.includes(world.serverPasskeys[name] ?? ""))
    .sort(compareNames)
    .map(credentialID);
}

/** Orders names by their UTF-8 bytes, as the reference engine orders credential IDs. */
function compareNames(a: string, b: string): number {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index]! - right[index]!;
  }
  return left.length - right.length;
}
