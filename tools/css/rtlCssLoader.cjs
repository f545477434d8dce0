// webpack loader: the right-to-left mirror of a stylesheet (the Arabic file), as Bootstrap's own RTL build does.
const rtlcss = require('rtlcss');

module.exports = function rtlCssLoader(source) {
  return rtlcss.process(source);
};
