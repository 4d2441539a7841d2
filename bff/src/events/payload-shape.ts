/**
 * Webhook payloads are refused past these bounds before anything is stored. ACA-Py's deepest record
 * (a presentation with its proof, under `--debug-webhooks`) nests about 12 levels; its widest holds one
 * entry per requested attribute. A payload past them is not an agent's: serialising it again for every
 * browser would exhaust the stack (a 12 KB array nested 6,000 deep did) or the CPU.
 */
export const WEBHOOK_MAX_DEPTH = 64;
export const WEBHOOK_MAX_WIDTH = 10_000;

/**
 * What is wrong with the shape of `value`, or undefined when it is within the bounds. Walks without
 * recursion, so the check itself cannot run out of stack.
 */
export function payloadShapeProblem(value: unknown, maxDepth = WEBHOOK_MAX_DEPTH, maxWidth = WEBHOOK_MAX_WIDTH): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return `nests deeper than ${maxDepth} levels`;
    const children = Array.isArray(node) ? (node as unknown[]) : Object.values(node);
    if (children.length > maxWidth) return `holds more than ${maxWidth} entries in one ${Array.isArray(node) ? 'array' : 'object'}`;
    for (const child of children) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return undefined;
}
