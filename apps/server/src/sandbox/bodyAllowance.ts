/**
 * The bytes of request bodies the sandbox holds at once, across all its requests. A request asks to
 * hold its body's bytes (all at once when it declares its length, else chunk by chunk) and gives them
 * back when its answer is sent. Past `max` a request is refused, unless it would be the only one
 * holding anything: a lone body up to the body limit always gets through.
 */
export function createBodyAllowance(max: number) {
  let held = 0;
  return {
    open() {
      let mine = 0;
      return {
        admit(bytes: number): boolean {
          if (bytes > 0 && held - mine > 0 && held + bytes > max) return false;
          held += bytes;
          mine += bytes;
          return true;
        },
        release(): void {
          held -= mine;
          mine = 0;
        },
      };
    },

    get held(): number {
      return held;
    },
  };
}
