import { type ComponentType, isValidElement, lazy, type ReactNode, Suspense } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/RouteErrorPage';
import { loadToasts } from '../components/ToastsHost';
import { SignInPage } from '../features/auth/SignInPage';

// Each screen is its own chunk, fetched when its route first matches: the sign-in screen does not
// download the editor, the tables or the dialogs of the signed-in screens. The sign-in screen itself,
// where most visits start, comes with the app's entry: one round trip less (README, first load).
// On a navigation the current screen stays until the next one's chunk is in (BrowserRouter navigates
// in a transition); on a first load the page stays blank rather than flashing a spinner.
// Routes are declared as components rather than with a data router (createBrowserRouter): no screen
// uses loaders or actions, and the data router adds about 15 KB gzipped to the first load.

const preloads = new WeakMap<object, () => unknown>();

/** A screen fetched when first shown: `load` resolves to the module's component. */
function screen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const fetchScreen = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const Screen = lazy(fetchScreen);
  preloads.set(Screen, fetchScreen);
  return Screen;
}

/** Starts fetching the screen `element` shows, if it is one of `screen()`'s. */
function preload(element: ReactNode): void {
  if (isValidElement(element) && typeof element.type !== 'string') preloads.get(element.type)?.();
}

// Every other screen fetches through TanStack Query and may show a toast: both come with the first of
// them, so the sign-in screen, the one most visits start on, loads without them.
const QueryScope = screen(() => {
  loadToasts();
  return import('./QueryScope').then((m) => m.QueryScope);
});
const SignUpPage = screen(() => import('../features/auth/SignUpPage').then((m) => m.SignUpPage));
const ForgotPasswordPage = screen(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const EmailVerifiedPage = screen(() =>
  import('../features/auth/EmailVerifiedPage').then((m) => m.EmailVerifiedPage),
);
const ResendVerificationPage = screen(() =>
  import('../features/auth/ResendVerificationPage').then((m) => m.ResendVerificationPage),
);
const SetPasswordPage = screen(() =>
  import('../features/auth/SetPasswordPage').then((m) => m.SetPasswordPage),
);
const TermsPage = screen(() => import('../features/legal/TermsPage').then((m) => m.TermsPage));
const PrivacyPolicyPage = screen(() =>
  import('../features/legal/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
);
const DashboardLayout = screen(async () => {
  const [{ ProtectedLayout }, { ApiSidebar }] = await Promise.all([
    import('./ProtectedLayout'),
    import('../features/apis/ApiSidebar'),
  ]);
  return () => <ProtectedLayout variant="dashboard" aside={<ApiSidebar />} />;
});
const ToolsLayout = screen(() =>
  import('./ProtectedLayout').then((m) => () => <m.ProtectedLayout variant="tools" />),
);
const DashboardPage = screen(() => import('../features/apis/DashboardPage').then((m) => m.DashboardPage));
const ApiOverviewPage = screen(() =>
  import('../features/apis/ApiOverviewPage').then((m) => m.ApiOverviewPage),
);
const ApiDetailPage = screen(() => import('../features/apis/ApiDetailPage').then((m) => m.ApiDetailPage));
const RequestLogPage = screen(() =>
  import('../features/requestLog/RequestLogPage').then((m) => m.RequestLogPage),
);
const TokenManagerPage = screen(() =>
  import('../features/tokens/TokenManagerPage').then((m) => m.TokenManagerPage),
);
const TeamMembersPage = screen(() =>
  import('../features/team/TeamMembersPage').then((m) => m.TeamMembersPage),
);
const CopilotPage = screen(() => import('../features/copilot/CopilotPage').then((m) => m.CopilotPage));
const ApiLabPage = screen(() => import('../features/lab/ApiLabPage').then((m) => m.ApiLabPage));
const NotFoundPage = screen(() => import('../components/NotFoundPage').then((m) => m.NotFoundPage));

// spec §2 route table.
const routes = createRoutesFromElements(
  <>
    <Route path="/" element={<SignInPage />} />
    <Route path="/signin" element={<SignInPage />} />
    <Route element={<QueryScope />}>
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/verification/:token" element={<EmailVerifiedPage />} />
      <Route path="/verification/:token/:isTeamMember/:userId" element={<EmailVerifiedPage />} />
      <Route path="/resend-verification" element={<ResendVerificationPage />} />
      <Route path="/set-password/:userId" element={<SetPasswordPage />} />
      <Route path="/terms-and-conditions" element={<TermsPage />} />
      <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
      <Route element={<DashboardLayout />}>
        <Route path="/dashboard" element={<DashboardPage />} />
        {/* An API as a whole, where an API started empty gets its first endpoint. */}
        <Route path="/request/:projectId" element={<ApiOverviewPage />} />
        <Route path="/request/:projectId/:apiId" element={<ApiDetailPage />} />
        {/* What the API's sandbox received: `projectId` is the API, as on the detail screen. */}
        <Route path="/requests/:projectId" element={<RequestLogPage />} />
      </Route>
      <Route element={<ToolsLayout />}>
        <Route path="/api-keys" element={<TokenManagerPage />} />
        <Route path="/manage-team" element={<TeamMembersPage />} />
        <Route path="/prompter" element={<CopilotPage />} />
        <Route path="/api-lab" element={<ApiLabPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>,
);

export function AppRoutes() {
  const location = useLocation();
  // A screen inside layouts would otherwise be fetched after them, one round trip each: every chunk
  // the address needs is asked for at once.
  for (const { route } of matchRoutes(routes, location) ?? []) preload(route.element);
  const screens = useRoutes(routes, location);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>{screens}</Suspense>
    </RouteErrorBoundary>
  );
}
