/** z for a two-sided 95 % confidence interval. */
export const Z95 = 1.959964;

/**
 * Wilson score interval of a proportion (successes out of n): unlike the normal approximation it stays inside
 * 0–1 and behaves for small n and rates near 0, which is what signup and purchase rates look like.
 */
export function wilsonInterval(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 0 };
  const p = successes / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - margin) / denominator),
    high: Math.min(1, (centre + margin) / denominator),
  };
}
