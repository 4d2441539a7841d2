import { issuedStatuses, registerCredentialQuerySchema, type IssuedStatus, type RegisterCredentialExportQuery } from '@credence/shared';

import { PAGE_SIZES } from '../../components/exchange-list/list-params';
import { inMyTimeZone } from '../../lib/time-zone';

/** The same sizes as the exchange lists: long pages are virtualised. */
export const ISSUED_PAGE_SIZES = PAGE_SIZES;
const DEFAULT_SIZE = 25;

export interface IssuedParams {
  q?: string;
  status?: IssuedStatus;
  cred_def_id?: string;
  /** One holder: everything issued on one connection ("only theirs", a connection's page). */
  connection_id?: string;
  /** One credential: the one an exchange issued (linked from wherever that exchange is shown). */
  cred_ex_id?: string;
  offset: number;
  size: number;
}

/** The Issued page's search, filters and page from its URL; anything the register would refuse is left out. */
export function parseIssuedParams(search: URLSearchParams): IssuedParams {
  const params: IssuedParams = { offset: 0, size: DEFAULT_SIZE };
  const q = search.get('q')?.trim();
  if (q && registerCredentialQuerySchema.shape.q.safeParse(q).success) params.q = q.slice(0, 200);
  const status = search.get('status');
  if (status && (issuedStatuses as readonly string[]).includes(status)) params.status = status as IssuedStatus;
  const credDefId = search.get('cred_def_id')?.trim();
  if (credDefId && credDefId.length <= 500) params.cred_def_id = credDefId;
  const connectionId = search.get('connection_id')?.trim();
  if (connectionId && registerCredentialQuerySchema.shape.connection_id.safeParse(connectionId).success) params.connection_id = connectionId;
  const credExId = search.get('cred_ex_id')?.trim();
  if (credExId && registerCredentialQuerySchema.shape.cred_ex_id.safeParse(credExId).success) params.cred_ex_id = credExId;
  const size = Number(search.get('size'));
  if ((ISSUED_PAGE_SIZES as readonly number[]).includes(size)) params.size = size;
  const offset = Number(search.get('offset'));
  if (Number.isInteger(offset) && offset > 0 && offset <= 10_000_000) params.offset = offset;
  return params;
}

/** The address these params make, defaults left out. */
export function searchOfIssuedParams(params: IssuedParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['q', 'status', 'cred_def_id', 'connection_id', 'cred_ex_id'] as const) if (params[key]) search.set(key, params[key]);
  if (params.size !== DEFAULT_SIZE) search.set('size', String(params.size));
  if (params.offset > 0) search.set('offset', String(params.offset));
  return search;
}

/** The page's address for these params. */
export function issuedHref(params: IssuedParams): string {
  const search = searchOfIssuedParams(params).toString();
  return search ? `/issued?${search}` : '/issued';
}

/** The same filters, as the URL of the CSV export of every matching credential. */
export function issuedExportHref(params: IssuedParams): string {
  const filters: RegisterCredentialExportQuery = {
    sort: '-issued',
    ...(params.q && { q: params.q }),
    ...(params.status && { status: params.status }),
    ...(params.cred_def_id && { cred_def_id: params.cred_def_id }),
    ...(params.connection_id && { connection_id: params.connection_id }),
    ...(params.cred_ex_id && { cred_ex_id: params.cred_ex_id }),
  };
  return inMyTimeZone(`/api/register/credentials/export.csv?${new URLSearchParams(filters).toString()}`);
}
