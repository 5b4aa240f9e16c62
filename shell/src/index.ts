// Entry of the host. With asyncStartup the federation runtime has initialised the shared scope (and fetched the
// shared libraries) before this runs. The modules are evaluated in steps, each in its own task: React's DOM
// renderer, then the shared library with the api, then the shell (docs/adr/0030). `webpackMode: "eager"` keeps
// them in this chunk: nothing more is fetched, only their evaluation waits.
import { yieldToMain } from './lib/yield-to-main';

async function boot(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ '@dating/shared');
  await yieldToMain();
  const { start } = await import(/* webpackMode: "eager" */ './bootstrap');
  await yieldToMain();
  await start();
}

void boot();
