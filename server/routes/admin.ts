// The back office under /api/admin. Every route checks the caller's role first (requireStaff / requireOwner:
// signed out 401, a shopper 403), before its input is validated.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Admin } from '../../contract/admin';
import { imagePartOf } from '../lib/imagePart';
import { UPLOAD_LIMIT } from '../lib/limits';
import type { Actor } from '../services/backOffice/audit';
import { CATALOG_MESSAGES } from '../services/backOffice/catalog';
import { createCoupon, listCouponsForStaff, updateCoupon } from '../services/backOffice/coupons';
import { storeProductPicture } from '../services/backOffice/pictures';
import {
  categoriesForStaff,
  createProduct,
  listProductsForStaff,
  productPage,
  updateProduct,
} from '../services/backOffice/products';
import { decideReview, listReviewsForStaff } from '../services/backOffice/reviews';
import { dashboard } from '../services/backOffice/dashboard';
import {
  acceptMismatchedPayment,
  cancelOrderAsStaff,
  deliverOrder,
  listOrders,
  orderPage,
  recordOrderRefund,
} from '../services/backOffice/orders';
import { listStaff, setStaffNotifications, setStaffRole } from '../services/backOffice/staff';
import { Invalid, NotSignedIn } from '../services/errors';
import { assertRecentProof, isBigCoupon, requireRecentProof } from '../plugins/reauth';
import catalogueImportRoutes from './catalogueImport';

/** The signed-in staff member (requireStaff/requireOwner ran first). */
function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user) throw new NotSignedIn();
  return { id: user.id, name: user.name, email: user.email };
}

const IMAGE_TOO_LARGE = 'The image field must not be greater than 5120 kilobytes.';

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, gateway, mail } = app.deps;
  const staff = { preValidation: app.requireStaff };
  const owner = { preValidation: app.requireOwner };
  const catalogDeps = () => ({ db, now: config.now(), changed: () => app.deps.catalogue.changed() });
  // A coupon is shown by the rendered pages (home's list), not by the catalogue's answers or the search's memory.
  const couponDeps = () => ({ ...catalogDeps(), changed: () => app.deps.catalogue.contentChanged() });
  const orderDeps = () => ({ db, gateway, mail, now: config.now() });

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  // The catalogue CSV (import and export): its own file, its own body parser for CSV uploads.
  await app.register(catalogueImportRoutes);

  app.get(Admin.dashboard.url, { ...staff, schema: Admin.dashboard.schema }, async () =>
    dashboard(db, config.now()),
  );

  app.get(Admin.orders.url, { ...staff, schema: Admin.orders.schema }, async (request) =>
    listOrders(db, request.query),
  );
  app.get(Admin.order.url, { ...staff, schema: Admin.order.schema }, async (request) =>
    orderPage(db, request.params.id),
  );
  app.post(Admin.deliver.url, { ...staff, schema: Admin.deliver.schema }, async (request) => {
    const { message, order } = await deliverOrder(orderDeps(), actorOf(request), request.params.id);
    return { message, order };
  });
  app.post(Admin.cancel.url, { ...staff, schema: Admin.cancel.schema }, async (request) => {
    const { message, order } = await cancelOrderAsStaff(orderDeps(), actorOf(request), request.params.id);
    return { message, order };
  });
  // Sensitive actions (plugins/reauth): a proof of who holds the session from the last 15 minutes.
  const recentProof = { preHandler: requireRecentProof(config.now) };
  app.post(Admin.refund.url, { ...staff, ...recentProof, schema: Admin.refund.schema }, async (request) => {
    const { message, order } = await recordOrderRefund(
      orderDeps(),
      actorOf(request),
      request.params.id,
      request.params.paymentId,
    );
    return { message, order };
  });

  // Taking a mismatched payment as the order's is a money decision, as a refund is.
  app.post(
    Admin.acceptPayment.url,
    { ...staff, ...recentProof, schema: Admin.acceptPayment.schema },
    async (request) => {
      const { message, order } = await acceptMismatchedPayment(
        orderDeps(),
        actorOf(request),
        request.params.id,
        request.params.paymentId,
      );
      return { message, order };
    },
  );

  app.get(Admin.reviews.url, { ...staff, schema: Admin.reviews.schema }, async (request) =>
    listReviewsForStaff(db, request.query),
  );
  app.post(Admin.approveReview.url, { ...staff, schema: Admin.approveReview.schema }, async (request) =>
    decideReview(catalogDeps(), actorOf(request), request.params.id, 'approved'),
  );
  app.post(Admin.rejectReview.url, { ...staff, schema: Admin.rejectReview.schema }, async (request) =>
    decideReview(catalogDeps(), actorOf(request), request.params.id, 'rejected'),
  );

  app.get(Admin.products.url, { ...staff, schema: Admin.products.schema }, async (request) =>
    listProductsForStaff(db, request.query),
  );
  app.get(Admin.product.url, { ...staff, schema: Admin.product.schema }, async (request) =>
    productPage(db, request.params.id),
  );
  app.put(Admin.updateProduct.url, { ...staff, schema: Admin.updateProduct.schema }, async (request) =>
    updateProduct(catalogDeps(), actorOf(request), request.params.id, request.body),
  );
  app.post(
    Admin.createProduct.url,
    { ...staff, schema: Admin.createProduct.schema },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createProduct({ ...catalogDeps(), dataDir: config.dataDir }, actorOf(request), request.body),
        ),
  );
  app.post(
    Admin.uploadPicture.url,
    { ...staff, bodyLimit: UPLOAD_LIMIT + 64 * 1024, schema: Admin.uploadPicture.schema },
    async (request, reply) => {
      const bytes = await imagePartOf(request, IMAGE_TOO_LARGE);
      if (!bytes) throw new Invalid({ image: [CATALOG_MESSAGES.pictureRequired] });
      return reply.status(201).send(await storeProductPicture(config.dataDir, bytes));
    },
  );
  app.get(Admin.categories.url, { ...staff, schema: Admin.categories.schema }, async () =>
    categoriesForStaff(db),
  );

  app.get(Admin.coupons.url, { ...staff, schema: Admin.coupons.schema }, async (request) =>
    listCouponsForStaff(db, request.query),
  );
  app.post(
    Admin.createCoupon.url,
    { ...staff, schema: Admin.createCoupon.schema },
    async (request, reply) => {
      if (isBigCoupon(request.body) || request.body.allows_free_orders)
        assertRecentProof(request, config.now());
      return reply.status(201).send(await createCoupon(couponDeps(), actorOf(request), request.body));
    },
  );
  app.put(Admin.updateCoupon.url, { ...staff, schema: Admin.updateCoupon.schema }, async (request) =>
    // The change is judged by the coupon it makes (services/backOffice/coupons.ts), not by the body alone.
    updateCoupon(couponDeps(), actorOf(request), request.params.id, request.body, () =>
      assertRecentProof(request, config.now()),
    ),
  );

  app.get(Admin.staff.url, { ...owner, schema: Admin.staff.schema }, async () => listStaff(db));
  app.post(Admin.setRole.url, { ...owner, ...recentProof, schema: Admin.setRole.schema }, async (request) =>
    setStaffRole(db, actorOf(request), request.body, config.now()),
  );
  app.post(
    Admin.staffNotifications.url,
    { ...owner, schema: Admin.staffNotifications.schema },
    async (request) =>
      setStaffNotifications(db, actorOf(request), request.params.id, request.body.on, config.now()),
  );
};

export default adminRoutes;
