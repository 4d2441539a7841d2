import type { OwnCredDef } from '@credence/shared';
import { emptyCheck, PREDICATE_TYPES, type CheckFormValues, type PredicateType } from './counter-requests';

/**
 * The counter's check in its address, so a link (or a reload, or a bookmark of today's check) opens the
 * form filled with exactly what will be asked:
 *   ?template=<id>                         a saved proof template
 *   ?definition=<cred def id>&show=name,student_id&predicate=birth_year&p_type=<=&p_value=2008
 */
export interface CounterAddress {
  template?: string;
  definition?: string;
  show: string[];
  predicate?: { name: string; p_type: string; p_value: string };
}

export function readCounterAddress(search: URLSearchParams): CounterAddress {
  const value = (key: string) => search.get(key)?.trim() || undefined;
  const name = value('predicate');
  return {
    template: value('template'),
    definition: value('definition'),
    show: (value('show') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ...(name && { predicate: { name, p_type: value('p_type') ?? '>=', p_value: value('p_value') ?? '' } }),
  };
}

/** The address of a check, as the page writes it back when the QR code is made. */
export function counterAddressOf(values: CheckFormValues): URLSearchParams {
  const search = new URLSearchParams({ definition: values.credDefId });
  if (values.attributes.length) search.set('show', values.attributes.join(','));
  if (values.predicate.name) {
    search.set('predicate', values.predicate.name);
    search.set('p_type', values.predicate.p_type);
    search.set('p_value', values.predicate.p_value);
  }
  return search;
}

/**
 * The form's values for an address, against this agent's definitions, and what of the address could
 * not be taken (said on the page, never silently dropped): a definition the agent does not have, an
 * attribute its schema does not hold, an unknown comparison.
 */
export function checkFromAddress(address: CounterAddress, definitions: readonly OwnCredDef[]): { values: CheckFormValues; problems: string[] } | undefined {
  if (!address.definition) return undefined;
  const definition = definitions.find((d) => d.credDefId === address.definition);
  if (!definition) return { values: emptyCheck, problems: ['The link names a credential this agent does not issue: choose one below.'] };
  const problems: string[] = [];
  const unknown = address.show.filter((name) => !definition.attributes.includes(name));
  if (unknown.length) problems.push(`The link asks for ${unknown.join(', ')}, which a ${definition.schemaName} does not hold: left out.`);
  const attributes = definition.attributes.filter((name) => address.show.includes(name));
  let predicate = emptyCheck.predicate;
  if (address.predicate) {
    const known = definition.attributes.includes(address.predicate.name);
    const type = PREDICATE_TYPES.find((t) => t === address.predicate?.p_type);
    if (!known) problems.push(`The link asks to prove ${address.predicate.name}, which a ${definition.schemaName} does not hold: left out.`);
    else if (!type) problems.push(`The link’s comparison “${address.predicate.p_type}” is not one the counter knows: left out.`);
    else predicate = { name: address.predicate.name, p_type: type satisfies PredicateType, p_value: address.predicate.p_value };
  }
  return { values: { credDefId: definition.credDefId, attributes, predicate }, problems };
}
