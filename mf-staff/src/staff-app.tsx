import './lib/i18n';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import {
  BACK_OFFICE_PATH,
  ErrorAlert,
  Spinner,
  toDisplayError,
  withSuspense,
  type StaffAppProps,
} from '@dating/shared';
import { useStaffMeQuery } from './api/session';
import { NS } from './lib/i18n';
import { StaffContext } from './lib/staff-context';
import { LoginPage } from './features/auth/components/login-page';
import { StaffLayout } from './components/staff-layout';
import './staff.scss';
import type { RemoteComponent } from '@dating/shared/remotes';

// Each page is its own chunk of this remote, loaded when first opened.
const DashboardPage = lazy(() => import('./features/dashboard/components/dashboard-page'));
const QueuePage = lazy(() => import('./features/queue/components/queue-page'));
const ConversationPage = lazy(() => import('./features/queue/components/conversation-page'));
const PhotosPage = lazy(() => import('./features/moderation/components/photos-page'));
const CasesPage = lazy(() => import('./features/moderation/components/cases-page'));
const MembersPage = lazy(() => import('./features/members/components/members-page'));
const MemberPage = lazy(() => import('./features/members/components/member-page'));
const SitesPage = lazy(() => import('./features/sites/components/sites-page'));
const SitePage = lazy(() => import('./features/sites/components/site-page'));
const AccountsPage = lazy(() => import('./features/accounts/components/accounts-page'));
const AuditPage = lazy(() => import('./features/audit/components/audit-page'));
const RolloutsPage = lazy(() => import('./features/rollouts/components/rollouts-page'));

/**
 * `mf_staff/StaffApp`, mounted by the shell at `/staff/*` (docs/adr/0018-staff-back-office.md). Without a complete staff session (password
 * and second factor) every address shows the sign-in; operators get the operator pages only, admins all of them.
 * The routes below are relative to the mount point, so the shell never lists them.
 */
function StaffApp({ basePath = BACK_OFFICE_PATH }: StaffAppProps) {
  const { t } = useTranslation(NS);
  const me = useStaffMeQuery();
  if (me.isLoading) return <Spinner block label={t('common.loading')} />;
  // No staff session: 403 `auth_required`, or `forbidden` when the browser carries a member's session. Either way
  // nothing but the sign-in is shown.
  const code = toDisplayError(me.error)?.code;
  const signedOut = code === 'auth_required' || code === 'forbidden';
  if (me.isError && !signedOut) {
    return (
      <main className="container py-5">
        <ErrorAlert error={me.error} />
      </main>
    );
  }
  if (!me.data || me.data.stage !== 'full')
    return <LoginPage pending={me.data?.stage === 'pending' ? me.data : undefined} />;
  const admin = me.data.role === 'admin';
  return (
    <StaffContext.Provider value={{ me: me.data, base: basePath }}>
      <Routes>
        <Route element={<StaffLayout />}>
          <Route
            index
            element={
              <Page>
                <DashboardPage />
              </Page>
            }
          />
          <Route
            path="queue"
            element={
              <Page>
                <QueuePage />
              </Page>
            }
          />
          <Route
            path="queue/:id"
            element={
              <Page>
                <ConversationPage />
              </Page>
            }
          />
          <Route
            path="photos"
            element={
              <Page>
                <PhotosPage />
              </Page>
            }
          />
          <Route
            path="reports"
            element={
              <Page>
                <CasesPage kind="reports" />
              </Page>
            }
          />
          <Route
            path="complaints"
            element={
              <Page>
                <CasesPage kind="complaints" />
              </Page>
            }
          />
          <Route
            path="audit"
            element={
              <Page>
                <AuditPage />
              </Page>
            }
          />
          <Route
            path="rollouts"
            element={
              <Page>
                <RolloutsPage />
              </Page>
            }
          />
          {admin ? (
            <>
              <Route
                path="members"
                element={
                  <Page>
                    <MembersPage />
                  </Page>
                }
              />
              <Route
                path="members/:id"
                element={
                  <Page>
                    <MemberPage />
                  </Page>
                }
              />
              <Route
                path="sites"
                element={
                  <Page>
                    <SitesPage />
                  </Page>
                }
              />
              <Route
                path="sites/:id"
                element={
                  <Page>
                    <SitePage />
                  </Page>
                }
              />
              <Route
                path="accounts"
                element={
                  <Page>
                    <AccountsPage />
                  </Page>
                }
              />
            </>
          ) : null}
          <Route path="*" element={<Navigate to={basePath} replace />} />
        </Route>
      </Routes>
    </StaffContext.Provider>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation(NS);
  return <Suspense fallback={<Spinner block label={t('common.loading')} />}>{children}</Suspense>;
}

export default withSuspense(StaffApp) satisfies RemoteComponent<'mf_staff/StaffApp'>;
