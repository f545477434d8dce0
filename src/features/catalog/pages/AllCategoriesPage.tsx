import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { Pagination } from '../../../ui/Pagination';
import { useHomeData } from '../catalogApi';
import { CATEGORIES_PAGE_SIZE, pageCount, selectCategories, selectHomeArgs } from '../catalogSelectors';
import { CategoryTiles } from '../components/CategoryTiles';
import { EmptyState } from '../components/EmptyState';
import '../catalog.css';

export default function AllCategoriesPage() {
  const { t } = useTranslation();
  const args = useAppSelector(selectHomeArgs);
  const { isError, data } = useHomeData(args);
  const categories = useAppSelector(selectCategories);
  const [page, setPage] = useState(1);
  const pages = pageCount(categories.length, CATEGORIES_PAGE_SIZE);
  const current = Math.min(page, pages);
  const visible = categories.slice((current - 1) * CATEGORIES_PAGE_SIZE, current * CATEGORIES_PAGE_SIZE);
  const failed = isError || data?.categoriesFailed;
  const empty = data && !failed && categories.length === 0;

  return (
    <section className="container-xl py-4" aria-labelledby="all-categories-title">
      <h1 id="all-categories-title" className="h3 mb-4">
        {t('catalog.categories.title')}
      </h1>
      {failed ? (
        <EmptyState image="/images/no-products.svg" title={t('catalog.categories.failed')} alert />
      ) : empty ? (
        <EmptyState image="/images/no-products.svg" title={t('catalog.categories.none')} />
      ) : (
        <>
          <CategoryTiles categories={visible} loading={!data} skeleton={8} />
          <Pagination
            page={current}
            pageCount={pages}
            onPageChange={setPage}
            label={t('catalog.categories.pages')}
          />
        </>
      )}
    </section>
  );
}
