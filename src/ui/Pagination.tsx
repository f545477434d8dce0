import { useTranslation } from 'react-i18next';

import './ui.css';

import { pageWindow } from './pageWindow';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** names the navigation landmark ("Search results pages", "Reviews pages") */
  label: string;
}

/** Numbered pages: within 2 of the current plus first and last, ellipses between. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPageChange(target);
  };
  return (
    <nav aria-label={label} className="d-flex justify-content-center mt-4">
      <ul className="pagination flex-wrap mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            onClick={() => go(page - 1)}
            disabled={page <= 1}
            aria-label={t('catalog.ui.previous_page')}
          >
            <span aria-hidden="true" className="flip-rtl">
              ‹
            </span>
          </button>
        </li>
        {pageWindow(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => go(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('catalog.ui.page_n', { page: item })}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ),
        )}
        <li className={`page-item${page >= pageCount ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            onClick={() => go(page + 1)}
            disabled={page >= pageCount}
            aria-label={t('catalog.ui.next_page')}
          >
            <span aria-hidden="true" className="flip-rtl">
              ›
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
