import { readRegistryCheck, registryFixResultSchema, schemaLabel } from '@credence/shared';
import { credentialSighting, presentationSighting } from '../register/extract.js';
import { tenantPhrase } from './audit-describe-tenants.js';
import { approvalPhrase, heldForApproval } from './audit-describe-approvals.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** What Credence knows of an exchange when the entry is written (from the register or the agent's answer). */
export interface ExchangeFacts {
  connection_id?: string | undefined;
  connection_label?: string | undefined;
  schema_id?: string | undefined;
  /** Presentations: the proof request's name. */
  request_name?: string | undefined;
}

export interface IssuedFacts {
  cred_ex_id: string;
  holder_label?: string | undefined;
  schema_id?: string | undefined;
}

/** Where the describer looks names up; each answers undefined when it does not know. */
export interface AuditLookups {
  exchange(kind: 'credential' | 'presentation', id: string): Promise<ExchangeFacts | undefined>;
  connectionLabel(id: string): Promise<string | undefined>;
  issued(revRegId: string, credRevId: string): Promise<IssuedFacts | undefined>;
}

export interface DescribeInput {
  method: string;
  /** The route's pattern without `/api`: `/issue-credential-2.0/records/:cred_ex_id/issue`. */
  route: string;
  target: Record<string, string>;
  body: Loose | undefined;
  /** The answer's JSON body when it was JSON (the record made, or the problem). */
  answer: unknown;
  succeeded: boolean;
}

export interface Description {
  /** After the actor and role: "issued Student ID 1.2 to Bob Smith". */
  summary: string;
  /** The console page of what it was about: the exchange (its kept copy once the agent removed it), the connection… */
  link: string | null;
}

const CRED = '/issue-credential-2.0';
const PRES = '/present-proof-2.0';

/** The credential's name, or "a credential" when not known. */
const credentialName = (facts: ExchangeFacts | IssuedFacts | undefined) => schemaLabel(facts?.schema_id) ?? 'a credential';
const proofName = (facts: ExchangeFacts | undefined) => (facts?.request_name ? `“${facts.request_name}”` : 'a proof');
const who = (facts: { connection_label?: string | undefined } | undefined, fallback = 'a connection') => facts?.connection_label ?? fallback;

/** The facts of the agent's answer: a credential record or detail, or a presentation record. */
function answerFacts(answer: unknown): (ExchangeFacts & { id?: string; kind?: 'credential' | 'presentation' }) | undefined {
  if (!isObject(answer)) return undefined;
  const record = isObject(answer.cred_ex_record) ? answer.cred_ex_record : answer;
  if (typeof record.cred_ex_id === 'string') {
    const s = credentialSighting(record);
    return { id: s.exchange_id, kind: 'credential', connection_id: s.connection_id, schema_id: s.schema_id };
  }
  if (typeof record.pres_ex_id === 'string') {
    const s = presentationSighting(record);
    return { id: s.exchange_id, kind: 'presentation', connection_id: s.connection_id, request_name: s.requested?.name ?? undefined };
  }
  return undefined;
}

/** Facts of the exchange an entry is about: the register's, completed by the agent's answer and a label lookup. */
async function exchangeFacts(kind: 'credential' | 'presentation', id: string | undefined, answer: unknown, lookups: AuditLookups): Promise<ExchangeFacts> {
  const fromAnswer = answerFacts(answer);
  const known = id ? await lookups.exchange(kind, id) : undefined;
  const facts: ExchangeFacts = {
    connection_id: known?.connection_id ?? fromAnswer?.connection_id,
    connection_label: known?.connection_label,
    schema_id: known?.schema_id ?? fromAnswer?.schema_id,
    request_name: known?.request_name ?? fromAnswer?.request_name,
  };
  if (!facts.connection_label && facts.connection_id) facts.connection_label = await lookups.connectionLabel(facts.connection_id);
  return facts;
}

const offeredIn = (body: Loose | undefined): string | undefined => {
  const filter = isObject(body?.filter) ? body.filter : undefined;
  for (const kind of ['anoncreds', 'indy'] as const) {
    const part = isObject(filter?.[kind]) ? filter[kind] : undefined;
    if (str(part?.schema_id)) return str(part!.schema_id);
    if (str(part?.schema_name)) return `x:2:${String(part!.schema_name)}:${str(part!.schema_version) ?? ''}`;
  }
  return undefined;
};

/**
 * An audit entry in business terms: "issued Student ID 1.2 to Bob Smith", with the console page it is
 * about. A refused action reads "tried to …". Names come from the register (kept after the agent
 * removes the exchange) or the agent's answer; what is unknown is said generically, never guessed.
 */
export async function describe(input: DescribeInput, lookups: AuditLookups): Promise<Description | undefined> {
  const { method, route, target, body, answer } = input;
  const decided = approvalPhrase(route, target);
  if (decided) return { summary: input.succeeded ? decided.done : `tried to ${decided.tried}`, link: '/queue' };
  const phrase = await phraseOf(method, route, target, body, answer, lookups);
  if (!phrase) return undefined;
  if (input.succeeded && heldForApproval(answer)) return { summary: `asked another person to approve: ${phrase.tried}`, link: '/queue' };
  return { summary: input.succeeded ? phrase.done : `tried to ${phrase.tried}`, link: phrase.link };
}

/** Names given in one entry; the rest are counted ("and 12 more"). */
const PUBLISHED_NAMED = 10;

/**
 * "published 3 revocations: Student ID 1.2 of Bob Smith, Student ID 1.2 of Dana Okafor and Library card 1.0 of Eve
 * Stone", named from the register; one it does not know is named by its registry and number.
 */
async function publishedPhrase(published: Loose, lookups: AuditLookups): Promise<string> {
  const pairs = Object.entries(published).flatMap(([revRegId, ids]) =>
    Array.isArray(ids) ? ids.filter((id) => typeof id === 'string').map((id) => [revRegId, id] as const) : [],
  );
  if (pairs.length === 0) return 'published the pending revocations: none was waiting';
  const names = await Promise.all(
    pairs.slice(0, PUBLISHED_NAMED).map(async ([revRegId, credRevId]) => {
      const issued = await lookups.issued(revRegId, credRevId);
      if (!issued) return `credential ${credRevId} of revocation registry ${revRegId}`;
      return issued.holder_label ? `${credentialName(issued)} of ${issued.holder_label}` : credentialName(issued);
    }),
  );
  const more = pairs.length - names.length;
  const list = more > 0 ? `${names.join(', ')} and ${more} more` : names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `published ${pairs.length} revocation${pairs.length === 1 ? '' : 's'}: ${list}`;
}

interface Phrase {
  done: string;
  tried: string;
  link: string | null;
}

const both = (done: string, tried: string, link: string | null): Phrase => ({ done, tried, link });

/** `fr-CA` → "Canadian French", as the log is written. */
const languageName = (tag: string | undefined) => (tag ? (new Intl.DisplayNames('en', { type: 'language' }).of(tag) ?? tag) : 'a language');

async function phraseOf(
  method: string,
  route: string,
  target: Record<string, string>,
  body: Loose | undefined,
  answer: unknown,
  lookups: AuditLookups,
): Promise<Phrase | undefined> {
  const credExId = target.cred_ex_id ?? (route.startsWith(CRED) ? answerFacts(answer)?.id : undefined);
  const presExId = target.pres_ex_id ?? (route.startsWith(PRES) ? answerFacts(answer)?.id : undefined);
  const credLink = credExId ? `/credentials/${credExId}` : null;
  const presLink = presExId ? `/presentations/${presExId}` : null;

  if (route.startsWith(CRED)) {
    const facts = await exchangeFacts('credential', credExId, answer, lookups);
    if (!facts.schema_id) facts.schema_id = offeredIn(body);
    if (!facts.connection_label && typeof body?.connection_id === 'string') facts.connection_label = await lookups.connectionLabel(body.connection_id);
    const cred = credentialName(facts);
    const holder = who(facts);
    const step = route.slice(`${CRED}/records/:cred_ex_id`.length);
    if (route === `${CRED}/send-offer`) return both(`offered ${cred} to ${holder}`, `offer ${cred} to ${holder}`, credLink);
    if (route === `${CRED}/create-offer`) return both(`made a QR-code offer of ${cred}`, `make a QR-code offer of ${cred}`, credLink);
    if (route === `${CRED}/send-proposal`) return both(`proposed ${cred} to ${holder}`, `propose ${cred} to ${holder}`, credLink);
    if (step === '/send-offer') return both(`offered ${cred} to ${holder}, answering their proposal`, `offer ${cred} to ${holder}`, credLink);
    if (step === '/send-request') return both(`requested ${cred} from ${holder}`, `request ${cred} from ${holder}`, credLink);
    if (step === '/issue') return both(`issued ${cred} to ${holder}`, `issue ${cred} to ${holder}`, credLink);
    if (step === '/store') return both(`stored ${cred} from ${holder}`, `store ${cred} from ${holder}`, credLink);
    if (step === '/problem-report') return both(`declined the exchange of ${cred} with ${holder}`, `decline the exchange of ${cred} with ${holder}`, credLink);
    if (method === 'DELETE' && step === '')
      return both(`removed the exchange of ${cred} with ${holder} from the agent`, `remove the exchange of ${cred} with ${holder}`, credLink);
    return undefined;
  }

  if (route.startsWith(PRES)) {
    const facts = await exchangeFacts('presentation', presExId, answer, lookups);
    if (!facts.request_name && isObject(body?.presentation_request)) {
      const formats = body.presentation_request;
      const request = isObject(formats.anoncreds) ? formats.anoncreds : isObject(formats.indy) ? formats.indy : undefined;
      facts.request_name = str(request?.name);
    }
    if (!facts.connection_label && typeof body?.connection_id === 'string') facts.connection_label = await lookups.connectionLabel(body.connection_id);
    const proof = proofName(facts);
    const peer = who(facts);
    const step = route.slice(`${PRES}/records/:pres_ex_id`.length);
    if (route === `${PRES}/send-request`) return both(`asked ${peer} for ${proof}`, `ask ${peer} for ${proof}`, presLink);
    if (route === `${PRES}/create-request`) return both(`made a QR-code request for ${proof}`, `make a QR-code request for ${proof}`, presLink);
    if (route === `${PRES}/send-proposal`) return both(`proposed a proof to ${peer}`, `propose a proof to ${peer}`, presLink);
    if (step === '/send-request') return both(`asked ${peer} for ${proof}, answering their proposal`, `ask ${peer} for ${proof}`, presLink);
    if (step === '/send-presentation') return both(`answered ${peer}’s request for ${proof}`, `answer ${peer}’s request for ${proof}`, presLink);
    if (step === '/verify-presentation') {
      const record = isObject(answer) ? answer : undefined;
      const result =
        record?.verified === 'true' || record?.verified === true
          ? ': verified'
          : record?.verified === 'false' || record?.verified === false
            ? ': not verified'
            : '';
      return both(`verified ${proof} from ${peer}${result}`, `verify ${proof} from ${peer}`, presLink);
    }
    if (step === '/problem-report') return both(`declined the proof exchange with ${peer}`, `decline the proof exchange with ${peer}`, presLink);
    if (method === 'DELETE' && step === '')
      return both(`removed the proof exchange with ${peer} from the agent`, `remove the proof exchange with ${peer}`, presLink);
    return undefined;
  }

  if (route === '/revocation/revoke') {
    const byExchange = target.cred_ex_id ? await exchangeFacts('credential', target.cred_ex_id, undefined, lookups) : undefined;
    const issued = !byExchange && target.rev_reg_id && target.cred_rev_id ? await lookups.issued(target.rev_reg_id, target.cred_rev_id) : undefined;
    const cred = credentialName(byExchange ?? issued);
    const holder = byExchange?.connection_label ?? issued?.holder_label;
    const whose = holder ? `${cred} of ${holder}` : cred;
    const how = [body?.publish === true ? 'published' : 'pending publication', body?.notify === true ? 'holder notified' : undefined]
      .filter(Boolean)
      .join(', ');
    const id = target.cred_ex_id ?? issued?.cred_ex_id;
    return both(`revoked ${whose} (${how})`, `revoke ${whose}`, id ? `/credentials/${id}` : '/issued?status=revoked-pending');
  }
  if (route === '/revocation/bulk-revoke' || route === '/revocation/bulk-revoke/preview') {
    const counts = isObject(answer) ? answer : {};
    const n = (key: string) => (typeof counts[key] === 'number' ? counts[key] : 0);
    // The revocation names its preview; the selection comes back in its answer.
    const chosen = route === '/revocation/bulk-revoke' ? (isObject(counts.selection) ? counts.selection : undefined) : body;
    const connectionId = str(chosen?.connection_id);
    const holder = connectionId ? ((await lookups.connectionLabel(connectionId)) ?? `connection ${connectionId}`) : undefined;
    const selection = [
      holder && `issued to ${holder}`,
      str(chosen?.q) && `matching “${str(chosen?.q)}”`,
      str(chosen?.cred_def_id) && `of credential definition ${str(chosen?.cred_def_id)}`,
      str(chosen?.rev_reg_id) && `of revocation registry ${str(chosen?.rev_reg_id)}`,
    ]
      .filter(Boolean)
      .join(' ');
    const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
    const among = selection ? ` ${selection}` : '';
    if (route === '/revocation/bulk-revoke/preview') {
      const shown = Array.isArray(counts.credentials) ? counts.credentials.length : 0;
      return both(`previewed revoking ${plural(shown, 'credential')} in bulk${among}`, `preview revoking credentials in bulk${among}`, null);
    }
    if (counts.repeated === true) {
      return both(
        `asked again to revoke credentials in bulk${among}: nothing revoked again (the first request revoked ${n('revoked')})`,
        `revoke credentials in bulk${among}`,
        '/issued?status=revoked-pending',
      );
    }
    const extra = [n('skipped') > 0 && `${n('skipped')} already revoked, skipped`, n('failed') > 0 && `${n('failed')} failed`].filter(Boolean).join(', ');
    return both(
      `revoked ${plural(n('revoked'), 'credential')} in bulk${among} (pending publication${extra ? `; ${extra}` : ''})`,
      `revoke credentials in bulk${among}`,
      '/issued?status=revoked-pending',
    );
  }
  if (route === '/revocation/publish') {
    const done = isObject(answer) && isObject(answer.published) ? await publishedPhrase(answer.published, lookups) : 'published the pending revocations';
    return both(done, 'publish the pending revocations', '/issued?status=revoked');
  }
  if (route === '/revocation/clear-pending-revocations') return both('cleared the pending revocations', 'clear the pending revocations', '/revocation');

  const definition = definitionPhrase(route, body);
  if (definition) return definition;
  if (route === '/revocation/active-registry/:cred_def_id/rotate' || route === '/anoncreds/revocation/active-registry/:cred_def_id/rotate') {
    // The credential definition's id names its tag, not its schema: the id is what identifies it.
    const what = `the revocation registries of credential definition ${target.cred_def_id ?? ''}`.trim();
    return both(`rotated ${what}`, `rotate ${what}`, '/definitions');
  }

  if (
    route === '/revocation/registry/:rev_reg_id/fix-revocation-entry-state' ||
    route === '/anoncreds/revocation/registry/:rev_reg_id/fix-revocation-entry-state'
  ) {
    return registryCheckPhrase(target, answer);
  }

  if (route === '/connections/:conn_id' && method === 'DELETE') {
    const label = await lookups.connectionLabel(target.conn_id ?? '');
    return both(`removed the connection ${label ?? ''}`.trim(), `remove the connection ${label ?? ''}`.trim(), null);
  }
  if (route === '/out-of-band/create-invitation') {
    const alias = str(body?.alias);
    return both(`created an invitation${alias ? ` for ${alias}` : ''}`, `create an invitation${alias ? ` for ${alias}` : ''}`, '/connections');
  }
  if (route === '/out-of-band/receive-invitation') {
    const label = str(body?.label);
    return both(`accepted an invitation${label ? ` from ${label}` : ''}`, `accept an invitation${label ? ` from ${label}` : ''}`, '/connections');
  }
  if (route === '/wallet/upgrade') {
    const wallet = target.wallet_name ? ` ${target.wallet_name}` : '';
    return both(`upgraded the wallet${wallet} to askar-anoncreds`, `upgrade the wallet${wallet}`, '/wallet');
  }
  if (route.startsWith('/tenants/') || route === '/tenants') return tenantPhrase(method, route, target);
  if (route === '/session' && method === 'POST') return both('logged in', 'log in', null);
  if (route === '/session' && method === 'DELETE') return both('logged out', 'log out', null);
  if (route.startsWith('/proof-templates')) {
    const name = target.template_name ? ` “${target.template_name}”` : '';
    const version = target.version ? ` (version ${target.version})` : '';
    const id = target.template_id ?? target.id;
    const link = id ? `/templates/${id}` : '/templates';
    if (method === 'POST') return both(`saved the proof template${name}${version}`, `save the proof template${name}`, link);
    if (method === 'PUT') return both(`changed the proof template${name}${version}`, `change the proof template${name}`, link);
    if (method === 'DELETE') return both(`deleted the proof template${name}`, `delete the proof template${name}`, '/templates');
  }
  if (route === '/attribute-labels') {
    const name = `credential definition ${target.cred_def_id ?? ''}`;
    const how = target.source === 'oca' ? ' from an OCA bundle' : '';
    return both(`set the attribute labels of ${name}${how}: ${target.labels ?? ''}`, `set the attribute labels of ${name}`, '/definitions');
  }
  if (route.startsWith('/issue-batches')) return batchPhrase(method, route, target);
  if (route === '/register/backfill') return both('read the agent’s exchanges into the register', 'read the agent’s exchanges into the register', null);
  if (route === '/invitation-links') return both('made a QR-code link', 'make a QR-code link', null);
  if (route === '/preferences') return both(`chose ${languageName(target.language)} as their language`, 'choose their language', null);
  if (route === '/sandbox/wallet-scan')
    return both('had the sandbox’s simulated wallet scan a QR code', 'have the sandbox’s simulated wallet scan a QR code', null);
  return undefined;
}

/**
 * "checked revocation registry … against the ledger: 3 revocations missing on the ledger" (a dry run),
 * "fixed the ledger entry of revocation registry …: 3 revocations written to the ledger".
 */
function registryCheckPhrase(target: Record<string, string>, answer: unknown): Phrase {
  const what = `revocation registry ${target.rev_reg_id ?? ''}`.trim();
  const parsed = registryFixResultSchema.safeParse(answer);
  const check = parsed.success ? readRegistryCheck(parsed.data) : undefined;
  const count = (n: number) => `${n} revocation${n === 1 ? '' : 's'}`;
  if (target.apply_ledger_update === 'true') {
    const result = !check ? '' : check.applied ? `: ${count(check.missingOnLedger.length)} written to the ledger` : ': nothing needed fixing';
    return both(`fixed the ledger entry of ${what}${result}`, `fix the ledger entry of ${what}`, '/definitions');
  }
  const result = !check
    ? ''
    : check.missingOnLedger.length > 0
      ? `: ${count(check.missingOnLedger.length)} missing on the ledger`
      : ': the ledger and the wallet agree';
  return both(`checked ${what} against the ledger${result}`, `check ${what} against the ledger`, '/definitions');
}

/** "created schema Student ID 1.2 (name, degree)", "created the revocable credential definition “default” of Student ID 1.2 (registries of 1000)". */
function definitionPhrase(route: string, body: Loose | undefined): Phrase | undefined {
  if (route === '/schemas' || route === '/anoncreds/schema') {
    const schema = route === '/schemas' ? body : isObject(body?.schema) ? body.schema : undefined;
    const name = str(schema?.schema_name) ?? str(schema?.name);
    const version = str(schema?.schema_version) ?? str(schema?.version);
    const attributes = schema?.attributes ?? schema?.attrNames;
    const label = name ? ` ${name}${version ? ` ${version}` : ''}` : '';
    const listed = Array.isArray(attributes) && attributes.length > 0 ? ` (${attributes.map(String).join(', ')})` : '';
    return both(`created schema${label}${listed}`, `create schema${label}`, '/definitions');
  }
  if (route === '/credential-definitions' || route === '/anoncreds/credential-definition') {
    const inner = route === '/credential-definitions' ? body : isObject(body?.credential_definition) ? body.credential_definition : undefined;
    const options = route === '/credential-definitions' ? body : isObject(body?.options) ? body.options : undefined;
    const schemaId = str(inner?.schema_id) ?? str(inner?.schemaId);
    const tag = str(inner?.tag);
    const of = schemaId ? ` of ${schemaLabel(schemaId)}` : '';
    const revocable = options?.support_revocation === true;
    const size = typeof options?.revocation_registry_size === 'number' ? options.revocation_registry_size : 1000;
    const what = `${revocable ? 'revocable' : 'non-revocable'} credential definition${tag ? ` “${tag}”` : ''}${of}`;
    return both(`created the ${what}${revocable ? ` (registries of ${size})` : ''}`, `create the ${what}`, '/definitions');
  }
  return undefined;
}

/** "started a batch of 1,000 Student ID 1.2 credentials", and the batch's other writes. */
function batchPhrase(method: string, route: string, target: Record<string, string>): Phrase | undefined {
  const cred = schemaLabel(target.schema_id) ?? 'a credential';
  const rows = Number(target.rows ?? 0).toLocaleString('en-GB');
  const link = target.batch_id ? `/credentials/batches/${target.batch_id}` : '/credentials/batches';
  if (method !== 'POST' && method !== 'PUT') return undefined;
  if (route === '/issue-batches/preview') return both(`checked a file of ${rows} rows for ${cred}`, `check a file of rows for ${cred}`, null);
  if (route === '/issue-batches') return both(`started a batch of ${rows} ${cred} credentials`, `start a batch of ${cred} credentials`, link);
  if (route === '/issue-batches/:id/retry') return both(`retried ${rows} failed rows of a batch of ${cred}`, `retry the failed rows of a batch`, link);
  if (route === '/issue-batches/:id/rows/:index')
    return both(`changed row ${target.row ?? target.index ?? ''} of a batch of ${cred}`, `change row ${target.row ?? target.index ?? ''} of a batch`, link);
  return undefined;
}
