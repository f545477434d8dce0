import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { apiUrl, server } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import AboutPage from './AboutPage';
import PolicyPage from './PolicyPage';
import PrivacyPage from './PrivacyPage';

const REFUND = [
  {
    id: 1,
    title: { en: 'Refund policy', ar: 'سياسة الاسترجاع' },
    content: {
      en: 'Returns within 14 days.\n\nItems must be unused.\n<img src=x onerror="alert(1)">',
      ar: 'الإرجاع خلال 14 يومًا.\nيجب ألا تكون المنتجات مستخدمة.',
    },
  },
];

describe('policy pages', () => {
  it.each([
    ['en', 'Refund policy', ['Returns within 14 days.', 'Items must be unused.']],
    ['ar', 'سياسة الاسترجاع', ['الإرجاع خلال 14 يومًا.', 'يجب ألا تكون المنتجات مستخدمة.']],
  ] as const)(
    'shows the title and each line as a paragraph in the current language (%s)',
    async (language, title, lines) => {
      server.use(http.get(apiUrl('refunds'), () => HttpResponse.json(REFUND)));
      renderWithProviders(<PolicyPage />, { language });
      expect(screen.getByTestId('content-skeleton')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      for (const line of lines) expect(screen.getByText(line).tagName).toBe('P');
      expect(document.title).toBe(`${title} · ${language === 'en' ? 'Gulf Store' : 'متجر الخليج'}`);
    },
  );

  it('renders markup in the text as text, never as HTML', async () => {
    server.use(http.get(apiUrl('refunds'), () => HttpResponse.json(REFUND)));
    const { container } = renderWithProviders(<PolicyPage />);
    expect(await screen.findByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it.each([
    ['en', 'No Title'],
    ['ar', 'بدون عنوان'],
  ] as const)('falls back to "No Title" (%s)', async (language, fallback) => {
    server.use(
      http.get(apiUrl('privacy_policies'), () =>
        HttpResponse.json([
          {
            id: 2,
            title: { en: '', ar: null },
            content: { en: 'We keep your data safe.', ar: 'نحافظ على بياناتك.' },
          },
        ]),
      ),
    );
    renderWithProviders(<PrivacyPage />, { language });
    expect(await screen.findByRole('heading', { level: 1, name: fallback })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Failed to load policy'],
    ['ar', 'فشل تحميل السياسة'],
  ] as const)('says "Failed to load policy" when the call fails (%s)', async (language, message) => {
    server.use(
      http.get(apiUrl('privacy_policies'), () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    );
    renderWithProviders(<PrivacyPage />, { language });
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(
      screen.getByRole('button', { name: language === 'en' ? 'Try again' : 'حاول مرة أخرى' }),
    ).toBeInTheDocument();
  });
});

describe('about page', () => {
  it.each([
    ['en', 'About us', 'A Kuwaiti shop'],
    ['ar', 'من نحن', 'متجر كويتي للتسوق'],
  ] as const)('shows the title and body in the current language (%s)', async (language, title, body) => {
    renderWithProviders(<AboutPage />, { language });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(body).tagName).toBe('P');
  });

  it('shows the optional image', async () => {
    server.use(
      http.get(apiUrl('abouts'), () =>
        HttpResponse.json({
          data: [{ id: 1, title: 'Who we are', body: 'Line one\nLine two', image: '/media/about.svg' }],
        }),
      ),
    );
    const { container } = renderWithProviders(<AboutPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Who we are' })).toBeInTheDocument();
    expect(screen.getByText('Line two')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/about.svg');
  });

  it.each([
    ['en', 'Failed to load content'],
    ['ar', 'فشل تحميل المحتوى'],
  ] as const)('says so when the call fails with nothing stored (%s)', async (language, message) => {
    server.use(http.get(apiUrl('abouts'), () => HttpResponse.json({}, { status: 500 })));
    renderWithProviders(<AboutPage />, { language });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
