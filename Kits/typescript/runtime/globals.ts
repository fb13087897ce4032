// The browser's passkey API as globals, for a page that calls it itself: `navigator.credentials`,
// `PublicKeyCredential` and its statics, `window` and `location`, installed on `globalThis` in
// Node and answered by the fakes of the check being replayed (`currentContext()`). The page's
// own code, or a library over the browser's API, runs unchanged under the runner: it passes
// bytes, and gets `PublicKeyCredential`s, `DOMException`s and the abort reason, as in Chrome.
// Where the browser rejects the options themselves (WebIDL's `TypeError`, the RP ID's
// `SecurityError`), this rejects as it does, before the fake sees a request.

import { browserRejection } from "./browser-errors.js";
import type { PasskeyRequestOptions } from "./credentials.js";
import { currentContext, type HarnessContext } from "./harness.js";
import { KIT_RP_ID, base64url, bytesOfBase64url } from "./identifiers.js";
import type { AllAcceptedCredentialsOptions, UnknownCredentialOptions } from "./signals.js";

/** The origin of the page the globals present: the relying party's own, as `location` gives it
 * and the client data of each credential names it. */
export const KIT_ORIGIN = `https://${KIT_RP_ID}`;

/** Chrome's message for an RP ID that is not the page's domain (nor a registrable suffix of it,
 * which `example.com` has none of). */
const badRpId = "The relying party ID is not a registrable domain suffix of, nor equal to the current domain.";

/** The mediation values WebIDL accepts; any other is a `TypeError`. */
const mediations = ["silent", "optional", "conditional", "required"];

/** Installs on `globalThis` what a login page and the libraries over the browser's API touch:
 * `navigator.credentials` (`get()`, `preventSilentAccess()`; on Node's own `navigator` when it
 * has one), `PublicKeyCredential` (with `isConditionalMediationAvailable()`,
 * `isUserVerifyingPlatformAuthenticatorAvailable()`, `getClientCapabilities()`,
 * `signalUnknownCredential()`, `signalAllAcceptedCredentials()` and
 * `parseRequestOptionsFromJSON()`), `AuthenticatorResponse` and
 * `AuthenticatorAssertionResponse`; and, where absent, `window` (`globalThis` itself) and
 * `location` (`https://example.com/`, the kit's RP ID). Returns the function that removes them
 * and puts back what was there.
 *
 * Each call answers from the check being replayed: install before the kit's runner creates the
 * app (at the top of the test file, or in the harness factory with the remover in `dispose()`).
 * A call outside a check rejects, naming the API. The page passes the challenge as bytes: hand
 * it the kit's challenge (`challenge-1`) as the bytes of that text (in JSON, base64url of them,
 * as `credentialID(challenge)` gives it); `get()` decodes them back as UTF-8. */
export function installCredentialsGlobals(): () => void {
  const saved: { target: object; key: string; previous: PropertyDescriptor | undefined }[] = [];
  const define = (target: object, key: string, value: unknown) => {
    saved.push({ target, key, previous: Object.getOwnPropertyDescriptor(target, key) });
    Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
  };

  const container = { get, preventSilentAccess: () => Promise.resolve() };
  const navigator: unknown = (globalThis as { navigator?: unknown }).navigator;
  // Node 21 and later have a `navigator` of their own (`userAgent`, `hardwareConcurrency`),
  // whose getters need the real object: it gets `credentials` rather than being replaced.
  if (typeof navigator === "object" && navigator !== null && Object.isExtensible(navigator)) {
    define(navigator, "credentials", container);
  } else {
    define(globalThis, "navigator", { credentials: container });
  }
  define(globalThis, "PublicKeyCredential", PublicKeyCredential);
  define(globalThis, "AuthenticatorResponse", AuthenticatorResponse);
  define(globalThis, "AuthenticatorAssertionResponse", AuthenticatorAssertionResponse);
  // Libraries read `window.PublicKeyCredential` and `window.location.hostname` (SimpleWebAuthn
  // names the hostname in its SecurityError). A DOM environment's own are left alone.
  if (!("window" in globalThis)) define(globalThis, "window", globalThis);
  if (!("location" in globalThis)) define(globalThis, "location", pageLocation());

  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    for (const { target, key, previous } of saved.reverse()) {
      if (previous) Object.defineProperty(target, key, previous);
      else delete (target as Record<string, unknown>)[key];
    }
  };
}

/** `navigator.credentials.get()`: reads the options as WebIDL does, and hands the request to the
 * current check's `FakeCredentials` in the same turn, so that the fake's one-request rule and the
 * request's kind are the browser's. */
function get(options?: unknown): Promise<PublicKeyCredential> {
  const kit = currentContext();
  if (!kit) return Promise.reject(outsideCheck("navigator.credentials.get()"));
  let request: { fake: PasskeyRequestOptions; challenge: Uint8Array };
  try {
    request = readRequest(options, kit);
  } catch (error) {
    return Promise.reject(error);
  }
  return kit.credentials.get(request.fake).then((result) => {
    if (result.type === "rejected") throw browserRejection(result);
    return credentialFor(result.credentialId, request.challenge);
  });
}

/** What a `CredentialRequestOptions` is made of, before WebIDL has read it. */
interface RequestOptionsInput {
  mediation?: unknown;
  signal?: unknown;
  publicKey?: {
    challenge?: unknown;
    rpId?: unknown;
    allowCredentials?: unknown;
    userVerification?: unknown;
    timeout?: unknown;
  };
}

/** The request for the fake, from the page's options; throws what the browser rejects with. */
function readRequest(options: unknown, kit: HarnessContext): { fake: PasskeyRequestOptions; challenge: Uint8Array } {
  const where = "Failed to execute 'get' on 'CredentialsContainer'";
  const input = (options ?? {}) as RequestOptionsInput;
  if (typeof input !== "object") throw new TypeError(`${where}: The provided value is not of type 'CredentialRequestOptions'.`);
  const { mediation, signal, publicKey } = input;
  if (mediation !== undefined && !mediations.includes(String(mediation))) {
    throw new TypeError(
      `${where}: Failed to read the 'mediation' property from 'CredentialRequestOptions': The provided value '${String(mediation)}' is not a valid enum value of type CredentialMediationRequirement.`,
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`${where}: Failed to read the 'signal' property from 'CredentialRequestOptions': Failed to convert value to 'AbortSignal'.`);
  }
  // A browser would look for passwords or federated accounts; the kit models passkeys only.
  if (typeof publicKey !== "object" || publicKey === null) {
    throw new TypeError(`${where}: the kit's browser answers passkey requests only, and the options have no 'publicKey'.`);
  }
  const inOptions = `${where}: Failed to read the 'publicKey' property from 'CredentialRequestOptions'`;
  const challenge = bufferSource(publicKey.challenge, `${inOptions}: Failed to read the 'challenge' property from 'PublicKeyCredentialRequestOptions'`);
  const allowed = publicKey.allowCredentials ?? [];
  if (!Array.isArray(allowed)) {
    throw new TypeError(`${inOptions}: Failed to read the 'allowCredentials' property from 'PublicKeyCredentialRequestOptions': The provided value cannot be converted to a sequence.`);
  }
  const allowCredentials = allowed.map((descriptor: { id?: unknown; type?: unknown } | undefined) => {
    const inDescriptor = `${inOptions}: Failed to read the 'allowCredentials' property from 'PublicKeyCredentialRequestOptions'`;
    if (typeof descriptor?.type !== "string") {
      throw new TypeError(`${inDescriptor}: Failed to read the 'type' property from 'PublicKeyCredentialDescriptor': Required member is undefined.`);
    }
    const id = bufferSource(descriptor.id, `${inDescriptor}: Failed to read the 'id' property from 'PublicKeyCredentialDescriptor'`);
    return { id: base64url(id), type: descriptor.type };
  });
  const rpId = publicKey.rpId === undefined ? undefined : String(publicKey.rpId);
  if (rpId !== undefined && rpId !== kit.rpId) throw new DOMException(badRpId, "SecurityError");
  return {
    challenge,
    fake: {
      mediation: mediation as PasskeyRequestOptions["mediation"],
      publicKey: {
        // The kit's server issues challenges as text; bytes of anything else name a challenge
        // it never issued, which the fake reports.
        challenge: new TextDecoder().decode(challenge),
        rpId,
        allowCredentials,
        userVerification: publicKey.userVerification === undefined ? undefined : String(publicKey.userVerification),
        timeout: typeof publicKey.timeout === "number" ? publicKey.timeout : undefined,
      },
      signal: signal as AbortSignal | undefined,
    },
  };
}

/** A copy of the bytes of a `BufferSource`, as WebIDL takes one when the call is made; a string
 * (base64url the page forgot to decode) is the browser's `TypeError`. */
function bufferSource(value: unknown, where: string): Uint8Array {
  // By tag rather than `instanceof`, so that buffers of another realm (a DOM environment's) pass.
  if (Object.prototype.toString.call(value) === "[object ArrayBuffer]") return new Uint8Array((value as ArrayBuffer).slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  if (value === undefined) throw new TypeError(`${where}: Required member is undefined.`);
  throw new TypeError(`${where}: The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.`);
}

/** Only this module makes credentials and responses, as only the browser does. */
const minting = Symbol("kit credential");

function requireMinting(key: unknown, name: string): void {
  if (key !== minting) throw new TypeError(`Failed to construct '${name}': Illegal constructor`);
}

/** `AuthenticatorResponse`, for code that tests `instanceof`. */
class AuthenticatorResponse {
  readonly clientDataJSON: ArrayBuffer;

  constructor(key: unknown, clientDataJSON: ArrayBuffer) {
    requireMinting(key, new.target.name);
    this.clientDataJSON = clientDataJSON;
  }
}

/** The response of a passkey assertion. The signature and the authenticator data are not real
 * ones (zeros, with the user-present and user-verified flags set): the kit's server fake answers
 * from the credential ID alone. */
class AuthenticatorAssertionResponse extends AuthenticatorResponse {
  readonly authenticatorData: ArrayBuffer;
  readonly signature: ArrayBuffer;
  readonly userHandle: ArrayBuffer | null;

  constructor(key: unknown, parts: { clientDataJSON: ArrayBuffer; authenticatorData: ArrayBuffer; signature: ArrayBuffer; userHandle: ArrayBuffer | null }) {
    super(key, parts.clientDataJSON);
    this.authenticatorData = parts.authenticatorData;
    this.signature = parts.signature;
    this.userHandle = parts.userHandle;
  }
}

/** `PublicKeyCredentialRequestOptionsJSON`, as `parseRequestOptionsFromJSON()` takes it. */
interface RequestOptionsJSON {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: { id: string; type: string; transports?: string[] }[];
  userVerification?: string;
  hints?: string[];
  extensions?: Record<string, unknown>;
}

/** What `parseRequestOptionsFromJSON()` returns: `PublicKeyCredentialRequestOptions`. */
interface ParsedRequestOptions {
  challenge: ArrayBuffer;
  timeout?: number;
  rpId?: string;
  allowCredentials: { id: ArrayBuffer; type: string; transports?: string[] }[];
  userVerification: string;
  hints: string[];
  extensions?: Record<string, unknown>;
}

/** `PublicKeyCredential`: the class `window.PublicKeyCredential` names (libraries test that it
 * is a function), the credentials `get()` resolves with, and the statics a login page calls. */
class PublicKeyCredential {
  readonly id: string;
  readonly rawId: ArrayBuffer;
  readonly type = "public-key";
  readonly authenticatorAttachment = "platform";
  readonly response: AuthenticatorAssertionResponse;

  constructor(key: unknown, id: string, response: AuthenticatorAssertionResponse) {
    requireMinting(key, "PublicKeyCredential");
    this.id = id;
    this.rawId = arrayBuffer(bytesOfBase64url(id) ?? new Uint8Array(0));
    this.response = response;
  }

  getClientExtensionResults(): Record<string, unknown> {
    return {};
  }

  /** `AuthenticationResponseJSON`, what a page sends its server. */
  toJSON(): Record<string, unknown> {
    const response = this.response;
    return {
      id: this.id,
      rawId: base64url(new Uint8Array(this.rawId)),
      response: {
        clientDataJSON: base64url(new Uint8Array(response.clientDataJSON)),
        authenticatorData: base64url(new Uint8Array(response.authenticatorData)),
        signature: base64url(new Uint8Array(response.signature)),
        ...(response.userHandle ? { userHandle: base64url(new Uint8Array(response.userHandle)) } : {}),
      },
      authenticatorAttachment: this.authenticatorAttachment,
      clientExtensionResults: this.getClientExtensionResults(),
      type: this.type,
    };
  }

  /** Whether the browser offers passkeys in autofill: the current check's fake answers. */
  static isConditionalMediationAvailable(): Promise<boolean> {
    const kit = currentContext();
    if (!kit) return Promise.reject(outsideCheck("PublicKeyCredential.isConditionalMediationAvailable()"));
    return kit.credentials.isConditionalMediationAvailable();
  }

  /** The device has a platform authenticator: the checks' passkeys are on it. */
  static isUserVerifyingPlatformAuthenticatorAvailable(): Promise<boolean> {
    if (!currentContext()) return Promise.reject(outsideCheck("PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()"));
    return Promise.resolve(true);
  }

  /** What the kit's browser supports, keys sorted; what it does not model is left out, which the
   * spec reads as unknown. */
  static async getClientCapabilities(): Promise<Record<string, boolean>> {
    const kit = currentContext();
    if (!kit) throw outsideCheck("PublicKeyCredential.getClientCapabilities()");
    return {
      conditionalGet: await kit.credentials.isConditionalMediationAvailable(),
      signalAllAcceptedCredentials: true,
      signalUnknownCredential: true,
      userVerifyingPlatformAuthenticator: true,
    };
  }

  /** Records the signal with the current check's `FakeSignals`, which rejects an ID that is not
   * base64url with a `TypeError`; an RP ID other than the page's is the browser's
   * `SecurityError`, and the signal goes nowhere. */
  static signalUnknownCredential(options: UnknownCredentialOptions): Promise<void> {
    const kit = currentContext();
    if (!kit) return Promise.reject(outsideCheck("PublicKeyCredential.signalUnknownCredential()"));
    try {
      const read = signalOptions("signalUnknownCredential", "UnknownCredentialOptions", options, ["rpId", "credentialId"], kit);
      return kit.signals.signalUnknownCredential({ rpId: read.rpId, credentialId: read.credentialId });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** As `signalUnknownCredential()`, for the list of the passkeys the server accepts. */
  static signalAllAcceptedCredentials(options: AllAcceptedCredentialsOptions): Promise<void> {
    const kit = currentContext();
    if (!kit) return Promise.reject(outsideCheck("PublicKeyCredential.signalAllAcceptedCredentials()"));
    try {
      const read = signalOptions("signalAllAcceptedCredentials", "AllAcceptedCredentialsOptions", options, ["rpId", "userId"], kit);
      const ids: unknown = options.allAcceptedCredentialIds;
      if (!Array.isArray(ids)) {
        throw new TypeError(
          "Failed to execute 'signalAllAcceptedCredentials' on 'PublicKeyCredential': Failed to read the 'allAcceptedCredentialIds' property from 'AllAcceptedCredentialsOptions': Required member is undefined.",
        );
      }
      return kit.signals.signalAllAcceptedCredentials({ rpId: read.rpId, userId: read.userId, allAcceptedCredentialIds: ids.map(String) });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The options of `get()` from their JSON form: base64url turned into bytes, throwing an
   * `EncodingError` for one that is not, and the dictionary's defaults filled in. */
  static parseRequestOptionsFromJSON(options: RequestOptionsJSON): ParsedRequestOptions {
    const where = "Failed to execute 'parseRequestOptionsFromJSON' on 'PublicKeyCredential'";
    if (typeof options?.challenge !== "string") {
      throw new TypeError(`${where}: Failed to read the 'challenge' property from 'PublicKeyCredentialRequestOptionsJSON': Required member is undefined.`);
    }
    const bytes = (text: string, member: string): ArrayBuffer => {
      const decoded = bytesOfBase64url(text);
      if (!decoded) throw new DOMException(`${where}: '${member}' contains invalid base64url data.`, "EncodingError");
      return arrayBuffer(decoded);
    };
    const parsed: ParsedRequestOptions = {
      challenge: bytes(options.challenge, "challenge"),
      allowCredentials: (options.allowCredentials ?? []).map((descriptor) => ({
        id: bytes(descriptor.id, "allowCredentials.id"),
        type: descriptor.type,
        ...(descriptor.transports ? { transports: [...descriptor.transports] } : {}),
      })),
      userVerification: options.userVerification ?? "preferred",
      hints: [...(options.hints ?? [])],
    };
    if (options.timeout !== undefined) parsed.timeout = options.timeout;
    if (options.rpId !== undefined) parsed.rpId = options.rpId;
    if (options.extensions !== undefined) parsed.extensions = { ...options.extensions };
    return parsed;
  }
}

/** The members of a signal's options, read as WebIDL reads a dictionary's required strings; an
 * RP ID other than the page's is a `SecurityError`. */
function signalOptions<Member extends string>(
  method: string,
  dictionary: string,
  options: unknown,
  members: readonly Member[],
  kit: HarnessContext,
): Record<Member, string> {
  const read = {} as Record<Member, string>;
  for (const member of members) {
    const value = (options as Record<string, unknown> | undefined)?.[member];
    if (typeof value !== "string") {
      throw new TypeError(
        `Failed to execute '${method}' on 'PublicKeyCredential': Failed to read the '${member}' property from '${dictionary}': Required member is undefined.`,
      );
    }
    read[member] = value;
  }
  if ((read as Record<string, string>)["rpId"] !== kit.rpId) throw new DOMException(badRpId, "SecurityError");
  return read;
}

/** The credential `get()` resolves with for the passkey the check picked. Its client data names
 * the request's challenge and the page's origin, as the browser's does, for a page or a library
 * that reads them. The user handle is the kit's account's (`user-1`): the fake's result does not
 * say which account a passkey belongs to, and the server's verification does. */
function credentialFor(credentialId: string, challenge: Uint8Array): PublicKeyCredential {
  const text = (value: string) => arrayBuffer(new TextEncoder().encode(value));
  const clientData = { type: "webauthn.get", challenge: base64url(challenge), origin: KIT_ORIGIN, crossOrigin: false };
  const authenticatorData = new Uint8Array(37);
  authenticatorData[32] = 0x05; // user present, user verified
  const response = new AuthenticatorAssertionResponse(minting, {
    clientDataJSON: text(JSON.stringify(clientData)),
    authenticatorData: arrayBuffer(authenticatorData),
    signature: new ArrayBuffer(64),
    userHandle: text("user-1"),
  });
  return new PublicKeyCredential(minting, credentialId, response);
}

/** `location` of the login page: `https://example.com/`. `assign()` and `replace()` move it, for
 * a harness that reads where the page went; a page that reloads is gone, which only the kit's
 * `app-relaunched` models, so there is no `reload()`. */
function pageLocation(): URL & { assign(url: string): void; replace(url: string): void } {
  const location = new URL(`${KIT_ORIGIN}/`);
  const go = (url: string) => {
    location.href = new URL(url, location.href).href;
  };
  return Object.assign(location, { assign: go, replace: go });
}

function outsideCheck(api: string): Error {
  return new Error(
    `The page called ${api} outside a kit check: the globals of installCredentialsGlobals() answer only while the kit's runner replays a check, from the harness factory on.`,
  );
}

/** The bytes in an `ArrayBuffer` of their own, the type WebAuthn's attributes have. */
function arrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

