import { z } from '../zod.js';
import { areaRoles } from '../permissions.js';
import { connectionIdParamsSchema, connectionListQuerySchema } from '../queries.js';
import { connectionListSchema, connectionRecordSchema } from '../records.js';
import {
  createInvitationBodySchema,
  createInvitationQuerySchema,
  invitationMessageSchema,
  invitationRecordSchema,
  oobRecordListSchema,
  oobRecordSchema,
  oobRecordsQuerySchema,
  receiveInvitationQuerySchema,
} from '../out-of-band.js';
import { agentRoute } from './route.js';

/** The agent's `{}` answer to a removal: nothing the console reads. */
const agentAckSchema = z.looseObject({});

/** The agent's connections and out-of-band invitations, as mirrored under /api (part of `agentApi`). */
export const connectionAgentApi = {
  connections: agentRoute({
    method: 'GET',
    path: '/connections',
    access: areaRoles.connections,
    query: connectionListQuerySchema,
    response: connectionListSchema,
  }),
  connection: agentRoute({
    method: 'GET',
    path: '/connections/:conn_id',
    access: areaRoles.connections,
    params: connectionIdParamsSchema,
    response: connectionRecordSchema,
  }),
  removeConnection: agentRoute({
    method: 'DELETE',
    path: '/connections/:conn_id',
    access: areaRoles.connections,
    params: connectionIdParamsSchema,
    response: agentAckSchema,
  }),
  createInvitation: agentRoute({
    method: 'POST',
    path: '/out-of-band/create-invitation',
    access: areaRoles.connections,
    query: createInvitationQuerySchema,
    body: createInvitationBodySchema,
    response: invitationRecordSchema,
  }),
  receiveInvitation: agentRoute({
    method: 'POST',
    path: '/out-of-band/receive-invitation',
    access: areaRoles.connections,
    query: receiveInvitationQuerySchema,
    body: invitationMessageSchema,
    response: oobRecordSchema,
  }),
  /** A pending invitation's record, with its message: its QR code is shown again, not made anew. */
  outOfBandRecords: agentRoute({
    method: 'GET',
    path: '/out-of-band/records',
    access: areaRoles.connections,
    query: oobRecordsQuerySchema,
    response: oobRecordListSchema,
  }),
} as const;
