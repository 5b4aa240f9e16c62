/**
 * Polls `check` until it holds or `ms` have passed, and says whether it held: for what arrives a moment after the
 * call that caused it, such as a live event published through Redis (the subscriber hears it from Redis, not from
 * the publishing call itself).
 */
export async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}
