import type { Page } from '@playwright/test';

export interface ConsoleProblem {
  kind: 'console' | 'pageerror';
  text: string;
  url: string;
}

/**
 * Collects what a user's browser would report as broken: `console.error` messages (including failed resource
 * loads, which Chromium logs as errors) and uncaught exceptions. Start it before the first `goto`.
 */
export function collectConsoleErrors(page: Page): ConsoleProblem[] {
  const problems: ConsoleProblem[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const location = message.location();
    problems.push({ kind: 'console', text: message.text(), url: location.url || page.url() });
  });
  page.on('pageerror', (error) => {
    problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() });
  });
  return problems;
}

/** One line per problem, for a readable assertion message. */
export function formatProblems(problems: ConsoleProblem[]): string {
  return problems.map((p) => `[${p.kind}] ${p.text} (${p.url})`).join('\n');
}
