// Starts the game: registers the service worker (offline play after the first visit) and runs
// main.wasm, which draws into #board and starts the search worker (worker.js).
'use strict';
window.cotuong = window.cotuong || {};
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch((err) => console.warn('cotuong: no offline play:', err));
}
(async () => {
  const go = new Go();
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch('main.wasm'), go.importObject);
  } catch (err) {
    // A server that does not send application/wasm: compile from the bytes instead.
    const bytes = await (await fetch('main.wasm')).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  await go.run(result.instance);
})().catch((err) => {
  document.getElementById('msg').textContent = 'The game could not start: ' + err;
  console.error(err);
});
