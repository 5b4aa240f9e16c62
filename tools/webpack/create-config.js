// One webpack configuration for the shell and every remote (docs/adr/0001-module-federation.md). Each app's webpack.config.js
// calls createConfig with its federation name, what it exposes and its dev port. Decisions: docs/adr/0001, 0004.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
// webpack 5.111 bundles its minimizer as `minimizer-webpack-plugin` (terser-webpack-plugin's successor).
const MinimizerPlugin = require(
  require.resolve('minimizer-webpack-plugin', { paths: [require.resolve('webpack')] }),
);
const { sharedConfig, routerAliases } = require('./shared-deps');
const { EntryAssetsPlugin } = require('./entry-assets-plugin');
const { devHtmlMiddleware } = require('./dev-html');

const root = path.resolve(__dirname, '../..');
const sharedSrc = path.join(root, 'shared/src');

/** Dev-server port of every app; the shell's dev server points the registry at the remotes' dev servers. */
const DEV_PORTS = {
  shell: 3000,
  mf_landers: 3001,
  mf_members: 3002,
  mf_chat: 3003,
  mf_payments: 3004,
  mf_account: 3005,
};

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
        // `@use 'theme'` resolves to shared/src/theme/_theme.scss; `bootstrap/scss/…` to node_modules.
        loadPaths: [path.join(sharedSrc, 'theme'), sharedSrc, path.join(root, 'node_modules')],
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
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
    { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
  ];
}

/**
 * The federation plugin's options. Production: the shell provides the federation runtime once
 * (`provideExternalRuntime`) and the remotes reuse it (`externalRuntime`), so a first visit does not download
 * the runtime twice; the runtime is compiled for the browser only. A remote running standalone (dev) keeps its
 * own runtime because there is no shell to provide it. See docs/adr/0003-performance.md.
 */
function federationOptions({ name, exposes, host, isProd }) {
  // No snapshot plugin (1.5 KB of every first load): the registry names each remote by its `remoteEntry.js`, which
  // the runtime loads itself; the plugin only read `mf-manifest.json` entries first (a request per remote).
  const optimization = { target: 'web', disableSnapshot: true };
  const experiments = { asyncStartup: true, optimization };
  // In dev too: the shell's dev server also loads remotes deployed as production builds (npm run dev -- mf-chat).
  if (host) experiments.provideExternalRuntime = true;
  if (isProd && !host) experiments.externalRuntime = true;
  return {
    name,
    ...(host ? {} : { filename: 'remoteEntry.js', exposes }),
    remotes: {},
    shared: sharedConfig(),
    shareStrategy: 'loaded-first',
    manifest: true,
    dts: false,
    experiments,
  };
}

/**
 * @param {object} options
 * @param {string} options.dir            the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name           federation name: `shell`, `mf_chat`, …
 * @param {Record<string,string>} [options.exposes]
 * @param {number} [options.port]         dev-server port (defaults to DEV_PORTS[name])
 * @param {boolean} [options.host]        true for the shell
 * @param {object} [options.splitChunks]  webpack's optimization.splitChunks for the browser build, when the defaults
 *                                        split a page's code into chunks that are not named after it
 */
function createConfig({ dir, name, exposes = {}, port = DEV_PORTS[name], host = false, splitChunks }) {
  return (_env, argv = {}) => {
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
      devtool: isProd ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        // Distinct per app, or the chunk-loading globals of host and remote collide (docs/adr/0004-build-tooling.md).
        uniqueName: name,
        // A federated entry cannot carry a content hash (docs/adr/0004-build-tooling.md); version folders keep it immutable.
        filename: '[name].js',
        // No content hash in production: every file of a build is served from its version's folder
        // (`/remotes/<app>/<version>/`, immutable), so a hash in the name only lengthened the chunk-name map that
        // the entry (main.js, every remoteEntry.js) carries: one random 8-character hash per chunk (ADR 0016).
        // Hashed in dev: the entry's runtime and the container's runtime each emit the shared chunks.
        chunkFilename: isProd ? '[name].js' : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // The server bundle (createServerConfig) is built beside this one into dist/server.
        clean: { keep: /^server\// },
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.json'],
        alias: routerAliases(isProd),
        // react-router 7 ships its development build unless asked for the production condition (§9).
        conditionNames: [
          isProd ? 'production' : 'development',
          'browser',
          'import',
          'module',
          'webpack',
          'default',
        ],
      },
      module: {
        rules: [
          swcRule(isProd),
          ...styleRules(isProd),
          {
            test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 4096 } },
          },
        ],
      },
      // WEBPACK_CACHE=none: a cold build (npm run bench measures build times that way).
      cache:
        process.env.WEBPACK_CACHE === 'none'
          ? false
          : {
              type: 'filesystem',
              cacheDirectory: path.join(
                root,
                'node_modules/.cache/webpack',
                `${name}-${isProd ? 'prod' : 'dev'}`,
              ),
              buildDependencies: {
                config: [
                  __filename,
                  path.join(__dirname, 'shared-deps.js'),
                  path.join(__dirname, 'entry-assets-plugin.js'),
                  path.join(dir, 'webpack.config.js'),
                ],
              },
            },
      optimization: {
        ...(splitChunks ? { splitChunks } : {}),
        // Short ids in production (the most used modules and chunks get the shortest numbers): every module
        // reference, chunk map and file name holds them. Stable ids bought nothing once a version's files live in
        // their own immutable folder and chunk names carry no hash (ADR 0016).
        ...(isProd ? { moduleIds: 'size', chunkIds: 'size' } : {}),
        minimize: isProd,
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            extractComments: false,
            terserOptions: { compress: { passes: 2 } },
          }),
          new CssMinimizerPlugin({ minify: CssMinimizerPlugin.esbuildMinify }),
        ],
      },
      performance: { hints: false },
      plugins: [
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: isProd ? '[name].css' : '[name].[contenthash:8].css',
          // CSS modules of different pages never depend on each other's order.
          ignoreOrder: true,
        }),
        new ModuleFederationPlugin(federationOptions({ name, exposes, host, isProd })),
        // The federation runtime's error texts: the code and its docs link stay (tools/webpack/mf-error-desc.mjs).
        new (require('webpack').NormalModuleReplacementPlugin)(
          /@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.mjs$/,
          path.join(__dirname, 'mf-error-desc.mjs'),
        ),
        new EntryAssetsPlugin(),
        // A remote's own page for standalone development; the shell's pages come from the api (dev-html.js).
        ...(standalone
          ? [new HtmlWebpackPlugin({ template: path.join(__dirname, 'dev-index.html'), chunks: ['main'] })]
          : []),
      ],
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            // The api's own root files too: the service worker, the web app manifest, its icons, the offline page.
            context: [
              '/api',
              '/dev',
              '/pay',
              '/media',
              '/remotes',
              '/events',
              '/push-sw.js',
              '/manifest.webmanifest',
              '/icons',
              '/offline.html',
            ],
            target: `http://localhost:${process.env.API_PORT || 8080}`,
            // The api answers a site's host only on the site's own port (docs/adr/0035-one-origin-per-site.md):
            // the proxied request keeps the host name (the brand) and names the api's port.
            onProxyReq(proxyReq, req) {
              const name = String(req.headers.host || 'localhost').replace(/:\d+$/, '');
              proxyReq.setHeader('host', `${name}:${process.env.API_PORT || 8080}`);
            },
          },
        ],
        // The shell's page is the api's HTML (settings, user, registry inlined) with the dev bundle's tags.
        ...(host
          ? {
              setupMiddlewares: devHtmlMiddleware({
                apiPort: process.env.API_PORT || 8080,
                ports: DEV_PORTS,
                devRemotes: process.env.DEV_REMOTES
                  ? process.env.DEV_REMOTES.split(',')
                  : Object.keys(DEV_PORTS),
              }),
            }
          : {}),
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * The server bundle of an app (docs/adr/0030-server-rendered-landers.md), built beside the browser one into
 * `dist/server/` and published with it by `npm run deploy`, so each version carries its own server rendering.
 * - A remote (`exposes`): a module federation container as a `commonjs-module` (`server/remoteEntry.js`) with the
 *   `@module-federation/node` runtime plugin and the same shared singletons as the browser (without the browser
 *   facades), in one file: the api evaluates it from the version's files, no chunk is fetched afterwards.
 * - The shell (`serverEntry`): a CommonJS bundle (`server/render.js`) exporting the renderer; it is the federation
 *   host on the server (runtime `createInstance`) and provides the shared singletons to the remotes' containers.
 * CSS modules export only their class names (the same hashes as the browser build: same context, same names);
 * other styles are left to the browser's CSS files.
 */
function createServerConfig({ dir, name, exposes = {}, serverEntry }) {
  return () => {
    const sassLoader = styleRules(true)[0].use[2];
    const config = {
      // `webpack --config-name <name>-server` builds this one alone (the api's tests do).
      name: `${name}-server`,
      mode: 'production',
      context: dir,
      target: 'async-node',
      entry: serverEntry ? { render: serverEntry } : {},
      // Maps beside the files, named by none of them, served to nobody (`SERVER_ONLY` in the api's static route):
      // the canary guard maps a server render's error to the sources as it does a browser's.
      devtool: 'hidden-source-map',
      output: {
        path: path.join(dir, 'dist/server'),
        publicPath: '',
        uniqueName: `${name}_server`,
        filename: '[name].js',
        chunkFilename: '[name].js',
        ...(serverEntry ? { library: { type: 'commonjs2' } } : {}),
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.json'],
        conditionNames: ['production', 'node', 'import', 'require', 'module', 'default'],
      },
      module: {
        rules: [
          swcRule(true),
          {
            test: /\.module\.scss$/,
            use: [
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: '[hash:base64:6]',
                    exportOnlyLocals: true,
                  },
                },
              },
              sassLoader,
            ],
          },
          {
            test: /\.s?css$/,
            exclude: /\.module\.scss$/,
            use: [path.join(__dirname, 'server-style-loader.js')],
          },
          { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/, type: 'asset/inline' },
        ],
      },
      cache:
        process.env.WEBPACK_CACHE === 'none'
          ? false
          : {
              type: 'filesystem',
              cacheDirectory: path.join(root, 'node_modules/.cache/webpack', `${name}-server`),
              buildDependencies: {
                config: [
                  __filename,
                  path.join(__dirname, 'shared-deps.js'),
                  path.join(dir, 'webpack.config.js'),
                ],
              },
            },
      // One file: the api reads a version's server bundle once and never loads a chunk of it afterwards.
      optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
      performance: { hints: false },
      plugins: [
        new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
        new (require('webpack').DefinePlugin)({
          __SHARED_VERSIONS__: JSON.stringify(serverSharedVersions()),
        }),
        ...(serverEntry
          ? []
          : [
              new ModuleFederationPlugin({
                name,
                filename: 'remoteEntry.js',
                library: { type: 'commonjs-module', name },
                exposes,
                remotes: {},
                shared: serverSharedConfig(),
                shareStrategy: 'loaded-first',
                runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
                manifest: false,
                dts: false,
                experiments: { optimization: { target: 'node' } },
              }),
            ]),
      ],
      stats: 'errors-warnings',
    };
    return config;
  };
}

/** The shared singletons of the server containers: the browser's list with the real packages, not the facades. */
function serverSharedConfig() {
  const shared = sharedConfig();
  for (const item of Object.values(shared)) delete item.import;
  return shared;
}

/** What the shell's server bundle provides to the containers, by share key and version. */
function serverSharedVersions() {
  return Object.fromEntries(Object.entries(serverSharedConfig()).map(([key, item]) => [key, item.version]));
}

module.exports = { createConfig, createServerConfig, DEV_PORTS };
