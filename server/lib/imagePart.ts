import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * The bytes of a multipart request's `image` file part. Null when the request is not multipart, sent no such part,
 * or could not be read (no boundary, cut off mid-part): for a form, no picture arrived. Other file parts are
 * drained; a part over the upload limit keeps its 413, with `tooLarge` as its message.
 */
export async function imagePartOf(request: FastifyRequest, tooLarge: string): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image' || bytes) {
        part.file.resume();
        continue;
      }
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, tooLarge, { image: [tooLarge] });
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof HttpError || (error as { statusCode?: unknown }).statusCode === 413) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    return null;
  }
  return bytes;
}
