// A form marked data-swap-refusals shows the page a refused answer comes with. htmx 2 swaps no
// 4xx answer (its responseHandling), but the game against the bot answers a stale or forged
// answer with its true status (409, 400) and the page as the server has it, message and all:
// swapped like any other page, so the person sees why nothing changed and where the game is.
document.addEventListener("htmx:beforeSwap", (event) => {
  const status = event.detail.xhr.status;
  // (the event goes to the swap's target; the request's element is the form that was sent)
  const sent = event.detail.requestConfig && event.detail.requestConfig.elt;
  const form = sent && sent.closest && sent.closest("[data-swap-refusals]");
  if (form && (status === 400 || status === 409)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
