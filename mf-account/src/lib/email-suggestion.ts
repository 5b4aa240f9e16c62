/** Domains most members use; a typo close to one of these gets a "did you mean" hint. */
const COMMON_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.nl',
  'outlook.com',
  'outlook.nl',
  'live.nl',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'home.nl',
  'telenet.be',
  'skynet.be',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'aol.com',
  'protonmail.com',
  'me.com',
];

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((row[j - 1] ?? 0) + 1, current + 1, previous + cost);
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** `jan@gmial.com` → `jan@gmail.com`; null when the domain looks right or is not close to a common one. */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1 || at === trimmed.length - 1) return null;
  const domain = trimmed.slice(at + 1);
  if (COMMON_DOMAINS.includes(domain)) return null;
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of COMMON_DOMAINS) {
    const d = distance(domain, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best ? `${trimmed.slice(0, at)}@${best}` : null;
}
