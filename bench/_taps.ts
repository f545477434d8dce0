import { launchChromium } from './pageLoad';
import { SLOW_4G, CPU_SLOWDOWN } from './shopperView';
const base = process.argv[2] ?? 'http://127.0.0.1:8082';
const which = process.argv[3] ?? 'all';
void (async () => {
  const browser = await launchChromium();
  async function tab(page: string) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
    await context.addInitScript(`window.__ev=[];new PerformanceObserver(l=>{for(const e of l.getEntries())if(e.interactionId)window.__ev.push([e.name,Math.round(e.duration),Math.round(e.processingStart-e.startTime),Math.round(e.processingEnd-e.processingStart),(e.target&&e.target.outerHTML||'').slice(0,60)])}).observe({type:'event',buffered:true,durationThreshold:16});`);
    const t = await context.newPage();
    const cdp = await context.newCDPSession(t);
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await t.goto(base + page + '?lng=en');
    await t.waitForFunction(() => document.documentElement.dataset.pageReady === 'true');
    await t.waitForLoadState('networkidle');
    await t.waitForTimeout(300);
    return t;
  }
  const grab = async (t: any, label: string) => { await t.waitForTimeout(1000); console.log(label, JSON.stringify(await t.evaluate(() => { const e = (window as any).__ev; (window as any).__ev = []; return e; }))); };
  for (let i = 0; i < 3; i++) {
    if (which === 'all' || which === 'search') {
      const t = await tab('/search');
      await t.evaluate(() => ((window as any).__ev = []));
      await t.getByRole('button', { name: /Filter/ }).first().tap(); await grab(t, 'open filter');
      await t.getByRole('dialog').getByRole('button', { name: /4/ }).first().tap(); await grab(t, 'rating 4');
      await t.context().close();
    }
    if (which === 'all' || which === 'home') {
      const t = await tab('/');
      await t.evaluate(() => ((window as any).__ev = []));
      await t.getByRole('button', { name: 'Toggle navigation' }).tap(); await grab(t, 'toggle nav');
      await t.getByRole('button', { name: 'Account' }).tap(); await grab(t, 'account');
      await t.context().close();
    }
    if (which === 'all' || which === 'product') {
      const t = await tab('/product/1');
      for (const group of await t.getByRole('radiogroup').all()) await group.getByRole('radio', { disabled: false }).first().check();
      await t.waitForTimeout(300);
      await t.evaluate(() => ((window as any).__ev = []));
      await t.getByRole('button', { name: /^Add to cart$/ }).first().tap(); await grab(t, 'add to cart');
      await t.context().close();
    }
  }
  await browser.close();
})();
