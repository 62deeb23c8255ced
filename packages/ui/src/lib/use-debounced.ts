import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs` (typing in a field asks the server once, not per
 * key). Values are compared by their JSON (and must be plain data), so a new object with the same
 * content is no change.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value) ?? 'null';
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
