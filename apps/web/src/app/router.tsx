import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { ProtectedLayout } from '../components/ProtectedLayout';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { ApiDetailPage } from '../features/apis/ApiDetailPage';
import { ApiSidebar } from '../features/apis/ApiSidebar';
import { DashboardPage } from '../features/apis/DashboardPage';
import { EmailVerifiedPage } from '../features/auth/EmailVerifiedPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { ResendVerificationPage } from '../features/auth/ResendVerificationPage';
import { SetPasswordPage } from '../features/auth/SetPasswordPage';
import { SignInPage } from '../features/auth/SignInPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { CopilotPage } from '../features/copilot/CopilotPage';
import { ApiLabPage } from '../features/lab/ApiLabPage';
import { PrivacyPolicyPage } from '../features/legal/PrivacyPolicyPage';
import { TermsPage } from '../features/legal/TermsPage';
import { RequestLogPage } from '../features/requestLog/RequestLogPage';
import { TeamMembersPage } from '../features/team/TeamMembersPage';
import { TokenManagerPage } from '../features/tokens/TokenManagerPage';

// spec §2 route table.
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <SignInPage /> },
      { path: '/signin', element: <SignInPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/verification/:token', element: <EmailVerifiedPage /> },
      { path: '/verification/:token/:isTeamMember/:userId', element: <EmailVerifiedPage /> },
      { path: '/resend-verification', element: <ResendVerificationPage /> },
      { path: '/set-password/:userId', element: <SetPasswordPage /> },
      { path: '/terms-and-conditions', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      {
        element: <ProtectedLayout variant="dashboard" aside={<ApiSidebar />} />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/request/:projectId/:apiId', element: <ApiDetailPage /> },
          // What the API's sandbox received: `projectId` is the API, as on the detail screen.
          { path: '/requests/:projectId', element: <RequestLogPage /> },
        ],
      },
      {
        element: <ProtectedLayout variant="tools" />,
        children: [
          { path: '/api-keys', element: <TokenManagerPage /> },
          { path: '/manage-team', element: <TeamMembersPage /> },
          { path: '/prompter', element: <CopilotPage /> },
          { path: '/api-lab', element: <ApiLabPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
