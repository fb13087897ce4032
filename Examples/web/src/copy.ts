// The page's English copy, from the Web column of the spec's copy tables.

export type MessageId =
  | "lookup-failed"
  | "passkey-failed"
  | "passkey-unavailable"
  | "deleted-passkey"
  | "passkey-not-accepted"
  | "account-cannot-continue"
  | "restricted-account";

/** What a message's buttons do. */
export type MessageButton =
  | "try-again"
  | "other-way"
  | "another-passkey"
  | "recover-account"
  | "contact-support"
  | "get-help"
  | "close";

export interface MessageCopy {
  title: string;
  body: string;
  buttons: { action: MessageButton; label: string }[];
}

const tryAgain = { action: "try-again", label: "Try again" } as const;
const otherWay = { action: "other-way", label: "Sign in another way" } as const;
const anotherPasskey = { action: "another-passkey", label: "Choose another passkey" } as const;
const close = { action: "close", label: "Close" } as const;

export const englishCopy: Record<MessageId, MessageCopy> = {
  "lookup-failed": {
    title: "We couldn’t check how you can sign in",
    body: "Try again in a few minutes, or sign in another way.",
    buttons: [tryAgain, otherWay],
  },
  "passkey-failed": {
    title: "Passkey sign-in didn’t work",
    body: "Signing in with your passkey didn’t work this time. Try again, or sign in another way.",
    buttons: [tryAgain, otherWay],
  },
  "passkey-unavailable": {
    title: "Passkeys aren’t available here",
    body: "This site can’t use passkeys in this browser. Sign in another way instead.",
    buttons: [otherWay, close],
  },
  "deleted-passkey": {
    title: "This passkey can’t be used",
    body: "This passkey can no longer sign you in. It may have been deleted. Choose another passkey, or sign in another way.",
    buttons: [anotherPasskey, otherWay],
  },
  "passkey-not-accepted": {
    title: "This passkey isn’t accepted anymore",
    body: "This passkey was removed from your account. Choose another passkey, or sign in another way.",
    buttons: [anotherPasskey, otherWay],
  },
  "account-cannot-continue": {
    title: "You can’t sign in with a passkey",
    body: "Passkey sign-in isn’t available for this account. You can recover your account or contact support.",
    buttons: [
      { action: "recover-account", label: "Recover your account" },
      { action: "contact-support", label: "Contact support" },
      close,
    ],
  },
  "restricted-account": {
    title: "Your account is unavailable",
    body: "Your account’s current status doesn’t allow sign-in. Get help to find out why and what to do next.",
    buttons: [{ action: "get-help", label: "Get help" }, close],
  },
};
