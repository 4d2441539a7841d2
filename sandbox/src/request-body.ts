import type { Context } from 'hono';
import { agentError, validationError } from './agent-errors.js';
import { uuid4Message } from './validation.js';

const MISSING = 'Missing data for required field.';

/**
 * Reads a JSON body the way the agent's handlers do: an empty body is a 500 (they call
 * `request.json()` unguarded), malformed JSON a 422, and required fields are checked by marshmallow.
 */
export async function readBody(c: Context, options: { allowEmpty?: boolean } = {}): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (options.allowEmpty) return {};
    throw agentError(500, 'Internal Server Error');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError('json', { _schema: ['Invalid JSON body.'] });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw validationError('json', { _schema: ['Invalid input type.'] });
  }
  return value as Record<string, unknown>;
}

/** Marshmallow-like checks of a body's fields; collects every problem, then throws one 422. */
export class BodyChecks {
  private readonly errors: Record<string, unknown> = {};

  constructor(private readonly body: Record<string, unknown>) {}

  required(...fields: string[]): this {
    for (const field of fields) if (this.body[field] === undefined || this.body[field] === null) this.errors[field] = [MISSING];
    return this;
  }

  uuid(field: string): this {
    const value = this.body[field];
    if (value !== undefined && (typeof value !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value))) {
      this.errors[field] = [uuid4Message(typeof value === 'string' ? value : JSON.stringify(value))];
    }
    return this;
  }

  strings(...fields: string[]): this {
    for (const field of fields) {
      const value = this.body[field];
      if (value !== undefined && value !== null && typeof value !== 'string') this.errors[field] = ['Not a valid string.'];
    }
    return this;
  }

  booleans(...fields: string[]): this {
    for (const field of fields) {
      const value = this.body[field];
      if (value !== undefined && typeof value !== 'boolean') this.errors[field] = ['Not a valid boolean.'];
    }
    return this;
  }

  /** A `filter` must be an object holding at least one format. */
  filter(field = 'filter'): this {
    const value = this.body[field];
    if (value === undefined) return this;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.errors[field] = { _schema: ['Invalid input type.'] };
    } else if (!['indy', 'anoncreds', 'ld_proof', 'vc_di'].some((k) => k in value)) {
      this.errors[field] = { _schema: ['V20CredFilterSchema requires indy, anoncreds, ld_proof, vc_di or a combination thereof'] };
    }
    return this;
  }

  /** A credential preview: `attributes`, each with a name and a value. */
  preview(field: string): this {
    const value = this.body[field] as { attributes?: unknown } | undefined;
    if (value === undefined || value === null) return this;
    const attributes = value.attributes;
    if (!Array.isArray(attributes)) {
      this.errors[field] = { attributes: [MISSING] };
      return this;
    }
    const bad: Record<string, unknown> = {};
    attributes.forEach((a: { name?: unknown; value?: unknown }, i) => {
      const problems: Record<string, string[]> = {};
      if (typeof a?.name !== 'string') problems.name = [MISSING];
      if (typeof a?.value !== 'string') problems.value = [MISSING];
      if (Object.keys(problems).length) bad[i] = problems;
    });
    if (Object.keys(bad).length) this.errors[field] = { attributes: bad };
    return this;
  }

  done(): Record<string, unknown> {
    if (Object.keys(this.errors).length > 0) throw validationError('json', this.errors);
    return this.body;
  }
}
