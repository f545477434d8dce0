import './styles/app.css';

import { nextTask } from './lib/nextTask';
import { LATER_SCRIPTS_ID, SERVER_PAGE_ID } from './lib/pageChunks';

// The entry is only this: the shop's code is its own chunk ("app"), which the HTML preloads. A page the server
// rendered paints first and is taken over after: evaluating the shop's code before would hold that paint back, and
// it is only fetched after that paint (the HTML lists its preloads in a template: see withRenderedPage).
// Its modules are evaluated a few at a time, each step a task of its own, and the start runs after the last: on a
// phone a step over ~50 ms holds input back (Total Blocking Time), so the packages and the store's parts that take
// 20-40 ms each come one by one, in the order they import each other. All are the "app" chunk group (two files, both
// preloaded by the HTML).
// One name taken from each, not the namespace: a namespace import would keep every export of a package.
// immer, reselect and redux are Redux Toolkit's own dependencies (the design card fixes package.json's list): they
// resolve to the copies it uses, and a second copy would show in `npm run bench`'s sizes.
const evaluationSteps: (() => Promise<unknown>)[] = [
  // The first step runs in the task of the last of the app's files to arrive, beside that file's compiling: the
  // cheapest module, so the first heavy one gets a task of its own.
  () => import(/* webpackChunkName: "app" */ 'react').then(({ createElement }) => createElement),
  () => import(/* webpackChunkName: "app" */ 'react-dom/client').then(({ createRoot }) => createRoot),
  () => import(/* webpackChunkName: "app" */ 'immer').then(({ produce }) => produce),
  () => import(/* webpackChunkName: "app" */ 'reselect').then(({ createSelector }) => createSelector),
  () => import(/* webpackChunkName: "app" */ 'redux').then(({ combineReducers }) => combineReducers),
  () => import(/* webpackChunkName: "app" */ '@reduxjs/toolkit').then(({ configureStore }) => configureStore),
  () => import(/* webpackChunkName: "app" */ 'react-redux').then(({ Provider }) => Provider),
  () =>
    import(/* webpackChunkName: "app" */ '@reduxjs/toolkit/query/react').then(
      ({ buildCreateApi }) => buildCreateApi,
    ),
  () => import(/* webpackChunkName: "app" */ './app/api').then(({ api }) => api),
  () => import(/* webpackChunkName: "app" */ 'i18next').then(({ default: i18next }) => i18next),
  () => import(/* webpackChunkName: "app" */ './i18n/i18n').then(({ initI18n }) => initI18n),
  () => import(/* webpackChunkName: "app" */ './features/auth/authApi').then(({ authApi }) => authApi),
  () => import(/* webpackChunkName: "app" */ './features/cart/cartApi').then(({ cartApi }) => cartApi),
  () =>
    import(/* webpackChunkName: "app" */ './features/catalog/catalogApi').then(
      ({ catalogApi }) => catalogApi,
    ),
  () =>
    import(/* webpackChunkName: "app" */ './features/catalog/catalogSlice').then(
      ({ catalogReducer }) => catalogReducer,
    ),
  () => import(/* webpackChunkName: "app" */ './app/store').then(({ makeStore }) => makeStore),
  () => import(/* webpackChunkName: "app" */ 'react-router-dom').then(({ Link }) => Link),
  () => import(/* webpackChunkName: "app" */ './App').then(({ App }) => App),
];

/**
 * Fetches the scripts a server-rendered page listed for after its first paint (its own code, the route's, texts);
 * once: the template's content moves into the document.
 */
function fetchLaterScripts() {
  const later = document.getElementById(LATER_SCRIPTS_ID);
  if (later instanceof HTMLTemplateElement) document.head.append(later.content);
}

async function start() {
  fetchLaterScripts();
  for (const step of evaluationSteps) {
    await step();
    await nextTask();
  }
  const app = await import(/* webpackChunkName: "app" */ './app/start');
  await nextTask();
  await app.start();
}

/** Longest the start waits for the page's first pictures (a slow network must not keep the page inert). */
const PICTURES_WAIT_MS = 1_500;

/** Resolves after the next frame has been painted (a frame's callbacks run just before its paint). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The first contentful paint has happened (or the browser cannot tell: then after the next frame). */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      void afterNextPaint().then(resolve);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * The page's eager pictures (those it marks as on the first screen) that are still loading have loaded (or failed),
 * within PICTURES_WAIT_MS. Chosen by their attribute, not their box: measuring a box forces a layout, and of the parts
 * the browser has not laid out yet (`.render-when-near`) too.
 */
function picturesOnScreen(): Promise<void> {
  const loading = [...document.querySelectorAll<HTMLImageElement>('#root img:not([loading="lazy"])')].filter(
    (img) => !img.complete,
  );
  const loaded = loading.map(
    (img) =>
      new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  return Promise.race([
    Promise.all(loaded),
    new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS)),
  ]).then(afterNextPaint);
}

/** Longest the start waits for the first paint at all (a browser that never reports one). */
const PAINT_WAIT_MS = 3_000;

/** The page went to the background: no frames are painted there, so nothing is waited for. */
const hidden = () =>
  new Promise<void>((resolve) => {
    const onChange = () => {
      if (document.visibilityState !== 'hidden') return;
      document.removeEventListener('visibilitychange', onChange);
      resolve();
    };
    document.addEventListener('visibilitychange', onChange);
  });

if (document.getElementById(SERVER_PAGE_ID) && document.visibilityState === 'visible') {
  // The code downloads while the first screen's pictures finish (they were asked for before the paint).
  const painted = firstPaint().then(() => {
    fetchLaterScripts();
    return picturesOnScreen();
  });
  void Promise.race([painted, hidden(), new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS))]).then(
    start,
  );
} else {
  void start();
}
