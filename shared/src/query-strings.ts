/** Query values as the agent expects them on the wire (`true`, `100`), without the unset ones. */
export function queryToStrings(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}
