import { credExDetailSchema, credentialFormatOf, filterKindOfRegistry, isAnoncredsWallet, type PendingRegistry, type RevokeBody } from '@credence/shared';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';
import { registryInterface, revocationPath } from './revocation-path.js';

/** The fields both revoke routes accept. The anoncreds one fails on any other key, so only these go. */
const FORWARDED = ['cred_ex_id', 'rev_reg_id', 'cred_rev_id', 'publish', 'notify', 'notify_version', 'connection_id', 'comment'] as const;

export class RevocationService {
  constructor(private readonly client: AcapyClient) {}

  async walletType(): Promise<string | null> {
    const { body } = await this.client.get('/settings');
    const type = (body as Record<string, unknown> | null)?.['wallet.type'];
    return typeof type === 'string' ? type : null;
  }

  /**
   * Revokes on the path the credential's issuing filter and the wallet type call for; `known.walletType`
   * when the caller read it already (a bulk revocation, once for the batch).
   */
  async revoke(body: RevokeBody, known?: { walletType: string | null }): Promise<{ path: string; forwarded: Record<string, unknown>; answer: unknown }> {
    const walletType = known ? known.walletType : await this.walletType();
    const forwarded: Record<string, unknown> = {};
    for (const key of FORWARDED) if (body[key] !== undefined) forwarded[key] = body[key];
    let filterKind = body.filter_kind ?? (body.rev_reg_id ? filterKindOfRegistry(body.rev_reg_id) : 'indy');
    if (body.cred_ex_id) {
      // The agent deletes finished exchanges unless told to keep them: without the record, the wallet
      // type decides the path and the agent still finds the credential by its exchange id.
      const record = await this.exchangeRecord(body.cred_ex_id);
      filterKind = (record && credentialFormatOf(record)) ?? (isAnoncredsWallet(walletType) ? 'anoncreds' : 'indy');
      if (body.notify && !forwarded.connection_id) {
        const connectionId = record?.cred_ex_record.connection_id;
        if (!connectionId) {
          throw new ProblemError(400, 'The exchange record does not name the holder’s connection: give connection_id to notify.', {
            code: 'revocation.connectionNeeded',
            errors: [{ path: 'body.connection_id', message: 'needed to notify the holder', code: 'field.connectionNeeded' }],
          });
        }
        forwarded.connection_id = connectionId;
      }
    }
    if (!forwarded.notify) delete forwarded.notify_version;
    const path = `${revocationPath(filterKind, walletType)}/revoke`;
    const answer = await this.client.post(path, forwarded);
    return { path, forwarded, answer: answer.body };
  }

  private async exchangeRecord(credExId: string) {
    try {
      const parsed = credExDetailSchema.safeParse((await this.client.get(`/issue-credential-2.0/records/${encodeURIComponent(credExId)}`)).body);
      if (!parsed.success)
        throw new ProblemError(502, 'The agent answered with an exchange record the console cannot read.', { code: 'agent.unreadableRecord' });
      return parsed.data;
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 404) return undefined;
      throw error;
    }
  }

  /** Every registry with revocations waiting to be published, with their ids. */
  async pending(): Promise<PendingRegistry[]> {
    const prefix = registryInterface(await this.walletType());
    const listPath = prefix === '/revocation' ? '/revocation/registries/created' : '/anoncreds/revocation/registries';
    // No state filter: the two interfaces name states differently, and a full registry can still hold pending ones.
    const { body } = await this.client.get(listPath);
    const ids = ((body as { rev_reg_ids?: unknown }).rev_reg_ids ?? []) as string[];
    const registries = await Promise.all(
      ids.map(async (id) => {
        const { body: registry } = await this.client.get(`${prefix}/registry/${encodeURIComponent(id)}`);
        const pending = ((registry as { result?: { pending_pub?: unknown[] } }).result?.pending_pub ?? []).map(String);
        return { rev_reg_id: id, filter_kind: filterKindOfRegistry(id), cred_rev_ids: pending };
      }),
    );
    return registries.filter((r) => r.cred_rev_ids.length > 0);
  }

  /** Publishes all pending revocations, or those of the named registries. */
  async publish(revRegIds: string[] | undefined): Promise<Record<string, string[]>> {
    const prefix = registryInterface(await this.walletType());
    const rrid2crid = revRegIds ? Object.fromEntries(revRegIds.map((id) => [id, [] as string[]])) : {};
    const { body } = await this.client.post(`${prefix}/publish-revocations`, { rrid2crid });
    const published = (body as { rrid2crid?: Record<string, unknown[]> }).rrid2crid ?? {};
    return Object.fromEntries(Object.entries(published).map(([id, crids]) => [id, crids.map(String)]));
  }
}
