import { ATTRIBUTE_KIND_NAMES, kindOf, labelOf, roleMayUse, type OwnCredDef } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { ErrorState } from '../../components/ui/ErrorState';
import { useOwnCredDefs } from '../../lib/own-definitions';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { definitionName } from '../../lib/definition-names';
import { AttributeLabelsEditor } from './components/AttributeLabelsEditor';
import { RetentionPeriod } from './components/RetentionPeriod';
import { consoleConfigQueries } from '../../lib/console-config';
import { CredDefForm, type CreatedCredDef } from './components/CredDefForm';
import { RegistryHealth } from './components/RegistryHealth';
import { RegistryStatus } from './components/RegistryStatus';
import { SchemaForm } from './components/SchemaForm';
import { schemaQueries } from './queries';
import './definitions.css';

/** /definitions: this agent's schemas and credential definitions; admins create them, issuers read them. */
export function DefinitionsPage() {
  return <WithWalletType>{(walletType) => <Definitions walletType={walletType} />}</WithWalletType>;
}

function Definitions({ walletType }: { walletType: string | null }) {
  const config = useQuery(consoleConfigQueries.current()).data;
  const mayWrite = config ? roleMayUse(config.role, 'schemaWrites') : false;
  const schemas = useQuery(schemaQueries.list(walletType));
  const credDefs = useOwnCredDefs(walletType);
  const [chosenSchema, setChosenSchema] = useState('');
  const [created, setCreated] = useState<CreatedCredDef | null>(null);

  return (
    <section aria-labelledby="definitions-title">
      <div className="page-head">
        <h1 id="definitions-title">Schemas and credential definitions</h1>
        <p className="muted">
          What this agent can issue: each credential definition, on its schema, is offered from <em>Credentials → New offer</em>.
        </p>
      </div>
      {created && (
        <div className="callout callout-attention definition-progress" role="status" aria-live="polite">
          <strong>{created.label}</strong>: created. <RegistryStatus walletType={walletType} credDefId={created.credDefId} revocable={created.revocable} />
        </div>
      )}
      <h2 className="definitions-heading">Credential definitions</h2>
      {credDefs.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading credential definitions…
        </div>
      ) : credDefs.isError ? (
        <ErrorState error={credDefs.error} onRetry={() => credDefs.refetch()} />
      ) : credDefs.data.length === 0 ? (
        <div className="state-panel">No credential definitions yet.</div>
      ) : (
        <CredDefTable walletType={walletType} rows={credDefs.data} mayWrite={mayWrite} />
      )}
      {credDefs.data && credDefs.data.some((d) => d.revocable) && (
        <>
          <h2 className="definitions-heading">Revocation registries</h2>
          <p className="muted">
            Each revocable credential definition issues from one registry at a time; when it is nearly full, rotate it so a fresh one takes over.
          </p>
          <div className="registry-healths">
            {credDefs.data
              .filter((d) => d.revocable)
              .map((d) => (
                <RegistryHealth key={d.credDefId} walletType={walletType} credDef={d} mayRotate={mayWrite} />
              ))}
          </div>
        </>
      )}
      <h2 className="definitions-heading">Schemas</h2>
      {schemas.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading schemas…
        </div>
      ) : schemas.isError ? (
        <ErrorState error={schemas.error} onRetry={() => schemas.refetch()} />
      ) : schemas.data.length === 0 ? (
        <div className="state-panel">No schemas yet.</div>
      ) : (
        <div className="table-wrap">
          <table className="data-table stack-narrow">
            <caption className="visually-hidden">Schemas ({schemas.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Schema</th>
                <th scope="col">Version</th>
                <th scope="col">Attributes</th>
              </tr>
            </thead>
            <tbody>
              {schemas.data.map((s) => (
                <tr key={s.schemaId}>
                  <td data-label="Schema">
                    <div className="definition-name">
                      {s.name}
                      <div className="muted small mono break">{s.schemaId}</div>
                    </div>
                  </td>
                  <td data-label="Version">{s.version}</td>
                  <td data-label="Attributes">{s.attributes.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {config && !mayWrite && <p className="muted definitions-heading">To add a schema or a credential definition, ask an admin.</p>}
      {mayWrite && (
        <div className="definition-forms">
          <SchemaForm walletType={walletType} onCreated={setChosenSchema} />
          {schemas.data && (
            <CredDefForm
              key={`${chosenSchema}|${schemas.data.length}`}
              walletType={walletType}
              schemas={schemas.data}
              schemaId={chosenSchema}
              onCreated={setCreated}
            />
          )}
        </div>
      )}
    </section>
  );
}

function CredDefTable({ walletType, rows, mayWrite }: { walletType: string | null; rows: OwnCredDef[]; mayWrite: boolean }) {
  const labels = useAttributeLabels();
  const [editing, setEditing] = useState<string>();
  const edited = rows.find((d) => d.credDefId === editing);
  return (
    <>
      <div className="table-wrap">
        <table className="data-table stack-narrow">
          <caption className="visually-hidden">Credential definitions ({rows.length})</caption>
          <thead>
            <tr>
              <th scope="col">Credential</th>
              <th scope="col">Tag</th>
              <th scope="col">Attributes</th>
              <th scope="col">Revocation</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => {
              const name = definitionName(d, rows);
              const set = labels.labelsFor(d.credDefId);
              return (
                <tr key={d.credDefId}>
                  <td data-label="Credential">
                    <div className="definition-name">
                      {d.schemaName} {d.schemaVersion}
                      <div className="muted small mono break">{d.credDefId}</div>
                    </div>
                  </td>
                  <td data-label="Tag">{d.tag}</td>
                  <td data-label="Attributes">
                    <ul className="attribute-labels-list">
                      {d.attributes.map((a) => (
                        <li key={a}>
                          {labelOf(a, set)}
                          {kindOf(a, set) !== 'text' && <span className="muted small"> · {ATTRIBUTE_KIND_NAMES[kindOf(a, set)].toLowerCase()}</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Revocation">
                    <RegistryStatus walletType={walletType} credDefId={d.credDefId} revocable={d.revocable} />
                  </td>
                  <td data-label="Actions">
                    <div className="definition-actions">
                      <Link className="button" to={`/credentials/new?definition=${encodeURIComponent(d.credDefId)}`} aria-label={`Offer ${name}`}>
                        Offer
                      </Link>
                      <Link
                        className="button"
                        to={`/credentials/counter?definition=${encodeURIComponent(d.credDefId)}`}
                        aria-label={`Issue ${name} at the counter`}
                      >
                        At the counter
                      </Link>
                      {mayWrite && (
                        <button
                          type="button"
                          className="button"
                          aria-label={`Labels of ${name}`}
                          aria-expanded={editing === d.credDefId}
                          onClick={() => setEditing(d.credDefId)}
                        >
                          Labels…
                        </button>
                      )}
                      {mayWrite && <RetentionPeriod credDefId={d.credDefId} name={name} />}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {edited && (
        <AttributeLabelsEditor
          key={edited.credDefId}
          definition={edited}
          name={definitionName(edited, rows)}
          saved={labels.labelsFor(edited.credDefId)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
