// The secret an invited member's verification handed out, kept in this tab's session storage until
// the Set Your Password page spends it: the page keeps the spec's /set-password/{userId} address, and
// the secret never appears in a URL.
const keyOf = (userId: string) => `setPasswordToken:${userId}`;

export function keepSetPasswordToken(userId: string, token: string): void {
  globalThis.sessionStorage?.setItem(keyOf(userId), token);
}

export function setPasswordTokenOf(userId: string): string | undefined {
  return globalThis.sessionStorage?.getItem(keyOf(userId)) ?? undefined;
}

export function forgetSetPasswordToken(userId: string): void {
  globalThis.sessionStorage?.removeItem(keyOf(userId));
}
