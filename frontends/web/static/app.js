// Starts the game: registers the service worker (offline play after the first visit) and runs
// main.wasm, which draws into #board and starts the search worker (worker.js).
'use strict';
window.cotuong = window.cotuong || {};
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch((err) => console.warn('cotuong: no offline play:', err));
}
cotuongRunWasm().catch((err) => {
  document.getElementById('msg').textContent = 'The game could not start: ' + err;
  console.error(err);
});
