// Whether a change makes the phone row's pages work sooner, when the change is smaller than a median's spread: the
// same cold loads as the phone row (bench/shopperView.ts `loadBare`: bare tabs, slow 4G, 4× CPU, 412 × 823), each
// page and language loaded from both servers back to back (which goes first alternates), and the difference of each
// pair averaged. On this host a median of 5 moves by ±0.07 s between runs of the same build; the mean of 48 paired
// differences has a standard error of ~10–25 ms, so a gain of 30 ms or more shows as one (docs/performance.md).
//
// `npx tsx bench/pairedLoads.ts http://127.0.0.1:8151 http://127.0.0.1:8150 [--runs=6] [--pages=/,/search]`: the first
// address is "before", the second "after"; prints after − before (mean ± standard error), per page and language too.
import { BareChromium } from './bareChromium';
import { loadBare, SHOPPER_LANGUAGES, SHOPPER_PAGES } from './shopperView';

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const standardError = (values: number[]) =>
  Math.sqrt(mean(values.map((value) => (value - mean(values)) ** 2)) / values.length);
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  const args = process.argv.slice(2);
  const [before, after] = args.filter((arg) => /^https?:/.test(arg));
  if (!before || !after)
    throw new Error(
      'usage: npx tsx bench/pairedLoads.ts <before-url> <after-url> [--runs=6] [--pages=/,/cart]',
    );
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 6);
  const pages =
    args
      .find((arg) => arg.startsWith('--pages='))
      ?.slice('--pages='.length)
      .split(',') ?? SHOPPER_PAGES;
  const browser = await BareChromium.launch();
  const differences = new Map<string, number[]>();
  const works = { before: [] as number[], after: [] as number[] };
  let failed = 0;
  try {
    for (let run = 0; run < runs; run += 1)
      for (const [index, page] of pages.entries())
        for (const language of SHOPPER_LANGUAGES) {
          const afterFirst = (run + index) % 2 === 1;
          const first = await loadBare(browser, afterFirst ? after : before, page, language);
          const second = await loadBare(browser, afterFirst ? before : after, page, language);
          const [beforeLoad, afterLoad] = afterFirst ? [second, first] : [first, second];
          if (!beforeLoad || !afterLoad) {
            failed += 1;
            continue;
          }
          works.before.push(beforeLoad.worksMs);
          works.after.push(afterLoad.worksMs);
          const key = `${page} ${language}`;
          differences.set(key, [...(differences.get(key) ?? []), afterLoad.worksMs - beforeLoad.worksMs]);
        }
  } finally {
    await browser.close();
  }
  const all = [...differences.values()].flat();
  console.log(
    `works, mean: before ${ms(mean(works.before))}, after ${ms(mean(works.after))}; ` +
      `after − before ${ms(mean(all))} ± ${ms(standardError(all))} (${all.length} pairs, ` +
      `after sooner in ${all.filter((difference) => difference < 0).length}${failed ? `, ${failed} failed` : ''})`,
  );
  for (const [key, values] of differences)
    console.log(`  ${key}: ${ms(mean(values))} ± ${ms(standardError(values))}`);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
