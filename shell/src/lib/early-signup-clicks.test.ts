import { signupModalOpened } from '@dating/shared';
import { recordEarlySignupClicks } from './early-signup-clicks';

test('a tap on a signup button before hydration opens the modal once the page is hydrated', () => {
  document.body.innerHTML =
    '<main><button data-signup-source="home"><span>Gratis aanmelden</span></button></main>';
  const early = recordEarlySignupClicks();
  document.querySelector('span')!.click();
  expect(early.stop()).toEqual(signupModalOpened({ source: 'home' }));
  // Stopped: later clicks are React's.
  const again = recordEarlySignupClicks();
  expect(again.stop()).toBeNull();
});

test('other clicks before hydration open nothing, and nothing is recorded after stop', () => {
  document.body.innerHTML =
    '<main><a href="#x">Inloggen</a><button data-signup-source="lander:gallery">Go</button></main>';
  const early = recordEarlySignupClicks();
  document.querySelector('a')!.click();
  const action = early.stop();
  document.querySelector('button')!.click();
  expect(action).toBeNull();
});
