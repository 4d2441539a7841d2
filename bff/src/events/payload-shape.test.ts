import { describe, expect, it } from 'vitest';
import { payloadShapeProblem, WEBHOOK_MAX_DEPTH, WEBHOOK_MAX_WIDTH } from './payload-shape.js';

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('payloadShapeProblem', () => {
  it('accepts a record as deep and wide as the bounds', () => {
    expect(payloadShapeProblem({ a: nested(WEBHOOK_MAX_DEPTH - 1) })).toBeUndefined();
    expect(payloadShapeProblem({ list: Array.from({ length: WEBHOOK_MAX_WIDTH }, (_, i) => ({ i })) })).toBeUndefined();
  });

  it('names a payload nested past the bound, however deep, without running out of stack', () => {
    expect(payloadShapeProblem({ a: nested(WEBHOOK_MAX_DEPTH) })).toBe(`nests deeper than ${WEBHOOK_MAX_DEPTH} levels`);
    expect(payloadShapeProblem(nested(1_000_000))).toBe(`nests deeper than ${WEBHOOK_MAX_DEPTH} levels`);
  });

  it('names an array or object wider than the bound', () => {
    expect(payloadShapeProblem({ a: new Array(WEBHOOK_MAX_WIDTH + 1).fill(1) })).toMatch(/more than .* entries in one array/);
    expect(payloadShapeProblem(Object.fromEntries(Array.from({ length: WEBHOOK_MAX_WIDTH + 1 }, (_, i) => [`k${i}`, i])))).toMatch(/in one object/);
  });
});
