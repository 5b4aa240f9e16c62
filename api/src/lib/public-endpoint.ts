import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Names that only mean something inside a network (RFC 6761/6762, common private zones). */
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'test',
  'invalid',
  'example',
  'onion',
  'arpa',
];

/**
 * A push endpoint the server may call: https on the default port, a public DNS name or a public unicast address,
 * no credentials in the URL. Anything else would let a member make the server send requests into its own network
 * (server-side request forgery through Web Push).
 */
export function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (url.port && url.port !== '443') return false;
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(host)) {
    const address = ipaddr.process(host);
    return address.range() === 'unicast';
  }
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => !/^[a-z0-9-]{1,63}$/.test(label))) return false;
  // Numeric last label: an IPv4 address in another spelling (0x7f.1, 2130706433.com is fine, 127.1 is not).
  if (/^[0-9]+$/.test(labels[labels.length - 1]!) || /^0x/i.test(labels[labels.length - 1]!)) return false;
  return !PRIVATE_SUFFIXES.includes(labels[labels.length - 1]!);
}
