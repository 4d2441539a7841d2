import { registerExchangeQuerySchema } from '@credence/shared';
import type { FilterKey } from './list-params';

/** Whether the register accepts `value` for the filter `key`: its query schema's own rule (loaded with zod, only when an address has filters). */
export const acceptsFilter = (key: FilterKey, value: string): boolean => registerExchangeQuerySchema.shape[key].safeParse(value).success;
