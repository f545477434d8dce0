import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title while a page is shown, in the shop's language: `<page> | <shop>`, or the shop's name and tagline
 * for null (home). The server writes the first page's title into the HTML (server/services/pageHead.ts); this keeps
 * it right as the shopper moves between pages or switches language. Runs in the browser only (an effect).
 */
export function useDocumentTitle(title: string | null, { skip = false }: { skip?: boolean } = {}): void {
  const { t } = useTranslation();
  const shop = t('common.app_name');
  const tagline = t('common.page_title.tagline');
  useEffect(() => {
    if (skip) return;
    document.title = title ? `${title} | ${shop}` : `${shop} — ${tagline}`;
  }, [title, shop, tagline, skip]);
}
