import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { ALL_CATEGORIES_PATH, categoriesPageOf, SEARCH_PAGE_PARAM } from '../../../../shared/pageAddress';
import { useAppSelector } from '../../../app/hooks';
import { Pagination } from '../../../ui/Pagination';
import { selectLanguage } from '../../settings/public';
import { useGetCategoriesPageQuery } from '../catalogApi';
import { CategoryTiles } from '../components/CategoryTiles';
import { EmptyState } from '../components/EmptyState';
import '../catalog.css';

/**
 * The categories 20 a page (docs/spec/02-shopping.md §9), each page asked of the server: the page costs the same
 * for 8 or 800. The page is in the address (`?page=`), as the search's is.
 */
export default function AllCategoriesPage() {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLanguage);
  // The page is in the address: shared, reopened and reached by back or forward as it was (?page=, none for page 1).
  const [params, setParams] = useSearchParams();
  const page = categoriesPageOf(params.get(SEARCH_PAGE_PARAM));
  const { data, isError, isFetching } = useGetCategoriesPageQuery({ lang, page });
  const failed = isError && !data;
  const empty = data && data.total === 0;
  // The server answers the last page for a page past it: the address names a page the shop does not have.
  const noSuchPage = data !== undefined && !isFetching && data.total > 0 && data.page !== page;

  return (
    <section className="container-xl py-4" aria-labelledby="all-categories-title">
      <h1 id="all-categories-title" className="h3 mb-4">
        {t('catalog.categories.title')}
      </h1>
      {failed ? (
        <EmptyState image="/images/no-products.svg" title={t('catalog.categories.failed')} alert />
      ) : empty ? (
        <EmptyState image="/images/no-products.svg" title={t('catalog.categories.none')} />
      ) : noSuchPage ? (
        <EmptyState
          image="/images/no-products.svg"
          title={t('catalog.categories.no_such_page')}
          body={t('catalog.categories.last_page_is', { page: data.page_count })}
          action={
            <div className="d-flex flex-wrap justify-content-center gap-2">
              <Link className="btn btn-primary" to={categoriesAtPage(1)}>
                {t('catalog.categories.first_page')}
              </Link>
              {data.page_count > 1 && (
                <Link className="btn btn-outline-primary" to={categoriesAtPage(data.page_count)}>
                  {t('catalog.categories.last_page', { page: data.page_count })}
                </Link>
              )}
            </div>
          }
        />
      ) : (
        <div aria-busy={isFetching}>
          <CategoryTiles categories={data?.data ?? []} loading={!data} skeleton={8} />
          <Pagination
            page={data?.page ?? page}
            pageCount={data?.page_count ?? 1}
            onPageChange={(next) => {
              setParams(pageParams(next));
              window.scrollTo?.({ top: 0 });
            }}
            label={t('catalog.categories.pages')}
          />
        </div>
      )}
    </section>
  );
}

const pageParams = (page: number): Record<string, string> =>
  page > 1 ? { [SEARCH_PAGE_PARAM]: String(page) } : {};

const categoriesAtPage = (page: number) => {
  const query = new URLSearchParams(pageParams(page)).toString();
  return query ? `${ALL_CATEGORIES_PATH}?${query}` : ALL_CATEGORIES_PATH;
};
