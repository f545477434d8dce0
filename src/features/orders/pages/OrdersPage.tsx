import { useTranslation } from 'react-i18next';

import { OrdersList } from '../components/OrdersList';

export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <section className="container py-4" aria-labelledby="orders-title">
      <h1 id="orders-title" className="h3 mb-3">
        {t('orders.title')}
      </h1>
      <OrdersList view="orders" />
    </section>
  );
}
