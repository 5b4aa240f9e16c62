/**
 * Ends the current task so the browser can paint and handle a tap before the next step runs. The shell's start-up
 * is a chain of awaits; promises alone continue in the same task, so without this the whole start-up (evaluating
 * React, the shared library, the store, the texts, the router) is one long task on a slow phone (docs/adr/0030).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
