import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Page · Gulf Store" while the page is shown; the shop's name alone once it is left. */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation();
  const shop = t('common.app_name');
  useEffect(() => {
    document.title = title ? `${title} · ${shop}` : shop;
    return () => {
      document.title = shop;
    };
  }, [title, shop]);
}
