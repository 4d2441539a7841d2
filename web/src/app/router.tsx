import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { filterCheckFor } from '../components/exchange-list/list-params';
import { PageLoading } from '../components/ui/PageLoading';
import { Toasts } from '../components/ui/Toasts';
import { RequireSession } from '../features/auth/RequireSession';
import { homeFor, sessionQueries } from '../features/auth/queries';
import { NotFoundPage } from '../features/placeholders/NotFoundPage';
import { AppLayout } from './AppLayout';
import { AreaGuard } from './AreaGuard';

function Home() {
  const session = useQuery(sessionQueries.current()).data;
  // Said in the state, so a menu opened on "/" while the home page loads stays open there.
  return session ? <Navigate to={homeFor(session.role)} replace state={{ redirectedFromHome: true }} /> : null;
}

// Each area's pages load as their own chunk, on first visit.
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: load });

/** The credential detail page with revocation's "Revoke…" among its actions: features meet here, never in each other. */
async function credentialDetailWithRevoke() {
  const [{ CredentialDetailPage }, { RevokeAction }] = await Promise.all([
    import('../features/credentials/CredentialDetailPage'),
    import('../features/revocation/components/RevokeAction'),
  ]);
  return { Component: () => <CredentialDetailPage RecordAction={RevokeAction} /> };
}

async function issuedWithRevoke() {
  const [{ IssuedPage }, { RevokeIssued }] = await Promise.all([
    import('../features/register/IssuedPage'),
    import('../features/revocation/components/RevokeIssued'),
  ]);
  return { Component: () => <IssuedPage RevokeControl={RevokeIssued} /> };
}

/**
 * A list page whose data is asked for as soon as its code is in, while React renders it: its loader
 * starts the page's query (once the session is known) and returns at once; the page reads the same
 * query from the cache.
 */
const listPage = (
  queryClient: QueryClient,
  load: () => Promise<{ Component: React.ComponentType; prefetch: (client: QueryClient, search: URLSearchParams) => void }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { Component, prefetch } = await load();
    return {
      Component,
      loader: async ({ request }: LoaderFunctionArgs) => {
        const search = new URL(request.url).searchParams;
        // Only for a session: logged out, the page sends to the login page, which must not hear a 401 first.
        void queryClient.ensureQueryData(sessionQueries.current()).then(
          (session) => session && prefetch(queryClient, search),
          () => undefined,
        );
        // A filtered list checks its address with the register's schema: loaded here, so the page never waits for it.
        await filterCheckFor(search);
        return null;
      },
    };
  },
});

function Root() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}

export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/login', ...page(async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage })) },
      {
        path: '/',
        hydrateFallbackElement: <PageLoading />,
        element: <RequireSession>{(session) => <AppLayout session={session} />}</RequireSession>,
        children: [
          { index: true, element: <Home /> },
          {
            path: 'credentials',
            element: <AreaGuard area="credentials" />,
            children: [
              {
                index: true,
                ...listPage(queryClient, async () => {
                  const { CredentialsListPage, prefetchCredentialsList } = await import('../features/credentials/CredentialsListPage');
                  return { Component: CredentialsListPage, prefetch: prefetchCredentialsList };
                }),
              },
              { path: 'new', ...page(async () => ({ Component: (await import('../features/credentials/OfferPage')).OfferPage })) },
              { path: 'counter', ...page(async () => ({ Component: (await import('../features/counter/IssuerCounterPage')).IssuerCounterPage })) },
              { path: 'batches', ...page(async () => ({ Component: (await import('../features/batches/IssueBatchesPage')).IssueBatchesPage })) },
              { path: 'batches/:batchId', ...page(async () => ({ Component: (await import('../features/batches/IssueBatchPage')).IssueBatchPage })) },
              { path: ':credExId', ...page(credentialDetailWithRevoke) },
            ],
          },
          {
            path: 'presentations',
            element: <AreaGuard area="presentations" />,
            children: [
              {
                index: true,
                ...listPage(queryClient, async () => {
                  const { PresentationsListPage, prefetchPresentationsList } = await import('../features/presentations/PresentationsListPage');
                  return { Component: PresentationsListPage, prefetch: prefetchPresentationsList };
                }),
              },
              { path: 'new', ...page(async () => ({ Component: (await import('../features/presentations/ProofRequestPage')).ProofRequestPage })) },
              { path: 'counter', ...page(async () => ({ Component: (await import('../features/counter/CounterPage')).CounterPage })) },
              {
                path: ':presExId',
                ...page(async () => ({ Component: (await import('../features/presentations/PresentationDetailPage')).PresentationDetailPage })),
              },
            ],
          },
          {
            path: 'templates',
            element: <AreaGuard area="templates" />,
            children: [
              { index: true, ...page(async () => ({ Component: (await import('../features/templates/TemplatesPage')).TemplatesPage })) },
              { path: ':templateId', ...page(async () => ({ Component: (await import('../features/templates/TemplatePage')).TemplatePage })) },
            ],
          },
          {
            path: 'connections',
            element: <AreaGuard area="connections" />,
            children: [
              { index: true, ...page(async () => ({ Component: (await import('../features/connections/ConnectionsListPage')).ConnectionsListPage })) },
              { path: 'new', ...page(async () => ({ Component: (await import('../features/connections/NewInvitationPage')).NewInvitationPage })) },
              { path: ':connId', ...page(async () => ({ Component: (await import('../features/connections/ConnectionDetailPage')).ConnectionDetailPage })) },
            ],
          },
          {
            path: 'issued',
            element: <AreaGuard area="issued" />,
            children: [{ index: true, ...page(issuedWithRevoke) }],
          },
          {
            path: 'definitions',
            element: <AreaGuard area="schemas" />,
            children: [{ index: true, ...page(async () => ({ Component: (await import('../features/definitions/DefinitionsPage')).DefinitionsPage })) }],
          },
          {
            path: 'revocation',
            element: <AreaGuard area="revocation" />,
            children: [{ index: true, ...page(async () => ({ Component: (await import('../features/revocation/RevocationPage')).RevocationPage })) }],
          },
          {
            path: 'wallet',
            element: <AreaGuard area="wallet" />,
            children: [{ index: true, ...page(async () => ({ Component: (await import('../features/wallet/WalletPage')).WalletPage })) }],
          },
          {
            path: 'tenants',
            element: <AreaGuard area="tenants" />,
            children: [{ index: true, ...page(async () => ({ Component: (await import('../features/tenants/TenantsPage')).TenantsPage })) }],
          },
          {
            path: 'privacy',
            element: <AreaGuard area="privacy" />,
            children: [{ index: true, ...page(async () => ({ Component: (await import('../features/privacy/PrivacyPage')).PrivacyPage })) }],
          },
          {
            path: 'audit',
            element: <AreaGuard area="audit" />,
            children: [{ index: true, ...page(async () => ({ Component: (await import('../features/audit/AuditPage')).AuditPage })) }],
          },
          // Every role inside an organisation (the connections area's), never the operator, who has no exchanges or agent events.
          {
            element: <AreaGuard area="connections" />,
            children: [
              { path: 'queue', ...page(async () => ({ Component: (await import('../features/queue/QueuePage')).QueuePage })) },
              { path: 'events', ...page(async () => ({ Component: (await import('../features/events/EventsPage')).EventsPage })) },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
