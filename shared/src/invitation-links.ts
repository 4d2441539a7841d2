import { z } from './zod.js';
import { invitationAttachmentSchema } from './out-of-band.js';

/**
 * A connectionless invitation (a proof request or a credential offer at a counter) behind a short URL
 * served by Credence: a QR code of the whole request is too dense for phones to scan.
 */
export const invitationLinkBodySchema = z.strictObject({
  attachment: invitationAttachmentSchema,
  goal: z.string().trim().min(1).max(500).optional(),
});
export type InvitationLinkBody = z.infer<typeof invitationLinkBodySchema>;

export const invitationLinkSchema = z.object({
  code: z.string(),
  /** What the QR code holds: `<console>/i/<code>`. */
  short_url: z.string(),
  /** The agent's own URL (the whole invitation in `oob=`), for a wallet on the same device. */
  invitation_url: z.string(),
  oob_id: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const sandboxScanBodySchema = z.strictObject({
  invitation_url: z.url({ error: 'must be a URL' }).max(20_000),
  holds_credential: z.boolean().optional(),
  label: z.string().trim().min(1).max(200).optional(),
});

/** What a short link carries: the exchange attached to the invitation. */
export type InvitationLinkAttachment = InvitationLinkBody['attachment'];
