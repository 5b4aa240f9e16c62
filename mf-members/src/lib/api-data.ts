/** The shared base query answers a 403 "authentication required" with `false` (docs/product/calls-and-errors.md): log in first. */
export function needsLogin(data: unknown): data is false {
  return data === false;
}
