import { validationError, type ValidationLocation } from './agent-errors.js';

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const uuid4Message = (value: string) => `Value ${value} is not UUID4 (8-4-4-4-12 hexadecimal digits with digit#13=4 and digit#17=[89ab])`;

const TRUE = new Set(['true', 'True', 'TRUE', '1', 'yes', 'on', 't', 'y']);
const FALSE = new Set(['false', 'False', 'FALSE', '0', 'no', 'off', 'f', 'n']);

/** Collects marshmallow-style field errors, then throws them all as one 422. */
export class FieldChecks {
  private readonly errors: Record<string, string[]> = {};

  constructor(private readonly location: ValidationLocation) {}

  fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  uuid4(field: string, value: string | undefined): string | undefined {
    if (value !== undefined && !UUID4.test(value)) this.fail(field, uuid4Message(value));
    return value;
  }

  oneOf(field: string, value: string | undefined, allowed: readonly string[]): string | undefined {
    if (value !== undefined && !allowed.includes(value)) this.fail(field, `Must be one of: ${allowed.join(', ')}.`);
    return value;
  }

  integer(field: string, value: string | undefined, fallback: number, min: number, max?: number): number {
    if (value === undefined) return fallback;
    if (!/^\s*-?\d+\s*$/.test(value)) {
      this.fail(field, 'Not a valid integer.');
      return fallback;
    }
    const n = Number(value);
    if (n < min || (max !== undefined && n > max)) {
      this.fail(
        field,
        max === undefined ? `Must be greater than or equal to ${min}.` : `Must be greater than or equal to ${min} and less than or equal to ${max}.`,
      );
    }
    return n;
  }

  boolean(field: string, value: string | undefined, fallback: boolean): boolean {
    if (value === undefined) return fallback;
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    this.fail(field, 'Not a valid boolean.');
    return fallback;
  }

  /** Throws the 422 if anything failed. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw validationError(this.location, this.errors);
  }
}
