import { useCallback, useEffect, useRef, useState } from 'react';
import { selectTypingUntil, useAppSelector } from '@dating/shared';
import { useSendTypingMutation } from '../api/messages-api';

/** The other side shows "typing" for 5 s per event (shared `TYPING_SHOWN_MS`): tell it at most every 3 s. */
export const TYPING_EVERY_MS = 3_000;

/** Returns a callback for each keystroke that tells the other member, throttled. */
export function useTypingNotifier(conversation: number | undefined) {
  const [sendTyping] = useSendTypingMutation();
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (conversation === undefined || now - last.current < TYPING_EVERY_MS) return;
    last.current = now;
    void sendTyping({ conversation });
  }, [conversation, sendTyping]);
}

/** Whether the other member is typing in this conversation now (from the live `typing` events). */
export function useIsTyping(conversation: number | undefined): boolean {
  const until = useAppSelector((state) =>
    conversation === undefined ? 0 : selectTypingUntil(state, conversation),
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return undefined;
    setNow(Date.now());
    // Re-render once it runs out, so the indicator disappears without a new event.
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until > now;
}
