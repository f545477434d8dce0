import { useTranslation } from 'react-i18next';

import { OrdersList } from '../../orders/public';
import { ProfileLayout } from '../components/ProfileLayout';

export default function ProfileOrdersPage() {
  const { t } = useTranslation();
  return (
    <ProfileLayout title={t('orders.title')}>
      <OrdersList view="profile" />
    </ProfileLayout>
  );
}
