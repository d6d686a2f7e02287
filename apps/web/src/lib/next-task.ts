/*
 * Ends the current task and goes on in a new one, so that start-up is a few tasks of moderate length
 * rather than one long one: in between the browser may paint or take a tap, and a phone's main
 * thread is never held for the whole of it at once. scheduler.yield() (Chromium) goes on ahead of
 * other queued work; elsewhere a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
