import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createGunzip, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD } from './limits';

export type Encoding = 'br' | 'gzip' | 'identity';

/** br, else gzip, else none, as the client's Accept-Encoding allows (a q=0 refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** A serialized answer and its compressed forms, each made once, when first asked for. */
export class EncodedResponse {
  private readonly forms = new Map<Exclude<Encoding, 'identity'>, Buffer>();

  constructor(readonly body: Buffer) {}

  encoded(encoding: Exclude<Encoding, 'identity'>): Buffer {
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
    request.method === 'HEAD' ? 'identity' : preferredEncoding(request.headers['accept-encoding']);
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
