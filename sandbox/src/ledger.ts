import type { SeededRandom } from './random.js';

export type FormatKind = 'indy' | 'anoncreds';

export interface SandboxSchema {
  kind: FormatKind;
  schema_id: string;
  name: string;
  version: string;
  issuer_id: string;
  attributes: string[];
  /** The ledger's sequence number of a schema written here; seeded ones take it from their definition's id. */
  seqNo?: number;
  /** On the ledger under this agent's DID, written from another wallet: this wallet holds no record of it. */
  heldElsewhere?: true;
}

export interface SandboxCredDef {
  kind: FormatKind;
  cred_def_id: string;
  tag: string;
  schema: SandboxSchema;
  issuer_id: string;
  revocable: boolean;
  /** Who issues it: `self` (the sandbox's own wallet), or a peer organisation (a connection label). */
  issuedBy: string;
  /** Made through the admin API (POST /credential-definitions or /anoncreds/credential-definition), not seeded. */
  revocationRegistrySize?: number;
  /** On the ledger under this agent's DID, written from another wallet: this wallet holds no record (nor key) of it. */
  heldElsewhere?: true;
}

/** A definition this wallet holds the records (and keys) of: its own, not one written from another wallet. */
export const inThisWallet = (d: SandboxCredDef): boolean => d.issuedBy === 'self' && !d.heldElsewhere;

interface SchemaPlan {
  name: string;
  version: string;
  attributes: string[];
  kind: FormatKind;
  revocable: boolean;
  issuedBy: string;
}

const plans: SchemaPlan[] = [
  {
    name: 'Student ID',
    version: '1.2',
    kind: 'indy',
    revocable: true,
    issuedBy: 'self',
    attributes: ['student_id', 'name', 'degree', 'enrolment_year', 'birthdate_dateint'],
  },
  {
    name: 'Employee badge',
    version: '2.0',
    kind: 'indy',
    revocable: false,
    issuedBy: 'self',
    attributes: ['employee_id', 'name', 'department', 'start_date', 'clearance_level'],
  },
  // The same credential in the anoncreds format, so one offer can carry both formats.
  {
    name: 'Student ID',
    version: '1.2',
    kind: 'anoncreds',
    revocable: true,
    issuedBy: 'self',
    attributes: ['student_id', 'name', 'degree', 'enrolment_year', 'birthdate_dateint'],
  },
  {
    name: 'Library card',
    version: '1.0',
    kind: 'anoncreds',
    revocable: true,
    issuedBy: 'self',
    attributes: ['card_number', 'name', 'branch', 'expiry_dateint'],
  },
  { name: 'Proof of address', version: '1.1', kind: 'anoncreds', revocable: false, issuedBy: 'self', attributes: ['name', 'street', 'city', 'postal_code'] },
  {
    name: 'Bachelor degree',
    version: '1.0',
    kind: 'indy',
    revocable: true,
    issuedBy: 'Faber College',
    attributes: ['name', 'degree', 'graduation_year', 'average'],
  },
  {
    name: 'Bank account',
    version: '1.0',
    kind: 'anoncreds',
    revocable: false,
    issuedBy: 'Northwind Bank',
    attributes: ['holder_name', 'iban', 'account_opened', 'balance_band'],
  },
];

export interface Ledger {
  ownDid: string;
  schemas: SandboxSchema[];
  credDefs: SandboxCredDef[];
}

/**
 * Schemas and credential definitions as stock ACA-Py 1.6.1 writes them on an indy ledger: legacy ids
 * (`<did>:2:<name>:<version>`, `<did>:3:CL:<schema seq no>:<tag>`) for both filters, since its
 * did:indy registry is not implemented. The anoncreds-format definitions are separate ones (their own
 * tag) on the same schemas, as an agent upgraded to anoncreds creates new ones.
 */
export function buildLedger(rng: SeededRandom, peerDids: Map<string, string>): Ledger {
  const ownDid = rng.base58(22);
  const schemas: SandboxSchema[] = [];
  const credDefs: SandboxCredDef[] = [];
  const schemaSeqNos = new Map<string, number>();
  let seqNo = 10 + rng.int(0, 40);
  for (const plan of plans) {
    const did = plan.issuedBy === 'self' ? ownDid : (peerDids.get(plan.issuedBy) ?? rng.base58(22));
    seqNo += rng.int(3, 90);
    const tag = `${plan.kind === 'anoncreds' ? 'anoncreds-' : ''}${plan.revocable ? 'revocable' : 'default'}`;
    const schemaId = `${did}:2:${plan.name}:${plan.version}`;
    if (!schemaSeqNos.has(schemaId)) schemaSeqNos.set(schemaId, seqNo);
    const schema: SandboxSchema = { kind: plan.kind, schema_id: schemaId, name: plan.name, version: plan.version, issuer_id: did, attributes: plan.attributes };
    schemas.push(schema);
    credDefs.push({
      kind: plan.kind,
      cred_def_id: `${did}:3:CL:${schemaSeqNos.get(schemaId)}:${tag}`,
      tag,
      schema,
      issuer_id: did,
      revocable: plan.revocable,
      issuedBy: plan.issuedBy,
    });
  }
  return { ownDid, schemas, credDefs };
}

const people = ['Alice Jones', 'Bob Smith', 'Chen Wei', 'Dana Okafor', 'Emil Larsen', 'Farah Haddad'];
const departments = ['Finance', 'Research', 'Facilities', 'Legal', 'Engineering'];
const degrees = ['BSc Computer Science', 'BA History', 'BEng Civil Engineering', 'MSc Mathematics'];
const cities = ['Vancouver', 'Victoria', 'Kelowna', 'Nanaimo'];
const streets = ['12 Harbour Rd', '801 Granville St', '45 Elm Ave', '3 Lakeshore Dr'];

/** Plausible attribute values for a schema, for the person `holder`. */
export function attributeValues(rng: SeededRandom, schema: SandboxSchema, holder: string): Record<string, string> {
  const name = people.includes(holder) ? holder : rng.pick(people);
  const byName: Record<string, () => string> = {
    name: () => name,
    holder_name: () => name,
    student_id: () => `S${rng.digits(7)}`,
    employee_id: () => `E-${rng.digits(5)}`,
    card_number: () => `LIB-${rng.digits(6)}`,
    degree: () => rng.pick(degrees),
    enrolment_year: () => String(rng.int(2018, 2025)),
    graduation_year: () => String(rng.int(2012, 2025)),
    birthdate_dateint: () => `${rng.int(1970, 2008)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`,
    department: () => rng.pick(departments),
    start_date: () => `20${rng.int(15, 25)}-${String(rng.int(1, 12)).padStart(2, '0')}-01`,
    clearance_level: () => String(rng.int(1, 4)),
    branch: () => rng.pick(['Central', 'Riverside', 'North Shore']),
    expiry_dateint: () => `20${rng.int(26, 29)}${String(rng.int(1, 12)).padStart(2, '0')}28`,
    street: () => rng.pick(streets),
    city: () => rng.pick(cities),
    postal_code: () => `V${rng.int(1, 9)}${rng.pick(['A', 'K', 'T'])} ${rng.int(1, 9)}${rng.pick(['B', 'E', 'W'])}${rng.int(1, 9)}`,
    average: () => String(rng.int(60, 95)),
    iban: () => `CA${rng.digits(2)} ${rng.digits(4)} ${rng.digits(4)} ${rng.digits(4)}`,
    account_opened: () => String(rng.int(2005, 2024)),
    balance_band: () => rng.pick(['A', 'B', 'C']),
  };
  return Object.fromEntries(schema.attributes.map((attr) => [attr, byName[attr]?.() ?? rng.base58(8)]));
}
