import { useCallback, useState } from 'react';
import { SWIPE_LIKES_PER_DAY } from '@dating/shared';

const STORAGE_KEY = 'swipe-game-likes';

interface DailyLikes {
  day: string;
  count: number;
}

/** The local calendar day, so 'tomorrow' is the visitor's own tomorrow. */
function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function read(): DailyLikes {
  try {
    const stored = JSON.parse(
      window.localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<DailyLikes> | null;
    if (stored && stored.day === today() && typeof stored.count === 'number')
      return { day: stored.day, count: stored.count };
  } catch {
    // Unreadable storage counts as a fresh day.
  }
  return { day: today(), count: 0 };
}

/** The swipe game's 4 likes per day (SPEC §1, §9), counted per calendar day in localStorage. */
export function useDailyLikes() {
  const [likes, setLikes] = useState(read);
  const current = likes.day === today() ? likes.count : 0;

  const like = useCallback(() => {
    const next = { day: today(), count: read().count + 1 };
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode without storage: the limit then holds for this page view only.
    }
    setLikes(next);
  }, []);

  return { left: Math.max(0, SWIPE_LIKES_PER_DAY - current), like };
}
