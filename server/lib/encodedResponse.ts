import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createGunzip, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD } from './limits';

export type Encoding = 'br' | 'gzip' | 'identity';
type Compression = Exclude<Encoding, 'identity'>;

/** The server's order when the client takes both: brotli, the smaller for what is compressed once and kept. */
const KEPT_ORDER: readonly Compression[] = ['br', 'gzip'];

/**
 * For answers compressed as they are made (the paged catalogue's: searches, suggestions, home lists, category pages,
 * related products): at the level a request can afford, brotli
 * (quality 4) is no smaller than gzip for the shop's JSON answers of 1–30 KB (within 5 %, often larger) and takes up
 * to twice the CPU (docs/performance.md, "gzip for answers made per search").
 */
export const PER_REQUEST_ORDER: readonly Compression[] = ['gzip', 'br'];

/**
 * The first encoding of `order` the client's Accept-Encoding allows (a q=0 refuses an encoding), else none; br before
 * gzip unless told otherwise.
 */
export function preferredEncoding(
  header: string | string[] | undefined,
  order: readonly Compression[] = KEPT_ORDER,
): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return order.find(allows) ?? 'identity';
}

/** A serialized answer and its compressed forms, each made once, when first asked for. */
export class EncodedResponse {
  private readonly forms = new Map<Compression, Buffer>();

  /** `order`: which compression goes when the client takes both (`PER_REQUEST_ORDER` for an answer made per request). */
  constructor(
    readonly body: Buffer,
    readonly order: readonly Compression[] = KEPT_ORDER,
  ) {}

  encoded(encoding: Compression): Buffer {
    let form = this.forms.get(encoding);
    if (!form) {
      // The compression plugin's own levels for answers made on the fly.
      form =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(this.body);
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/**
 * A kept JSON answer sent as it is (fastify neither serializes a Buffer again nor runs the preSerialization hooks on
 * it): compressed once per answer (not once per request: the compression plugin leaves an encoded body be) when
 * the client takes it and the answer is as large as the plugin's own threshold; smaller ones go as they are, as the
 * plugin would send them. HEAD answers go without a body, and so without an encoding.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedResponse,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_THRESHOLD) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding =
    request.method === 'HEAD'
      ? 'identity'
      : preferredEncoding(request.headers['accept-encoding'], answer.order);
  if (encoding === 'identity') return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

const gzipLater = promisify(gzip);
const brotliLater = promisify(brotliCompress);

/**
 * A large answer kept compressed only (GET /categories: every category with every product, megabytes of JSON at a
 * real catalogue's size): compressed once, off the event loop (zlib's thread pool), and the JSON text dropped, so
 * a kept answer costs its compressed size in memory. The rare client that takes no compression gets it unpacked
 * as it is sent, a stream at a time.
 */
export class CompressedResponse {
  private constructor(
    readonly gzip: Buffer,
    readonly br: Buffer,
  ) {}

  static async of(body: Buffer): Promise<CompressedResponse> {
    const [gzipped, brotli] = await Promise.all([
      gzipLater(body),
      brotliLater(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    return new CompressedResponse(gzipped, brotli);
  }
}

export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CompressedResponse,
): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // HEAD answers go without a body, and so without an encoding.
  if (request.method === 'HEAD') return reply.send('');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(Readable.from([answer.gzip]).pipe(createGunzip()));
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? answer.br : answer.gzip);
}

/**
 * Brotli's level for a page's HTML. The compression plugin's level 4 suits the many small JSON answers; a new
 * visitor's page is 150–200 KB with its stylesheets and first chunks inline, all of it on a phone's line before the
 * page can work, and level 7 makes it 10 % smaller (search, Arabic: 37.0 → 33.3 KB) for 1.6 ms more of a
 * thread-pool thread (2.1 → 3.7 ms; level 9 takes 100 ms, 11 takes 190). docs/performance.md, "a page's HTML at
 * brotli level 7".
 */
export const PAGE_BROTLI_QUALITY = 7;

/**
 * Sends a page's HTML: brotli at `PAGE_BROTLI_QUALITY` or gzip, as the client takes them, compressed on zlib's thread
 * pool; a small page and HEAD go as they are. Pages are answered by the not-found handler (every address the SPA
 * knows), which the compression plugin's hooks do not reach.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<FastifyReply> {
  if (request.method !== 'GET') return reply.send(html);
  // Encoded once: its length decides, and it is what goes out or into zlib (the caller has set the type).
  const body = Buffer.from(html);
  if (body.length < COMPRESS_THRESHOLD) return reply.send(body);
  const vary = reply.getHeader('vary');
  reply.header('vary', typeof vary === 'string' && vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  const compressed =
    encoding === 'br'
      ? await brotliLater(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzipLater(body);
  return reply.header('content-encoding', encoding).send(compressed);
}
