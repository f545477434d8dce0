// Rate-limit counters every server process shares: in the database by default, in Redis when REDIS_URL is set.
// @fastify/rate-limit counts through rateLimitStoreFor(counter); the e-mail code limits use the same counter.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { hitCounter } from '../db/queries/rateLimits';
import { sha256Hex } from './tokens';

/** Keys carry what the client sent (an e-mail); a long one is counted under its hash, which fits any index. */
const KEY_MAX = 200;
export const storedKey = (key: string): string => (key.length > KEY_MAX ? `sha256:${sha256Hex(key)}` : key);

export interface SharedCounter {
  /** Counts one hit on `key` in its fixed window; answers the hits so far and the time left in the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

export function databaseCounter(db: Db, now: () => Date): SharedCounter {
  return {
    async hit(key, windowMs) {
      const at = now();
      const hit = await hitCounter(db, storedKey(key), windowMs, at);
      return { count: hit.count, ttlMs: Math.max(0, hit.windowEndsAt.getTime() - at.getTime()) };
    },
  };
}

// INCR and the window's expiry in one atomic step, so a crash between them cannot leave a counter that never ends.
const REDIS_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export function redisCounter(redis: Redis, prefix = 'storefront:rl:'): SharedCounter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(
        REDIS_HIT,
        1,
        `${prefix}${storedKey(key)}`,
        String(windowMs),
      )) as [number, number];
      return { count: Number(count), ttlMs: Number(ttl) };
    },
  };
}

/** The store class @fastify/rate-limit instantiates; every route's limits count in the shared counter. */
export function rateLimitStoreFor(counter: SharedCounter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(`${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands the merged limit options, with the route under routeInfo (empty for createRateLimit).
      const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } })
        .routeInfo;
      const prefix = route?.url ? `${String(route.method)}${String(route.url)}|` : '';
      return new SharedStore(undefined, prefix);
    }
  }
  return SharedStore;
}
