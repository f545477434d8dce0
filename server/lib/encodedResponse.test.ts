import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EncodedResponse, preferredEncoding } from './encodedResponse';

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
