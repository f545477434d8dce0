import { launchChromium } from './pageLoad';
import { SLOW_4G, CPU_SLOWDOWN } from './shopperView';
const url = process.argv[2] ?? 'http://127.0.0.1:8082/cart?lng=en';
const cpu = Number(process.argv[3] ?? CPU_SLOWDOWN);
void (async () => {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  await context.addInitScript(`window.__lt=[];new PerformanceObserver(l=>{for(const t of l.getEntries())window.__lt.push([Math.round(t.startTime),Math.round(t.duration)])}).observe({type:'longtask',buffered:true});
  new MutationObserver(()=>{if(!window.__ready&&document.documentElement.dataset.pageReady==='true')window.__ready=performance.now()}).observe(document,{attributes:true,subtree:true,attributeFilter:['data-page-ready']});`);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await tab.goto(url, { waitUntil: 'commit' });
  await tab.waitForFunction(() => document.documentElement.dataset.pageReady === 'true', null, { timeout: 30000 });
  await tab.waitForTimeout(1500);
  const out = await tab.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    ready: (window as any).__ready,
    nav: performance.getEntriesByType('navigation').map((n: any) => ({ resp: n.responseStart, end: n.responseEnd, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd })),
    res: performance.getEntriesByType('resource').map((r: any) => [r.name.replace(/^https?:\/\/[^/]+/, ''), Math.round(r.startTime), Math.round(r.responseEnd), r.encodedBodySize]),
    marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]),
    lt: (window as any).__lt,
  }));
  console.log(JSON.stringify(out, null, 1));
  await browser.close();
})();
