/**
 * The deploy hand-off of embedded mode (`GET /api/_deploy/state`, `POST /api/_deploy/apply`, loopback and a token
 * only; docs/adr/0025-registry-in-the-database.md): the deploy commands hand their registry switch to the running server,
 * which alone may open PGlite's files. The api's registry code (`api/src/domains/sites/deploy/state.ts`) keeps its
 * own plain types, because the deploy commands load it without the schema library.
 */
import { Type, type Static } from 'typebox';

const Version = Type.String({ pattern: '^[\\w.+-]{1,64}$' });
const App = Type.String({ pattern: '^[a-z][a-z0-9-]{0,40}$' });
/** The files a version published (what a later prune deletes). */
const Files = Type.Array(
  Type.Object({ path: Type.String({ minLength: 1, maxLength: 512 }), size: Type.Integer({ minimum: 0 }) }),
  { maxItems: 20_000 },
);

/** `POST /api/_deploy/apply`: one registry switch. */
export const DeployCommandSchema = Type.Union([
  Type.Object({ action: Type.Literal('deploy'), app: App, version: Version, files: Type.Optional(Files) }),
  Type.Object({
    action: Type.Literal('canary'),
    app: App,
    version: Version,
    weight: Type.Integer({ minimum: 0, maximum: 100 }),
    files: Type.Optional(Files),
    steps: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), { minItems: 1, maxItems: 10 }),
    ),
  }),
  Type.Object({ action: Type.Literal('promote'), app: App }),
  Type.Object({ action: Type.Literal('rollback'), app: App }),
]);
export type DeployCommand = Static<typeof DeployCommandSchema>;

const DeployAppStateSchema = Type.Object({
  current: Type.String(),
  history: Type.Array(Type.String()),
  canary: Type.Optional(
    Type.Object({
      version: Type.String(),
      weight: Type.Integer(),
      since: Type.String(),
      steps: Type.Optional(Type.Array(Type.Integer())),
    }),
  ),
});
/** `GET /api/_deploy/state`: every app's current version, history and canary, and the published versions. */
export const DeployStateSchema = Type.Object({
  apps: Type.Record(Type.String(), DeployAppStateSchema),
  published: Type.Record(Type.String(), Type.Array(Type.String())),
});
export type DeployState = Static<typeof DeployStateSchema>;

/** What `POST /api/_deploy/apply` answers: the switch done (its lines, the current version, what was pruned), or why not. */
export const DeployOutcomeSchema = Type.Union([
  Type.Object({
    ok: Type.Literal(true),
    lines: Type.Array(Type.String()),
    current: Type.Union([Type.String(), Type.Null()]),
    pruned: Type.Array(Type.Object({ app: Type.String(), version: Type.String(), files: Files })),
  }),
  Type.Object({ ok: Type.Literal(false), refused: Type.String() }),
]);
export type DeployOutcome = Static<typeof DeployOutcomeSchema>;
