// The server's page renderer (webpack.config.ts, `ssr`) needs no styles: the browser's build links them.
module.exports = function noStylesLoader() {
  return '';
};
