import { yieldToMain } from './yield-to-main';

const withScheduler = (value: unknown) => {
  Object.defineProperty(globalThis, 'scheduler', { value, configurable: true, writable: true });
};

afterEach(() => {
  delete (globalThis as { scheduler?: unknown }).scheduler;
});

test('the code after it runs in a later task: a task queued before it has run by then', async () => {
  let queued = false;
  setTimeout(() => {
    queued = true;
  }, 0);
  await Promise.resolve();
  expect(queued).toBe(false);
  await yieldToMain();
  expect(queued).toBe(true);
});

test("uses the browser's scheduler.yield where there is one", async () => {
  const yieldFn = jest.fn(() => Promise.resolve());
  withScheduler({ yield: yieldFn });
  await yieldToMain();
  expect(yieldFn).toHaveBeenCalledTimes(1);
});
