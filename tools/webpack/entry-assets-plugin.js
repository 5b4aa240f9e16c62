// Writes `entry-assets.json`: the initial JS and CSS files of each entry, so the server can write the
// <script>/<link> tags of the HTML it renders (the shell's HTML is made by the server, with data inlined).
class EntryAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EntryAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const result = {};
          for (const [name, entrypoint] of compilation.entrypoints) {
            const files = entrypoint.getFiles().filter((file) => !file.endsWith('.map'));
            result[name] = {
              js: files.filter((file) => file.endsWith('.js')),
              css: files.filter((file) => file.endsWith('.css')),
            };
          }
          compilation.emitAsset('entry-assets.json', new sources.RawSource(JSON.stringify(result, null, 2)));
        },
      );
    });
  }
}

module.exports = { EntryAssetsPlugin };
