// One webpack configuration for the shell and every remote (ARCHITECTURE §3). Each app's webpack.config.js
// calls createConfig with its name, what it exposes and its dev port.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// webpack 5.111 bundles its minimizer as `minimizer-webpack-plugin` (terser-webpack-plugin's successor).
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [require.resolve('webpack')] }));
const { sharedConfig } = require('./shared-deps');
const { EntryAssetsPlugin } = require('./entry-assets-plugin');

const root = path.resolve(__dirname, '../..');
const sharedSrc = path.join(root, 'shared/src');

function swcRule(isProd) {
  return {
    test: /\.(ts|tsx)$/,
    include: (file) => !file.includes(`${path.sep}node_modules${path.sep}`),
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: { react: { runtime: 'automatic', development: !isProd, refresh: false } },
        },
      },
    },
  };
}

function styleRules(isProd) {
  const sassLoader = {
    loader: 'sass-loader',
    options: {
      api: 'modern-compiler',
      sassOptions: {
        loadPaths: [path.join(root, 'node_modules'), sharedSrc],
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'mixed-decls', 'if-function'],
      },
    },
  };
  return [
    {
      test: /\.module\.scss$/,
      use: [
        MiniCssExtractPlugin.loader,
        {
          loader: 'css-loader',
          options: {
            modules: {
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: isProd ? '[hash:base64:6]' : '[name]__[local]',
            },
          },
        },
        sassLoader,
      ],
    },
    {
      test: /\.scss$/,
      exclude: /\.module\.scss$/,
      use: [MiniCssExtractPlugin.loader, 'css-loader', sassLoader],
    },
  ];
}

/**
 * @param {object} options
 * @param {string} options.dir            the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name           federation name: `shell`, `mf_chat`, …
 * @param {Record<string,string>} [options.exposes]
 * @param {number} options.port           dev-server port
 * @param {boolean} [options.host]        true for the shell
 */
function createConfig({ dir, name, exposes = {}, port, host = false }) {
  return (_env, argv) => {
    const isProd = argv.mode !== 'development';
    const standalone = !host && !isProd;
    const entry = {};
    if (host) entry.main = './src/index.ts';
    if (standalone) entry.main = './src/standalone/index.ts';

    return {
      mode: isProd ? 'production' : 'development',
      context: dir,
      entry,
      target: 'web',
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        // A federated entry cannot carry a content hash (ARCHITECTURE §9); version folders keep it immutable.
        filename: '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.json'],
        // react-router 7 ships its development build unless asked for the production condition (§9).
        conditionNames: [isProd ? 'production' : 'development', 'browser', 'import', 'module', 'webpack', 'default'],
      },
      module: {
        rules: [
          swcRule(isProd),
          ...styleRules(isProd),
          { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(root, 'node_modules/.cache/webpack', name),
        buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js')] },
      },
      optimization: {
        minimize: isProd,
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } }),
          new CssMinimizerPlugin({ minify: CssMinimizerPlugin.esbuildMinify }),
        ],
      },
      performance: { hints: false },
      plugins: [
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: isProd ? '[name].[contenthash:8].css' : '[name].css',
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: { asyncStartup: true },
        }),
        new EntryAssetsPlugin(),
        ...(host || standalone
          ? [new HtmlWebpackPlugin({ template: path.join(__dirname, 'dev-index.html'), inject: true })]
          : []),
      ],
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/dev', '/pay', '/media'], target: 'http://localhost:8080' }],
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createConfig };
