/**
 * `npm run experiment-report -- <app> [--json]`: visits, signups, activations and first purchases per version and
 * per lander of an app's experiment, with 95 % confidence intervals (the same numbers as `/api/experiments.php`).
 *
 * Uses the server's database (DATABASE_URL, else the PGlite files in $DATA_DIR/db). PGlite allows one process at a
 * time: with the embedded database, stop the server first, or read the JSON endpoint as an operator.
 */
import type { ExperimentCounts, ExperimentReport } from '@dating/shared/contract/index';
import { commandConfig, runCommand, withDatabase } from '../../lib/cli';
import { createRegistry } from '../sites';
import { createStorage } from '../../lib/storage';
import { createExperimentsService } from './service';
import type { FastifyBaseLogger } from 'fastify';
import { createCanaryGuard, registryRolloutActions } from './guard';
import { rolloutsReport, type RolloutsReport } from './rollouts';
import { createTelemetryService } from './telemetry';
import { guardPolicy } from './config';

const APPS = ['mf-landers', 'mf-members', 'mf-chat', 'mf-payments', 'mf-account'];
const USAGE = `usage: npm run experiment-report -- <app> [--json]   (app: ${APPS.join(', ')})`;

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const rate = (r: ExperimentCounts['rates']['signup']) => `${pct(r.value)} [${pct(r.low)}–${pct(r.high)}]`;

function line(label: string, c: ExperimentCounts): string {
  return [
    label.padEnd(28),
    String(c.visits).padStart(7),
    `${String(c.signups).padStart(6)} ${rate(c.rates.signup).padEnd(26)}`,
    `${String(c.activations).padStart(6)} ${rate(c.rates.activation).padEnd(26)}`,
    `${String(c.first_purchases).padStart(6)} ${rate(c.rates.first_purchase)}`,
  ].join(' ');
}

export function formatReport(report: ExperimentReport): string {
  const out = [
    `${report.app}: stable ${report.stable ?? '(none)'}` +
      (report.canary ? `, canary ${report.canary.version} at ${report.canary.weight} %` : ', no canary'),
    '',
    `${'version / lander'.padEnd(28)}  visits signups (rate, 95 % CI)         activations                       first purchases`,
  ];
  if (!report.versions.length) out.push('(no visits recorded yet)');
  for (const version of report.versions) {
    out.push(line(`${version.version} (${version.role})`, version));
    for (const variant of version.variants) out.push(line(`  ${variant.variant}`, variant));
  }
  return out.join('\n');
}

export async function experimentReport(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out = console,
): Promise<number> {
  const json = argv.includes('--json');
  const [app, ...rest] = argv.filter((arg) => arg !== '--json');
  if (!app || rest.length || !APPS.includes(app)) {
    out.error(USAGE);
    return 2;
  }
  const config = commandConfig(env);
  return withDatabase(config, async (database) => {
    const registry = createRegistry({
      db: database.db,
      raw: database.raw,
      storage: createStorage(config.storage),
    });
    await registry.reload();
    const service = createExperimentsService(database.db, { registry, raw: database.raw });
    const report = await service.report(app);
    // The canary guard's rollouts of this app (ADR 0032): arms, weights, the last evaluation and every decision.
    const telemetry = createTelemetryService(database.db);
    const guard = createCanaryGuard(database.db, {
      telemetry,
      actions: registryRolloutActions(registry),
      log: silentLog,
      policy: guardPolicy(config),
    });
    const rollouts = (
      await rolloutsReport({
        guard,
        telemetry,
        readFile: (name, version, file) => registry.readFile(name, version, file),
      })
    ).filter((r) => r.app === app);
    out.log(
      json
        ? JSON.stringify({ ...report, rollouts }, null, 2)
        : `${formatReport(report)}\n${formatRollouts(rollouts)}`,
    );
    return 0;
  });
}

const silentLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/** The rollouts as text: one block per rollout, its last evaluation and its decisions with their reasons. */
export function formatRollouts(rollouts: RolloutsReport): string {
  if (!rollouts.length) return 'Rollouts: none';
  const arm = (a: Record<string, unknown> | undefined) =>
    a
      ? `views ${a.pageViews}, error views ${a.errorViews}, load failures ${a.loadFailureViews}, LCP p75 ${a.lcp_p75 ?? '–'} ms` +
        (a.visits !== undefined ? `, signups ${a.signups}/${a.visits}` : '')
      : '–';
  const lines = ['Rollouts (canary guard):'];
  for (const r of rollouts) {
    lines.push(
      `  #${r.id} ${r.app} ${r.stable_version} → ${r.canary_version}: ${r.status}, weight ${r.weight} % of steps ${r.steps.join(',')}`,
    );
    const last = r.last_decision as {
      action: string;
      reason: string;
      stable?: Record<string, unknown>;
      canary?: Record<string, unknown>;
    } | null;
    if (last) {
      lines.push(`    last evaluation: ${last.action} (${last.reason})`);
      lines.push(`      stable: ${arm(last.stable)}`, `      canary: ${arm(last.canary)}`);
    }
    for (const d of r.decisions) {
      lines.push(
        `    ${new Date(d.at).toISOString()} ${d.action} ${d.weight_before} → ${d.weight_after ?? '–'} %: ${d.reason}`,
      );
    }
    for (const e of r.topErrors) {
      lines.push(`    error ×${e.count} ${e.kind}: ${e.message}`);
      for (const f of e.frames.slice(0, 3)) lines.push(`      ${f.source ?? f.raw}`);
    }
  }
  return lines.join('\n');
}

runCommand(module, /report-cli\.[tj]s$/, experimentReport);
