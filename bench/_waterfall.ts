import { launchChromium } from './pageLoad';
import { phoneTab } from './shopperView';
const url = process.argv[2];
const lang = (process.argv[3] ?? 'en') as 'en' | 'ar';
(async () => {
  const browser = await launchChromium();
  const { tab, cdp } = await phoneTab(browser, lang, 4);
  const reqs = new Map<string, any>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e: any) => { if (!t0) t0 = e.timestamp; reqs.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, ''), start: e.timestamp, prio: e.request.initialPriority }); });
  cdp.on('Network.responseReceived', (e: any) => { const r = reqs.get(e.requestId); if (r) { r.head = e.timestamp; r.conn = e.response.connectionId; } });
  cdp.on('Network.loadingFinished', (e: any) => { const r = reqs.get(e.requestId); if (r) { r.end = e.timestamp; r.bytes = e.encodedDataLength; } });
  const ready = tab.waitForEvent('console', { predicate: (m) => m.text().includes('ready') || m.text().includes('works'), timeout: 30000 }).catch(() => null);
  await tab.goto(url, { waitUntil: 'commit' });
  await ready;
  await tab.waitForTimeout(1500);
  const readyAt = await tab.evaluate(() => (window as any).__shopper?.readyAt);
  const fcp = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  console.log('ready', readyAt, 'fcp', fcp);
  const nav = await tab.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as any; return { rs: n.responseStart, re: n.responseEnd, dcl: n.domContentLoadedEventEnd }; });
  console.log(nav);
  for (const r of [...reqs.values()].sort((a, b) => a.start - b.start)) {
    const f = (x: number) => (x ? Math.round((x - t0) * 1000) : '-');
    console.log(String(f(r.start)).padStart(5), String(f(r.head)).padStart(5), String(f(r.end)).padStart(5), String(r.bytes ?? '').padStart(7), r.prio, r.conn, r.url.slice(0, 90));
  }
  await browser.close();
})();
