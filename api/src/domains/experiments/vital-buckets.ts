/**
 * Web Vitals are stored as histograms with fixed buckets, so a minute of any number of reports is a bounded number of
 * rows and percentiles can still be read back (to the bucket's width). A value is stored in the bucket whose lower
 * edge it reaches; the last bucket holds everything above.
 */
export interface Buckets {
  /** Width of one bucket, in the metric's unit. */
  width: number;
  /** Number of buckets; the last one is open-ended. */
  count: number;
}

export const VITAL_BUCKETS = {
  /** LCP in milliseconds: 100 ms buckets up to 15 s. */
  lcp: { width: 100, count: 151 },
  /** INP in milliseconds: 25 ms buckets up to 2 s. */
  inp: { width: 25, count: 81 },
  /** CLS (unitless): 0.01 buckets up to 1. */
  cls: { width: 0.01, count: 101 },
} as const satisfies Record<string, Buckets>;

export type Vital = keyof typeof VITAL_BUCKETS;

export function bucketOf(vital: Vital, value: number): number {
  const { width, count } = VITAL_BUCKETS[vital];
  // A small epsilon so 0.3 CLS (0.30000000000000004 / 0.01) lands in bucket 30, not 29 or 31.
  return Math.min(count - 1, Math.max(0, Math.floor(value / width + 1e-9)));
}

/** The value a bucket stands for when read back: its middle (the open last bucket: its lower edge). */
export function valueOf(vital: Vital, bucket: number): number {
  const { width, count } = VITAL_BUCKETS[vital];
  return bucket >= count - 1 ? bucket * width : (bucket + 0.5) * width;
}
