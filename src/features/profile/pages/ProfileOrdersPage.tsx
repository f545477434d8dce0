import { useTranslation } from 'react-i18next';

import { OrdersList } from '../../orders/public';

export default function ProfileOrdersPage() {
  const { t } = useTranslation();
  return (
    <section className="container py-4" aria-labelledby="profile-orders-title">
      <h1 id="profile-orders-title" className="h3 mb-3">
        {t('orders.title')}
      </h1>
      <OrdersList view="profile" />
    </section>
  );
}
