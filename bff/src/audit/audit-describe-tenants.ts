/** The operator's acts on tenants in words ("created the tenant Harbour Clinic"), named by the label the route put in the target. */
export function tenantPhrase(method: string, route: string, target: Record<string, string>): { done: string; tried: string; link: string | null } | undefined {
  if (method !== 'POST') return undefined;
  const name = target.tenant ? ` ${target.tenant}` : '';
  if (route === '/tenants') return { done: `created the tenant${name}`, tried: `create the tenant${name}`, link: '/tenants' };
  if (route === '/tenants/:walletId/adopt')
    return { done: `connected the tenant${name} with a new access key`, tried: `connect the tenant${name}`, link: '/tenants' };
  if (route === '/tenants/:walletId/remove') {
    const records = target.records === 'erase' ? ', erasing its records' : target.records === 'keep' ? ', keeping its records read-only' : '';
    return { done: `removed the tenant${name}${records}`, tried: `remove the tenant${name}`, link: '/tenants' };
  }
  return undefined;
}
