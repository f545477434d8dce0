import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EncodedResponse, PER_REQUEST_ORDER, preferredEncoding } from './encodedResponse';

describe('preferredEncoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding(['deflate', 'gzip;q=0.5'])).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('in the order asked for an answer made per request: gzip when the client takes it, else br', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', PER_REQUEST_ORDER)).toBe('gzip');
    expect(preferredEncoding('br', PER_REQUEST_ORDER)).toBe('br');
    expect(preferredEncoding('br, gzip;q=0', PER_REQUEST_ORDER)).toBe('br');
    expect(preferredEncoding('deflate', PER_REQUEST_ORDER)).toBe('identity');
  });
});

describe('EncodedResponse', () => {
  it('compresses once per encoding, to bytes that decode to the body', () => {
    const answer = new EncodedResponse(Buffer.from(JSON.stringify({ name: 'عباية', list: [1, 2, 3] })));
    const br = answer.encoded('br');
    expect(answer.encoded('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(answer.body)).toBe(true);
    expect(gunzipSync(answer.encoded('gzip')).equals(answer.body)).toBe(true);
  });
});
