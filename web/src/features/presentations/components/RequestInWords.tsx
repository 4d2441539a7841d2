import { dateintYearsBefore, localDay, type OwnCredDef } from '@credence/shared';
import { attributeLabel, credentialNameOf, type LabelsFor } from '../credential-choices';
import { yearsOf, type ProofRequestFormValues } from '../proof-request-form';

const OPERATOR_WORDS = { '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'less than' } as const;
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateintText = (n: number) => dayFormat.format(Date.UTC(Math.floor(n / 10_000), (Math.floor(n / 100) % 100) - 1, n % 100));
const localDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? dayFormat.format(Date.parse(`${iso}T00:00:00Z`)) : '…');

interface RequestInWordsProps {
  values: ProofRequestFormValues;
  /** Whom it goes to, by name; undefined for a request without a connection. */
  person: string | undefined;
  definitions: readonly OwnCredDef[];
  labelsFor: LabelsFor;
  /** The moment the words are for: an age check is counted on this day. */
  now: Date;
}

/** What will be asked, in a clerk's words: what the person shows and proves, from which credential, counted today. */
export function RequestInWords({ values, person, definitions, labelsFor, now }: RequestInWordsProps) {
  const from = (credDefId: string | undefined) => {
    const name = credentialNameOf(credDefId, definitions);
    return name ? ` — from ${name}` : '';
  };
  const shows = values.attributes
    .map((a) => ({
      names: a.names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
      credential: a.credential,
    }))
    .filter((a) => a.names.length > 0);
  return (
    <section className="card request-in-words" aria-labelledby="request-words-title">
      <h2 id="request-words-title">What will be asked</h2>
      <p>{person ? `${person} is asked to:` : 'The person is asked to:'}</p>
      <ul>
        {shows.map((a, i) => (
          <li key={`a${i}`}>
            Show {a.names.map((n) => attributeLabel(n, labelsFor(a.credential))).join(', ')}
            {from(a.credential)}
          </li>
        ))}
        {values.predicates
          .filter((p) => p.name.trim())
          .map((p, i) => {
            const years = yearsOf(p.years);
            return (
              <li key={`p${i}`}>
                {p.kind === 'age'
                  ? years === undefined
                    ? `Prove an age from ${attributeLabel(p.name, labelsFor(p.credential))}`
                    : `Prove they are at least ${years} years old: ${attributeLabel(p.name, labelsFor(p.credential))} on or before ${dateintText(dateintYearsBefore(localDay(now), years))} (counted on the day it is sent)`
                  : `Prove ${attributeLabel(p.name, labelsFor(p.credential))} is ${OPERATOR_WORDS[p.p_type]} ${p.p_value || '…'}`}
                , without showing it{from(p.credential)}
              </li>
            );
          })}
        {values.nonRevoked.enabled && (
          <li>
            {values.nonRevoked.when === 'now'
              ? 'Prove the credentials are not revoked at the moment the request is sent'
              : `Prove the credentials were not revoked between ${localDate(values.nonRevoked.from)} and ${localDate(values.nonRevoked.to)}`}
          </li>
        )}
      </ul>
    </section>
  );
}
