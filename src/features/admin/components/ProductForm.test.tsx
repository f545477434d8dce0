import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { apiUrl, server } from '../../../testing/server';
import { renderAdmin } from '../testing';
import { enterText } from '../../../testing/enterText';

/** The server refuses the named fields with its own (English) words, as a 422 does. */
function refuse(method: 'put' | 'post', path: string, fields: string[]) {
  server.use(
    http[method](apiUrl(path), () =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: Object.fromEntries(fields.map((field) => [field, [`The ${field} field is invalid.`]])),
        },
        { status: 422 },
      ),
    ),
  );
}

describe('the product form saves what staff changed', () => {
  it('a new stock goes with the stock the form showed, so the server keeps what orders took meanwhile', async () => {
    const { user } = renderAdmin('/admin/products/101');
    const stock = await screen.findByLabelText('Pieces in stock');
    const shown = Number((stock as HTMLInputElement).value);
    let sent: unknown = null;
    server.use(
      http.put(apiUrl('admin/products/:id'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'The given data was invalid.', errors: {} }, { status: 422 });
      }),
    );
    await user.clear(stock);
    await enterText(user, stock, String(shown + 5));
    await user.click(screen.getByTestId('save-product'));
    await waitFor(() => expect(sent).toEqual({ stock_quantity: shown + 5, expected_stock_quantity: shown }));
  });
});

describe('the product form refused by the server', () => {
  it('changing a product: the refused stock shows our own words under the field, not a key', async () => {
    const { user } = renderAdmin('/admin/products/101');
    const stock = await screen.findByLabelText('Pieces in stock');
    refuse('put', 'admin/products/:id', ['stock_quantity']);
    await user.clear(stock);
    await enterText(user, stock, '3');
    await user.click(screen.getByTestId('save-product'));
    expect(await screen.findByText('Stock is a whole number from 0 to 1,000,000.')).toBeInTheDocument();
    expect(screen.getByLabelText('Pieces in stock')).toHaveValue('3');
  });

  it('a new product: refused names and stock show our own words in the page’s language, nothing typed is lost', async () => {
    const { user } = renderAdmin('/admin/products/new', { language: 'ar' });
    await enterText(user, await screen.findByLabelText('الاسم بالإنجليزية'), 'Amber');
    await enterText(user, screen.getByLabelText('الاسم بالعربية'), 'عنبر');
    await user.selectOptions(screen.getByLabelText('الفئة'), '1');
    await enterText(user, screen.getByLabelText('السعر (د.ك)'), '12.5');
    await enterText(user, screen.getByLabelText('القطع في المخزون'), '7');
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'amber.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('إضافة صور'), picture);
    await screen.findByRole('button', { name: 'إزالة الصورة 1' });
    refuse('post', 'admin/products', ['name_en', 'stock_quantity']);
    await user.click(screen.getByRole('button', { name: 'إنشاء المنتج' }));
    expect(await screen.findByText('يرجى كتابة الاسم.')).toBeInTheDocument();
    expect(screen.getByText('المخزون عدد صحيح من 0 إلى 1,000,000.')).toBeInTheDocument();
    expect(screen.getByLabelText('الاسم بالإنجليزية')).toHaveValue('Amber');
  });
});
