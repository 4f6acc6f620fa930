import { lazy } from 'react';
import { Navigate, createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { STUDENT_UPDATE_TYPES, hasPermission, isStudentUpdateType } from '@lectern/contract';
import { NotFoundPage, ServerErrorPage, UnauthorizedPage } from '../features/errors/components/error-page';
import { RouteError } from '../features/errors/components/route-error';
import { useSession } from '../lib/session';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';

// Every page is its own lazily loaded chunk, and so is the signed-in shell: sign-in loads neither.
// The error pages are not: they must show when a chunk cannot be fetched (RouteError).
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const OverviewPage = lazy(() => import('../features/overview/components/overview-page'));
const NotificationsPage = lazy(() => import('../features/notifications/components/notifications-page'));
const UserManagementPage = lazy(() => import('../features/users/components/user-management-page'));
const GalleryPage = lazy(() => import('./routes/gallery-route'));
const FileExplorerPage = lazy(() => import('../features/file-explorer/components/file-explorer-page'));
const SubjectManagementPage = lazy(() => import('../features/subjects/components/subject-management-page'));
const SubjectDetailsPage = lazy(() => import('../features/subjects/components/subject-details-page'));
const SubjectTopicsPage = lazy(() => import('../features/subjects/components/subject-topics-page'));
const SubjectReviewPage = lazy(() => import('../features/subjects/components/subject-review-page'));
const TranscodingManagerPage = lazy(() => import('../features/transcoding/components/transcoding-manager-page'));
const CreateCataloguePage = lazy(() => import('./routes/create-catalogue-page'));
const CatalogueListPage = lazy(() => import('../features/catalogues/components/catalogue-list-page'));
const CategoriesPage = lazy(() => import('../features/categories/components/categories-page'));
const PublisherLayout = lazy(() => import('./routes/publisher-layout'));
const OtsManagerPage = lazy(() => import('../features/ots/components/ots-manager-page'));
const EditOtsPage = lazy(() => import('../features/ots/components/edit-ots-page'));
const StoreListingListPage = lazy(() =>
  import('../features/store-listings/components/store-listing-list-page').then((m) => ({
    default: m.StoreListingListPage,
  })),
);
const StoreListingPage = lazy(() => import('./routes/store-listing-page'));
const StudentManagementPage = lazy(() => import('../features/students/components/student-management-page'));
const LegalPage = lazy(() => import('../features/legal/components/legal-page'));
const CouponsPage = lazy(() => import('../features/coupons/components/coupons-page'));
const DeliveryPage = lazy(() => import('../features/delivery/components/delivery-page'));
const GstReportPage = lazy(() => import('../features/gst-report/components/gst-report-page'));
const OrdersPage = lazy(() => import('../features/orders/components/orders-page'));
const BatchesPage = lazy(() => import('../features/batches/components/batches-page'));
const BatchStudentsPage = lazy(() => import('../features/batches/components/batch-students-page'));
const LiveClassesPage = lazy(() => import('./routes/live-classes-route'));
const LiveClassInsightsPage = lazy(() => import('../features/live-classes/components/insights-page'));
const GoLivePage = lazy(() => import('../features/live-classes/components/go-live-page'));
const StudentUpdatesRoute = lazy(() => import('./routes/student-updates-route'));

export const NOT_FOUND_PATH = '/errors/error-404';
export const PUBLISHER_HOME = '/publisher/storeManager/storeDetails';
const CATALOGUE_LIST = '/publisher/catalogueManager/catalogueList';

/**
 * /publisher opens the store details (spec 2 §2); FINANCE, who has no store manager, gets the first
 * publisher section it may use, the catalogue list, rather than a page it cannot open.
 */
function PublisherHome() {
  const roles = useSession()?.roles ?? [];
  return <Navigate to={hasPermission(roles, 'publisher') ? PUBLISHER_HOME : CATALOGUE_LIST} replace />;
}

const toNotFound = <Navigate to={NOT_FOUND_PATH} replace />;

/** /student-updates/{updateType}: a kind of update the contract knows, else the 404 page. */
function StudentUpdatesOfType() {
  const { updateType = '' } = useParams();
  return isStudentUpdateType(updateType) ? <StudentUpdatesRoute updateType={updateType} /> : toNotFound;
}

/**
 * Every route of spec 1 §2 and spec 2 §2. A screen that throws or whose code cannot be fetched shows
 * RouteError: inside the signed-in layout for its screens, full page above it.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
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
          {
            errorElement: <RouteError framed />,
            children: [
              { path: 'overview', element: <OverviewPage /> },
              { path: 'notifications', element: <NotificationsPage /> },
              { path: 'user-management', element: <UserManagementPage /> },
              // demo mode only (the page sends everyone else to 404): every shared piece with sample data
              { path: 'dev/gallery', element: <GalleryPage /> },
              { path: 'publisher', element: <PublisherHome /> },
              { path: 'file-explorer', element: <FileExplorerPage /> },
              { path: 'subject-management', element: <SubjectManagementPage /> },
              { path: 'subject-management/subject-details', element: <SubjectDetailsPage /> },
              { path: 'subject-management/subject-details/topics', element: <SubjectTopicsPage /> },
              { path: 'subject-review', element: <SubjectReviewPage /> },
              { path: 'transcoding-manager', element: <TranscodingManagerPage /> },
              { path: 'student-management', element: <StudentManagementPage /> },
              { path: 'legal', element: <LegalPage /> },
              { path: 'coupons', element: <CouponsPage /> },
              { path: 'deliveryManagement', element: <DeliveryPage /> },
              { path: 'gst-report', element: <GstReportPage /> },
              { path: 'orders', element: <OrdersPage /> },
              { path: 'batch-management', element: <BatchesPage /> },
              { path: 'batch-management/students', element: <BatchStudentsPage /> },
              { path: 'live-classes', element: <LiveClassesPage /> },
              { path: 'live-classes/insights', element: <LiveClassInsightsPage /> },
              { path: 'go-live', element: <GoLivePage /> },
              // every page under /publisher shares the publisher sub-navigation
              {
                element: <PublisherLayout />,
                children: [
                  { path: 'publisher/catalogueManager/createCatalogue', element: <CreateCataloguePage /> },
                  { path: 'publisher/catalogueManager/catalogueList', element: <CatalogueListPage /> },
                  { path: 'publisher/otsManager', element: <OtsManagerPage /> },
                  { path: 'publisher/editOts', element: <EditOtsPage /> },
                  { path: 'publisher/categories', element: <CategoriesPage /> },
                  // the store manager's home is its listings; the details list shows what each one holds
                  ...(['storeDetails', 'storelistings'] as const).map((page) => {
                    const path = `/publisher/storeManager/${page}`;
                    return {
                      path: path.slice(1),
                      element: <StoreListingListPage key={path} path={path} view="listings" />,
                    };
                  }),
                  { path: 'publisher/storeManager/store', element: <StoreListingPage /> },
                  {
                    path: 'publisher/storeManager/storeDetailsList',
                    element: <StoreListingListPage path="/publisher/storeManager/storeDetailsList" view="details" />,
                  },
                ],
              },
              // the navigation links to /student-updates itself: the first kind of update
              {
                path: 'student-updates',
                element: <Navigate to={`/student-updates/${STUDENT_UPDATE_TYPES[0]}`} replace />,
              },
              { path: 'student-updates/:updateType', element: <StudentUpdatesOfType /> },
            ],
          },
        ],
      },
      { path: '*', element: toNotFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
