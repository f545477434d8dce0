import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { statusOf } from '../../../app/api';
import { loginRequired } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { EAGER_CARDS, ProductGrid } from '../../../ui/ProductGrid';
import { SkeletonGrid } from '../../../ui/Skeleton';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { CatalogProductCard, useProductCardShared } from '../../catalog/public';
import { useGetFavoritesQuery } from '../favoritesApi';
import { selectFavoritesArgs, selectFavoritesFromSnapshot } from '../favoritesSlice';
import { useFavoriteToggle } from '../useFavoriteToggle';
import type { Favorite } from '../favoritesApi';

type Listed = Favorite & Required<Pick<Favorite, 'product_details'>>;

function RemoveButton({ favorite }: { favorite: Favorite }) {
  const { t } = useTranslation();
  const { favorite: isFavorite, busy, toggle } = useFavoriteToggle(favorite.product_id);
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-danger w-100 mt-2"
      onClick={toggle}
      disabled={busy || !isFavorite}
      // The card's title names the product; the heart above already says "Remove … from favorites".
      aria-describedby={`product-card-${favorite.product_id}-title`}
    >
      {t('favorites.remove')}
    </button>
  );
}

/** The signed-in shopper's favorites as a grid, each with a remove action; empty → search. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  // The session's list; a session that ends on this page (a 401) leaves it on screen while the shopper signs in.
  const sessionArgs = useAppSelector(selectFavoritesArgs);
  const lastArgs = useRef(sessionArgs);
  if (sessionArgs) lastArgs.current = sessionArgs;
  const args = sessionArgs ?? lastArgs.current;
  const fromSnapshot = useAppSelector(selectFavoritesFromSnapshot);
  const dispatch = useAppDispatch();
  const shared = useProductCardShared();
  const {
    data: favorites,
    isLoading,
    isError,
    error,
    refetch,
  } = useGetFavoritesQuery(args ?? skipToken, { refetchOnMountOrArgChange: true });
  // Hearts added here since the list was read have no product details yet: the grid lists the ones that have.
  const listed = useMemo(
    () => favorites?.filter((favorite): favorite is Listed => favorite.product_details !== undefined),
    [favorites],
  );
  useDocumentTitle(t('favorites.title'));
  useEffect(() => {
    if (!isError) return;
    // docs/spec/02-shopping.md §8: a 401 asks to log in first; other failures say the favorites could not be
    // fetched.
    if (statusOf(error) === 401) {
      notify.warning(t('shell.session.please_login_first'), { toastId: 'please-login-first' });
      dispatch(loginRequired({ reason: 'favorites' }));
    } else notify.error(t('favorites.errors.fetch_failed'), { toastId: 'favorites-fetch-failed' });
    // Once per failure, not on every language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);

  let body;
  // The snapshot the last visit left fills the hearts at once; the page waits for the server's own list.
  if (isLoading || (fromSnapshot && !isError)) body = <SkeletonGrid count={8} />;
  else if (isError && (!favorites || fromSnapshot))
    body = (
      <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
        <span className="me-auto">{t('favorites.errors.fetch_failed')}</span>
        <button type="button" className="btn btn-sm btn-danger" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (!listed?.length)
    body = (
      <div className="text-center py-5">
        <p className="text-body-secondary">{t('favorites.empty')}</p>
        <Link to="/search" className="btn btn-primary">
          {t('favorites.browse')}
        </Link>
      </div>
    );
  else
    body = (
      <ProductGrid
        items={listed}
        keyOf={(favorite) => favorite.wishlist_id}
        label={t('favorites.title')}
        renderItem={(favorite, index) => (
          <div data-testid="favorite-item">
            <CatalogProductCard
              product={favorite.product_details}
              priority={index < EAGER_CARDS}
              shared={shared}
            />
            <RemoveButton favorite={favorite} />
          </div>
        )}
      />
    );

  return (
    <section className="container py-4" aria-labelledby="favorites-title">
      <h1 id="favorites-title" className="h3 mb-4">
        {t('favorites.title')}
      </h1>
      {body}
    </section>
  );
}
