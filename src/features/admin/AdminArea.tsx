// The back office's route (/admin/*), its own chunk: its slice joins the store and its endpoints the API when this
// module loads, and its texts load beside it. Only staff reach it (see app/routes.tsx); the server checks every call.
import { useEffect } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';

import { roleAnswered } from '../../app/events';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { selectRole } from '../auth/public';

import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { PageSpinner } from '../../ui/Spinner';
import './admin.css';
import { accessLossHandled, selectAccessLost, selectSecondFactorGate } from './adminSlice';
import { ReauthDialog } from './components/ReauthDialog';
import { SecondFactorEnrolment, SecondFactorStep } from './components/SecondFactorScreens';
import { loadAdminTexts, useAdminT } from './adminTexts';
import { CatalogueCsvPage } from './pages/CatalogueCsvPage';
import { CouponsPage } from './pages/CouponsPage';
import { DashboardPage } from './pages/DashboardPage';
import { NewProductPage } from './pages/NewProductPage';
import { OrderPage } from './pages/OrderPage';
import { OrdersPage } from './pages/OrdersPage';
import { ProductPage } from './pages/ProductPage';
import { ProductsPage } from './pages/ProductsPage';
import { ReviewsPage } from './pages/ReviewsPage';
import { SecurityPage } from './pages/SecurityPage';
import { StaffPage } from './pages/StaffPage';
import { useSecondFactorStatusQuery } from './secondFactorApi';

void loadAdminTexts();

const SECTIONS = [
  { to: '/admin', key: 'dashboard', end: true },
  { to: '/admin/orders', key: 'orders', end: false },
  { to: '/admin/reviews', key: 'reviews', end: false },
  { to: '/admin/products', key: 'products', end: false },
  { to: '/admin/coupons', key: 'coupons', end: false },
  { to: '/admin/import', key: 'import', end: false },
  { to: '/admin/staff', key: 'staff', end: false, ownerOnly: true },
  { to: '/admin/security', key: 'security', end: false },
] as const;

function AdminNav() {
  const { t } = useAdminT();
  const owner = useAppSelector(selectRole) === 'owner';
  return (
    <nav aria-label={t('admin.nav.label')} className="admin-nav">
      <ul className="nav nav-pills flex-nowrap flex-lg-column gap-1">
        {SECTIONS.filter((section) => owner || !('ownerOnly' in section)).map((section) => (
          <li key={section.key} className="nav-item">
            <NavLink to={section.to} end={section.end} className="nav-link text-nowrap">
              {t(`admin.nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The server refused a call as not staff: the role was taken away since the sign-in. The area says so in the staff
 * member's language and leaves for the shop; the role the SPA shows follows the server's answer.
 */
function useAccessLoss(): boolean {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const lost = useAppSelector(selectAccessLost);
  useEffect(() => {
    if (!lost) return;
    notify.warning(t('admin.refusals.access_lost'), { toastId: 'admin-access-lost' });
    dispatch(accessLossHandled());
    dispatch(roleAnswered({ userId: null, role: 'shopper' }));
  }, [lost, dispatch, t]);
  return lost;
}

/**
 * The second factor before the pages: a session whose code has not been entered gets the sign-in's second step, an
 * account that must set an app up gets the set-up (the server refuses every back office call until then, and a
 * refused call brings the screen too). The demo shop's owner, who may go without, is told so.
 */
function useSecondFactorGate() {
  const status = useSecondFactorStatusQuery();
  const refused = useAppSelector(selectSecondFactorGate);
  const answer = status.data;
  const fromStatus = answer && !answer.passed ? (answer.enrolled ? 'code' : 'enrol') : null;
  return {
    gate: refused ?? fromStatus,
    loading: status.isLoading,
    demoExempt: answer?.demo_exempt ?? false,
  };
}

function DemoNotice() {
  const { t } = useAdminT();
  return (
    <div className="alert alert-info" role="note" data-testid="demo-second-factor-notice">
      {t('admin.second_factor.demo_notice')}{' '}
      <NavLink to="/admin/security" className="text-reset fw-semibold">
        {t('admin.second_factor.demo_set_up')}
      </NavLink>
    </div>
  );
}

export default function AdminArea() {
  const { t, ready } = useAdminT();
  useDocumentTitle(ready ? t('admin.title') : '');
  const lost = useAccessLoss();
  const { gate, loading, demoExempt } = useSecondFactorGate();
  if (lost) return <Navigate to="/" replace />;
  if (!ready || loading) return <PageSpinner />;
  if (gate) {
    return (
      <div className="container-xl py-3 admin-area" data-testid="admin-area">
        <p className="h5 mb-3 text-body-secondary">{t('admin.title')}</p>
        <div className="row justify-content-center">
          <div className="col-md-8 col-lg-6">
            {gate === 'code' ? <SecondFactorStep /> : <SecondFactorEnrolment required />}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="container-xl py-3 admin-area" data-testid="admin-area">
      <p className="h5 mb-3 text-body-secondary">{t('admin.title')}</p>
      <div className="row g-3">
        <div className="col-lg-2">
          <AdminNav />
        </div>
        <div className="col-lg-10">
          {demoExempt && <DemoNotice />}
          <Routes>
            <Route index element={<DashboardPage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="orders/:id" element={<OrderPage />} />
            <Route path="reviews" element={<ReviewsPage />} />
            <Route path="products" element={<ProductsPage />} />
            <Route path="products/new" element={<NewProductPage />} />
            <Route path="products/:id" element={<ProductPage />} />
            <Route path="coupons" element={<CouponsPage />} />
            <Route path="import" element={<CatalogueCsvPage />} />
            <Route path="staff" element={<StaffPage />} />
            <Route path="security" element={<SecurityPage />} />
            <Route path="*" element={<p className="alert alert-warning">{t('admin.common.not_found')}</p>} />
          </Routes>
          <ReauthDialog />
        </div>
      </div>
    </div>
  );
}
