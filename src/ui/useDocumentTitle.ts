import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Page · Gulf Store" while the page is shown; the shop's name alone once it is left. `tagline`: a page without a
 * title of its own (home) is "Gulf Store — tagline", as the server writes it (server/services/pageHead.ts). `skip`:
 * this page's title is set by the page itself (the shell's hook leaves it alone).
 */
export function useDocumentTitle(
  title: string | null | undefined,
  { skip = false, tagline = false }: { skip?: boolean; tagline?: boolean } = {},
): void {
  const { t } = useTranslation();
  const shop = t('common.app_name');
  const taglineText = tagline ? t('common.page_title.tagline') : '';
  useEffect(() => {
    if (skip) return undefined;
    document.title = title ? `${title} · ${shop}` : taglineText ? `${shop} — ${taglineText}` : shop;
    return () => {
      document.title = shop;
    };
  }, [title, shop, taglineText, skip]);
}
