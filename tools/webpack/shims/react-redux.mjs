// Shared-scope facade of react-redux (docs/adr/0016-first-load-budget.md): the provider, the hooks and what RTK
// Query's React hooks import, without `connect` (class-era API no page uses). tools/webpack/shared-exports.test.ts
// fails when code imports a name that is missing. `react-redux-impl` is an alias of react-redux's ESM build.
export {
  Provider,
  ReactReduxContext,
  batch,
  createDispatchHook,
  createSelectorHook,
  createStoreHook,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from 'react-redux-impl';
