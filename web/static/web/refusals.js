// A form marked data-swap-refusals shows the page a refused answer comes with. htmx 2 swaps no
// 4xx answer (its responseHandling), but the game against the bot answers a stale or forged
// answer with its true status (409, 400) and the page as the server has it, message and all:
// swapped like any other page, so the person sees why nothing changed and where the game is.
document.addEventListener("htmx:beforeSwap", (event) => {
  const status = event.detail.xhr.status;
  const form = event.target.closest && event.target.closest("[data-swap-refusals]");
  if (form && (status === 400 || status === 409)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
