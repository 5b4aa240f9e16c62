/** The shared base query answers a 403 "authentication required" with `false` (SPEC §8): log in first. */
export function needsLogin(data: unknown): data is false {
  return data === false;
}
