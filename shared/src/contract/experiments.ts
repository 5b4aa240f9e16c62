/** A conversion rate with its 95 % Wilson confidence interval (fractions 0–1). */
export interface ExperimentRate {
  value: number;
  low: number;
  high: number;
}

/** Visits and the conversions that followed; every rate is per visit. */
export interface ExperimentCounts {
  visits: number;
  signups: number;
  activations: number;
  first_purchases: number;
  rates: { signup: ExperimentRate; activation: ExperimentRate; first_purchase: ExperimentRate };
}

export interface ExperimentVersionReport extends ExperimentCounts {
  version: string;
  /** What the version is in the registry now: the stable one, the canary, or neither any more. */
  role: 'stable' | 'canary' | 'retired';
  /** Per lander page (`LanderPageKey`); a visitor's conversions count for the first lander page they saw. */
  variants: (ExperimentCounts & { variant: string })[];
}

/** `GET /api/experiments.php?app=mf-landers` (operators only) and `npm run experiment-report -- <app>`. */
export interface ExperimentReport {
  app: string;
  stable: string | null;
  canary: { version: string; weight: number } | null;
  versions: ExperimentVersionReport[];
}
