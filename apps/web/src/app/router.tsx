import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PAGES } from '@lectern/contract';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';

// Every page is its own lazily loaded chunk, and so is the signed-in shell: sign-in loads neither.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const OverviewPage = lazy(() => import('../features/overview/components/overview-page'));
const NotificationsPage = lazy(() => import('../features/notifications/components/notifications-page'));
const UserManagementPage = lazy(() => import('../features/users/components/user-management-page'));
const GalleryPage = lazy(() => import('./routes/gallery-route'));
const PlaceholderPage = lazy(() => import('./routes/placeholder-page'));
const FileExplorerPage = lazy(() => import('../features/file-explorer/components/file-explorer-page'));
const SubjectManagementPage = lazy(() => import('../features/subjects/components/subject-management-page'));
const SubjectDetailsPage = lazy(() => import('../features/subjects/components/subject-details-page'));
const SubjectTopicsPage = lazy(() => import('../features/subjects/components/subject-topics-page'));
const SubjectReviewPage = lazy(() => import('../features/subjects/components/subject-review-page'));
const TranscodingManagerPage = lazy(() => import('../features/transcoding/components/transcoding-manager-page'));
const CreateCataloguePage = lazy(() => import('./routes/create-catalogue-page'));
const UnauthorizedPage = lazy(() =>
  import('../features/errors/components/error-page').then((m) => ({ default: m.UnauthorizedPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/errors/components/error-page').then((m) => ({ default: m.NotFoundPage })),
);
const ServerErrorPage = lazy(() =>
  import('../features/errors/components/error-page').then((m) => ({ default: m.ServerErrorPage })),
);

export const NOT_FOUND_PATH = '/errors/error-404';
export const PUBLISHER_HOME = '/publisher/storeManager/storeDetails';

function pageName(path: string): string {
  const page = PAGES.find((entry) => entry.path === path);
  if (!page) throw new Error(`No PAGES entry for ${path}`);
  return page.pageName;
}

/** Screens later issues build: title only for now. Paths are relative to the signed-in area. */
const UPCOMING: readonly { path: string; title: string; subtitleParam?: string }[] = [
  { path: 'coupons', title: pageName('/coupons') },
  { path: 'legal', title: pageName('/legal') },
  { path: 'deliveryManagement', title: pageName('/deliveryManagement') },
  { path: 'student-management', title: pageName('/student-management') },
  { path: 'live-classes', title: pageName('/live-classes') },
  { path: 'live-classes/insights', title: pageName('/live-classes/insights') },
  { path: 'go-live', title: pageName('/go-live') },
  { path: 'batch-management', title: pageName('/batch-management') },
  { path: 'batch-management/students', title: pageName('/batch-management/students') },
  // the navigation links to /student-updates itself; the spec's route carries the update type
  { path: 'student-updates', title: pageName('/student-updates') },
  { path: 'student-updates/:updateType', title: pageName('/student-updates'), subtitleParam: 'updateType' },
  { path: 'publisher/storeManager/storeDetails', title: 'Publisher - Store Details' },
  { path: 'publisher/storeManager/storelistings', title: 'Publisher - Store Listings' },
  { path: 'publisher/storeManager/storeDetailsList', title: 'Publisher - Store Details List' },
  { path: 'publisher/storeManager/store', title: 'Publisher - Store Listing' },
  { path: 'publisher/catalogueManager/catalogueList', title: 'Publisher - Catalogue List' },
  { path: 'publisher/otsManager', title: 'Publisher - OTS Manager' },
  { path: 'publisher/editOts', title: 'Publisher - Edit OTS' },
];

const toNotFound = <Navigate to={NOT_FOUND_PATH} replace />;

/** Every route of spec 1 §2 and spec 2 §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/overview" replace /> },
      { path: 'auth/login', element: <LoginPage /> },
      { path: 'auth/*', element: toNotFound },
      { path: 'errors/error-401', element: <UnauthorizedPage /> },
      { path: 'errors/error-404', element: <NotFoundPage /> },
      { path: 'errors/error-500', element: <ServerErrorPage /> },
      { path: 'errors/*', element: toNotFound },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: 'overview', element: <OverviewPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'user-management', element: <UserManagementPage /> },
          // demo mode only (the page sends everyone else to 404): every shared piece with sample data
          { path: 'dev/gallery', element: <GalleryPage /> },
          { path: 'publisher', element: <Navigate to={PUBLISHER_HOME} replace /> },
          { path: 'file-explorer', element: <FileExplorerPage /> },
          { path: 'subject-management', element: <SubjectManagementPage /> },
          { path: 'subject-management/subject-details', element: <SubjectDetailsPage /> },
          { path: 'subject-management/subject-details/topics', element: <SubjectTopicsPage /> },
          { path: 'subject-review', element: <SubjectReviewPage /> },
          { path: 'transcoding-manager', element: <TranscodingManagerPage /> },
          { path: 'publisher/catalogueManager/createCatalogue', element: <CreateCataloguePage /> },
          ...UPCOMING.map(({ path, title, subtitleParam }) => ({
            path,
            element: <PlaceholderPage key={path} title={title} subtitleParam={subtitleParam} />,
          })),
        ],
      },
      { path: '*', element: toNotFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
