import { agentRoutes } from '@credence/shared';

/** A path segment that names a thing rather than one record: letters and hyphens, maybe a version (`issue-credential-2.0`). */
const WORD = /^[a-z][a-z-]{0,39}(?:-\d+\.\d+)?$/;

const known = [...new Set(agentRoutes.map((r) => r.path))].map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
}));

/**
 * The template of an agent path, for a metric's label: the contract's own (`/issue-credential-2.0/records/:cred_ex_id`)
 * when it is one of its routes, else the path with every segment that is not a word made `:id`. Never an id:
 * a label per record would grow without end.
 */
export function agentRouteTemplate(path: string): string {
  const bare = path.split('?')[0] ?? path;
  for (const { template, pattern } of known) if (pattern.test(bare)) return template;
  return bare
    .split('/')
    .map((segment) => (segment === '' || WORD.test(segment) ? segment : ':id'))
    .join('/');
}
