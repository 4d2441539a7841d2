import { describe, expect, it } from 'vitest';
import { IntakeGate } from './intake-gate.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('IntakeGate', () => {
  it('takes in at most its number at once, the others in the order they came', async () => {
    const gate = new IntakeGate(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const all = [0, 1, 2, 3, 4].map((n) =>
      gate.admit(async () => {
        started.push(n);
        await new Promise<void>((resolve) => (finish[n] = resolve));
        return n;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    finish[1]!();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    finish[0]!();
    finish[2]!();
    await turn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]!();
    finish[4]!();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the turn on when an intake fails', async () => {
    const gate = new IntakeGate(1);
    const refused = gate.admit(() => Promise.reject(new Error('not JSON')));
    const next = gate.admit(() => Promise.resolve('taken'));
    await expect(refused).rejects.toThrow('not JSON');
    expect(await next).toBe('taken');
  });

  it('waits until what is on its way to the browsers has been handed out', async () => {
    let handOut!: () => void;
    const handedOut = new Promise<void>((resolve) => (handOut = resolve));
    const gate = new IntakeGate(4, { settled: () => handedOut });
    let taken = false;
    const intake = gate.admit(() => Promise.resolve((taken = true)));
    await turn();
    expect(taken).toBe(false);
    handOut();
    await intake;
    expect(taken).toBe(true);
  });
});
