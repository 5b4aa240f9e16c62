// The shapes are the TypeBox schemas of `schemas/experiments.ts` (the api's source); here their types, imported
// as types only so that no browser bundle gains the schema builder.
export type {
  ExperimentCounts,
  ExperimentRate,
  ExperimentReport,
  ExperimentVersionReport,
} from './schemas/experiments';
