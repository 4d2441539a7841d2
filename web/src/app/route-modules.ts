/**
 * The page modules an address opens, for the pages people open first or reload: the build writes the
 * chunks each needs (`dist/route-preloads.json`) and the BFF names them in the page it sends
 * (`modulepreload`), so the browser fetches them beside the entry instead of after it has run. Paths
 * are exact; a page left out loads as before. `route-modules.test.ts` checks each is one the router loads.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/login': ['features/auth/LoginPage'],
  '/queue': ['features/queue/QueuePage'],
  '/credentials': ['features/credentials/CredentialsListPage'],
  '/credentials/new': ['features/credentials/OfferPage'],
  '/credentials/counter': ['features/counter/IssuerCounterPage'],
  '/credentials/batches': ['features/batches/IssueBatchesPage'],
  '/presentations': ['features/presentations/PresentationsListPage'],
  '/presentations/new': ['features/presentations/ProofRequestPage'],
  '/presentations/counter': ['features/counter/CounterPage'],
  '/issued': ['features/register/IssuedPage', 'features/revocation/components/RevokeIssued'],
  '/connections': ['features/connections/ConnectionsListPage'],
  '/connections/new': ['features/connections/NewInvitationPage'],
  '/templates': ['features/templates/TemplatesPage'],
  '/definitions': ['features/definitions/DefinitionsPage'],
  '/revocation': ['features/revocation/RevocationPage'],
  '/wallet': ['features/wallet/WalletPage'],
  '/audit': ['features/audit/AuditPage'],
  '/privacy': ['features/privacy/PrivacyPage'],
  '/tenants': ['features/tenants/TenantsPage'],
  '/events': ['features/events/EventsPage'],
};
