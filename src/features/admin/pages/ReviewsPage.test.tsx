import { screen, within } from '@testing-library/react';

import type { Language } from '../../../app/events';
import { allResources } from '../../../i18n/resources';
import { makeAdminReview, makeAdminShop } from '../../../testing/handlers/admin';
import { renderAdmin } from '../testing';

describe('the reviews queue', () => {
  it.each<Language>(['en', 'ar'])(
    "a review's stars are one image named by its rating, the stars themselves hidden (%s)",
    async (language) => {
      const shop = makeAdminShop();
      shop.reviews = [makeAdminReview(7, { rating: 4 })];
      renderAdmin('/admin/reviews', { language, shop });
      const table = await screen.findByTestId('reviews-table');
      const name = allResources[language].admin.admin.reviews.stars.replace('{{count}}', '4');
      // An aria-label on an element without a role is not announced (axe: aria-prohibited-attr).
      const stars = within(table).getByRole('img', { name });
      expect(stars).toHaveTextContent('★★★★★');
      for (const part of Array.from(stars.children)) expect(part).toHaveAttribute('aria-hidden', 'true');
    },
  );
});
