import { TRACKING_KEYS, type SignupTracking } from '@dating/shared';

export { captureTracking } from '@dating/shared';

/** For the `signups: with_trafficsource` setting, any tracking value of the visit counts as a traffic source. */
export function hasTrafficSource(tracking: SignupTracking): boolean {
  return TRACKING_KEYS.some((key) => Boolean(tracking[key]));
}
