// The dashboard, today at a glance: what was sold, what waits for staff.
import type { DashboardResponse } from '../../../contract/admin';
import type { Db } from '../../db/client';
import {
  countOrders,
  countPendingReviews,
  countRefundsDue,
  lowStockRows,
  paidOrdersByDay,
  paymentsToReview,
} from '../../db/queries/backOffice';
import { rateRows } from '../../db/queries/currencyRates';
import { LOW_STOCK_THRESHOLD } from '../../lib/stockWarning';
import { DAY_MS, shopDayOf, shopDayStart } from './paging';

const DAYS = 30;
const LOW_STOCK_SHOWN = 20;
const REVIEW_ORDERS_SHOWN = 20;

/**
 * Revenue in KWD; an order in another currency counts at today's rate. Only paid and delivered orders count: a
 * payment for another amount or currency (amount_mismatch) is money to look at, not revenue, until staff accept it.
 */
export async function dashboard(db: Db, now: Date): Promise<DashboardResponse> {
  const today = shopDayOf(now);
  const firstDay = new Date(shopDayStart(today, 'today').getTime() - (DAYS - 1) * DAY_MS);
  const [paid, rates, awaiting, refunds, reviews, low, toReview] = await Promise.all([
    paidOrdersByDay(db, firstDay),
    rateRows(db),
    countOrders(db, ['paid']),
    countRefundsDue(db),
    countPendingReviews(db),
    lowStockRows(db, LOW_STOCK_THRESHOLD, LOW_STOCK_SHOWN),
    paymentsToReview(db, REVIEW_ORDERS_SHOWN),
  ]);
  const ratePerKwd = new Map(rates.map((rate) => [rate.currencyCode.toUpperCase(), rate.ratePerKwd]));
  const days = new Map<string, { orders: number; revenue: number }>();
  for (let index = 0; index < DAYS; index += 1) {
    days.set(shopDayOf(new Date(firstDay.getTime() + index * DAY_MS)), { orders: 0, revenue: 0 });
  }
  for (const row of paid) {
    const day = days.get(row.day);
    if (!day) continue;
    const rate = ratePerKwd.get(row.currency.toUpperCase()) ?? 1;
    day.orders += row.orders;
    day.revenue += row.total / (rate > 0 ? rate : 1);
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const series = [...days.entries()].map(([date, figures]) => ({
    date,
    orders: figures.orders,
    revenue: round(figures.revenue),
  }));
  const todays = series.at(-1) ?? { orders: 0, revenue: 0 };
  return {
    currency: 'KWD',
    today: { orders: todays.orders, revenue: todays.revenue },
    last_30_days: {
      orders: series.reduce((sum, day) => sum + day.orders, 0),
      revenue: round(series.reduce((sum, day) => sum + day.revenue, 0)),
    },
    series,
    awaiting_delivery: awaiting,
    refunds_due: refunds,
    payments_to_review: toReview.count,
    payments_to_review_orders: toReview.orderIds,
    reviews_pending: reviews,
    low_stock: low.map((row) => ({
      id: row.id,
      name: { en: row.nameEn, ar: row.nameAr },
      stock_quantity: row.stock,
    })),
    low_stock_threshold: LOW_STOCK_THRESHOLD,
  };
}
