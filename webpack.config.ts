import path from 'node:path';
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

interface Argv {
  mode?: 'production' | 'development';
}

export default (_env: unknown, argv: Argv): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
  return {
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/main.tsx',
      // Two stylesheets, one per direction; index.html loads only the current language's one.
      'bootstrap-ltr': 'bootstrap/dist/css/bootstrap.min.css',
      'bootstrap-rtl': 'bootstrap/dist/css/bootstrap.rtl.min.css',
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
      // Spec 01 §9: chunk load timeout 120 s (slow mobile networks).
      chunkLoadTimeout: 120000,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Type checking runs in a separate process (ForkTsChecker) so builds stay fast.
            options: {
              transpileOnly: true,
              configFile: 'tsconfig.web.json',
              compilerOptions: { sourceMap: true },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
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
        filename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      new ChunkManifestPlugin(),
      new ForkTsCheckerWebpackPlugin({
        async: !production,
        typescript: { configFile: 'tsconfig.web.json' },
        // The SPA build answers for the SPA's types; server, e2e and bench are checked by `npm run typecheck`.
        issue: { include: [{ file: 'src/**/*' }] },
      }),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'async',
        cacheGroups: { defaultVendors: false },
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
};
