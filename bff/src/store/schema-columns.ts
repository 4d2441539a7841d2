import type { ColumnType } from 'kysely';
import type { TenantId } from '../tenancy/tenant.js';

/** Timestamps are written as Date and read back as Date (pg parses timestamptz). */
export type Timestamp = ColumnType<Date, Date, Date>;
/** A nullable column that may be left out of an insert (it has a default or may be null). */
export type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** Whose row it is (migration 021): required on insert, never changed. */
export type Tenant = ColumnType<TenantId, TenantId, never>;
