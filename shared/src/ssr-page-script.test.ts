import {
  BOOT_FALLBACK_MS,
  SSR_PAGE_SCRIPT,
  takeSubmitBeforeHydration,
  takeTapBeforeHydration,
} from './ssr-page-script';

// The script the server writes into the head of a server-rendered page, run as the browser runs it.
beforeEach(() => {
  document.body.innerHTML =
    '<main><button id="cta" data-signup-source="home"><span>Gratis aanmelden</span></button>' +
    '<button id="other" data-signup-source="lander:gallery">Meld je aan</button><a id="login" href="#login">Inloggen</a></main>';
  new Function(SSR_PAGE_SCRIPT)();
});

const el = (id: string) => document.getElementById(id);

test('a tap on a signup button before it was hydrated is taken once, by that button only', () => {
  el('cta')!.querySelector('span')!.click();
  expect(takeTapBeforeHydration(el('other'))).toBe(false);
  expect(takeTapBeforeHydration(el('cta'))).toBe(true);
  // Taken: a second check (a remount, React's strict mode) does not open the modal again.
  expect(takeTapBeforeHydration(el('cta'))).toBe(false);
});

test('the last signup button tapped is the one kept; other clicks are not recorded', () => {
  el('cta')!.click();
  el('other')!.click();
  el('login')!.click();
  expect(takeTapBeforeHydration(el('cta'))).toBe(false);
  expect(takeTapBeforeHydration(el('other'))).toBe(true);
});

test('a marked form submitted before hydration is not sent by the browser and is taken once; others are sent', () => {
  document.body.innerHTML =
    '<form id="login" data-submit-before-hydration><input name="password" value="x"><button id="go">Go</button></form>' +
    '<form id="plain"><button id="send">Send</button></form>';
  const submitted = (id: string) => {
    const event = new Event('submit', { bubbles: true, cancelable: true });
    el(id)!.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(submitted('login')).toBe(true);
  expect(submitted('plain')).toBe(false);
  expect(takeSubmitBeforeHydration(el('plain'))).toBe(false);
  expect(takeSubmitBeforeHydration(el('login'))).toBe(true);
  expect(takeSubmitBeforeHydration(el('login'))).toBe(false);
});

test('without the inline script (a page the browser rendered) nothing is taken', () => {
  delete (window as unknown as Record<string, unknown>).__earlySignupTaps;
  el('cta')!.click();
  expect(takeTapBeforeHydration(el('cta'))).toBe(false);
  expect(takeTapBeforeHydration(null)).toBe(false);
});

test('the shell’s scripts are added in order once the page is parsed and painted, or after the fallback', () => {
  jest.useFakeTimers();
  try {
    document.head.innerHTML =
      '<meta name="shell-script" content="/remotes/shell/1/main.js"><meta name="shell-script" content="/remotes/shell/1/b.js">';
    const added = () =>
      [...document.head.querySelectorAll('script')].map((s) => [s.getAttribute('src'), s.async]);
    // jsdom has no paint timing: the script falls back to the timer (a tab that paints nothing).
    new Function(SSR_PAGE_SCRIPT)();
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(BOOT_FALLBACK_MS);
    expect(added()).toEqual([
      ['/remotes/shell/1/main.js', false],
      ['/remotes/shell/1/b.js', false],
    ]);
    // Once only.
    jest.advanceTimersByTime(BOOT_FALLBACK_MS * 2);
    expect(added()).toHaveLength(2);
  } finally {
    jest.useRealTimers();
    document.head.innerHTML = '';
  }
});
