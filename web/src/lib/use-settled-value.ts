import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: what is asked as someone types is asked once, not per key. */
export function useSettledValue<T extends string | number | boolean>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
