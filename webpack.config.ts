import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import ForkTsCheckerWebpackPlugin from 'fork-ts-checker-webpack-plugin';

/** Writes which files each named chunk group needs (entry, routes, locales): the bench reads it. */
class ChunkManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.chunks.flatMap((chunk) =>
              [...chunk.files].filter((f) => !f.endsWith('.map')),
            );
          }
          compilation.emitAsset(
            'chunk-manifest.json',
            new webpack.sources.RawSource(JSON.stringify(groups, null, 1)),
          );
        },
      );
    });
  }
}

/**
 * The page chunks whose functions a new visitor's first render runs almost all of (the catalogue pages: their
 * markup is what the server rendered). The cart's chunks are left as they are: a new visitor's cart is empty, so most
 * of their code (lines, totals, the way to the checkout) waits for a tap, and marking them showed no gain.
 */
const EAGER_PAGE_GROUPS = ['home', 'search', 'product'];

/**
 * Marks the entry's script, and the catalogue pages' chunks the server preloads beside it, for V8's eager compilation
 * (explicit compile hints, Chromium 136+): their functions are compiled on a background thread while the script
 * downloads, instead of one by one on the main thread the first time the page calls them, which it does for most of
 * them before it answers a tap (docs/performance.md). After the minifier, which would drop the comment, and before
 * the source maps, which then count its line.
 */
class EagerCompileHintPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('EagerCompileHint', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EagerCompileHint', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = new Set(compilation.entrypoints.get('main')?.getFiles() ?? []);
          for (const name of EAGER_PAGE_GROUPS)
            for (const chunk of compilation.namedChunkGroups.get(name)?.chunks ?? [])
              for (const file of chunk.files) files.add(file);
          for (const file of files) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(
              file,
              (source) => new webpack.sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source),
            );
          }
        },
      );
    });
  }
}

/** Writes `.br` and `.gz` beside each script and stylesheet: the server sends them as they are (no work per request). */
class PrecompressPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('Precompress', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'Precompress', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.(js|css|svg)$/.test(name)) continue;
            const data = assets[name]?.buffer();
            if (!data || data.length < 1024) continue;
            const br = brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
            compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br));
            compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gzipSync(data, { level: 9 })));
          }
        },
      );
    });
  }
}

interface Argv {
  mode?: 'production' | 'development';
}

/** Aliases both builds share: the production builds of what ships a development one by default. */
function aliases(production: boolean) {
  return {
    // react-i18next's fallback for Reacts without useSyncExternalStore: ours has it.
    'use-sync-external-store/shim$': path.resolve(__dirname, 'src/lib/shims/useSyncExternalStoreShim.ts'),
    // react-router's package exports only its development build (its warnings and the developer's error page
    // on); its production build is the same code without them.
    ...(production && {
      'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
      'react-router/dom$': path.resolve(
        __dirname,
        'node_modules/react-router/dist/production/dom-export.mjs',
      ),
    }),
  };
}

const typescriptRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'ts-loader',
    // Type checking runs in a separate process (ForkTsChecker) so builds stay fast.
    options: { transpileOnly: true, configFile: 'tsconfig.web.json', compilerOptions: { sourceMap: true } },
  },
};

/**
 * The server's page renderer (src/app/renderPage.tsx) as one CommonJS file, `dist/ssr/render.js`, beside the
 * browser build it renders for (same picture names). The reference server uses it when it is there; a static host
 * serves `dist/` without it.
 */
function pageRendererBuild(production: boolean): Configuration {
  return {
    name: 'ssr',
    mode: production ? 'production' : 'development',
    target: 'node20',
    entry: { render: './src/app/renderPage.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/ssr'),
      publicPath: '/',
      filename: '[name].js',
      library: { type: 'commonjs2' },
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: aliases(production) },
    module: {
      rules: [
        typescriptRule,
        { test: /\.(css|scss)$/, use: path.resolve(__dirname, 'tools/ssr/noStylesLoader.cjs') },
        { test: /\.(png|jpe?g|svg|webp|gif)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    // Lazy routes resolve from the same file: the renderer never fetches code.
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

export default (
  _env: unknown,
  argv: Argv,
): (Configuration & { devServer?: DevServerConfiguration }) | Configuration[] => {
  const production = argv.mode !== 'development';
  const web = browserBuild(production);
  // The dev server serves the browser build alone; production builds the page renderer beside it.
  return production ? [web, pageRendererBuild(production)] : web;
};

function browserBuild(production: boolean): Configuration & { devServer?: DevServerConfiguration } {
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
  return {
    name: 'web',
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/main.tsx',
      // Two stylesheets, one per direction, built from Bootstrap's Sass with only what the shop uses; index.html
      // links the English one and the server swaps in the Arabic one for Arabic pages.
      'bootstrap-ltr': './src/styles/bootstrap.scss',
      'bootstrap-rtl': './src/styles/bootstrap.scss?rtl',
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      // The entry carries every lazy chunk's file name (its map of chunks), in the first load's budget: 8 hex
      // characters of hash, and the chunk's number without its name (0.3 KB gzip less; chunk-manifest.json and the
      // source maps name them, and the development build keeps names).
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[id].[contenthash:8].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // The page renderer's build writes dist/ssr/ at the same time.
      clean: { keep: /^ssr[\\/]/ },
      // docs/spec/01-shell-and-account.md §9: chunk load timeout 120 s (slow mobile networks).
      chunkLoadTimeout: 120000,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: aliases(production) },
    module: {
      rules: [
        typescriptRule,
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        {
          test: /\.scss$/,
          oneOf: [
            {
              resourceQuery: /rtl/,
              use: [
                MiniCssExtractPlugin.loader,
                { loader: 'css-loader', options: { importLoaders: 3 } },
                path.resolve(__dirname, 'tools/css/rtlCssLoader.cjs'),
                path.resolve(__dirname, 'tools/css/purgeCssLoader.cjs'),
                {
                  loader: 'sass-loader',
                  options: { sassOptions: { quietDeps: true, silenceDeprecations: ['import'] } },
                },
              ],
            },
            {
              use: [
                MiniCssExtractPlugin.loader,
                { loader: 'css-loader', options: { importLoaders: 2 } },
                path.resolve(__dirname, 'tools/css/purgeCssLoader.cjs'),
                {
                  loader: 'sass-loader',
                  options: { sassOptions: { quietDeps: true, silenceDeprecations: ['import'] } },
                },
              ],
            },
          ],
        },
        { test: /\.(png|jpe?g|svg|webp|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        inject: false,
        chunks: ['main', 'bootstrap-ltr', 'bootstrap-rtl'],
        scriptLoading: 'defer',
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[id].[contenthash:8].css' : 'css/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      new ChunkManifestPlugin(),
      ...(production ? [new EagerCompileHintPlugin(), new PrecompressPlugin()] : []),
      new ForkTsCheckerWebpackPlugin({
        async: !production,
        typescript: { configFile: 'tsconfig.web.json' },
        // The SPA build answers for the SPA's types; server, e2e and bench are checked by `npm run typecheck`.
        issue: { include: [{ file: 'src/**/*' }, { file: 'shared/**/*' }] },
      }),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          defaultVendors: false,
          // Webpack's own rule for code that routes share, but home keeps its copy of it (the product cards): the
          // home page's first load has the budget, and a shared file of its own there was 0.7 KB gzip more.
          default: {
            minChunks: 2,
            priority: -20,
            reuseExistingChunk: true,
            chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== 'home',
            idHint: '',
          },
          // React DOM (with its scheduler) in a file of its own beside the entry: both download at once and share the
          // line, so the smaller file is in, compiled and run while the entry's last bytes arrive, instead of all of it
          // after them. A new visitor's page works 35 ± 10 ms sooner on the phone row (48 paired loads, docs/performance.md)
          // for 1.5 KB more brotli; a third file for the other packages was no sooner (+22 ± 27 ms).
          reactDom: {
            test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
            chunks: 'initial',
            name: 'react-dom',
            enforce: true,
          },
          // react-bootstrap's overlay code (popper, transitions) in chunks of its own, shared by the routes and
          // dialogs that use it: no lazy chunk carries it whole, none over 30 KB gzip.
          overlays: {
            test: /[\\/]node_modules[\\/](react-bootstrap|@restart|@popperjs|dom-helpers|react-transition-group|uncontrollable)[\\/]/,
            chunks: 'async',
            minSize: 10000,
            reuseExistingChunk: true,
          },
        },
      },
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      hot: true,
      historyApiFallback: true,
      static: false,
      proxy: [
        {
          context: ['/api', '/config.js', '/media', '/uploads', '/pay', '/dev'],
          target: apiTarget,
        },
      ],
    },
  };
}
