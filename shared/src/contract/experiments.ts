// `GET /api/experiments.php` (operators only) and `npm run experiment-report`.
import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** A conversion rate with its 95 % Wilson confidence interval (fractions 0–1). */
export const ExperimentRateSchema = Type.Object({
  value: Type.Number(),
  low: Type.Number(),
  high: Type.Number(),
});
export type ExperimentRate = Static<typeof ExperimentRateSchema>;

/** Visits and the conversions that followed; every rate is per visit. */
const counts = {
  visits: Type.Integer(),
  signups: Type.Integer(),
  activations: Type.Integer(),
  first_purchases: Type.Integer(),
  rates: Type.Object({
    signup: ExperimentRateSchema,
    activation: ExperimentRateSchema,
    first_purchase: ExperimentRateSchema,
  }),
};
export const ExperimentCountsSchema = Type.Object(counts);
export type ExperimentCounts = Static<typeof ExperimentCountsSchema>;

export const ExperimentVersionReportSchema = Type.Object({
  version: Type.String(),
  /** What the version is in the registry now: the stable one, the canary, or neither any more. */
  role: Type.Union([Type.Literal('stable'), Type.Literal('canary'), Type.Literal('retired')]),
  ...counts,
  /** Per lander page (`LanderPageKey`); a visitor's conversions count for the first lander page they saw. */
  variants: Type.Array(Type.Object({ variant: Type.String(), ...counts })),
});
export type ExperimentVersionReport = Static<typeof ExperimentVersionReportSchema>;

export const ExperimentReportSchema = Type.Object({
  app: Type.String(),
  stable: Nullable(Type.String()),
  canary: Nullable(Type.Object({ version: Type.String(), weight: Type.Integer() })),
  versions: Type.Array(ExperimentVersionReportSchema),
});
export type ExperimentReport = Static<typeof ExperimentReportSchema>;

/** The apps whose versions are compared (`?app=`, default the landers). */
export const ExperimentQuerySchema = Type.Object({
  app: Type.Union(
    [
      Type.Literal('mf-landers'),
      Type.Literal('mf-members'),
      Type.Literal('mf-chat'),
      Type.Literal('mf-payments'),
      Type.Literal('mf-account'),
    ],
    { default: 'mf-landers' },
  ),
});
export type ExperimentQuery = Static<typeof ExperimentQuerySchema>;
