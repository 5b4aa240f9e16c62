// Writes `entry-assets.json`: the initial JS and CSS files of each entry, so the server can write the
// <script>/<link> tags of the HTML it renders (the shell's HTML is made by the server, with data inlined), and
// `preload`: the chunks of the shared libraries this build provides. With asyncStartup the entry fetches them
// only after it has run; `<link rel="preload" as="script">` lets the browser fetch them in parallel with it.
class EntryAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EntryAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the federation manifest plugin has written mf-stats.json (OPTIMIZE_TRANSFER).
        { name: 'EntryAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const stats = compilation.getAsset('mf-stats.json');
          const shared = stats ? JSON.parse(stats.source.source().toString()).shared || [] : [];
          // mf-stats names each shared module's own chunk; its chunk group adds the split chunks it needs.
          const listed = new Set(shared.flatMap((item) => item.assets?.js?.sync ?? []));
          const sharedChunks = new Set();
          for (const chunk of compilation.chunks) {
            if (![...chunk.files].some((file) => listed.has(file))) continue;
            for (const group of chunk.groupsIterable) {
              for (const sibling of group.chunks) {
                for (const file of sibling.files) if (file.endsWith('.js')) sharedChunks.add(file);
              }
            }
          }
          // The same module can be emitted as two identical chunks (provide and consume side); only one of them
          // is fetched, so neither is worth a preload that might go unused (they are facades of under 1 KB).
          // Compared by content: production chunk names carry no hash.
          const contentOf = (file) => compilation.getAsset(file)?.source.source().toString() ?? file;
          const byContent = new Map();
          for (const file of sharedChunks) {
            const content = contentOf(file);
            byContent.set(content, (byContent.get(content) ?? 0) + 1);
          }
          for (const file of [...sharedChunks]) {
            if (byContent.get(contentOf(file)) > 1) sharedChunks.delete(file);
          }
          const result = {};
          for (const [name, entrypoint] of compilation.entrypoints) {
            const files = entrypoint.getFiles().filter((file) => !file.endsWith('.map'));
            const js = files.filter((file) => file.endsWith('.js'));
            result[name] = {
              js,
              css: files.filter((file) => file.endsWith('.css')),
              preload: [...sharedChunks].filter((file) => !js.includes(file)).sort(),
            };
          }
          compilation.emitAsset('entry-assets.json', new sources.RawSource(JSON.stringify(result, null, 2)));
        },
      );
    });
  }
}

module.exports = { EntryAssetsPlugin };
