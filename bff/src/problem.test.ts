import { problemSchema } from '@credence/shared';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, problemResponse, ProblemError } from './problem.js';

function appThrowing(error: ProblemError) {
  return new Hono()
    .get('/', () => {
      throw error;
    })
    .onError((e) => problemResponse((e as ProblemError).problem));
}

describe('problems a person reads', () => {
  it('carry a stable code and its parameters beside the English detail, for the browser to word', async () => {
    const tooLarge = new ProblemError(413, 'The file is 2,000 bytes; at most 1,000 bytes can be sent at once.', {
      title: 'File too large',
      code: 'batch.fileTooLarge',
      params: { bytes: 2000, limit: 1000 },
    });
    const res = await appThrowing(tooLarge).request('/');
    const body = problemSchema.parse(await res.json());
    expect(body).toEqual({
      type: 'about:blank',
      title: 'File too large',
      status: 413,
      detail: 'The file is 2,000 bytes; at most 1,000 bytes can be sent at once.',
      code: 'batch.fileTooLarge',
      params: { bytes: 2000, limit: 1000 },
    });
  });

  it('leave out params when the code has none', () => {
    expect(new ProblemError(401, 'Wrong username or password.', { code: 'session.wrongPassword' }).problem).toEqual({
      type: 'about:blank',
      title: 'Not logged in',
      status: 401,
      detail: 'Wrong username or password.',
      code: 'session.wrongPassword',
    });
  });

  it('name a bad request’s fields, an unknown one with a code of its own and a schema’s message as written', () => {
    const parsed = z.strictObject({ limit: z.number().min(1, 'must be at least 1') }).safeParse({ limit: 0, sate: 'done' });
    const problem = badRequest(parsed.error!, 'query').problem;
    expect(problem).toMatchObject({ status: 400, code: 'request.invalid', params: { fields: 'query.limit, query.sate' } });
    expect(problem.errors).toEqual([
      { path: 'query.limit', message: 'must be at least 1' },
      { path: 'query.sate', message: 'Unknown field', code: 'field.unknown' },
    ]);
  });
});
