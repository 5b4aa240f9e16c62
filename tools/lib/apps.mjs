// The apps of the site and where their files live. Folder names are the registry keys (docs/adr/0001-module-federation.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Build order: the shell first (the other engineers' e2e needs it most), then the remotes. */
export const APPS = ['shell', 'mf-landers', 'mf-members', 'mf-chat', 'mf-payments', 'mf-account', 'mf-staff'];

/** `mf-chat`, `@dating/mf-chat`, `mf_chat` → `mf-chat`; throws on anything else. */
export function appFolder(name) {
  const folder = String(name)
    .replace(/^@dating\//, '')
    .replace(/\/+$/, '')
    .replace(/_/g, '-');
  if (!APPS.includes(folder)) {
    throw new Error(`Unknown app "${name}". Apps: ${APPS.join(', ')}`);
  }
  return folder;
}

export function federationName(folder) {
  return folder.replace(/-/g, '_');
}

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || 'data');
}
