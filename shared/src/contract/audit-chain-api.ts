import { z } from '../zod.js';
import { auditRangeExportQuerySchema, auditVerifySchema } from '../audit-chain.js';
import { areaRoles } from '../permissions.js';
import { route } from './route.js';

/** The audit log's integrity (decision 036): whoever reads a log may check it and take a period of it away as a file. */
export const auditChainApi = {
  auditVerify: route({ method: 'GET', path: '/audit/verify', access: areaRoles.audit, response: auditVerifySchema }),
  /** A period of the log as CSV or JSON Lines (oldest first), downloaded through a link rather than read by callApi. */
  auditRangeExport: route({ method: 'GET', path: '/audit/export', access: areaRoles.audit, query: auditRangeExportQuerySchema, response: z.string() }),
} as const;
