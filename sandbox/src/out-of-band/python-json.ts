/**
 * JSON as Python's `json.dumps` writes it by default (`", "` and `": "` separators, non-ASCII as
 * `\uXXXX`): what ACA-Py encodes into an invitation URL (InvitationMessage.to_url → to_json).
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return asciiOnly(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${asciiOnly(JSON.stringify(k))}: ${pythonJsonDumps(v)}`).join(', ')}}`;
}

function asciiOnly(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
