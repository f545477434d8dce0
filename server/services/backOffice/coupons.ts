// Staff and coupons: the list with each coupon's uses, and creating or changing one (checked, then under its lock).
import type {
  AdminCoupon,
  AdminCouponsQuery,
  AdminCouponsResponse,
  CreateCouponBody,
  UpdateCouponBody,
} from '../../../contract/admin';
import type { Db } from '../../db/client';
import { couponCodeTaken, couponListRows } from '../../db/queries/backOffice';
import {
  couponById,
  insertCoupon,
  lockCoupon,
  updateCouponRow,
  type CouponColumns,
  type CouponRow,
} from '../../db/queries/coupons';
import { countCouponUses, couponUseCounts } from '../../db/queries/couponUses';
import { foundById } from '../../lib/ids';
import { isBigCoupon } from '../../plugins/reauth';
import { mayMakeGoodsFree } from '../couponUses';
import { Invalid, NotFound } from '../errors';
import { auditOf, auditOfMany, changedFields, writeAudit, type Actor } from './audit';
import { CATALOG_MESSAGES, money, type CatalogDeps } from './catalog';
import { dayProblem, pageOf } from './paging';

/** The coupon's terms as staff see them: also what its audit entries compare (before → after). */
const couponValues = (row: CouponRow) => ({
  code: row.code,
  kind: row.kind,
  value: row.discount,
  min_total: row.minTotal,
  starts_on: row.startsOn,
  end_date: row.endDate,
  is_active: row.isActive,
  usage_limit: row.usageLimit,
  per_customer_limit: row.perCustomerLimit,
  allows_free_orders: row.allowsFreeOrders,
});

function couponJson(row: CouponRow, audit: AdminCoupon['audit'], uses: number): AdminCoupon {
  return { id: row.id, ...couponValues(row), uses, audit };
}

export async function listCouponsForStaff(db: Db, query: AdminCouponsQuery): Promise<AdminCouponsResponse> {
  const page = pageOf(query);
  const { rows, total } = await couponListRows(
    db,
    query.search,
    query.sort ?? 'created_at',
    query.dir ?? 'desc',
    page,
  );
  const audits = await auditOfMany(
    db,
    'coupon',
    rows.map((row) => row.id),
  );
  const uses = await couponUseCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => couponJson(row, audits.get(row.id) ?? [], uses.get(row.id) ?? 0)),
    page: page.page,
    per_page: page.perPage,
    total,
  };
}

interface CouponFields {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  minTotal: number;
  startsOn: string | null;
  endDate: string;
  isActive: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  allowsFreeOrders: boolean;
}

async function checkCoupon(db: Db, fields: CouponFields, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (fields.kind === 'percent' && fields.value > 100) errors.value = [CATALOG_MESSAGES.percentRange];
  const endProblem = dayProblem(fields.endDate, 'end_date');
  if (endProblem) errors.end_date = [endProblem];
  const startProblem = fields.startsOn === null ? null : dayProblem(fields.startsOn, 'starts_on');
  if (startProblem) errors.starts_on = [startProblem];
  else if (fields.startsOn !== null && !errors.end_date && fields.startsOn >= fields.endDate)
    errors.end_date = [CATALOG_MESSAGES.endBeforeStart];
  if (await couponCodeTaken(db, fields.code, exceptId)) errors.code = [CATALOG_MESSAGES.codeTaken];
  // An order for nothing is staff's deliberate choice, confirmed with the coupon (checked here, not only in the form).
  if (!errors.value && mayMakeGoodsFree(fields) && !fields.allowsFreeOrders)
    errors.allows_free_orders = [CATALOG_MESSAGES.freeOrdersUnconfirmed];
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

const couponColumns = (fields: CouponFields): CouponColumns => ({
  code: fields.code,
  kind: fields.kind,
  discount: fields.kind === 'amount' ? money(fields.value) : Math.round(fields.value * 100) / 100,
  minTotal: money(fields.minTotal),
  startsOn: fields.startsOn,
  endDate: fields.endDate,
  isActive: fields.isActive,
  usageLimit: fields.usageLimit,
  perCustomerLimit: fields.perCustomerLimit,
  allowsFreeOrders: fields.allowsFreeOrders,
});

export async function createCoupon(
  deps: CatalogDeps,
  actor: Actor,
  body: CreateCouponBody,
): Promise<{ message: string; coupon: AdminCoupon }> {
  const { db, now } = deps;
  const fields: CouponFields = {
    code: body.code.trim(),
    kind: body.kind,
    value: body.value,
    minTotal: body.min_total ?? 0,
    startsOn: body.starts_on ?? null,
    endDate: body.end_date,
    isActive: body.is_active ?? true,
    usageLimit: body.usage_limit ?? null,
    perCustomerLimit: body.per_customer_limit ?? null,
    allowsFreeOrders: body.allows_free_orders ?? false,
  };
  await checkCoupon(db, fields);
  const row = await db.transaction(async (tx) => {
    const created = await insertCoupon(tx, couponColumns(fields), now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'coupon.created',
        subjectType: 'coupon',
        subjectId: created.id,
        before: null,
        after: couponValues(created),
      },
      now,
    );
    return created;
  });
  deps.changed();
  return {
    message: CATALOG_MESSAGES.couponCreated,
    coupon: couponJson(row, await auditOf(db, 'coupon', row.id), await countCouponUses(db, row.id)),
  };
}

/** A coupon that takes this much off (plugins/reauth.ts), or makes orders free where it did not: a proof is asked. */
function isSensitiveCoupon(fields: CouponFields, wasFree: boolean): boolean {
  return isBigCoupon({ kind: fields.kind, value: fields.value }) || (fields.allowsFreeOrders && !wasFree);
}

export async function updateCoupon(
  deps: CatalogDeps,
  actor: Actor,
  idText: string,
  body: UpdateCouponBody,
  /** throws when the session's last proof is too old (plugins/reauth.ts): asked of a change that makes a big coupon */
  assertProof: () => void = () => undefined,
): Promise<{ message: string; coupon: AdminCoupon }> {
  const { db, now } = deps;
  const current = await foundById(idText, (id) => couponById(db, id), 'Coupon not found');
  const fields: CouponFields = {
    code: body.code?.trim() ?? current.code,
    kind: body.kind ?? current.kind,
    value: body.value ?? current.discount,
    minTotal: body.min_total ?? current.minTotal,
    startsOn: body.starts_on === undefined ? current.startsOn : body.starts_on,
    endDate: body.end_date ?? current.endDate,
    isActive: body.is_active ?? current.isActive,
    usageLimit: body.usage_limit === undefined ? current.usageLimit : body.usage_limit,
    perCustomerLimit:
      body.per_customer_limit === undefined ? current.perCustomerLimit : body.per_customer_limit,
    allowsFreeOrders: body.allows_free_orders ?? current.allowsFreeOrders,
  };
  await checkCoupon(db, fields, current.id);
  // Judged as the coupon will be, not by the body: a kind changed under a kept value, a big coupon switched back on,
  // given more time or uses, or allowed to make orders free is a big coupon made, as much as a new one.
  const wanted = couponValues({ ...current, ...couponColumns(fields) });
  const asked = changedFields(couponValues(current), wanted);
  const onlySwitchedOff =
    asked !== null && fields.isActive === false && Object.keys(asked.after).length === 1;
  if (asked && !onlySwitchedOff && fields.isActive && isSensitiveCoupon(fields, current.allowsFreeOrders))
    assertProof();
  const changed = await db.transaction(async (tx) => {
    const locked = await lockCoupon(tx, current.id);
    if (!locked) throw new NotFound('Coupon not found');
    const next = { ...locked, ...couponColumns(fields) };
    const diff = changedFields(couponValues(locked), couponValues(next));
    if (!diff) return false;
    await updateCouponRow(tx, locked.id, couponColumns(fields));
    const switchedOff = diff.after.is_active === false && Object.keys(diff.after).length === 1;
    await writeAudit(
      tx,
      actor,
      {
        action: switchedOff ? 'coupon.switched_off' : 'coupon.updated',
        subjectType: 'coupon',
        subjectId: locked.id,
        ...diff,
      },
      now,
    );
    return true;
  });
  if (changed) deps.changed();
  const row = await couponById(db, current.id);
  if (!row) throw new NotFound('Coupon not found');
  return {
    message: changed ? CATALOG_MESSAGES.couponSaved : CATALOG_MESSAGES.unchanged,
    coupon: couponJson(row, await auditOf(db, 'coupon', row.id), await countCouponUses(db, row.id)),
  };
}
