import { createBrowserRouter } from 'react-router';
import { RouteErrorPage } from '../components/RouteErrorPage';

// Each screen is its own chunk, fetched when its route first matches: the sign-in screen does not
// download the editor, the tables or the dialogs of the signed-in screens. On a navigation the current
// screen stays until the next one's chunk is in; on the first load the page stays blank (as it was
// before any script ran) rather than flashing a spinner for a few milliseconds.

// spec §2 route table.
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => null,
    children: [
      {
        path: '/',
        lazy: () => import('../features/auth/SignInPage').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: '/signin',
        lazy: () => import('../features/auth/SignInPage').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: '/signup',
        lazy: () => import('../features/auth/SignUpPage').then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/verification/:token',
        lazy: () =>
          import('../features/auth/EmailVerifiedPage').then((m) => ({ Component: m.EmailVerifiedPage })),
      },
      {
        path: '/verification/:token/:isTeamMember/:userId',
        lazy: () =>
          import('../features/auth/EmailVerifiedPage').then((m) => ({ Component: m.EmailVerifiedPage })),
      },
      {
        path: '/resend-verification',
        lazy: () =>
          import('../features/auth/ResendVerificationPage').then((m) => ({
            Component: m.ResendVerificationPage,
          })),
      },
      {
        path: '/set-password/:userId',
        lazy: () =>
          import('../features/auth/SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
      },
      {
        path: '/terms-and-conditions',
        lazy: () => import('../features/legal/TermsPage').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: '/privacy-policy',
        lazy: () =>
          import('../features/legal/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
      },
      {
        lazy: async () => {
          const [{ ProtectedLayout }, { ApiSidebar }] = await Promise.all([
            import('../components/ProtectedLayout'),
            import('../features/apis/ApiSidebar'),
          ]);
          return { element: <ProtectedLayout variant="dashboard" aside={<ApiSidebar />} /> };
        },
        children: [
          {
            path: '/dashboard',
            lazy: () =>
              import('../features/apis/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
          },
          // An API as a whole, where an API started empty gets its first endpoint.
          {
            path: '/request/:projectId',
            lazy: () =>
              import('../features/design/ApiOverviewPage').then((m) => ({ Component: m.ApiOverviewPage })),
          },
          {
            path: '/request/:projectId/:apiId',
            lazy: () =>
              import('../features/apis/ApiDetailPage').then((m) => ({ Component: m.ApiDetailPage })),
          },
          // What the API's sandbox received: `projectId` is the API, as on the detail screen.
          {
            path: '/requests/:projectId',
            lazy: () =>
              import('../features/requestLog/RequestLogPage').then((m) => ({ Component: m.RequestLogPage })),
          },
        ],
      },
      {
        lazy: () =>
          import('../components/ProtectedLayout').then((m) => ({
            element: <m.ProtectedLayout variant="tools" />,
          })),
        children: [
          {
            path: '/api-keys',
            lazy: () =>
              import('../features/tokens/TokenManagerPage').then((m) => ({ Component: m.TokenManagerPage })),
          },
          {
            path: '/manage-team',
            lazy: () =>
              import('../features/team/TeamMembersPage').then((m) => ({ Component: m.TeamMembersPage })),
          },
          {
            path: '/prompter',
            lazy: () => import('../features/copilot/CopilotPage').then((m) => ({ Component: m.CopilotPage })),
          },
          {
            path: '/api-lab',
            lazy: () => import('../features/lab/ApiLabPage').then((m) => ({ Component: m.ApiLabPage })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('../components/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);
