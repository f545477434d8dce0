// The catalogue CSV under /api/admin/catalogue (contract/catalogueImport.ts): the dry-run upload, the import's
// runs, the export. Staff only: every route checks the role first (requireStaff), before its input is read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueCsv } from '../../contract/catalogueImport';
import type { Actor } from '../services/backOffice/audit';
import { exportCatalogue, recordCatalogueExport } from '../services/backOffice/catalogueExport';
import {
  checkCsv,
  FileTooLarge,
  fileTooLargeMessage,
  IMPORT_MESSAGES,
  importPage,
  recentImports,
  runImport,
} from '../services/backOffice/catalogueImport';
import { Invalid, NotSignedIn } from '../services/errors';
import { fetchPicture } from '../services/pictureFetch';

/** What a browser or a spreadsheet sends a .csv as (Windows names it Excel's). */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

function actorOf(request: FastifyRequest): Actor & { id: number } {
  const user = request.user;
  if (!user) throw new NotSignedIn();
  return { id: user.id, name: user.name, email: user.email };
}

function tooLarge(request: FastifyRequest, reply: FastifyReply, maxBytes: number): FastifyReply {
  // The rest of the upload is not read: the connection closes after the answer.
  request.raw.unpipe();
  return reply
    .status(413)
    .header('connection', 'close')
    .send({ message: fileTooLargeMessage(maxBytes), code: 'file_too_large' });
}

const catalogueImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  const staff = { preValidation: app.requireStaff };
  const importDeps = (request: FastifyRequest) => ({
    db,
    now: config.now(),
    changed: () => app.deps.catalogue.changed(),
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    fetchPicture: (url: string) => fetchPicture(url),
    log: request.log,
    maxBytes: config.catalogueImportMaxBytes,
    exportStockRetentionMs: config.exportStockRetentionMs,
  });

  // The file's bytes are handed to the route as they arrive (never buffered whole): the body stays a stream.
  const uploads = new WeakMap<FastifyRequest, NodeJS.ReadableStream>();
  app.addContentTypeParser(CSV_TYPES, (request, payload, done) => {
    uploads.set(request, payload);
    done(null, undefined);
  });

  app.post(
    CatalogueCsv.upload.url,
    { ...staff, schema: CatalogueCsv.upload.schema },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      const maxBytes = config.catalogueImportMaxBytes;
      if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(request, reply, maxBytes);
      const upload = uploads.get(request);
      if (!upload || declared === 0)
        throw new Invalid({ file: [IMPORT_MESSAGES.fileRequired] }, undefined, 'file_required');
      try {
        const { fresh, job } = await checkCsv(
          importDeps(request),
          actorOf(request),
          upload as AsyncIterable<Buffer>,
          request.query.file_name ?? '',
        );
        return reply.status(fresh ? 201 : 200).send(job);
      } catch (error) {
        if (error instanceof FileTooLarge) return tooLarge(request, reply, maxBytes);
        throw error;
      }
    },
  );

  app.get(CatalogueCsv.imports.url, { ...staff, schema: CatalogueCsv.imports.schema }, async () =>
    recentImports(db),
  );
  app.get(CatalogueCsv.import.url, { ...staff, schema: CatalogueCsv.import.schema }, async (request) =>
    importPage(db, request.params.id),
  );
  app.post(CatalogueCsv.run.url, { ...staff, schema: CatalogueCsv.run.schema }, async (request) =>
    runImport(importDeps(request), actorOf(request), request.params.id),
  );

  app.get(
    CatalogueCsv.export.url,
    { ...staff, schema: CatalogueCsv.export.schema },
    async (request, reply) => {
      const now = config.now();
      const fileName = `catalogue-${now.toISOString().slice(0, 10)}.csv`;
      await recordCatalogueExport(db, actorOf(request), fileName, now);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(
          exportCatalogue(db, config.publicUrl, now, (error) =>
            request.log.error({ err: error }, 'catalogue export failed midway'),
          ),
        );
    },
  );
};

export default catalogueImportRoutes;
