import type { Page } from '@playwright/test';

/** `/remotes/<app>/<version>/<file>` → its parts; null for any other URL. */
export function remoteAsset(url: string): { app: string; version: string; file: string } | null {
  const match = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(new URL(url).pathname);
  return match ? { app: match[1]!, version: match[2]!, file: match[3]! } : null;
}

/** Records the URL of every request the page makes (including failed and aborted ones), in order. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The apps (`shell`, `mf-landers`, …) whose deployed files were requested. */
export function requestedApps(urls: string[]): Set<string> {
  const apps = new Set<string>();
  for (const url of urls) {
    const asset = remoteAsset(url);
    if (asset) apps.add(asset.app);
  }
  return apps;
}
