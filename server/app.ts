import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { System } from '../contract/dev';
import { loadConfig, type Config } from './config';
import type { Db } from './db/client';
import { eraseContactsOfSettledOrders } from './db/queries/accountErasure';
import { readCatalogueVersion } from './db/queries/catalogueVersion';
import { deleteMailBefore } from './db/queries/outbox';
import { deleteExportStockBefore } from './db/queries/catalogueImport';
import { deleteEndedCounters } from './db/queries/rateLimits';
import { registerErrorHandler, sendError } from './lib/errors';
import { JobRunner, type Job, type Schedule } from './lib/jobs';
import { AJV_OPTIONS, SCHEMA_CONTROLLER } from './lib/validator';
import { BODY_LIMIT } from './lib/limits';
import { redactingLogger } from './lib/logRedaction';
import { CATALOGUE_CHECK_MS, CatalogueChanges } from './lib/catalogueChanges';
import { databaseCounter, rateLimitStoreFor, redisCounter, type SharedCounter } from './lib/rateLimitStore';
import { registerResponseCheck } from './plugins/responseCheck';
import { registerAuth } from './plugins/auth';
import { registerFormBodies } from './plugins/formBodies';
import { registerInvalidCharacterGuard } from './plugins/invalidCharacters';
import { registerNoStore } from './plugins/noStore';
import { uploadCleanupJob } from './services/uploadCleanup';
import { API_ANSWER_HEADERS, registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import addressesRoutes from './routes/addresses';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import cartRoutes from './routes/cart';
import catalogRoutes from './routes/catalog';
import catalogSearchRoutes from './routes/catalogSearch';
import contentRoutes, { mediaRoutes, negotiatePicture, webpCopies } from './routes/content';
import { productPictureRoutes } from './routes/productPictures';
import devRoutes, { devMailPage } from './routes/dev';
import { apiDocsRoutes } from './routes/apiDocs';
import ordersRoutes from './routes/orders';
import paymentsRoutes, { pageRoutes as paymentPages } from './routes/payments';
import profileRoutes from './routes/profile';
import secondFactorRoutes from './routes/secondFactor';
import seoRoutes from './routes/seo';
import wishlistRoutes from './routes/wishlist';
import { guestCartExpiry } from './services/cart';
import { createMailService, MAIL_DELIVER_SOON_MS, smtpTransport, type MailService } from './services/mail';
import { createDefaultGateway, type PaymentGateway } from './services/payments';
import {
  CLOSED_ORDER_WATCH_MS,
  expireUnpaidOrders,
  reconcilePendingPayments,
} from './services/reconciliation';
import { forgetShownRates } from './services/rates';
import { createSocialVerifier, type SocialVerifier } from './services/social';
import './types';

export { BODY_LIMIT, UPLOAD_LIMIT } from './lib/limits';

/** The names the uploads write: profile pictures, and product pictures staff upload. */
const UPLOADED_PICTURE = /^\/(?:profile\/\d+-[0-9a-f]{16}\.(?:png|jpg|webp)|products\/[0-9a-f]{16}\.webp)$/;

export interface BuildAppOptions {
  config?: Partial<Config>;
  /** Required: main.ts and the test helper open it (PGlite or PostgreSQL) and run migrations first. */
  db?: Db;
  mail?: MailService;
  gateway?: PaymentGateway;
  social?: SocialVerifier;
  /** Where the background jobs' next run is scheduled (tests fire runs by hand); default a timer. */
  jobSchedule?: Schedule;
  /** true: pino JSON logs; false (default in tests): silent. */
  logger?: boolean | FastifyServerOptions['logger'];
}

export function configJs(config: Config): string {
  // Unset values are left out (not null), so the SPA's own defaults apply to them.
  const published = {
    apiBaseUrl: config.apiBaseUrl,
    googleClientId: config.googleClientId,
    facebookAppId: config.facebookAppId,
    contactEmail: config.contactEmail,
    // The SPA's quantity steppers stop here, so the shopper hears of the cap before checkout does.
    maxQuantityPerProduct: config.orderLimits.maxQuantityPerProduct,
  };
  // JSON.stringify alone would let a "</script>" in an env var close a surrounding script tag.
  return `window.__SHOP_CONFIG__ = ${JSON.stringify(published).replace(/</g, '\\u003c')};\n`;
}

/** Whether a job's report counts anything done: a number above zero, or an object holding one. */
export function didWork(report: unknown): boolean {
  if (typeof report === 'number') return report > 0;
  if (typeof report !== 'object' || report === null) return false;
  return Object.values(report).some((value) => typeof value === 'number' && value > 0);
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...options.config };
  if (!options.db)
    throw new Error('buildApp needs a database: open one with openDb() and run prepareDatabase().');
  const db = options.db;

  const pictureCopies = webpCopies();
  const serverOptions: FastifyServerOptions = {
    // Request lines carry the address with its secret query values (guest_token, token, code) redacted.
    logger: redactingLogger(options.logger ?? false),
    // Before routing: a generated picture's address leads to its WebP copy for a browser that takes WebP.
    rewriteUrl: (request) => negotiatePicture(request.url ?? '/', request.headers.accept, pictureCopies),
    bodyLimit: BODY_LIMIT,
    // A hop count trusts that many proxies in front of this server.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: SCHEMA_CONTROLLER,
    // An address the router cannot decode (`/api/guest/%E0%A4%A`) is refused before any route or hook: answered
    // as every bad request is, under the API's headers (Fastify's own answer had none and echoed the address).
    frameworkErrors: (error, request, reply) => {
      reply.headers(API_ANSWER_HEADERS).header('cache-control', 'no-store');
      sendError(error, request, reply);
    },
  };
  const app = Fastify(serverOptions).withTypeProvider<TypeBoxTypeProvider>();

  const mail =
    options.mail ??
    createMailService({
      db,
      logger: app.log,
      from: config.mailFrom,
      transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined,
      logCodes: config.env !== 'production',
      now: config.now,
      shop: { name: config.shopName, publicUrl: config.publicUrl, contactEmail: config.contactEmail },
      giveUpAfterMs: config.outboxRetentionMs,
      // Beside the background jobs (a server that runs them delivers mail): a second after it was queued.
      ...(config.backgroundJobs ? { deliverSoonMs: MAIL_DELIVER_SOON_MS } : {}),
    });
  const gateway = options.gateway ?? createDefaultGateway(config, db);
  const social = options.social ?? createSocialVerifier(config);
  let limits: SharedCounter;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    limits = redisCounter(redis);
  } else {
    limits = databaseCounter(db, config.now);
  }
  app.decorate('deps', {
    db,
    config,
    mail,
    gateway,
    social,
    limits,
    // Product answers are kept until the catalogue changes, on this instance or any other (lib/catalogueChanges).
    catalogue: new CatalogueChanges({
      readVersion: () => readCatalogueVersion(db),
      intervalMs: CATALOGUE_CHECK_MS,
      now: () => config.now().getTime(),
      onError: (error) =>
        app.log.warn({ err: error }, 'catalogue version unreadable; catalogue answers are read afresh'),
    }),
  });

  // The rates kept for shown prices go with the catalogue's answers, or the answers built next would have the old
  // rate for another 10 s (a rate's change moves the catalogue's version, not its stock's).
  app.deps.catalogue.onChange(() => forgetShownRates(db), { ignoresStock: true });

  const reconcileDeps = {
    db,
    gateway,
    mail,
    log: app.log,
    onGatewayError: (error: unknown, orderId: number) =>
      app.log.warn({ err: error, orderId }, 'payment status check failed; asking again next run'),
  };
  const jobs: Job[] = [
    { name: 'expire-unpaid-orders', run: (now) => expireUnpaidOrders(reconcileDeps, now) },
    {
      name: 'reconcile-payments',
      run: (now) => reconcilePendingPayments(reconcileDeps, now, config.jobsIntervalMs),
    },
    guestCartExpiry(db),
    // After the expiry job: an order of a deleted account that expired this round loses its contact details now.
    {
      name: 'erase-order-contacts',
      run: (now) => eraseContactsOfSettledOrders(db, new Date(now.getTime() - CLOSED_ORDER_WATCH_MS)),
    },
    { name: 'retry-mail', run: (now) => mail.retryDue(now) },
    {
      name: 'prune-outbox',
      run: (now) => deleteMailBefore(db, new Date(now.getTime() - config.outboxRetentionMs)),
    },
    {
      name: 'prune-export-stock',
      run: (now) => deleteExportStockBefore(db, new Date(now.getTime() - config.exportStockRetentionMs)),
    },
  ];
  // Pictures no row refers to any more, a day after their upload (services/uploadCleanup.ts).
  jobs.push(uploadCleanupJob(db, config.dataDir));
  if (!config.redisUrl) jobs.push({ name: 'prune-rate-limits', run: (now) => deleteEndedCounters(db, now) });
  const runner = new JobRunner(jobs, {
    intervalMs: config.jobsIntervalMs,
    now: config.now,
    schedule: options.jobSchedule,
    onError: (error, job) => app.log.error({ err: error, job }, 'background job failed'),
    // Every run at debug; a run that did something (a count above zero in its report) at info.
    onRun: (job, report) =>
      app.log[didWork(report) ? 'info' : 'debug']({ job, report }, 'background job ran'),
  });
  app.decorate('jobs', runner);
  // Started once the server is ready (after main.ts migrated the database); stopped before the database closes.
  if (config.backgroundJobs) app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => {
    await mail.close();
    await runner.stop();
  });

  registerErrorHandler(app);
  if (config.env !== 'production') registerResponseCheck(app);
  registerInvalidCharacterGuard(app);
  registerFormBodies(app);
  registerAuth(app);
  await registerSecurity(app, config, rateLimitStoreFor(limits));
  registerNoStore(app);

  app.get('/api/health', { schema: System.health.schema }, async () => ({ status: 'ok' as const }));
  app.get('/config.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(configJs(config)),
  );

  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: true,
    maxAge: '1h',
    // Only the pictures the server wrote itself: anything else placed in the folder is never served, so the
    // type answered is always an image one (and helmet's nosniff keeps browsers to it).
    allowedPath: (pathName) => UPLOADED_PICTURE.test(pathName),
  });
  await app.register(productPictureRoutes(config.dataDir));

  for (const routes of [
    authRoutes,
    profileRoutes,
    catalogRoutes,
    catalogSearchRoutes,
    cartRoutes,
    wishlistRoutes,
    addressesRoutes,
    ordersRoutes,
    paymentsRoutes,
    contentRoutes,
    adminRoutes,
    secondFactorRoutes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  await app.register(apiDocsRoutes({ page: config.env !== 'production' }), { prefix: '/api' });
  await app.register(paymentPages);
  await app.register(mediaRoutes);
  await app.register(seoRoutes);
  if (config.env !== 'production') {
    await app.register(devRoutes, { prefix: '/api' });
    await app.register(devMailPage);
  }

  await registerSpa(app, config);
  return app;
}
