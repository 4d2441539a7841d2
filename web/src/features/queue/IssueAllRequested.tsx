import { agentApiRefs } from '@credence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import type { MessageValues } from '../../i18n/active-intl';
import type { MessageKey } from '../../i18n/catalogue';
import { useRichT, useT } from '../../i18n/use-t';
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
const forWhom = (item: QueueItem, labelOf: (id: string | null | undefined) => string | undefined, t: (key: MessageKey, values?: MessageValues) => string) =>
  t('needsMe.issueAll.forWhom', { what: item.what ?? '', person: labelOf(item.connectionId) ?? t('needsMe.issueAll.unnamedConnection') });

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
  const t = useT();
  const tRich = useRichT();
  const [open, setOpen] = useState(false);
  // The requests confirmed: the group may change while they are issued (live events), the list shown does not.
  const [chosen, setChosen] = useState<QueueItem[]>([]);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);

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
      {t('needsMe.issueAll.button', { count: items.length })}
    </button>
  );
  const dialog = (
    <Dialog
      open={open}
      title={finished ? t('needsMe.issueAll.titleDone', { issued, total: chosen.length }) : t('needsMe.issueAll.title', { count: chosen.length })}
      onClose={close}
    >
      {!finished && (
        <>
          <p>{t('needsMe.issueAll.explanation')}</p>
          <ul className="issue-all-list">
            {chosen.map((item) => (
              <li key={item.id}>{forWhom(item, labelOf, t)}</li>
            ))}
          </ul>
        </>
      )}
      {outcomes !== null && (
        <p role="status">
          {running
            ? t('needsMe.issueAll.progress', { done: outcomes.length, total: chosen.length })
            : failed.length === 0
              ? t('needsMe.issueAll.allIssued', { count: issued })
              : t('needsMe.issueAll.someFailed', { issued, failed: failed.length })}
        </p>
      )}
      {finished && failed.length > 0 && (
        <ul className="issue-all-list" aria-label={t('needsMe.issueAll.notIssued')}>
          {failed.map(({ item, problem }) => (
            <li key={item.id}>
              {tRich('needsMe.issueAll.failedItem', {
                who: <strong>{forWhom(item, labelOf, t)}</strong>,
                problem: <span className="text-danger">{problem}</span>,
              })}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-buttons">
        {finished ? (
          <button type="button" className="button primary" onClick={close}>
            {t('common.close')}
          </button>
        ) : (
          <>
            <button type="button" className="button" disabled={running} onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button primary" disabled={running} onClick={() => void issueAll()}>
              {running ? t('needsMe.issueAll.issuing') : t('needsMe.issueAll.confirm', { count: chosen.length })}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
  return { button, dialog };
}
