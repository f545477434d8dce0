import './styles/app.css';

import { SERVER_PAGE_ID } from './lib/pageChunks';

// The entry is only this: the shop's code is its own chunk ("app"), which the HTML preloads. A page the server
// rendered paints first and is taken over after; evaluating the shop's code before that paint would hold it back.
const start = () => import(/* webpackChunkName: "app" */ './app/start').then((app) => app.start());

if (document.getElementById(SERVER_PAGE_ID) && document.visibilityState === 'visible') {
  // A frame's callbacks run just before its paint; a task queued from there runs after it.
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
