// The experiments domain: which version of a remote each visitor gets while a canary runs, the lander pages they
// see, and the report of conversions per version and per lander (docs/adr/0012-experiments.md).
export { experimentsRoute } from './routes/experiments';
export { createExperimentsService, LANDERS_APP, type ExperimentsService } from './service';
export { EXPERIMENT_COOKIE, EXPERIMENT_COOKIE_MAX_AGE_S } from './assignment';
export { wilsonInterval } from './wilson';
