import { agentApiRefs } from '@credence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { plainRefusal } from '../../lib/agent-refusal';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { credentialKeys } from '../../lib/query-keys';
import { dismissFor } from '../../lib/toast-store';
import type { QueueItem } from './queue';

interface Outcome {
  item: QueueItem;
  /** Absent: issued. */
  problem?: string;
}

/** "Student ID 1.2 to Alice Jones". */
const forWhom = (item: QueueItem, labelOf: (id: string | null | undefined) => string | undefined) =>
  `${item.what} to ${labelOf(item.connectionId) ?? 'a connection without a name'}`;

function problemOf(error: unknown): string {
  if (isApiError(error)) {
    const refusal = plainRefusal(error.message, error.status);
    // A refusal said in plain words stands alone; the agent's own words (ids, states) only when nothing plainer is known.
    return !refusal.known && refusal.detail && refusal.detail !== refusal.summary ? `${refusal.summary} (${refusal.detail})` : refusal.summary;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Issue all requested": every credential request of the group issued, one after the other (each its own
 * request, so each is audited), after a confirmation naming how many and to whom; what failed is said per item.
 * The page holds the dialog, not the group: issuing empties the group (live events), and the outcome stays shown.
 */
export function useIssueAllRequested(labelOf: (id: string | null | undefined) => string | undefined) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The requests confirmed: the group may change while they are issued (live events), the list shown does not.
  const [chosen, setChosen] = useState<QueueItem[]>([]);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const plural = (k: number) => `${k} credential${k === 1 ? '' : 's'}`;

  const start = (items: QueueItem[]) => {
    setChosen(items);
    setOutcomes(null);
    setOpen(true);
  };
  const close = () => {
    if (running) return;
    setOpen(false);
    setOutcomes(null);
  };
  const issueAll = async () => {
    setRunning(true);
    const done: Outcome[] = [];
    for (const item of chosen) {
      try {
        await callApi(agentApiRefs.issueCredential, { params: { cred_ex_id: item.id }, body: {} });
        done.push({ item });
        // A toast that announced this request ("Issue credential") is done with.
        dismissFor(item.href);
      } catch (error) {
        done.push({ item, problem: problemOf(error) });
      }
      setOutcomes([...done]);
    }
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: credentialKeys.lists() });
  };

  const issued = outcomes?.filter((o) => !o.problem).length ?? 0;
  const failed = outcomes?.filter((o) => o.problem) ?? [];
  const finished = outcomes !== null && !running;
  const button = (items: QueueItem[]) => (
    <button type="button" className="button primary" onClick={() => start(items)}>
      Issue all requested ({items.length})
    </button>
  );
  const dialog = (
    <Dialog open={open} title={finished ? `Issued ${issued} of ${plural(chosen.length)}` : `Issue ${plural(chosen.length)}?`} onClose={close}>
      {!finished && (
        <>
          <p>Each person below receives the credential they requested, with the values of its offer. Each issue is written to the audit log.</p>
          <ul className="issue-all-list">
            {chosen.map((item) => (
              <li key={item.id}>{forWhom(item, labelOf)}</li>
            ))}
          </ul>
        </>
      )}
      {outcomes !== null && (
        <p role="status">
          {running
            ? `Issued ${outcomes.length} of ${chosen.length}…`
            : failed.length === 0
              ? `All ${plural(issued)} issued.`
              : `${issued} issued, ${failed.length} not issued.`}
        </p>
      )}
      {finished && failed.length > 0 && (
        <ul className="issue-all-list" aria-label="Not issued">
          {failed.map(({ item, problem }) => (
            <li key={item.id}>
              <strong>{forWhom(item, labelOf)}</strong>: <span className="text-danger">{problem}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-buttons">
        {finished ? (
          <button type="button" className="button primary" onClick={close}>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button" disabled={running} onClick={close}>
              Cancel
            </button>
            <button type="button" className="button primary" disabled={running} onClick={() => void issueAll()}>
              {running ? 'Issuing…' : `Issue ${plural(chosen.length)}`}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
  return { button, dialog };
}
