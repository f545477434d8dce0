import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { mailClient } from '../lib/mailto';
import { contentApi } from '../features/content/contentApi';
import { apiUrl, server } from '../testing/server';
import { renderWithProviders } from '../testing/renderWithProviders';
import { enterText } from '../testing/enterText';
import Footer from './Footer';

const LONG_BODY =
  '<p>One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twentyone twentytwo</p>';

describe('footer', () => {
  it('links the policy, privacy and who-we-are pages', async () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/policy');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Who we are' })).toHaveAttribute('href', '/who-we-are');
    // The contact form's code arrives after the links (its own chunk): the test ends once it is there.
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('cuts the about text to 20 words with an ellipsis', async () => {
    server.use(http.get(apiUrl('abouts'), () => HttpResponse.json({ data: [{ id: 1, body: LONG_BODY }] })));
    renderWithProviders(<Footer />);
    const about = await screen.findByTestId('footer-about');
    expect(about).toHaveTextContent(
      /^One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty… Read more about us$/,
    );
  });

  it('asks for the Arabic text in Arabic', async () => {
    renderWithProviders(<Footer />, { language: 'ar' });
    expect(await screen.findByTestId('footer-about')).toHaveTextContent('متجر كويتي للتسوق');
    expect(screen.getByText('الكويت')).toBeInTheDocument();
  });

  it('keeps the text it has when asking for it again fails', async () => {
    server.use(
      http.get(apiUrl('abouts'), () => HttpResponse.json({ data: [{ body: 'Cached about text' }] })),
    );
    const { store } = renderWithProviders(<Footer />);
    expect(await screen.findByTestId('footer-about')).toHaveTextContent('Cached about text');
    server.use(http.get(apiUrl('abouts'), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const again = store.dispatch(
      contentApi.endpoints.getAbouts.initiate({ lang: 'en' }, { forceRefetch: true }),
    );
    await again;
    again.unsubscribe();
    expect(contentApi.endpoints.getAbouts.select({ lang: 'en' })(store.getState()).isError).toBe(true);
    expect(screen.getByTestId('footer-about')).toHaveTextContent('Cached about text');
    expect(screen.queryByText('down')).not.toBeInTheDocument();
  });

  it('without a cache, a failure shows the server message or "failed to load content"', async () => {
    server.use(
      http.get(apiUrl('abouts'), () => HttpResponse.json({ message: 'Maintenance' }, { status: 503 })),
    );
    const { unmount } = renderWithProviders(<Footer />);
    expect(await screen.findByText('Maintenance')).toBeInTheDocument();
    unmount();
    server.use(http.get(apiUrl('abouts'), () => HttpResponse.error()));
    renderWithProviders(<Footer />);
    expect(await screen.findByText('Failed to load content')).toBeInTheDocument();
  });

  it('shows the eight payment logos, drawn in the page (no picture to load), Kuwait and the contact e-mail', () => {
    renderWithProviders(<Footer />);
    const names = [
      'K-Net',
      'Benefit',
      'Google Pay',
      'Apple Pay',
      'American Express',
      'Visa / Mastercard',
      'stc pay',
      'mada',
    ];
    for (const name of names) expect(screen.getByRole('img', { name }).tagName).toBe('svg');
    expect(screen.getByText('Kuwait')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@gulfstore.example' })).toHaveAttribute(
      'href',
      'mailto:support@gulfstore.example',
    );
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();
  });
});

describe('contact form (docs/spec/01-shell-and-account.md §5)', () => {
  let opened: string[];
  beforeEach(() => {
    opened = [];
    jest.spyOn(mailClient, 'open').mockImplementation((href) => void opened.push(href));
  });
  afterEach(() => jest.restoreAllMocks());

  it('requires a valid e-mail and a message of 10 to 500 characters', async () => {
    const { user } = renderWithProviders(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please write a message')).toBeInTheDocument();

    await enterText(user, screen.getByLabelText('Your e-mail'), 'not-an-email');
    await enterText(user, screen.getByLabelText('Your message'), 'too short');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('The message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');
    expect(opened).toEqual([]);
  });

  it('refuses more than 500 characters (pasted past the limit)', async () => {
    const { user } = renderWithProviders(<Footer />);
    const message = screen.getByLabelText('Your message');
    message.removeAttribute('maxlength');
    await user.click(message);
    await user.paste('x'.repeat(501));
    await enterText(user, screen.getByLabelText('Your e-mail'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The message must be at most 500 characters')).toBeInTheDocument();
  });

  it('opens the mail client with subject Contact Us and keeps what was typed', async () => {
    const { user } = renderWithProviders(<Footer />);
    await enterText(user, screen.getByLabelText('Your e-mail'), 'shopper@example.com');
    await enterText(user, screen.getByLabelText('Your message'), 'Do you deliver to Jahra?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your mail app has opened with the message.')).toBeInTheDocument();
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0] ?? '');
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@gulfstore.example');
    expect(url.searchParams.get('subject')).toBe('Contact Us');
    expect(url.searchParams.get('body')).toContain('Do you deliver to Jahra?');
    expect(screen.getByLabelText('Your message')).toHaveValue('Do you deliver to Jahra?');
  });

  it('shows the validation messages in Arabic', async () => {
    const { user } = renderWithProviders(<Footer />, { language: 'ar' });
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect(await screen.findByText('يرجى إدخال البريد الإلكتروني')).toBeInTheDocument();
  });
});
