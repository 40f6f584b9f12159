// A form with data-confirm asks before it is sent (the Content-Security-Policy allows no
// inline onclick): "Withdraw from the event?" and the like. Without JavaScript it is sent at once.
document.addEventListener("submit", (event) => {
  const question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
