import { useLiveChannel } from '../live/use-live-channel';
import { useSessionPolling } from './use-polling';

/**
 * What keeps a logged-in member's session current: the live channel, and polling while it is down
 * (docs/adr/0008-live-channel.md). Rendered by the root route only while someone is logged in, from the member
 * chunk (routes/build-routes.tsx), so a visitor's first load does not carry it (docs/adr/0016-first-load-budget.md);
 * it unmounts at logout, which closes the channel and stops the polling.
 */
export function MemberSession() {
  const liveUp = useLiveChannel(true);
  useSessionPolling(liveUp);
  return null;
}
