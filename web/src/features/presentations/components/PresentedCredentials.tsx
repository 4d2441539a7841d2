import type { OwnCredDef, PresExRecord } from '@credence/shared';
import { formatDateTime } from '../../../lib/format';
import { credentialName, presentationStage, presentedCredentials } from '../presentation-view';

/**
 * Which credential the presentation drew on, named as the definitions page names it ("Student ID 1.2,
 * issued by this agent"), said as claimed until the agent has verified the proof.
 */
export function PresentedCredentials({ record, own }: { record: PresExRecord; own: readonly OwnCredDef[] | undefined }) {
  const credentials = presentedCredentials(record);
  if (credentials.length === 0) return null;
  const stage = presentationStage(record);
  const title = record.role === 'prover' ? 'Credential we presented' : credentials.length > 1 ? 'Credentials presented' : 'Credential presented';
  const standing =
    stage === 'claimed' ? ' (claimed, not yet verified)' : stage === 'verified' ? ' (verified)' : stage === 'not-verified' ? ' (not verified)' : '';
  return (
    <section className="card" aria-labelledby="presented-title">
      <h2 id="presented-title">{title}</h2>
      <ul className="presented-credentials">
        {credentials.map((credential) => {
          const { name, issuer } = credentialName(credential, own);
          return (
            <li key={`${credential.credDefId} ${credential.revRegId ?? ''} ${credential.timestamp ?? ''}`}>
              <strong>{name}</strong>, issued by {issuer}
              {standing}
              {credential.timestamp !== null && (
                <span className="muted"> · proof of non-revocation as of {formatDateTime(new Date(credential.timestamp * 1000).toISOString())}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
