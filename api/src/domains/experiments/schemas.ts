import { Type } from 'typebox';

const Rate = Type.Object({ value: Type.Number(), low: Type.Number(), high: Type.Number() });
const Counts = {
  visits: Type.Integer(),
  signups: Type.Integer(),
  activations: Type.Integer(),
  first_purchases: Type.Integer(),
  rates: Type.Object({ signup: Rate, activation: Rate, first_purchase: Rate }),
};

/** `ExperimentReport` of the shared contract. */
export const ExperimentReportSchema = Type.Object({
  app: Type.String(),
  stable: Type.Union([Type.String(), Type.Null()]),
  canary: Type.Union([Type.Object({ version: Type.String(), weight: Type.Integer() }), Type.Null()]),
  versions: Type.Array(
    Type.Object({
      version: Type.String(),
      role: Type.Union([Type.Literal('stable'), Type.Literal('canary'), Type.Literal('retired')]),
      ...Counts,
      variants: Type.Array(Type.Object({ variant: Type.String(), ...Counts })),
    }),
  ),
});

export const ExperimentQuery = Type.Object({
  app: Type.Union(
    [
      Type.Literal('mf-landers'),
      Type.Literal('mf-members'),
      Type.Literal('mf-chat'),
      Type.Literal('mf-payments'),
      Type.Literal('mf-account'),
    ],
    {
      default: 'mf-landers',
    },
  ),
});
