/**
 * A discount code that arrived in a link (`?code=` on any page: a mail, a lander, an ad), kept for the visit so the
 * credits page checks it with `discountcode.php` and the order carries it, however the member got there
 * (docs/adr/0029-phone-first-banners-and-settings.md).
 */
const STORAGE_KEY = 'discount-link';
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The code and the query of the page it came with (docs/product/calls-and-errors.md: the page's query is passed to discountcode.php). */
export interface LinkedCode {
  code: string;
  query: Record<string, string>;
}

function read(): LinkedCode | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<LinkedCode>) : null;
    return value && typeof value.code === 'string' && CODE_PATTERN.test(value.code)
      ? { code: value.code, query: value.query ?? {} }
      : null;
  } catch {
    return null;
  }
}

let memory: LinkedCode | null = null;

/** Remembers `?code=` of the address (a newer link replaces an older one); returns the code kept for the visit. */
export function captureLinkedCode(search: string): LinkedCode | null {
  const params = new URLSearchParams(search);
  const code = params.get('code')?.trim();
  if (code && CODE_PATTERN.test(code)) {
    const query: Record<string, string> = {};
    for (const [key, value] of params) if (key.length <= 32) query[key] = value.slice(0, 100);
    query.code = code;
    memory = { code, query };
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory));
    } catch {
      // Private mode without storage: the code is kept in memory for this page's life.
    }
    return memory;
  }
  return linkedCode();
}

export function linkedCode(): LinkedCode | null {
  if (typeof window === 'undefined') return null;
  return read() ?? memory;
}

/** After the order was placed with it, or when the server says it is unknown or used. */
export function forgetLinkedCode(): void {
  memory = null;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
